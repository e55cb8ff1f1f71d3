#include "runner/result/savings.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "runner/result/statistics.h"

/* The test's bootstrap is not read (only its p): few resamples. */
#define AGAINST_TARGET_RESAMPLES 20
#define AGAINST_TARGET_SEED 20261207UL

void savings_init(struct savings_search *s, uint64_t footprint, uint64_t footprint_lo,
		  uint64_t footprint_hi, double target_pct, unsigned max_steps)
{
	memset(s, 0, sizeof(*s));
	s->target_pct = target_pct;
	s->footprint = footprint;
	s->footprint_lo = footprint_lo;
	s->footprint_hi = footprint_hi;
	s->granule = MIB_BYTES;
	s->max_steps = max_steps < SAVINGS_STEPS_MAX ? max_steps : SAVINGS_STEPS_MAX;
	/* The footprint passes by definition: at it, nothing needs to leave memory. */
	s->pass_limit = footprint;
	s->fail_limit = 0;
	s->metric = -1;
}

uint64_t savings_next(const struct savings_search *s)
{
	uint64_t mid;

	if (s->nsteps >= s->max_steps || s->pass_limit - s->fail_limit <= s->granule)
		return 0;
	mid = s->fail_limit + (s->pass_limit - s->fail_limit) / 2;
	mid -= mid % s->granule;
	/* Never the bracket's own ends: a step that tells nothing new. */
	if (mid <= s->fail_limit)
		mid += s->granule;
	return mid < s->pass_limit ? mid : 0;
}

/* A trial that failed at this limit (the OOM killer, a server that died) fails the step:
 * the setup cannot hold the workload there. */
static const char *failed_trial(const struct result_cell *cell)
{
	for (size_t i = 0; i < cell->ntrials; i++)
		if (!cell->trials[i].warmup && cell->trials[i].status != TRIAL_OK)
			return cell->trials[i].note[0] ? cell->trials[i].note : "a trial failed";
	return NULL;
}

/* The slowdown of the primary metric in percent, whichever way it is better: a time that
 * grows, a throughput that falls. */
static void slowdown_of(const struct metric_comparison *mc, enum metric_id m,
			struct savings_step *st)
{
	int higher_better = metric_higher_better(m);
	double c = mc->est.change_pct, lo = mc->est.lo_pct, hi = mc->est.hi_pct;

	st->slowdown_pct = higher_better ? -c : c;
	st->lo_pct = higher_better ? -hi : lo;
	st->hi_pct = higher_better ? -lo : hi;
}

/* Where the target puts the reference: a time may grow by it, a throughput fall by it (at 100%
 * or more a throughput may fall to nothing: a hair above 0, so the ranks still compare). */
static double target_factor(enum metric_id m, double target_pct)
{
	double f = metric_higher_better(m) ? 1 - target_pct / 100 : 1 + target_pct / 100;

	return f > 1e-9 ? f : 1e-9;
}

int savings_against_target(const struct result_cell *base, const struct result_cell *cell,
			   enum metric_id m, double target_pct, double level, double *p)
{
	double *v = malloc((base->ntrials + cell->ntrials + 1) * sizeof(*v));
	double f = target_factor(m, target_pct);
	struct two_sample ts;
	size_t nb, nn;
	int side = 0, ret;

	*p = NAN;
	if (!v)
		return -ENOMEM;
	nb = cell_values(base, m, v);
	nn = cell_values(cell, m, v + nb);
	for (size_t i = 0; i < nb; i++)
		v[i] *= f;
	ret = nb && nn ? two_sample_compare_resampled(v, nb, v + nb, nn, AGAINST_TARGET_SEED,
						      AGAINST_TARGET_RESAMPLES, &ts)
		       : -EINVAL;
	free(v);
	if (ret)
		return ret == -ENOMEM ? ret : 0;
	*p = ts.p_mwu;
	if (ts.p_mwu < level && ts.mwu_direction)
		/* U leaning up: the backend's values above the moved reference's, beyond the
		 * target for a time, within it for a throughput. */
		side = metric_higher_better(m) ? -ts.mwu_direction : ts.mwu_direction;
	return side;
}

static enum step_verdict verdict_of(const struct savings_step *st, double target, int side)
{
	if (side < 0)
		return STEP_PASS;
	if (side > 0)
		return STEP_FAIL;
	return st->slowdown_pct <= target ? STEP_PASS_BY_MEDIAN : STEP_FAIL_BY_MEDIAN;
}

