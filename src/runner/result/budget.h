/*
 * Where a run's wall time went: the run's own phases (struct run_budget) and its trials' (struct
 * trial's phase_s) as rows in the order a run passes through them, with what no phase names
 * (between the trials, and around them) as rows of their own, so the rows add up to the wall.
 */
#ifndef ZSB_BUDGET_H
#define ZSB_BUDGET_H
#include <stddef.h>

#include "runner/result/results.h"

#define BUDGET_ROWS (RUN_PHASE_COUNT + PHASE_COUNT + 2)

struct budget_row {
	const char *name; /* a run phase's or a trial phase's name, "between trials", "other" */
	double seconds;
	int per_trial; /* summed over the trials: its mean per trial means something */
};

struct budget {
	double wall; /* the run's, to the file's last write */
	double elapsed; /* the trials' elapsed, warm-ups included: the work the run was for */
	unsigned trials; /* the trials run, warm-ups included */
	struct budget_row rows[BUDGET_ROWS];
	size_t nrows;
};

/* The budget of a run that recorded one: 0, or -ENODATA for a file from before (or a run that
 * wrote its file only once). */
int budget_of(const struct results *r, struct budget *b);

#endif
