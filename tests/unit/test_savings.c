/* The savings search: where the bisection goes, how a step is judged (a time that grows and a
 * throughput that falls are both a slowdown; a step is settled only by its whole interval), and
 * the interval of the answer. Swapping pass and fail, or the direction of throughput, fails a
 * test here. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "common/util.h"
#include "runner/result/savings.h"

#define MIB MIB_BYTES

static void cell_of(struct results *r, enum metric_id m, double centre, double spread,
		    enum trial_status status)
{
	struct result_cell *c = results_add_cell(r);

	for (int i = 0; i < 10; i++) {
		struct trial *t = cell_add_trial(c);
		t->index = (unsigned)i + 1;
		t->status = status;
		trial_set(t, m, centre * (1 + spread * ((i % 5) - 2) / 2));
	}
	cell_update_stats(c);
}

static const struct compare_opts opts = { .alpha = 0.05, .noise_pct = 2 };

/* One step of a fresh search at limit, the reference at 1.0 and the backend at ratio. */
static struct savings_search judged(enum metric_id m, double ratio, double spread,
				    enum trial_status status)
{
	struct savings_search s;
	struct results r;

	results_init(&r);
	savings_init(&s, 64 * MIB, 64 * MIB, 64 * MIB, 10, 4);
	cell_of(&r, m, 1.0, 0.01, TRIAL_OK);
	cell_of(&r, m, ratio, spread, status); /* may move the first: cells are an array */
	savings_step_judge(&s, savings_next(&s), &r.cells[0], &r.cells[1], &opts);
	results_free(&r);
	return s;
}

Test(savings, bisects_from_the_footprint_down)
{
	struct savings_search s;

	savings_init(&s, 64 * MIB, 64 * MIB, 64 * MIB, 10, 4);
	cr_assert_eq(savings_next(&s), 32 * MIB);
	s.pass_limit = 32 * MIB;
	s.nsteps = 1;
	cr_assert_eq(savings_next(&s), 16 * MIB);
	s.fail_limit = 16 * MIB;
	s.nsteps = 2;
	cr_assert_eq(savings_next(&s), 24 * MIB);
	/* Four steps spent: decided. */
	s.nsteps = 4;
	cr_assert_eq(savings_next(&s), 0);
}

Test(savings, stops_when_the_bracket_is_one_granule)
{
	struct savings_search s;

	savings_init(&s, 64 * MIB, 64 * MIB, 64 * MIB, 10, 12);
	s.pass_limit = 21 * MIB;
	s.fail_limit = 20 * MIB;
	cr_assert_eq(savings_next(&s), 0);
	s.fail_limit = 19 * MIB;
	cr_assert_eq(savings_next(&s), 20 * MIB);
}

Test(savings, a_small_slowdown_passes_and_a_large_one_fails)
{
	struct savings_search s = judged(M_ELAPSED, 1.03, 0.01, TRIAL_OK);

	cr_assert_eq(s.steps[0].verdict, STEP_PASS, "%d %g [%g %g] %s", s.steps[0].verdict,
		     s.steps[0].slowdown_pct, s.steps[0].lo_pct, s.steps[0].hi_pct,
		     s.steps[0].note);
	cr_assert_eq(s.pass_limit, 32 * MIB);
	cr_assert(fabs(s.steps[0].slowdown_pct - 3) < 0.5, "%g", s.steps[0].slowdown_pct);
	s = judged(M_ELAPSED, 1.40, 0.01, TRIAL_OK);
	cr_assert_eq(s.steps[0].verdict, STEP_FAIL);
	cr_assert_eq(s.fail_limit, 32 * MIB);
	cr_assert_eq(s.pass_limit, 64 * MIB);
}

/* Throughput is better higher: 40% fewer operations a second is a 40% slowdown, 3% more is
 * none. */
Test(savings, throughput_falling_is_the_slowdown)
{
	struct savings_search s = judged(M_THROUGHPUT, 0.60, 0.01, TRIAL_OK);

	cr_assert_eq(s.metric, M_THROUGHPUT);
	cr_assert_eq(s.steps[0].verdict, STEP_FAIL);
	cr_assert(fabs(s.steps[0].slowdown_pct - 40) < 1, "%g", s.steps[0].slowdown_pct);
	cr_assert(s.steps[0].lo_pct <= s.steps[0].slowdown_pct);
	cr_assert(s.steps[0].hi_pct >= s.steps[0].slowdown_pct);
	s = judged(M_THROUGHPUT, 1.03, 0.01, TRIAL_OK);
	cr_assert_eq(s.steps[0].verdict, STEP_PASS);
}

/* An interval that straddles the target settles nothing: the median decides, and says so. */
Test(savings, a_straddling_interval_is_decided_by_its_median)
{
	struct savings_search s = judged(M_ELAPSED, 1.08, 0.5, TRIAL_OK);

	cr_assert(s.steps[0].verdict == STEP_PASS_BY_MEDIAN ||
		  s.steps[0].verdict == STEP_FAIL_BY_MEDIAN);
	cr_assert(s.by_median);
}

Test(savings, a_failed_trial_fails_the_step)
{
	struct savings_search s = judged(M_ELAPSED, 1.0, 0.01, TRIAL_OOM);

	cr_assert_eq(s.steps[0].verdict, STEP_FAIL);
	cr_assert_eq(s.fail_limit, 32 * MIB);
}

/* The answer: the smallest limit that held; its interval from the steps settled by their whole
 * interval, over the footprint's spread. */
Test(savings, the_answer_and_its_interval)
{
	struct savings_search s;
	double saved, lo, hi;

	savings_init(&s, 100 * MIB, 96 * MIB, 104 * MIB, 10, 4);
	s.steps[0] = (struct savings_step){ .limit = 50 * MIB, .verdict = STEP_PASS };
	s.steps[1] = (struct savings_step){ .limit = 25 * MIB, .verdict = STEP_FAIL };
	s.steps[2] = (struct savings_step){ .limit = 37 * MIB, .verdict = STEP_PASS_BY_MEDIAN };
	s.nsteps = 3;
	s.pass_limit = 37 * MIB;
	s.fail_limit = 25 * MIB;
	savings_answer(&s, &saved, &lo, &hi);
	cr_assert(fabs(saved - 0.63) < 1e-9, "%g", saved);
	/* 50M certainly held, of a footprint as small as 96M; 25M certainly did not, of 104M */
	cr_assert(fabs(lo - (1 - 50.0 / 96)) < 1e-9, "%g", lo);
	cr_assert(fabs(hi - (1 - 25.0 / 104)) < 1e-9, "%g", hi);
}

Test(savings, the_most_trials)
{
	/* a reference of 3, then 2 backends x 4 steps x (3 + 3) */
	cr_assert_eq(savings_max_trials(2, 4, 3, 3), 51);
	cr_assert_eq(savings_max_trials(2, 4, 4, 10), 4 + 2 * 4 * 2 * 10,
		     "the reference at the first look, a step at the most");
}