void savings_step_judge(struct savings_search *s, uint64_t limit, const struct result_cell *base,
			const struct result_cell *cell, const struct compare_opts *o)
{
	struct savings_step *st = &s->steps[s->nsteps < SAVINGS_STEPS_MAX ? s->nsteps : 0];
	struct metric_comparison mc;
	enum metric_id m = compare_primary(base, cell);
	const char *failed = failed_trial(cell), *base_failed = failed_trial(base);

	int side;

	memset(st, 0, sizeof(*st));
	s->metric = (int)m;
	st->limit = limit;
	st->slowdown_pct = st->lo_pct = st->hi_pct = st->p_target = NAN;
	st->trials = cell->measured;
	if (base_failed) {
		/* The reference itself did not run through: nothing to measure against. */
		st->verdict = STEP_FAIL_BY_MEDIAN;
		snprintf(st->note, sizeof(st->note), "the reference failed: %.100s", base_failed);
	} else if (failed) {
		st->verdict = STEP_FAIL;
		snprintf(st->note, sizeof(st->note), "%.120s", failed);
	} else if (compare_metric(base, cell, m, o, &mc) || !mc.have) {
		st->verdict = STEP_FAIL;
		snprintf(st->note, sizeof(st->note), "no %s to compare", metrics[m].key);
	} else {
		slowdown_of(&mc, m, st);
		side = savings_against_target(base, cell, m, s->target_pct, o->alpha,
					      &st->p_target);
		/* Out of memory for the test: no settled side, the median decides and says so. */
		st->verdict = verdict_of(st, s->target_pct, side < -1 ? 0 : side);
	}
	if (st->verdict == STEP_PASS_BY_MEDIAN || st->verdict == STEP_FAIL_BY_MEDIAN)
		s->by_median = 1;
	if (st->verdict == STEP_PASS || st->verdict == STEP_PASS_BY_MEDIAN)
		s->pass_limit = limit;
	else
		s->fail_limit = limit;
	if (s->nsteps < SAVINGS_STEPS_MAX)
		s->nsteps++;
}

static double share_saved(uint64_t limit, uint64_t footprint)
{
	return footprint ? 1.0 - (double)limit / (double)footprint : 0;
}

/* The limits the steps settled with their whole interval: a step decided by its median
 * might have gone the other way, so the answer's interval reaches past it. */
static void certain_bracket(const struct savings_search *s, uint64_t *pass, uint64_t *fail)
{
	*pass = s->footprint;
	*fail = 0;
	for (unsigned i = 0; i < s->nsteps; i++) {
		const struct savings_step *st = &s->steps[i];
		if (st->verdict == STEP_PASS && st->limit < *pass)
			*pass = st->limit;
		if (st->verdict == STEP_FAIL && st->limit > *fail)
			*fail = st->limit;
	}
}

void savings_answer(const struct savings_search *s, double *saved, double *lo, double *hi)
{
	uint64_t pass, fail;

	/* The smallest limit that passed is the answer; the threshold lies above the largest
	 * that failed; and the footprint itself varied between its trials. */
	certain_bracket(s, &pass, &fail);
	*saved = share_saved(s->pass_limit, s->footprint);
	*lo = share_saved(pass, s->footprint_lo);
	*hi = share_saved(fail, s->footprint_hi);
	if (*lo < 0)
		*lo = 0;
	if (*saved < 0)
		*saved = 0;
	if (*hi < *saved)
		*hi = *saved;
	if (*lo > *saved)
		*lo = *saved;
}

int savings_step_broke(const struct result_cell *cell)
{
	return failed_trial(cell) != NULL;
}

int savings_step_settled(const struct result_cell *base, const struct result_cell *cell,
			 const struct compare_opts *o, double target_pct)
{
	enum metric_id m = compare_primary(base, cell);
	double p;
	int side;

	if (failed_trial(cell))
		return 1;
	side = savings_against_target(base, cell, m, target_pct, o->alpha, &p);
	return side < -1 ? side : side != 0;
}

unsigned savings_max_trials(unsigned backends, unsigned max_steps, unsigned reference_trials,
			    unsigned trials)
{
	return reference_trials + backends * max_steps * 2 * trials;
}

const char *step_verdict_name(enum step_verdict v)
{
	static const char *const names[] = {
		[STEP_PASS] = "within",
		[STEP_FAIL] = "beyond",
		[STEP_PASS_BY_MEDIAN] = "within (by its median)",
		[STEP_FAIL_BY_MEDIAN] = "beyond (by its median)",
	};
	return names[v];
}

const char *savings_metric_name(const struct savings_report *r)
{
	for (size_t i = 0; i < r->nbackends; i++)
		if (r->backends[i].metric >= 0 && r->backends[i].metric < M_COUNT)
			return metrics[r->backends[i].metric].key;
	return "the primary metric";
}
