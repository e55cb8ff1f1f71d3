/* savings: what the search for the smallest limit measured, the slowdown of each step against
 * its memory limit, a line per backend with the slowdown's interval as bars; a step whose trials
 * failed has no slowdown and is marked at the top with its reason; the target a dashed line,
 * the footprint a vertical one. An answer is no result set: the plot context carries none. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "common/size.h"
#include "common/util.h"
#include "runner/report/plot/plot.h"
#include "runner/report/plot/plot_data.h"
#include "runner/report/plot/plot_script.h"
#include "runner/report/plot/plot_titles.h"

#define TARGET_COLOUR "d62728"
#define FOOTPRINT_COLOUR "555555"

static double mib(uint64_t bytes)
{
	return (double)bytes / MIB_BYTES;
}

/* A backend's steps in order of limit (the search ran them in bisection order): the line joins
 * them left to right. */
static size_t by_limit(const struct savings_search *b, const struct savings_step **out)
{
	size_t n = 0;

	for (unsigned k = 0; k < b->nsteps && k < SAVINGS_STEPS_MAX; k++) {
		size_t at = n++;
		for (; at > 0 && out[at - 1]->limit > b->steps[k].limit; at--)
			out[at] = out[at - 1];
		out[at] = &b->steps[k];
	}
	return n;
}

static int measured(const struct savings_step *st)
{
	return !isnan(st->slowdown_pct);
}

/* What the key says of a backend: the smallest limit it held, and the answer with its interval
 * as savings' own words give it (savings_view.c). */
static void line_name(const struct savings_report *r, size_t i, char *buf, size_t len)
{
	const struct savings_search *b = &r->backends[i];
	double saved, lo, hi;
	char limit[32], held[64];

	savings_answer(b, &saved, &lo, &hi);
	if (b->pass_limit >= r->footprint)
		snprintf(held, sizeof(held), "no limit below the footprint held");
	else
		snprintf(held, sizeof(held), "held at %s",
			 size_format(b->pass_limit, limit, sizeof(limit)));
	snprintf(buf, len, "%s: %s, %.0f%% less memory [%.0f%%, %.0f%%]", r->names[i], held,
		 100 * saved, 100 * lo, 100 * hi);
}

/* A slowdown without its interval is drawn with a bar of nothing: a NaN end would make gnuplot
 * drop the point. */
static void step_row(FILE *f, const struct savings_step *st)
{
	gp_num(f, mib(st->limit));
	gp_num(f, st->slowdown_pct);
	gp_num(f, isnan(st->lo_pct) ? st->slowdown_pct : st->lo_pct);
	gp_num(f, isnan(st->hi_pct) ? st->slowdown_pct : st->hi_pct);
	fputc('\n', f);
}

/* A line of no point is left out by gnuplot with its key entry: the backend keeps its entry. */
static void backend_line(struct script *s, const struct savings_report *r, size_t i,
			 const struct savings_step *const *steps, size_t n)
{
	char name[200];
	size_t rows = 0;
	int id = datablock_begin(s);

	for (size_t k = 0; k < n; k++)
		if (measured(steps[k])) {
			step_row(s->f, steps[k]);
			rows++;
		}
	datablock_end(s);
	line_name(r, i, name, sizeof(name));
	if (rows)
		fprintf(script_element(s), "$d%d using 1:2:3:4 with yerrorlines", id);
	else
		fputs("NaN with linespoints", script_element(s));
	fprintf(s->plot, " lw 2 pt %d ps 1 lc rgb '#%s'", 5 + (int)(i % 4) * 2,
		plot_palette[i % PLOT_NPALETTE]);
	script_key(s, name);
}

/* A step without a slowdown has no height: a cross at the top edge, in a row per backend so
 * two at one limit stay apart, its reason beside it on the side with room. */
static void unmeasured_marks(struct script *s, const struct savings_report *r, size_t i,
			     const struct savings_step *const *steps, size_t n, unsigned row)
{
	const char *colour = plot_palette[i % PLOT_NPALETTE];

	for (size_t k = 0; k < n; k++) {
		const struct savings_step *st = steps[k];
		int right = st->limit > r->footprint / 2;
		if (measured(st))
			continue;
		fputs("set label ", s->f);
		gp_text(s->f, st->note[0] ? st->note : "not measured");
		fprintf(s->f,
			" at first %.10g, graph %.3f %s point pt 2 ps 2 lw 2 lc rgb '#%s' "
			"offset %d,0 tc rgb '#%s'\n",
			mib(st->limit), 0.965 - 0.05 * row, right ? "right" : "left", colour,
			right ? -2 : 2, colour);
	}
}

