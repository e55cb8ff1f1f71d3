/*
 * memory-CELL and psi-CELL: a cell's time series against time, every trial thin and the median
 * trial (by the cell's primary metric: elapsed, a service's throughput) bold. Which series
 * fields each plot draws, under which label and in which unit, is result/series.c's table: a
 * backend's own series is drawn without being named here.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include "common/util.h"
#include "runner/report/plot/plot_cells.h"
#include "runner/report/plot/plot_data.h"
#include "runner/report/plot/plot_script.h"
#include "runner/report/plot/plot_titles.h"

struct timeplot {
	enum series_plot plot; /* the series fields it draws: result/series.c says which */
	const char *prefix, *every, *what, *ylabel, *missing;
};

static const struct timeplot timeplots[] = {
	{ SERIES_PLOT_MEMORY, "memory", "memory-*", "memory against time", "MiB",
	  "the time series holds no memory counter" },
	{ SERIES_PLOT_PSI, "psi", "psi-*", "memory pressure (PSI) against time",
	  "time stalled on memory since the release (ms)",
	  "the time series holds no PSI (no /proc/pressure on that kernel?)" },
};

/* The fields the plot draws, in the order of the series table; how many. */
static size_t time_fields(const struct timeplot *tp, enum series_field *fields)
{
	size_t n = 0;

	for (int f = 0; f < S_COUNT; f++)
		if (series_field_info((enum series_field)f)->plot == tp->plot)
			fields[n++] = (enum series_field)f;
	return n;
}

/* A value in the plot's unit: MiB for bytes and pages (of the machine that measured), ms for
 * stall time. */
static double time_value(enum series_field f, double v, uint64_t page_size)
{
	switch (series_field_info(f)->unit) {
	case SERIES_BYTES:
		return v * (1 / MIB_BYTES);
	case SERIES_PAGES:
		return v * ((double)page_size / MIB_BYTES);
	case SERIES_MICROSECONDS:
		return v * 1e-3;
	case SERIES_EVENTS:
		break;
	}
	return v;
}

static int has_series(const struct trial *t)
{
	return !t->warmup && t->series && t->series->n;
}

/* One cell's plot against time: the fields it draws, and which of them some trial has. */
struct time_view {
	enum series_field fields[S_COUNT];
	size_t nfields;
	unsigned present; /* a bit per place in fields */
};

/* The fields some trial of cell j has; *series says whether any trial had a series. */
static void time_present(const struct plot_ctx *x, struct time_view *v, size_t j, int *series)
{
	*series = 0;
	v->present = 0;
	for (size_t k = 0; k < x->n; k++) {
		const struct result_cell *c = plot_find_cell(x->sets[k], x->labels[j]);
		for (size_t i = 0; c && i < c->ntrials; i++) {
			if (!has_series(&c->trials[i]))
				continue;
			*series = 1;
			for (size_t f = 0; f < v->nfields; f++)
				if (c->trials[i].series->have[v->fields[f]])
					v->present |= 1u << f;
		}
	}
}

/* A datablock of one trial's series: t, then every field of the plot (NaN where missing). */
static int time_block(struct script *s, const struct time_view *v, const struct series *se,
		      uint64_t page_size)
{
	int id = datablock_begin(s);

	for (size_t i = 0; i < se->n; i++) {
		gp_num(s->f, se->t[i]);
		for (size_t f = 0; f < v->nfields; f++) {
			enum series_field sf = v->fields[f];
			gp_num(s->f, se->have[sf] ? time_value(sf, se->v[sf][i], page_size) : NAN);
		}
		fputc('\n', s->f);
	}
	datablock_end(s);
	return id;
}

/* Set k's trials of one cell: with one set a colour per field, with several a colour per set
 * and a dash per field. The key names each field once, on the median trial. */
static void time_cell(const struct plot_ctx *x, struct script *s, const struct time_view *v,
		      size_t k, const struct result_cell *c)
{
	const struct trial *med = plot_median_trial(c);
	unsigned titled = 0;
	char name[300];

	/* A median trial without a series (it was not sampled) gives no bold line: all are thin. */
	if (med && !has_series(med))
		med = NULL;
	for (size_t i = 0; i < c->ntrials; i++) {
		const struct trial *t = &c->trials[i];
		int id;
		if (!has_series(t))
			continue;
		id = time_block(s, v, t->series, x->sets[k]->system.page_size);
		for (size_t f = 0; f < v->nfields; f++) {
			struct style st = { plot_palette[(x->n > 1 ? k : f) % PLOT_NPALETTE],
					    x->n > 1 ? (int)f + 1 : 1, 0, t == med };
			int named = (t == med || !med) && !(titled & (1u << f));
			if (!(v->present & (1u << f)) || !t->series->have[v->fields[f]])
				continue;
			plot_entry_name(x, k, series_field_info(v->fields[f])->label, name,
					sizeof(name));
			script_trace(s, id, 2 + (int)f, &st, t->series->n, named ? name : NULL);
			titled |= named ? 1u << f : 0;
		}
	}
}

static int plot_cell(struct plot_ctx *x, const struct timeplot *tp, size_t j)
{
	char name[NAME_MAX_PLOT], detail[512];
	const struct result_cell *c = NULL;
	struct time_view v = { 0 };
	struct script s;
	enum metric_id by;
	int series, ret;

	v.nfields = time_fields(tp, v.fields);
	time_present(x, &v, j, &series);
	snprintf(name, sizeof(name), "%s-%s", tp->prefix, x->slugs[j]);
	if (!v.present)
		return plot_skip(x, name, "%s",
				 series ? tp->missing : "no trial of this cell has a time series");
	for (size_t k = 0; k < x->n && !c; k++)
		if ((c = plot_find_cell(x->sets[k], x->labels[j])))
			plot_cell_detail(x->sets[k], c, detail, sizeof(detail));
	by = cell_primary(c);
	if ((ret = script_begin(x, &s, name, 900, 520)))
		return ret;
	plot_title(x, &s, tp->what, x->labels[j], detail);
	plot_axis_labels(&s, "time since the workload was released (s)", tp->ylabel);
	fputs("set xrange [0:*]\nset yrange [0:*]\n", s.f);
	for (size_t k = 0; k < x->n; k++)
		if ((c = plot_find_cell(x->sets[k], x->labels[j])))
			time_cell(x, &s, &v, k, c);
	script_legend(&s, 1, by);
	return script_end(x, &s);
}

/* Whether any trial of any set has a time series: without, one line says so for all cells. */
static int any_series(const struct plot_ctx *x)
{
	for (size_t k = 0; k < x->n; k++)
		for (size_t i = 0; i < x->sets[k]->ncells; i++)
			for (size_t t = 0; t < x->sets[k]->cells[i].ntrials; t++)
				if (has_series(&x->sets[k]->cells[i].trials[t]))
					return 1;
	return 0;
}

int plot_against_time(struct plot_ctx *x)
{
	size_t ntime = ARRAY_SIZE(timeplots);
	int ret = 0;

	for (size_t p = 0; p < ntime && !any_series(x) && !ret; p++)
		ret = plot_skip(x, timeplots[p].every,
				"no time series in any cell (the run had --interval 0)");
	for (size_t j = 0; j < x->nlabels && any_series(x) && !ret; j++)
		for (size_t p = 0; p < ntime && !ret; p++)
			ret = plot_cell(x, &timeplots[p], j);
	return ret;
}
