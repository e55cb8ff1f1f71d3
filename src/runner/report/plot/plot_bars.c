/* What the bars of a plot are: the interval of each cell's median the verdict uses, or the
 * range of its trials where they are too few for it, said in the title and ringed where a plot
 * has both. */
#include "runner/report/plot/plot_bars.h"

#include <string.h>

#include "runner/report/plot/plot_data.h"
#include "runner/result/statistics.h"

void plot_bars_add(struct plot_bars *b, const struct plot_point *p)
{
	if (p->n < 2) {
		b->single++;
	} else if (p->range) {
		b->range++;
		b->cover = p->cover < b->cover ? p->cover : b->cover;
	} else {
		b->interval++;
	}
}

void plot_bars_row(FILE *f, double x, const struct plot_point *p)
{
	gp_num(f, x), gp_num(f, p->median), gp_num(f, p->lo), gp_num(f, p->hi);
	gp_num(f, p->cover), gp_num(f, p->range ? 1 : 0);
	fputc('\n', f);
}

/* Both kinds in one plot: the ranges are told apart by a ring. */
static int mixed(const struct plot_bars *b)
{
	return b->interval && b->range;
}

const char *plot_bars_text(const struct plot_bars *b, char *buf, size_t len)
{
	double conf = 100 * STAT_CONFIDENCE;
	size_t at;

	if (b->interval && !b->range)
		snprintf(buf, len, "bars: the %.0f%% interval of the median", conf);
	else if (mixed(b))
		snprintf(buf, len,
			 "bars: the %.0f%% interval of the median; ringed, the range of the trials "
			 "(too few for it), the median's interval at %.0f%%",
			 conf, 100 * b->cover);
	else if (b->range)
		/* The range covers the median less often than the confidence: said, as the
		 * tables say it. */
		snprintf(buf, len,
			 "bars: the range of the trials, the median's interval at %.0f%% (too few "
			 "trials for %.0f%%)",
			 100 * b->cover, conf);
	else
		snprintf(buf, len, "no bars: one trial a cell");
	at = strlen(buf);
	if (b->single && (b->interval || b->range) && at < len)
		snprintf(buf + at, len - at, "; one trial: no bar");
	return buf;
}

void plot_bars_rings(struct script *s, const struct plot_bars *b, int id, const char *colour)
{
	if (!mixed(b))
		return;
	fprintf(script_element(s),
		"$d%d using 1:($6 > 0 ? $2 : NaN) with points pt 6 ps 2.6 lw 1.5 lc rgb '#%s'", id,
		colour);
	script_key(s, NULL);
}

void plot_bars_ring_key(struct script *s, const struct plot_bars *b)
{
	if (!mixed(b))
		return;
	fputs("NaN with points pt 6 ps 2.6 lw 1.5 lc rgb '#777777'", script_element(s));
	script_key(s, "ringed: bars the range of the trials (too few for the median's interval)");
}
