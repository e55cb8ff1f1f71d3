/* A profile of `zswapbench record`, not a result set: where the process's memory went over the
 * recording (profile-memory: anon, file, shared and swapped, and what it touched each interval)
 * and which regions it touched when (profile-heat: a row per region, the largest first, each
 * interval's share of the region touched as a colour). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "common/size.h"
#include "common/util.h"
#include "runner/report/plot/plot.h"
#include "runner/report/plot/plot_data.h"
#include "runner/report/plot/plot_script.h"
#include "runner/report/plot/plot_titles.h"

/* The heat map's rows: the regions that held the most, the rest left out (and said so). */
#define HEAT_ROWS 16

static double mib(uint64_t bytes)
{
	return (double)bytes / MIB_BYTES;
}

/* What a region held at its most: the heat map's order. */
static uint64_t peak(const struct profile *p, const struct profile_region *r)
{
	uint64_t most = 0;

	for (size_t k = 0; k < p->nsamples; k++)
		most = r->rss[k] > most ? r->rss[k] : most;
	return most;
}

/* The HEAT_ROWS regions that held the most, largest first; how many. */
static size_t largest(const struct profile *p, size_t *rows)
{
	size_t n = 0;

	for (size_t i = 0; i < p->nregions; i++) {
		size_t at = n < HEAT_ROWS ? n++ : HEAT_ROWS;
		for (; at > 0 && peak(p, &p->regions[rows[at - 1]]) < peak(p, &p->regions[i]); at--)
			if (at < HEAT_ROWS)
				rows[at] = rows[at - 1];
		if (at < HEAT_ROWS)
			rows[at] = i;
	}
	return n;
}

static void memory_line(struct script *s, const struct profile *p, size_t field, const char *name,
			const char *colour)
{
	int id = datablock_begin(s);

	for (size_t k = 0; k < p->nsamples; k++) {
		const struct profile_sample *x = &p->samples[k];
		const uint64_t v[] = { x->anon, x->file, x->shmem, x->swap, x->referenced };
		gp_num(s->f, x->t);
		gp_num(s->f, mib(v[field]));
		fputc('\n', s->f);
	}
	datablock_end(s);
	fprintf(script_element(s), "$d%d using 1:2 with linespoints lw 2 pt 7 ps 0.6 lc rgb '#%s'",
		id, colour);
	script_key(s, name);
}

static int draw_memory(struct plot_ctx *x, const struct profile *p)
{
	static const char *const names[] = { "anonymous", "a file's", "shared", "swapped",
					     "touched since the sample before (the first: ever)" };
	char what[160], how[160];
	const char *lines[] = { what, how };
	struct script s;
	int ret;

	if ((ret = script_begin(x, &s, "profile-memory", 900, 520)))
		return ret;
	snprintf(what, sizeof(what), "memory of PID %d (%s), resident and swapped, over %.0f s",
		 p->pid, p->comm, p->duration_s);
	snprintf(how, sizeof(how), "a sample every %.3g s; touched: smaps' Referenced after %s",
		 p->interval_s, p->heat_source);
	plot_title_lines(&s, lines, ARRAY_SIZE(lines));
	plot_axis_labels(&s, "time since the first sample (s)", "MiB");
	fputs("set yrange [0:*]\n", s.f);
	for (size_t f = 0; f < ARRAY_SIZE(names); f++)
		memory_line(&s, p, f, names[f], plot_palette[f % PLOT_NPALETTE]);
	return script_end(x, &s);
}

/* A cell a row and an interval: the share of the region's pages touched then (the first
 * sample counts what came before the recording: left out). */
static void heat_cells(struct script *s, const struct profile *p, const size_t *rows, size_t n)
{
	int id = datablock_begin(s);

	for (size_t row = 0; row < n; row++) {
		const struct profile_region *r = &p->regions[rows[row]];
		for (size_t k = 1; k < p->nsamples; k++) {
			double share = r->rss[k] ? (double)r->referenced[k] / (double)r->rss[k] : 0;
			gp_num(s->f, p->samples[k].t);
			gp_num(s->f, (double)row);
			gp_num(s->f, share > 1 ? 1 : share);
			fputc('\n', s->f);
		}
	}
	datablock_end(s);
	fprintf(script_element(s), "$d%d using 1:2:3 with image", id);
	fputs(" notitle", s->plot);
}

/* Each row's name: the region's, its kind and its size at its most. */
static void heat_tics(struct script *s, const struct profile *p, const size_t *rows, size_t n)
{
	char label[160], size[32];

	fputs("set ytics (", s->f);
	for (size_t row = 0; row < n; row++) {
		const struct profile_region *r = &p->regions[rows[row]];
		snprintf(label, sizeof(label), "%.40s %s %s", r->name[0] ? r->name : "(anonymous)",
			 region_kind_names[r->kind], size_format(peak(p, r), size, sizeof(size)));
		gp_text(s->f, label);
		fprintf(s->f, " %zu%s", row, row + 1 < n ? ", " : "");
	}
	fputs(")\n", s->f);
}

static int draw_heat(struct plot_ctx *x, const struct profile *p)
{
	size_t rows[HEAT_ROWS], n = largest(p, rows);
	char what[160], how[200];
	const char *lines[] = { what, how };
	struct script s;
	int ret;

	if (p->nsamples < 2 || !n)
		return plot_skip(x, "profile-heat", "one sample or no region: no interval to draw");
	if ((ret = script_begin(x, &s, "profile-heat", 1000, 120 + 40 * (int)n)))
		return ret;
	snprintf(what, sizeof(what),
		 "which regions of PID %d (%s) it touched, interval by interval", p->pid, p->comm);
	snprintf(how, sizeof(how),
		 "the share of each region's resident pages touched in the "
		 "interval; the %zu largest of %zu regions",
		 n, p->nregions);
	plot_title_lines(&s, lines, ARRAY_SIZE(lines));
	plot_axis_labels(&s, "time since the first sample (s)", "");
	fputs("set cbrange [0:1]\nset cblabel 'share touched'\nset palette rgb 21,22,23\n"
	      "set yrange [-0.5:*] reverse\n",
	      s.f);
	heat_tics(&s, p, rows, n);
	heat_cells(&s, p, rows, n);
	return script_end(x, &s);
}

int plot_profile(const struct profile *p, const char *dir, int png, struct plot_output *out,
		 char *why, size_t why_len)
{
	struct plot_ctx x = {
		.dir = dir, .dirfd = -1, .png = png, .out = out, .why = why, .why_len = why_len
	};
	int ret;

	if (out)
		memset(out, 0, sizeof(*out));
	if (!p->nsamples) {
		snprintf(why, why_len, "a profile without a sample");
		return -EINVAL;
	}
	if (!(ret = plot_begin(&x)))
		ret = draw_memory(&x, p);
	if (!ret)
		ret = draw_heat(&x, p);
	plot_end(&x);
	return ret;
}
