#include "runner/run/run.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <inttypes.h>

#include <math.h>
#include <time.h>
#include <unistd.h>

#include "common/size.h"
#include "runner/trial/validity.h"

/* What the hoggers write in all: each rounds its share up to whole chunks. */
static uint64_t hogger_bytes(uint64_t alloc, unsigned jobs, uint64_t chunk)
{
	uint64_t share = alloc / jobs;
	return jobs * ((share + chunk - 1) / chunk) * chunk;
}

/* The hogger with this cell's share (each job alloc / jobs), or the user's command. */
static void build_workload(const struct run *run, struct cell *c)
{
	const struct config *cfg = run->cfg;
	struct workload_spec *spec = &c->workload;
	size_t n = 0;

	spec->jobs = c->jobs;
	spec->drop_privileges = cfg->user != NULL;
	spec->uid = cfg->user_uid;
	spec->gid = cfg->user_gid;
	if (cfg->command) {
		spec->command = 1;
		spec->argv = cfg->command;
		return;
	}
	snprintf(c->hogger_args[0], sizeof(c->hogger_args[0]), "%" PRIu64, c->alloc / c->jobs);
	snprintf(c->hogger_args[1], sizeof(c->hogger_args[1]), "%" PRIu64, cfg->chunk);
	snprintf(c->hogger_args[2], sizeof(c->hogger_args[2]), "%u", cfg->threads);
	c->hogger_argv[n++] = (char *)run->hogger;
	c->hogger_argv[n++] = "--alloc";
	c->hogger_argv[n++] = c->hogger_args[0];
	c->hogger_argv[n++] = "--chunk";
	c->hogger_argv[n++] = c->hogger_args[1];
	c->hogger_argv[n++] = "--data";
	c->hogger_argv[n++] = (char *)cfg->data;
	c->hogger_argv[n++] = "--access";
	c->hogger_argv[n++] = (char *)cfg->access;
	c->hogger_argv[n++] = "--threads";
	c->hogger_argv[n++] = c->hogger_args[2];
	if (cfg->no_seccomp)
		c->hogger_argv[n++] = "--no-seccomp";
	if (cfg->prefault)
		c->hogger_argv[n++] = "--prefault";
	c->hogger_argv[n] = NULL;
	spec->argv = c->hogger_argv;
}

static void add_cell(struct run *run, const struct backend *b, const char *comp, unsigned jobs,
		     uint64_t limit)
{
	const struct config *cfg = run->cfg;
	struct cell *c = &run->cells[run->ncells++];
	char size[32];

	memset(c, 0, sizeof(*c));
	c->backend = b;
	c->comp = comp;
	c->jobs = jobs;
	c->limit = limit;
	c->alloc = hogger_bytes(cfg->alloc_per_job ? cfg->alloc_per_job * jobs : cfg->alloc, jobs, cfg->chunk);
	/* Name only the axes that vary: "zram:lz4", "zswap jobs=2 limit=100M". */
	snprintf(c->label, sizeof(c->label), "%s%s%s", b->name, comp ? ":" : "", comp ? comp : "");
	if (cfg->njobs > 1)
		snprintf(c->label + strlen(c->label), sizeof(c->label) - strlen(c->label), " jobs=%u", jobs);
	if (cfg->nlimits > 1)
		snprintf(c->label + strlen(c->label), sizeof(c->label) - strlen(c->label), " limit=%s",
			 size_format(limit, size, sizeof(size)));
	build_workload(run, c);
}

/* Interleaved: round r runs trial r of every cell, so a machine that drifts (warming, other
 * load) shifts every cell alike. Shuffled: the same rounds, each in a random cell order. */
static int build_schedule(struct run *run)
{
	const struct config *cfg = run->cfg;
	unsigned rounds = cfg->warmup + cfg->trials;
	size_t n = 0;
	uint64_t rng;

	/* Without a seed, draw one and record it: every shuffled run can be replayed. */
	run->seed = cfg->seed ? cfg->seed : ((unsigned long)time(NULL) ^ ((unsigned long)getpid() << 16)) | 1;
	rng = run->seed;

	run->schedule = calloc((size_t)rounds * run->ncells, sizeof(*run->schedule));
	if (!run->schedule)
		return -ENOMEM;
	if (cfg->order == ORDER_SEQUENTIAL) {
		for (unsigned c = 0; c < run->ncells; c++)
			for (unsigned t = 1; t <= rounds; t++)
				run->schedule[n++] = (struct schedule_entry){ c, t };
	} else {
		for (unsigned t = 1; t <= rounds; t++) {
			size_t first = n;
			for (unsigned c = 0; c < run->ncells; c++)
				run->schedule[n++] = (struct schedule_entry){ c, t };
			for (size_t i = n - 1; cfg->order == ORDER_SHUFFLED && i > first; i--) {
				rng ^= rng << 13;
				rng ^= rng >> 7;
				rng ^= rng << 17;
				size_t j = first + (size_t)(rng % (i - first + 1));
				struct schedule_entry tmp = run->schedule[i];
				run->schedule[i] = run->schedule[j];
				run->schedule[j] = tmp;
			}
		}
	}
	run->nschedule = n;
	return 0;
}

int plan_build(struct run *run)
{
	const struct config *cfg = run->cfg;
	size_t per_backend = cfg->njobs * cfg->nlimits;
	size_t max = cfg->nbackends * (cfg->ncomps ? cfg->ncomps : 1) * per_backend;

	run->cells = calloc(max, sizeof(*run->cells));
	if (!run->cells)
		return -ENOMEM;
	run->ncells = 0;
	for (size_t i = 0; i < cfg->nbackends; i++) {
		const struct backend *b = backend_find(cfg->backends[i]);
		size_t ncomps = b->uses_comp && cfg->ncomps ? cfg->ncomps : 1;
		for (size_t k = 0; k < ncomps; k++)
			for (size_t j = 0; j < cfg->njobs; j++)
				for (size_t l = 0; l < cfg->nlimits; l++)
					add_cell(run, b, b->uses_comp && cfg->ncomps ? cfg->comps[k] : NULL,
						 cfg->jobs[j], cfg->limits[l]);
	}
	return build_schedule(run);
}

void plan_free(struct run *run)
{
	for (size_t i = 0; i < run->ncells; i++) {
		for (size_t k = 0; k < run->cells[i].ntrials; k++)
			trial_free(&run->cells[i].trials[k]);
		free(run->cells[i].trials);
	}
	free(run->cells);
	free(run->schedule);
	run->cells = NULL;
	run->schedule = NULL;
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
	/* Outliers and a slow first trial are judged against the cell's other trials. */
	size_t n_ok = 0;
	for (size_t i = 0; i < cell->ntrials; i++) {
		const struct trial *t = &cell->trials[i];
		if (!t->warmup && t->status == TRIAL_OK && t->have[M_ELAPSED])
			values[n_ok++] = t->value[M_ELAPSED];
	}
	for (size_t i = 0, k = 0; i < cell->ntrials; i++) {
		struct trial *t = &cell->trials[i];
		t->flags &= ~(unsigned)(TRIAL_FLAG_OUTLIER | TRIAL_FLAG_SLOW_FIRST);
		if (t->warmup || t->status != TRIAL_OK || !t->have[M_ELAPSED])
			continue;
		t->outlier_z = validity_modified_z(values, n_ok, t->value[M_ELAPSED]);
		if (fabs(t->outlier_z) > 3.5)
			t->flags |= TRIAL_FLAG_OUTLIER;
		if (k++ == 0 && validity_slow_first(values, n_ok))
			t->flags |= TRIAL_FLAG_SLOW_FIRST;
	}
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