static int has_unmeasured(const struct savings_search *b)
{
	for (unsigned k = 0; k < b->nsteps && k < SAVINGS_STEPS_MAX; k++)
		if (!measured(&b->steps[k]))
			return 1;
	return 0;
}

/* Each backend's line and marks; the rows of marks leave room at the top. */
static void backends(struct script *s, const struct savings_report *r)
{
	const struct savings_step *steps[SAVINGS_STEPS_MAX];
	unsigned rows = 0;

	for (size_t i = 0; i < r->nbackends; i++) {
		size_t n = by_limit(&r->backends[i], steps);
		backend_line(s, r, i, steps, n);
		if (has_unmeasured(&r->backends[i]))
			unmeasured_marks(s, r, i, steps, n, rows++);
	}
	fprintf(s->f, "set offsets 0, 0, graph %.2f, 0\n", 0.05 + 0.07 * rows);
	if (!rows)
		return;
	fputs("NaN with points pt 2 ps 2 lw 2 lc rgb '#777777'", script_element(s));
	script_key(s, "no slowdown measured: the step's trials failed (killed, OOM)");
}

/* The limits from nothing to just past the footprint: the bisection's whole bracket. */
static void limits_range(struct script *s, const struct savings_report *r)
{
	uint64_t most = r->footprint;

	for (size_t i = 0; i < r->nbackends; i++)
		for (unsigned k = 0; k < r->backends[i].nsteps && k < SAVINGS_STEPS_MAX; k++)
			if (r->backends[i].steps[k].limit > most)
				most = r->backends[i].steps[k].limit;
	/* A range of nothing is an error to gnuplot: left to it then. */
	if (most)
		fprintf(s->f, "set xrange [0:%.10g]\n", mib(most) * 1.06);
	else
		fputs("set xrange [0:*]\n", s->f);
	fputs("set yrange [*<0:*]\n", s->f);
}

/* The target as a dashed line and the footprint as a vertical one, each with its key entry. */
static void guides(struct script *s, const struct savings_report *r)
{
	char line[96], size[32];

	limits_range(s, r);
	fprintf(s->f,
		"set arrow from first %.10g, graph 0 to first %.10g, graph 1 nohead lw 1.5 dt 3 "
		"lc rgb '#%s'\n",
		mib(r->footprint), mib(r->footprint), FOOTPRINT_COLOUR);
	fprintf(script_element(s), "%.10g with lines lw 1.5 dt 2 lc rgb '#%s'", r->target_pct,
		TARGET_COLOUR);
	snprintf(line, sizeof(line), "target: at most %g%% slower", r->target_pct);
	script_key(s, line);
	fprintf(script_element(s), "NaN with lines lw 1.5 dt 3 lc rgb '#%s'", FOOTPRINT_COLOUR);
	snprintf(line, sizeof(line), "footprint: %s, the peak with no limit",
		 size_format(r->footprint, size, sizeof(size)));
	script_key(s, line);
}

static void titles(struct script *s, const struct savings_report *r)
{
	char what[160], how[200], ylabel[96];
	const char *metric = savings_metric_name(r);
	const char *lines[] = { what, how };

	snprintf(what, sizeof(what), "memory saved: the slowdown of %s against the memory limit",
		 metric);
	snprintf(how, sizeof(how),
		 "target: at most %g%% slower than with no limit and no swap; each point a step "
		 "of the search, bars the interval of its slowdown",
		 r->target_pct);
	plot_title_lines(s, lines, ARRAY_SIZE(lines));
	snprintf(ylabel, sizeof(ylabel), "slowdown of %s against no limit (%%)", metric);
	plot_axis_labels(s, "memory limit of the cgroup (MiB)", ylabel);
}

static int draw(struct plot_ctx *x, const struct savings_report *r)
{
	struct script s;
	int ret;

	if (!r->nbackends)
		return plot_skip(x, "savings", "no backend was searched");
	if ((ret = script_begin(x, &s, "savings", 900, 520)))
		return ret;
	titles(&s, r);
	backends(&s, r);
	guides(&s, r);
	return script_end(x, &s);
}

int plot_savings(const struct savings_report *r, const char *dir, int png, struct plot_output *out,
		 char *why, size_t why_len)
{
	struct plot_ctx x = {
		.dir = dir, .dirfd = -1, .png = png, .out = out, .why = why, .why_len = why_len
	};
	int ret;

	if (out)
		memset(out, 0, sizeof(*out));
	if (!r) {
		snprintf(why, why_len, "no savings answer to plot");
		return -EINVAL;
	}
	if (!(ret = plot_begin(&x)))
		ret = draw(&x, r);
	plot_end(&x);
	return ret;
}
