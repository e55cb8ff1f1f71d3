/* --min-trials: the looks' level, against the exact rank test and against simulated runs
 * decided the way a real run decides (sequential_decided on its cells), with no difference
 * and with one. */
#include <criterion/criterion.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <math.h>

#include "runner/result/sequential.h"

#define RUNS 1500

Test(sequential, sizes_it_cannot_look_at_have_no_level)
{
	cr_assert(isnan(sequential_level(1, 10, 0.05)), "one trial a side has no rank test");
	cr_assert(isnan(sequential_level(6, 5, 0.05)), "min above max");
	cr_assert(isnan(sequential_level(3, SEQUENTIAL_MAX + 1, 0.05)));
	cr_assert(isnan(sequential_level(3, 10, 0)));
	cr_assert(isnan(sequential_level(3, 10, 1)));
	cr_assert_not(isnan(sequential_level(2, SEQUENTIAL_MAX, 0.05)), "the bounds themselves");
}

/* One look decides as alpha does: at 5 a side the exact p steps 0.0079, 0.0159, 0.0317,
 * 0.0556, so p < 0.05 and p < level take the same three; never above alpha. */
Test(sequential, one_look_decides_as_alpha_alone)
{
	double level = sequential_level(5, 5, 0.05);

	cr_assert_gt(level, 0.0317, "%g", level);
	cr_assert_leq(level, 0.05, "%g", level);
	cr_assert_leq(sequential_level(20, 20, 0.05), 0.05);
}

/* More looks, a lower level: Pocock's constant boundary for 18 looks is about 0.011 under the
 * normal approximation; the rank test's steps put it near. */
Test(sequential, more_looks_a_lower_level)
{
	double many = sequential_level(3, 20, 0.05), some = sequential_level(10, 20, 0.05),
	       one = sequential_level(20, 20, 0.05);

	cr_assert(many > 0.008 && many < 0.016, "3..20: %g", many);
	cr_assert_lt(many, some, "%g %g", many, some);
	cr_assert_lt(some, one, "%g %g", some, one);
	cr_assert_lt(sequential_level(3, 20, 0.01), many, "a lower alpha, a lower level");
}

struct pair {
	struct results r;
	gsl_rng *rng;
};

static void pair_init(struct pair *p, unsigned long seed)
{
	results_init(&p->r);
	for (int i = 0; i < 2; i++) {
		struct result_cell *c = results_add_cell(&p->r);
		snprintf(c->label, sizeof(c->label), "zram%d", i);
		snprintf(c->backend, sizeof(c->backend), "zram");
		c->jobs = 1;
	}
	p->rng = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(p->rng, seed);
}

static void pair_free(struct pair *p)
{
	results_free(&p->r);
	gsl_rng_free(p->rng);
}

/* One round: a trial of each cell, the second `effect` times the first, 5% noise. */
static void round_of(struct pair *p, double effect)
{
	for (int i = 0; i < 2; i++) {
		struct trial *t = cell_add_trial(&p->r.cells[i]);
		t->index = (unsigned)p->r.cells[i].ntrials;
		trial_set(t, M_ELAPSED, (i ? effect : 1) * exp(gsl_ran_gaussian(p->rng, 0.05)));
		cell_update_stats(&p->r.cells[i]);
	}
}

/* A run with looks from min to max trials a side at this level: the round that decided, or 0. */
static unsigned one_run(unsigned long seed, unsigned min, unsigned max, double level, double effect)
{
	struct compare_opts o = { .alpha = 0.05, .noise_pct = 0, .resamples = 50 };
	struct pair p;
	unsigned decided = 0;

	pair_init(&p, seed);
	for (unsigned k = 1; k <= max && !decided; k++) {
		round_of(&p, effect);
		if (k >= min && sequential_decided(&p.r.cells[0], &p.r.cells[1], level, &o) == 1)
			decided = k;
	}
	pair_free(&p);
	return decided;
}

/* With no difference, some look decides in at most alpha of the runs (its standard error at
 * 1500 runs: 0.0056); looking as often at alpha itself decides in far more. */
Test(sequential, with_no_difference_the_looks_keep_alpha, .timeout = 120)
{
	double level = sequential_level(4, 12, 0.05);
	unsigned held = 0, naive = 0;

	for (unsigned long s = 1; s <= RUNS; s++) {
		held += one_run(s, 4, 12, level, 1.0) > 0;
		naive += one_run(s, 4, 12, 0.05, 1.0) > 0;
	}
	cr_assert_leq((double)held / RUNS, 0.05 + 2 * 0.0056, "%u of %d at p < %g", held, RUNS,
		      level);
	cr_assert_geq((double)naive / RUNS, 1.5 * 0.05, "%u of %d at p < 0.05 every look", naive,
		      RUNS);
}

/* A 20% difference in 5% noise: told apart at the first look that can, long before the most. */
Test(sequential, a_clear_difference_stops_early)
{
	double level = sequential_level(3, 20, 0.05);
	unsigned sum = 0;

	for (unsigned long s = 1; s <= 50; s++) {
		unsigned k = one_run(s, 3, 20, level, 1.2);
		cr_assert_gt(k, 0, "run %lu never told apart", s);
		sum += k;
	}
	cr_assert_leq(sum / 50.0, 8, "mean round %g", sum / 50.0);
}

/* The rounds before min are never looked at: a difference decided at 3 waits for 6. */
Test(sequential, no_look_before_min)
{
	cr_assert_geq(one_run(7, 6, 20, sequential_level(6, 20, 0.05), 2.0), 6);
	cr_assert_eq(one_run(7, 6, 6, sequential_level(6, 6, 0.05), 1.0), 0, "no difference");
}
