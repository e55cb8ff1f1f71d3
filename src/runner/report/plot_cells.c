/* What the views read of the results: cells by label, the median trial, per-trial quantities
 * and their statistics as the result file's own are made. */
#include "runner/report/plot_cells.h"

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

/* The trial whose elapsed time is the cell's median (the lower middle for an even number):
 * a real trace to draw bold, where a pointwise median of several traces would be none. */
const struct trial *plot_median_trial(const struct result_cell *c)
{
	size_t m = 0;

	for (size_t i = 0; i < c->ntrials; i++)
		m += counted(&c->trials[i]) && c->trials[i].have[M_ELAPSED];
	for (size_t i = 0; m && i < c->ntrials; i++) {
		const struct trial *t = &c->trials[i];
		size_t rank = 0;
		if (!counted(t) || !t->have[M_ELAPSED])
			continue;
		for (size_t j = 0; j < c->ntrials; j++) {
			const struct trial *u = &c->trials[j];
			if (j != i && counted(u) && u->have[M_ELAPSED] &&
			    (u->value[M_ELAPSED] < t->value[M_ELAPSED] ||
			     (u->value[M_ELAPSED] == t->value[M_ELAPSED] && j < i)))
				rank++;
		}
		if (rank == (m - 1) / 2)
			return t;
	}
	return NULL;
}

double plot_quantity(const struct trial *t, enum quantity q)
{
	double v = NAN;

	if (q == Q_ELAPSED && t->have[M_ELAPSED])
		v = t->value[M_ELAPSED];
	else if (q == Q_CPU && t->have[M_USER] && t->have[M_SYS])
		v = t->value[M_USER] + t->value[M_SYS];
	else if (q == Q_RATIO && t->have[M_COMP_RATIO])
		v = t->value[M_COMP_RATIO];
	return isfinite(v) ? v : NAN;
}

/* The cell's summary of q over the counted trials, as cell_update_stats makes it for a plain
 * metric (the same trials, the same function): CPU is a sum no metric holds. -ENODATA when
 * no counted trial has it. */
int plot_cell_summary(const struct result_cell *c, enum quantity q, struct summary *s)
{
	double *v = malloc((c->ntrials ? c->ntrials : 1) * sizeof(*v));
	size_t n = 0;
	int ret;

	if (!v)
		return -ENOMEM;
	for (size_t i = 0; i < c->ntrials; i++)
		if (counted(&c->trials[i]) && !isnan(plot_quantity(&c->trials[i], q)))
			v[n++] = plot_quantity(&c->trials[i], q);
	ret = n ? summary_compute(v, n, STAT_CONFIDENCE, s) : -ENODATA;
	free(v);
	return ret;
}

int plot_cell_has(const struct result_cell *c, enum quantity q)
{
	for (size_t i = 0; i < c->ntrials; i++)
		if (!c->trials[i].warmup && !isnan(plot_quantity(&c->trials[i], q)))
			return 1;
	return 0;
}
