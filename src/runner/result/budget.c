#include "runner/result/budget.h"

#include <errno.h>
#include <string.h>

/* The trial's phases in the order a trial passes through them. */
static const enum trial_phase trial_order[PHASE_COUNT] = {
	PHASE_PREPARE,	PHASE_PROBE,  PHASE_SWAP,     PHASE_CGROUP,  PHASE_SPAWN, PHASE_QUIET,
	PHASE_WORKLOAD, PHASE_RECORD, PHASE_TEARDOWN, PHASE_CLEANUP, PHASE_STATS, PHASE_SAVE,
};

static void add_row(struct budget *b, const char *name, double seconds, int per_trial)
{
	b->rows[b->nrows++] = (struct budget_row){ name, seconds, per_trial };
}

/* Each trial phase summed over every trial the file holds, warm-ups too (they ran). */
static double sum_phase(const struct results *r, enum trial_phase p, double *elapsed,
			unsigned *trials)
{
	double s = 0;

	for (size_t i = 0; i < r->ncells; i++)
		for (size_t j = 0; j < r->cells[i].ntrials; j++) {
			const struct trial *t = &r->cells[i].trials[j];
			s += t->phase_s[p];
			if (elapsed && t->have[M_ELAPSED])
				*elapsed += t->value[M_ELAPSED];
			if (trials)
				(*trials)++;
		}
	return s;
}

int budget_of(const struct results *r, struct budget *b)
{
	const struct run_budget *rb = &r->budget;
	double in_trials = 0, in_run = 0;

	memset(b, 0, sizeof(*b));
	if (rb->wall <= 0)
		return -ENODATA;
	b->wall = rb->wall;
	for (int p = RUN_PHASE_PLAN; p < RUN_PHASE_TRIALS; p++)
		add_row(b, run_phase_name((enum run_phase)p), rb->phase_s[p], 0);
	for (int i = 0; i < PHASE_COUNT; i++) {
		double s = sum_phase(r, trial_order[i], i == 0 ? &b->elapsed : NULL,
				     i == 0 ? &b->trials : NULL);
		add_row(b, trial_phase_name(trial_order[i]), s, 1);
		in_trials += s;
	}
	add_row(b, "between trials", rb->phase_s[RUN_PHASE_TRIALS] - in_trials, 1);
	add_row(b, run_phase_name(RUN_PHASE_REWIND), rb->phase_s[RUN_PHASE_REWIND], 0);
	add_row(b, run_phase_name(RUN_PHASE_ANSWER), rb->phase_s[RUN_PHASE_ANSWER], 0);
	for (int p = 0; p < RUN_PHASE_COUNT; p++)
		in_run += rb->phase_s[p];
	add_row(b, "other", rb->wall - in_run, 0);
	return 0;
}
