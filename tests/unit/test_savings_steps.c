/* The savings search at its edges: a bracket one granule wide whatever its ends, a step never
 * at the failed limit, a step at the target exactly decided by its median, a failed warmup no
 * failure, the certain pass the smallest, an answer always inside its interval. */
#include <criterion/criterion.h>
#include <math.h>

#include "common/util.h"
#include "runner/result/savings.h"

#define MIB MIB_BYTES

static const struct compare_opts opts = { .alpha = 0.05, .noise_pct = 2 };

static void cell_of(struct results *r, double centre, int failed_warmup)
{
	struct result_cell *c = results_add_cell(r);

	cr_assert_not_null(c);
	for (int i = 0; i < 10; i++) {
		struct trial *t = cell_add_trial(c);
		cr_assert_not_null(t);
		t->index = (unsigned)i + 1;
		t->status = TRIAL_OK;
		trial_set(t, M_ELAPSED, centre * (1 + 0.01 * ((i % 5) - 2) / 2));
	}
	if (failed_warmup) {
		c->trials[0].warmup = 1;
		c->trials[0].status = TRIAL_OOM;
	}
	cell_update_stats(c);
}

static struct savings_step judge(double ratio, double target, int failed_warmup)
{
	struct savings_search s;
	struct results r;

	results_init(&r);
	savings_init(&s, 64 * MIB, 64 * MIB, 64 * MIB, target, 4);
	cell_of(&r, 1.0, 0);
	cell_of(&r, ratio, failed_warmup);
	savings_step_judge(&s, 32 * MIB, &r.cells[0], &r.cells[1], &opts);
	results_free(&r);
	return s.steps[0];
}

Test(savings_steps, one_granule_apart_is_decided_whatever_its_ends)
{
	struct savings_search s;

	savings_init(&s, 64 * MIB, 64 * MIB, 64 * MIB, 10, 12);
	s.fail_limit = MIB / 2;
	s.pass_limit = 3 * MIB / 2;
	cr_assert_eq(savings_next(&s), 0);
}

Test(savings_steps, never_a_step_at_the_failed_limit)
{
	struct savings_search s;

	savings_init(&s, 64 * MIB, 64 * MIB, 64 * MIB, 10, 12);
	s.fail_limit = MIB;
	s.pass_limit = 5 * MIB / 2;
	cr_assert_eq(savings_next(&s), 2 * MIB);
}

/* At the target exactly the trials are the reference's moved: nothing settles (p 1), the
 * median decides; far within it, the test settles. */
Test(savings_steps, at_the_target_exactly_the_median_decides)
{
	struct savings_step st = judge(1.05, 50, 0);

	cr_assert_eq(st.verdict, STEP_PASS);
	st = judge(1.05, 5, 0);
	cr_assert(st.verdict == STEP_PASS_BY_MEDIAN || st.verdict == STEP_FAIL_BY_MEDIAN, "%d",
		  st.verdict);
	cr_assert_float_eq(st.p_target, 1, 1e-9);
}

Test(savings_steps, a_failed_warmup_fails_nothing)
{
	struct savings_step st = judge(1.0, 10, 1);

	cr_assert_eq(st.verdict, STEP_PASS, "%s", st.note);
	cr_assert_str_eq(st.note, "");
}

Test(savings_steps, the_certain_pass_is_the_smallest_that_held)
{
	struct savings_search s;
	double saved, lo, hi;

	savings_init(&s, 100 * MIB, 96 * MIB, 104 * MIB, 10, 4);
	s.steps[0] = (struct savings_step){ .limit = 30 * MIB, .verdict = STEP_PASS };
	s.steps[1] = (struct savings_step){ .limit = 50 * MIB, .verdict = STEP_PASS };
	s.nsteps = 2;
	s.pass_limit = 30 * MIB;
	savings_answer(&s, &saved, &lo, &hi);
	cr_assert_float_eq(saved, 0.70, 1e-12);
	cr_assert_float_eq(lo, 1 - 30.0 / 96, 1e-12);
	cr_assert_float_eq(hi, 1.0, 1e-12);
}

Test(savings_steps, the_answer_stays_inside_its_interval)
{
	struct savings_search s;
	double saved, lo, hi;

	savings_init(&s, 100 * MIB, 100 * MIB, 100 * MIB, 10, 4);
	s.steps[0] = (struct savings_step){ .limit = 30 * MIB, .verdict = STEP_PASS };
	s.nsteps = 1;
	s.pass_limit = 50 * MIB;
	savings_answer(&s, &saved, &lo, &hi);
	cr_assert_float_eq(saved, 0.50, 1e-12);
	cr_assert_float_eq(lo, 0.50, 1e-12, "%g", lo);
}
