#include "run.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int add_cell(struct run *run, const struct backend *b, const char *comp)
{
	struct cell *c = &run->cells[run->ncells++];
	memset(c, 0, sizeof(*c));
	c->backend = b;
	c->comp = comp;
	snprintf(c->label, sizeof(c->label), "%s%s%s", b->name, comp ? ":" : "", comp ? comp : "");
	return 0;
}

int plan_build(struct run *run)
{
	const struct config *cfg = run->cfg;
	size_t max = cfg->nbackends * (cfg->ncomps ? cfg->ncomps : 1);

	run->cells = calloc(max, sizeof(*run->cells));
	if (!run->cells)
		return -ENOMEM;
	run->ncells = 0;
	for (size_t i = 0; i < cfg->nbackends; i++) {
		const struct backend *b = backend_find(cfg->backends[i]);
		if (!b->uses_comp || !cfg->ncomps) {
			add_cell(run, b, NULL);
			continue;
		}
		for (size_t k = 0; k < cfg->ncomps; k++)
			add_cell(run, b, cfg->comps[k]);
	}
	return 0;
}

void plan_free(struct run *run)
{
	for (size_t i = 0; i < run->ncells; i++) {
		for (size_t k = 0; k < run->cells[i].ntrials; k++)
			trial_free(&run->cells[i].trials[k]);
		free(run->cells[i].trials);
	}
	free(run->cells);
	run->cells = NULL;
	run->ncells = 0;
}

void cell_update_stats(struct cell *cell)
{
	double *values = calloc(cell->ntrials ? cell->ntrials : 1, sizeof(*values));

	memset(cell->have_stats, 0, sizeof(cell->have_stats));
	cell->failed = 0;
	for (size_t i = 0; i < cell->ntrials; i++)
		if (!cell->trials[i].warmup && cell->trials[i].status != TRIAL_OK)
			cell->failed++;
	if (!values)
		return;
	for (int m = 0; m < M_COUNT; m++) {
		size_t n = 0;
		for (size_t i = 0; i < cell->ntrials; i++) {
			const struct trial *t = &cell->trials[i];
			if (!t->warmup && t->status == TRIAL_OK && t->have[m])
				values[n++] = t->value[m];
		}
		if (n && stats_compute(values, n, &cell->stats[m]) == 0)
			cell->have_stats[m] = 1;
	}
	free(values);
}

const char *run_status_name(enum run_status s)
{
	static const char *const names[] = {
		[RUN_RUNNING] = "running", [RUN_COMPLETE] = "complete",
		[RUN_INTERRUPTED] = "interrupted", [RUN_FAILED] = "failed",
	};
	return names[s];
}
