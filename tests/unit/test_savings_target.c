/* A savings step against its target (result/savings.c): the backend's trials tested against
 * the reference's moved by the slowdown, in the direction the metric is better; a step at the
 * target exactly settles nothing; the looks of a step's run (run.c's decided_early with
 * settle_at_slowdown) keep alpha under the target and stop early far from it, by simulation. */
#include <criterion/criterion.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <math.h>

#include "common/util.h"
#include "runner/result/savings.h"
#include "runner/result/sequential.h"

#define MIB MIB_BYTES

/* Ten trials about centre, each value once: ±1% in steps of 0.2%. */
static void cell_of(struct results *r, enum metric_id m, double centre, enum trial_status st)
{
	struct result_cell *c = results_add_cell(r);

	cr_assert_not_null(c);
	for (int i = 0; i < 10; i++) {
		struct trial *t = cell_add_trial(c);
		cr_assert_not_null(t);
		t->index = (unsigned)i + 1;
		t->status = st;
		trial_set(t, m, centre * (1 + 0.002 * (i - 4.5)));
	}
	cell_update_stats(c);
}

static const struct compare_opts opts = { .alpha = 0.05, .noise_pct = 2 };

static struct savings_step judged(enum metric_id m, double ratio, double target, double alpha)
{
	struct compare_opts o = opts;
	struct savings_search s;
	struct results r;

	o.alpha = alpha;
	results_init(&r);
	savings_init(&s, 64 * MIB, 64 * MIB, 64 * MIB, target, 4);
	cell_of(&r, m, 1.0, TRIAL_OK);
	cell_of(&r, m, ratio, TRIAL_OK);
	savings_step_judge(&s, 32 * MIB, &r.cells[0], &r.cells[1], &o);
	results_free(&r);
	return s.steps[0];
}

/* The same trials as the reference moved by the target: no test tells them apart. */
Test(savings_target, exactly_at_the_target_settles_nothing)
{
	struct savings_step st = judged(M_ELAPSED, 1.10, 10, 0.05);

	cr_assert(st.verdict == STEP_PASS_BY_MEDIAN || st.verdict == STEP_FAIL_BY_MEDIAN, "%d",
		  st.verdict);
	cr_assert_gt(st.p_target, 0.9, "%g", st.p_target);
	cr_assert_eq(st.trials, 10);
}

/* 4% either side of a 10% target, in 1% noise: each settled its own way, with its p. */
Test(savings_target, either_side_of_the_target_settles_its_way)
{
	struct savings_step st = judged(M_ELAPSED, 1.14, 10, 0.05);

	cr_assert_eq(st.verdict, STEP_FAIL, "%d p %g", st.verdict, st.p_target);
	cr_assert_lt(st.p_target, 0.001);
	st = judged(M_ELAPSED, 1.06, 10, 0.05);
	cr_assert_eq(st.verdict, STEP_PASS, "%d p %g", st.verdict, st.p_target);
	cr_assert_lt(st.p_target, 0.001);
	/* 6% is beyond a 5% target: the target, not 0, is what the trials are held to. */
	cr_assert_eq(judged(M_ELAPSED, 1.06, 5, 0.05).verdict, STEP_FAIL);
}

/* A throughput is better higher: 14% fewer operations a second is beyond a 10% target, 6%
 * fewer within it. */
Test(savings_target, a_throughput_falls_towards_its_target)
{
	cr_assert_eq(judged(M_THROUGHPUT, 0.86, 10, 0.05).verdict, STEP_FAIL);
	cr_assert_eq(judged(M_THROUGHPUT, 0.94, 10, 0.05).verdict, STEP_PASS);
	cr_assert_eq(judged(M_THROUGHPUT, 1.02, 10, 0.05).verdict, STEP_PASS);
	/* A 100% target lets a throughput fall to nothing: whatever it did is within. */
	cr_assert_eq(judged(M_THROUGHPUT, 0.05, 100, 0.05).verdict, STEP_PASS);
}

/* The step's level is the alpha it is given: ten trials a side reach p 1.1e-5, never 1e-6. */
Test(savings_target, the_level_is_the_one_given)
{
	struct savings_step st = judged(M_ELAPSED, 1.5, 10, 1e-6);

	cr_assert_eq(st.verdict, STEP_FAIL_BY_MEDIAN, "%d p %g", st.verdict, st.p_target);
	cr_assert_eq(judged(M_ELAPSED, 1.5, 10, 1e-4).verdict, STEP_FAIL);
}

