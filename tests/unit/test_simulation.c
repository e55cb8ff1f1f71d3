/* Every decision path, simulated: under no difference, how often does it call one (at most 5%
 * of at least 1,000 pairs), and how often does it find a real +10% (its power at the
 * defaults: 5 trials, alpha 0.05, a 2% noise threshold)?
 *
 * The noise model has what a real machine has and a model of trials alone lacks: each run's
 * level drawn anew (log-normal, its spread itself drawn from 10% to 25% per simulated pair),
 * and the trials of a run around that level with a 2% spread. Two cells of one run share its
 * level (their trials interleave); two runs do not. A fixed seed makes every number the same on
 * every machine; the bootstrap takes 500 resamples instead of 10,000 to keep the suite fast,
 * which moves an interval's ends by a fraction of a percent and no decision's path.
 *
 * The rates are printed ("simulation: ...") for the README. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "runner/report/report.h"
#include "runner/result/group.h"
#include "runner/result/results.h"
#include "tools.h"

#define PAIRS 1000
#define TRIALS 5
#define WITHIN 0.02
#define EFFECT 1.10
#define RESAMPLES 500
/* Between runs the trials' bootstrap only describes: the run test decides. */
#define RESAMPLES_BETWEEN 50
#define CALIBRATION_RUNS 5
#define SEED 22

static const struct compare_opts within_run = { .alpha = 0.05,
						.noise_pct = 2,
						.resamples = RESAMPLES };

struct machine {
	gsl_rng *rng;
	double run_sd; /* this pair's spread of run levels, in logs */
};

static struct machine machine_new(void)
{
	struct machine m = { gsl_rng_alloc(gsl_rng_mt19937), 0 };

	gsl_rng_set(m.rng, SEED);
	return m;
}

/* A new pair of sides on a machine whose runs spread by 10% to 25%. */
static void next_pair(struct machine *m)
{
	m->run_sd = gsl_ran_flat(m->rng, 0.10, 0.25);
}

static double run_level(struct machine *m)
{
	return exp(gsl_ran_gaussian(m->rng, m->run_sd));
}

/* TRIALS trials of a cell in run `run` at level `level` times `effect`. */
static void add_trials(struct machine *m, struct result_cell *c, unsigned run, double level,
		       double effect)
{
	for (size_t i = 0; i < TRIALS; i++) {
		struct trial *t = cell_add_trial(c);
		t->index = (unsigned)c->ntrials;
		t->run = run;
		trial_set(t, M_ELAPSED, level * effect * exp(gsl_ran_gaussian(m->rng, WITHIN)));
	}
}

static struct result_cell *new_cell(struct results *r, const char *label)
{
	struct result_cell *c = results_add_cell(r);

	snprintf(c->label, sizeof(c->label), "%s", label);
	snprintf(c->backend, sizeof(c->backend), "zram");
	c->jobs = (unsigned)r->ncells;
	return c;
}

/* A run's file: one cell "zram" at this run's level. */
static void one_run(struct machine *m, struct results *r, const char *host, double effect)
{
	results_init(r);
	snprintf(r->system.hostname, sizeof(r->system.hostname), "%s", host);
	add_trials(m, new_cell(r, "zram"), 0, run_level(m), effect);
	cell_update_stats(&r->cells[0]);
}

static int finds(const struct metric_comparison *mc)
{
	return mc[M_ELAPSED].sig == SIG_SIGNIFICANT;
}

static void say(const char *path, const char *what, double rate)
{
	fprintf(stderr, "simulation: %-46s %-26s %5.1f%%\n", path, what, 100 * rate);
}

/* One run, two cells: what show and the run's own answer decide. */
static double one_run_verdict(double effect)
{
	struct machine m = machine_new();
	struct metric_comparison mc[M_COUNT];
	size_t found = 0;

	for (size_t i = 0; i < PAIRS; i++) {
		struct results r;
		double level;
		next_pair(&m);
		level = run_level(&m);
		results_init(&r);
		add_trials(&m, new_cell(&r, "disk"), 0, level, 1);
		add_trials(&m, new_cell(&r, "zram"), 0, level, effect);
		cell_update_stats(&r.cells[0]);
		cell_update_stats(&r.cells[1]);
		cr_assert_eq(compare_cells(&r.cells[0], &r.cells[1], &within_run, mc), 0);
		found += finds(mc);
		results_free(&r);
	}
	gsl_rng_free(m.rng);
	return (double)found / PAIRS;
}

Test(simulation, one_runs_verdict)
{
	double fp = one_run_verdict(1), power = one_run_verdict(EFFECT);

	say("one run, two cells (show)", "false positives", fp);
	say("one run, two cells (show)", "power at +10%", power);
	cr_expect_leq(fp, 0.05);
	cr_expect_geq(power, 0.80, "within a run +10%% against 2%% noise is plain");
}

/* The spread of K calibration runs' medians on this machine, in logs. */
static double calibrate(struct machine *m)
{
	double logs[CALIBRATION_RUNS], mean = 0, ss = 0;

	for (size_t k = 0; k < CALIBRATION_RUNS; k++) {
		struct results r;
		one_run(m, &r, "h", 1);
		mean += (logs[k] = log(r.cells[0].stats[M_ELAPSED].median)) / CALIBRATION_RUNS;
		results_free(&r);
	}
	for (size_t k = 0; k < CALIBRATION_RUNS; k++)
		ss += (logs[k] - mean) * (logs[k] - mean);
	return sqrt(ss / (CALIBRATION_RUNS - 1));
}

