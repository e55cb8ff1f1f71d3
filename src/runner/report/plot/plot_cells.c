/* What the views read of the results: cells by label, the median trial, per-trial quantities
 * and their statistics as the result file's own are made, and a cell's median as drawn. */
#include "runner/report/plot/plot_cells.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

const struct result_cell *plot_find_cell(const struct results *r, const char *label)
{
	for (size_t i = 0; i < r->ncells; i++)
		if (strcmp(r->cells[i].label, label) == 0)
			return &r->cells[i];
	return NULL;
}

/* The trials the statistics use: measured (not warmup) and ok. */
static int counted(const struct trial *t)
{
	return !t->warmup && t->status == TRIAL_OK;
}

/* The trial whose value of the primary metric is the cell's median (the lower middle for an
 * even number): a real trace to draw bold, where a pointwise median of several traces would be
 * none. */
const struct trial *plot_median_trial(const struct result_cell *c)
{
	enum metric_id p = cell_primary(c);
	size_t m = 0;

	for (size_t i = 0; i < c->ntrials; i++)
		m += counted(&c->trials[i]) && c->trials[i].have[p];
	for (size_t i = 0; m && i < c->ntrials; i++) {
		const struct trial *t = &c->trials[i];
		size_t rank = 0;
		if (!counted(t) || !t->have[p])
			continue;
		for (size_t j = 0; j < c->ntrials; j++) {
			const struct trial *u = &c->trials[j];
			if (j != i && counted(u) && u->have[p] &&
			    (u->value[p] < t->value[p] || (u->value[p] == t->value[p] && j < i)))
				rank++;
		}
		if (rank == (m - 1) / 2)
			return t;
	}
	return NULL;
}

/* The stored cpu_time first: where it is not user + sys (a file edited, or rounded), the
 * tables and the verdict read it, and the plot draws what they read. */
double plot_quantity(const struct trial *t, enum metric_id m)
{
	double v = NAN;

	if (t->have[m])
		v = t->value[m];
	else if (m == M_CPU_TIME && t->have[M_USER] && t->have[M_SYS])
		v = t->value[M_USER] + t->value[M_SYS];
	return isfinite(v) ? v : NAN;
}

/* The cell's summary of m over the counted trials, as cell_update_stats makes it (the same
 * trials, the same function), CPU time made of its parts only in a trial without its own
 * (plot_quantity). -ENODATA when no counted trial has it. */
int plot_cell_summary(const struct result_cell *c, enum metric_id m, struct summary *s)
{
	double *v = malloc((c->ntrials ? c->ntrials : 1) * sizeof(*v));
	size_t n = 0;
	int ret;

	if (!v)
		return -ENOMEM;
	for (size_t i = 0; i < c->ntrials; i++)
		if (counted(&c->trials[i]) && !isnan(plot_quantity(&c->trials[i], m)))
			v[n++] = plot_quantity(&c->trials[i], m);
	ret = n ? summary_compute(v, n, STAT_CONFIDENCE, s) : -ENODATA;
	free(v);
	return ret;
}

void plot_point_of(const struct summary *s, struct plot_point *p)
{
	p->median = s->median;
	p->n = s->n;
	p->cover = summary_median_interval(s, &p->lo, &p->hi);
	/* One trial's range is the trial: its bar is the median itself. */
	p->range = !isfinite(s->median_lo);
}

int plot_cell_has(const struct result_cell *c, enum metric_id m)
{
	for (size_t i = 0; i < c->ntrials; i++)
		if (!c->trials[i].warmup && !isnan(plot_quantity(&c->trials[i], m)))
			return 1;
	return 0;
}