Test(savings_target, settled_by_a_failure_or_by_the_test)
{
	struct results r;

	results_init(&r);
	cell_of(&r, M_ELAPSED, 1.0, TRIAL_OK);
	cell_of(&r, M_ELAPSED, 1.10, TRIAL_OK);
	cr_assert_eq(savings_step_settled(&r.cells[0], &r.cells[1], &opts, 10), 0);
	cr_assert_eq(savings_step_settled(&r.cells[0], &r.cells[1], &opts, 20), 1, "within 20%");
	cr_assert_eq(savings_step_settled(&r.cells[0], &r.cells[1], &opts, 2), 1, "beyond 2%");
	cr_assert_not(savings_step_broke(&r.cells[1]));
	/* A warm-up's failure is not the step's: nothing measured failed. */
	r.cells[1].trials[0].warmup = 1;
	r.cells[1].trials[0].status = TRIAL_OOM;
	cr_assert_not(savings_step_broke(&r.cells[1]));
	r.cells[1].trials[3].status = TRIAL_OOM;
	cell_update_stats(&r.cells[1]);
	cr_assert(savings_step_broke(&r.cells[1]));
	cr_assert_eq(savings_step_settled(&r.cells[0], &r.cells[1], &opts, 10), 1, "OOM");
	results_free(&r);
}

/* The looks of a step's run, simulated: rounds of one trial a cell, lognormal 5% noise, the
 * backend `effect` times the reference; the round that settled, or 0. */
static unsigned one_step(unsigned long seed, unsigned min, unsigned max, double level,
			 double effect, double target)
{
	struct compare_opts o = { .alpha = level, .noise_pct = 0, .resamples = 20 };
	gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
	struct results r;
	unsigned settled = 0;

	gsl_rng_set(rng, seed);
	results_init(&r);
	results_add_cell(&r);
	results_add_cell(&r);
	for (unsigned k = 1; k <= max && !settled; k++) {
		for (int i = 0; i < 2; i++) {
			struct trial *t = cell_add_trial(&r.cells[i]);
			t->index = k;
			trial_set(t, M_ELAPSED,
				  (i ? effect : 1) * exp(gsl_ran_gaussian(rng, 0.05)));
			cell_update_stats(&r.cells[i]);
		}
		if (k >= min && savings_step_settled(&r.cells[0], &r.cells[1], &o, target) == 1)
			settled = k;
	}
	results_free(&r);
	gsl_rng_free(rng);
	return settled;
}

#define RUNS 1000

/* At the target exactly, settling either way is the error: at the looks' level in at most
 * alpha of the steps (its standard error at 1000: 0.0069), at 0.05 every look in more. */
Test(savings_target, at_the_target_the_looks_keep_alpha, .timeout = 240)
{
	double level = sequential_level(5, 10, 0.05);
	unsigned held = 0, naive = 0;

	for (unsigned long s = 1; s <= RUNS; s++) {
		held += one_step(s, 5, 10, level, 1.10, 10) > 0;
		naive += one_step(s, 5, 10, 0.05, 1.10, 10) > 0;
	}
	cr_log_info("at the target: %u of %d settled at p < %g, %u at p < 0.05", held, RUNS, level,
		    naive);
	cr_assert_leq((double)held / RUNS, 0.05 + 2 * 0.0069, "%u of %d at p < %g", held, RUNS,
		      level);
	cr_assert_gt(naive, held, "%u against %u", naive, held);
}

/* Far from the target either way (+50%, or none at a 25% target), a step settles at the
 * first look that can, long before its most trials. */
Test(savings_target, far_from_the_target_a_step_stops_early, .timeout = 60)
{
	double level = sequential_level(5, 10, 0.05);
	unsigned beyond = 0, within = 0;

	for (unsigned long s = 1; s <= 50; s++) {
		unsigned a = one_step(s, 5, 10, level, 1.5, 10),
			 b = one_step(s, 5, 10, level, 1.0, 25);
		cr_assert(a >= 5 && b >= 5, "step %lu: %u %u", s, a, b);
		beyond += a;
		within += b;
	}
	cr_log_info("far from it: settled after %g and %g trials on average", beyond / 50.0,
		    within / 50.0);
	cr_assert_leq(beyond / 50.0, 5.5, "mean round %g", beyond / 50.0);
	cr_assert_leq(within / 50.0, 5.5, "mean round %g", within / 50.0);
}

/* A step's trials are its measured ones: a warm-up is not counted. */
Test(savings_target, a_warmup_is_not_among_a_step_s_trials)
{
	struct savings_search s;
	struct results r;

	results_init(&r);
	savings_init(&s, 64 * MIB, 64 * MIB, 64 * MIB, 10, 4);
	cell_of(&r, M_ELAPSED, 1.0, TRIAL_OK);
	cell_of(&r, M_ELAPSED, 1.02, TRIAL_OK);
	r.cells[0].trials[0].warmup = r.cells[1].trials[0].warmup = 1;
	cell_update_stats(&r.cells[0]);
	cell_update_stats(&r.cells[1]);
	savings_step_judge(&s, 32 * MIB, &r.cells[0], &r.cells[1], &opts);
	cr_assert_eq(s.steps[0].trials, 9);
	cr_assert_eq(s.steps[0].verdict, STEP_PASS);
	results_free(&r);
}