/* Two files, one run each: as compare decides them, with or without a calibration. */
static double two_files(double effect, int calibrated)
{
	struct machine m = machine_new();
	struct metric_comparison mc[M_COUNT];
	double sd[M_COUNT], df[M_COUNT];
	struct compare_opts o = within_run;
	size_t found = 0;

	o.between_runs = 1;
	o.resamples = RESAMPLES_BETWEEN;
	o.resamples = RESAMPLES_BETWEEN;
	if (calibrated) {
		o.run_sd_log = sd;
		o.run_df = df;
	}
	for (size_t i = 0; i < PAIRS; i++) {
		struct results a, b;
		next_pair(&m);
		for (int k = 0; k < M_COUNT; k++) {
			sd[k] = NAN;
			df[k] = 0;
		}
		sd[M_ELAPSED] = calibrated ? calibrate(&m) : NAN;
		df[M_ELAPSED] = CALIBRATION_RUNS - 1;
		one_run(&m, &a, "h", 1);
		one_run(&m, &b, "h", effect);
		cr_assert_eq(compare_cells(&a.cells[0], &b.cells[0], &o, mc), 0);
		cr_assert_eq(mc[M_ELAPSED].by, calibrated ? BY_CALIBRATION : BY_NOTHING);
		found += finds(mc);
		results_free(&a);
		results_free(&b);
	}
	gsl_rng_free(m.rng);
	return (double)found / PAIRS;
}

Test(simulation, two_files_one_run_each)
{
	double fp = two_files(1, 0), power = two_files(EFFECT, 0);

	say("two files, one run each, no calibration", "false positives", fp);
	say("two files, one run each, no calibration", "power at +10%", power);
	cr_expect_eq(fp, 0, "no test on the trials' spread alone");
	fp = two_files(1, 1);
	power = two_files(EFFECT, 1);
	say("two files, one run each, calibrated (5 runs)", "false positives", fp);
	say("two files, one run each, calibrated (5 runs)", "power at +10%", power);
	cr_expect_leq(fp, 0.05);
}

/* Several runs a side, pooled by compare --group-by host: the runs' medians are the unit. */
static double runs_per_side(size_t runs, double effect)
{
	struct machine m = machine_new();
	struct metric_comparison mc[M_COUNT];
	struct compare_opts o = within_run;
	size_t found = 0;

	o.between_runs = 1;
	o.resamples = RESAMPLES_BETWEEN;
	for (size_t i = 0; i < PAIRS; i++) {
		struct result_groups gs = { .by = GROUP_HOST };
		next_pair(&m);
		for (size_t k = 0; k < 2 * runs; k++) {
			struct results r;
			one_run(&m, &r, k % 2 ? "b" : "a", k % 2 ? effect : 1);
			cr_assert_eq(groups_add(&gs, &r), 0);
			results_free(&r);
		}
		groups_finish(&gs);
		cr_assert_eq(gs.n, 2);
		cr_assert_eq(compare_cells(&gs.g[0].r.cells[0], &gs.g[1].r.cells[0], &o, mc), 0);
		cr_assert_eq(mc[M_ELAPSED].by, BY_RUNS);
		cr_assert_eq(mc[M_ELAPSED].runs.runs_base, runs);
		found += finds(mc);
		groups_free(&gs);
	}
	gsl_rng_free(m.rng);
	return (double)found / PAIRS;
}

Test(simulation, several_runs_per_side)
{
	static const size_t sizes[] = { 3, 5 };

	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		char path[64];
		double fp = runs_per_side(sizes[i], 1), power = runs_per_side(sizes[i], EFFECT);
		snprintf(path, sizeof(path), "%zu runs a side (compare --group-by)", sizes[i]);
		say(path, "false positives", fp);
		say(path, "power at +10%", power);
		cr_expect_leq(fp, 0.05, "%zu runs a side", sizes[i]);
	}
}

/* A sweep of four cells in one run, as show prints it: a finding is a starred row or a claim
 * that a cell beat every other. */
static int sweep_finds(const struct results *r, int *best)
{
	struct report_opts o = { .cmp = within_run, .render = { .format = FORMAT_CSV } };
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	int any;

	cr_assert_eq(answer_sweep(r, &o, f), 0);
	fclose(f);
	any = strstr(text, ",*,") || strstr(text, "ahead of every other cell");
	*best = strstr(text, "fastest: fast") && strstr(text, "ahead of every other cell");
	free(text);
	return any;
}

static double sweep(double effect, double *claimed)
{
	struct machine m = machine_new();
	size_t found = 0, best = 0;

	for (size_t i = 0; i < PAIRS; i++) {
		struct results r;
		double level;
		int said;
		next_pair(&m);
		level = run_level(&m);
		results_init(&r);
		for (size_t c = 0; c < 4; c++)
			add_trials(&m, new_cell(&r, c == 2 ? "fast" : "cell"), 0, level,
				   c == 2 ? 1 / effect : 1);
		for (size_t c = 0; c < 4; c++)
			cell_update_stats(&r.cells[c]);
		found += sweep_finds(&r, &said);
		best += (size_t)said;
		results_free(&r);
	}
	gsl_rng_free(m.rng);
	*claimed = (double)best / PAIRS;
	return (double)found / PAIRS;
}

Test(simulation, a_sweep_of_four_cells)
{
	double claimed, fp = sweep(1, &claimed), power;

	say("sweep of 4 cells, one run", "any finding (rows, best)", fp);
	cr_expect_leq(fp, 0.05);
	power = sweep(EFFECT, &claimed);
	say("sweep of 4 cells, one 10% faster", "'fastest' claimed", claimed);
	say("sweep of 4 cells, one 10% faster", "any finding", power);
	cr_expect_geq(claimed, 0.5, "the fastest cell is named at the defaults");
}
