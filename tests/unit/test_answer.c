/* The answer of a run and of compare (result/answer.c, result/files_answer.c): which cells are
 * compared with which, that every pair of an answer shares one family per metric, the claims
 * of a sweep, a device's leaders and calls, which decisions a view is given; and what makes two
 * files one run. */
#include <criterion/criterion.h>
#include <json.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/result/answer.h"
#include "runner/result/calibration.h"
#include "runner/result/config_diff.h"
#include "runner/result/files_answer.h"
#include "runner/result/results.h"

/* A cell labelled label of n trials of m at values v (and nothing else). */
static struct result_cell *cell_of(struct results *r, const char *label, enum metric_id m,
				   const double *v, size_t n)
{
	struct result_cell *c = results_add_cell(r);

	cr_assert_not_null(c);
	snprintf(c->label, sizeof(c->label), "%s", label);
	for (size_t i = 0; i < n; i++) {
		struct trial *t = cell_add_trial(c);
		cr_assert_not_null(t);
		t->status = TRIAL_OK;
		trial_set(t, m, v[i]);
	}
	cell_update_stats(c);
	return c;
}

static void run_init(struct results *r, const char *target)
{
	results_init(r);
	r->config = json_object_new_object();
	if (target)
		json_object_object_add(r->config, "target", json_object_new_string(target));
	snprintf(r->system.kernel, sizeof(r->system.kernel), "6.18.0");
	snprintf(r->system.hostname, sizeof(r->system.hostname), "h");
	snprintf(r->started, sizeof(r->started), "2026-12-03T12:00:00Z");
}

static const struct compare_opts opts = { .alpha = 0.05, .noise_pct = 2 };

static const double base5[] = { 1.00, 1.01, 0.99, 1.005, 0.995 };
static const double slow5[] = { 1.10, 1.111, 1.089, 1.1055, 1.0945 };

Test(answer, two_cells_are_one_pair_the_second_against_the_first)
{
	struct results r;
	struct answer a;
	const struct answer_pair *p;

	run_init(&r, NULL);
	cell_of(&r, "disk", M_ELAPSED, base5, 5);
	cell_of(&r, "zram", M_ELAPSED, slow5, 5);
	cr_assert_eq(answer_compute(&r, &opts, &a), 0);
	cr_assert_eq(a.kind, ANSWER_PAIR);
	cr_assert_eq(a.npairs, 1);
	p = answer_pair_of(&a, ROLE_PAIR, 1);
	cr_assert(p && p->ref == 0 && p->cell == 1);
	cr_assert_null(answer_pair_of(&a, ROLE_PAIR, 0));
	cr_assert_float_eq(p->mc[M_ELAPSED].est.p, 2.0 / 252, 1e-12, "alone in its family");
	cr_assert_eq(p->mc[M_ELAPSED].sig, SIG_SIGNIFICANT);
	cr_assert_eq(a.primary, M_ELAPSED);
	answer_free(&a);
	results_free(&r);
}

/* One cell: nothing to compare; none: the same. */
Test(answer, one_cell_has_no_pair)
{
	struct results r;
	struct answer a;

	run_init(&r, NULL);
	cr_assert_eq(answer_compute(&r, &opts, &a), 0);
	cr_assert_eq(a.kind, ANSWER_NONE);
	cell_of(&r, "disk", M_ELAPSED, base5, 5);
	answer_free(&a);
	cr_assert_eq(answer_compute(&r, &opts, &a), 0);
	cr_assert_eq(a.kind, ANSWER_NONE);
	cr_assert_eq(a.npairs, 0);
	answer_free(&a);
	results_free(&r);
}

/* A sweep's rows share one family: three cells as slow as one another against the first, each
 * p = 2/252 raw, are Holm-adjusted to 3 x, 2 x, 1 x in order, the running maximum making all
 * 3 x 2/252; the same decisions the summary table, -v and the file render. */
Test(answer, a_sweep_corrects_its_rows_as_one_family)
{
	struct results r;
	struct answer a;

	run_init(&r, NULL);
	cell_of(&r, "first", M_ELAPSED, base5, 5);
	cell_of(&r, "b", M_ELAPSED, slow5, 5);
	cell_of(&r, "c", M_ELAPSED, slow5, 5);
	cell_of(&r, "d", M_ELAPSED, slow5, 5);
	cr_assert_eq(answer_compute(&r, &opts, &a), 0);
	cr_assert_eq(a.kind, ANSWER_SWEEP);
	cr_assert_eq(a.npairs, 3);
	for (size_t i = 1; i < 4; i++) {
		const struct answer_pair *p = answer_pair_of(&a, ROLE_VS_FIRST, i);
		cr_assert(p && p->ref == 0, "cell %zu against the first", i);
		cr_assert_float_eq(p->mc[M_ELAPSED].p_raw, 2.0 / 252, 1e-12);
		cr_assert_float_eq(p->mc[M_ELAPSED].est.p, 3 * 2.0 / 252, 1e-12);
		cr_assert_eq(p->mc[M_ELAPSED].sig, SIG_SIGNIFICANT);
	}
	answer_free(&a);
	results_free(&r);
}

/* Eight rows: 8 x 2/252 = 0.063 is above alpha, so no row can be a finding, though each alone
 * would be: the sweep's family decides, as the summary table says "Holm over the 8 rows". */
Test(answer, many_rows_cost_each_its_share_of_alpha)
{
	struct results r;
	struct answer a;

	run_init(&r, NULL);
	cell_of(&r, "first", M_ELAPSED, base5, 5);
	for (int i = 0; i < 8; i++)
		cell_of(&r, "slow", M_ELAPSED, slow5, 5);
	cr_assert_eq(answer_compute(&r, &opts, &a), 0);
	for (size_t i = 1; i < 9; i++) {
		const struct metric_comparison *mc = &answer_pair_of(&a, ROLE_VS_FIRST, i)->mc[0];
		cr_assert_not(mc[M_ELAPSED].est.testable, "row %zu", i);
		cr_assert_eq(mc[M_ELAPSED].sig, SIG_NOT_TESTABLE_DIFFERENT);
	}
	answer_free(&a);
	results_free(&r);
}

/* The claims: the fastest of three, each rival at 2 alpha / 3; the leader is the best median
 * whatever the order; a rival as fast as the leader stops the claim, and is named. */
Test(answer, a_sweep_claims_the_fastest_only_ahead_of_every_other)
{
	static const double fast10[] = { 0.80,	0.81,  0.79,  0.805, 0.795,
					 0.802, 0.798, 0.801, 0.799, 0.803 };
	static const double base10[] = { 1.00,	1.01,  0.99,  1.005, 0.995,
					 1.002, 0.998, 1.001, 0.999, 1.003 };
	struct results r;
	struct answer a;
	const struct answer_claim *cl;

	run_init(&r, NULL);
	cell_of(&r, "a", M_ELAPSED, base10, 10);
	cell_of(&r, "fast", M_ELAPSED, fast10, 10);
	cell_of(&r, "b", M_ELAPSED, base10, 10);
	cr_assert_eq(answer_compute(&r, &opts, &a), 0);
	cl = &a.claims[CLAIM_BEST];
	cr_assert_eq(cl->leader, 1);
	cr_assert_eq(cl->competing, 3);
	cr_assert_float_eq(cl->pair_alpha, 2 * 0.05 / 3, 1e-12);
	cr_assert(cl->holds);
	cr_assert_eq(cl->rival, -1);
	cr_assert(cl->vs[0].have && cl->vs[2].have && !cl->vs[1].have);
	cr_assert_float_eq(cl->worst_p, fmax(cl->vs[0].est.p, cl->vs[2].est.p), 1e-15);
	cr_assert_eq(a.claims[CLAIM_LEAST_RAM].leader, -1, "no cell holds RAM");
	answer_free(&a);
	/* A second cell as fast: the claim fails against it. */
	cell_of(&r, "fast too", M_ELAPSED, fast10, 10);
	cr_assert_eq(answer_compute(&r, &opts, &a), 0);
	cl = &a.claims[CLAIM_BEST];
	cr_assert_float_eq(cl->pair_alpha, 2 * 0.05 / 4, 1e-12);
	cr_assert_not(cl->holds);
	cr_assert_eq(cl->rival, 3, "the rival not beaten is the one as fast");
	answer_free(&a);
	results_free(&r);
}

/* At 3 trials a side no rival test can reach 2 alpha / 3 (the smallest p is 0.1): ranges
 * apart in every trial are no claim. */
Test(answer, a_claim_needs_its_rivals_tested)
{
	static const double fast3[] = { 0.50, 0.51, 0.49 };
	struct results r;
	struct answer a;

	run_init(&r, NULL);
	cell_of(&r, "a", M_ELAPSED, base5, 3);
	cell_of(&r, "fast", M_ELAPSED, fast3, 3);
	cell_of(&r, "b", M_ELAPSED, base5, 3);
	cr_assert_eq(answer_compute(&r, &opts, &a), 0);
	cr_assert_eq(a.claims[CLAIM_BEST].leader, 1);
	cr_assert_eq(a.claims[CLAIM_BEST].vs[0].sig, SIG_NOT_TESTABLE_DIFFERENT);
	cr_assert_not(a.claims[CLAIM_BEST].holds, "apart but untested is not beaten");
	cr_assert_neq(a.claims[CLAIM_BEST].rival, -1);
	answer_free(&a);
	results_free(&r);
}

/* The least RAM of a sweep where one cell alone holds any (zram among disks): no claim, as a
 * best of one is no finding. */
Test(answer, a_claim_of_the_only_one_is_none)
{
	static const double ram[] = { 30e6, 30.1e6, 29.9e6, 30.05e6, 29.95e6 };
	struct results r;
	struct answer a;
	struct result_cell *z;

	run_init(&r, NULL);
	cell_of(&r, "disk", M_ELAPSED, base5, 5);
	z = cell_of(&r, "zram", M_ELAPSED, slow5, 5);
	cell_of(&r, "disk 2", M_ELAPSED, base5, 5);
	for (size_t i = 0; i < 5; i++) {
		trial_set(&z->trials[i], M_SWAP_RAM, ram[i]);
		/* disk holds none: a 0 that must not compete for the least */
		trial_set(&r.cells[0].trials[i], M_SWAP_RAM, 0);
		trial_set(&r.cells[2].trials[i], M_SWAP_RAM, 0);
	}
	for (size_t i = 0; i < 3; i++)
		cell_update_stats(&r.cells[i]);
	cr_assert_eq(answer_compute(&r, &opts, &a), 0);
	cr_assert_eq(a.claims[CLAIM_LEAST_RAM].competing, 1);
	cr_assert_eq(a.claims[CLAIM_LEAST_RAM].leader, -1);
	cr_assert_not(a.claims[CLAIM_LEAST_RAM].holds);
	answer_free(&a);
	results_free(&r);
}

/* Where more is better (a service's throughput) the leader is the most, and so named. */
Test(answer, the_best_of_a_throughput_is_the_most)
{
	static const double lo[] = { 100, 101, 99, 100.5, 99.5 };
	static const double hi[] = { 150, 151, 149, 150.5, 149.5 };
	struct results r;
	struct answer a;
	char name[48];

	run_init(&r, NULL);
	cell_of(&r, "a", M_THROUGHPUT, lo, 5);
	cell_of(&r, "b", M_THROUGHPUT, hi, 5);
	cell_of(&r, "c", M_THROUGHPUT, lo, 5);
	cr_assert_eq(answer_compute(&r, &opts, &a), 0);
	cr_assert_eq(a.primary, M_THROUGHPUT);
	cr_assert_eq(a.claims[CLAIM_BEST].leader, 1);
	cr_assert_str_eq(answer_claim_name(&a, CLAIM_BEST, name, sizeof(name)), "most throughput");
	cr_assert_str_eq(answer_claim_name(&a, CLAIM_LEAST_CPU, name, sizeof(name)), "least CPU");
	cr_assert_str_eq(answer_claim_name(&a, CLAIM_LEAST_RAM, name, sizeof(name)),
			 "least RAM for swap");
	answer_free(&a);
	results_free(&r);
}

/* A file's views decide with the alpha and threshold it ran with, unless told otherwise. */
Test(answer, a_file_is_decided_with_its_own_alpha_unless_given)
{
	struct results r;
	struct compare_opts given = { .alpha = 0.05, .noise_pct = 2, .resamples = 7 }, o;

	results_init(&r);
	r.alpha = 0.001;
	r.noise_pct = 5;
	o = answer_opts(&r, &given, 0, 0);
	cr_assert_float_eq(o.alpha, 0.001, 0);
	cr_assert_float_eq(o.noise_pct, 5, 0);
	cr_assert_eq(o.resamples, 7, "the rest is the caller's");
	o = answer_opts(&r, &given, 1, 0);
	cr_assert_float_eq(o.alpha, 0.05, 0);
	cr_assert_float_eq(o.noise_pct, 5, 0);
	o = answer_opts(&r, &given, 0, 1);
	cr_assert_float_eq(o.alpha, 0.001, 0);
	cr_assert_float_eq(o.noise_pct, 2, 0);
	r.alpha = 1.5; /* a file's nonsense keeps the caller's */
	cr_assert_float_eq(answer_opts(&r, &given, 0, 0).alpha, 0.05, 0);
	r.noise_pct = 0;
	cr_assert_float_eq(answer_opts(&r, &given, 0, 0).noise_pct, 0, 0,
			   "a threshold of 0 is one");
	results_free(&r);
}

/* io_bw is read_bw + write_bw, either alone in a one-way mode, absent without both. */
Test(answer, io_bw_is_what_the_job_moved_both_ways)
{
	struct results r;
	struct result_cell *c;
	struct trial *t;

	run_init(&r, "block");
	c = results_add_cell(&r);
	t = cell_add_trial(c);
	t->status = TRIAL_OK;
	trial_set(t, M_READ_BW, 300);
	trial_set(t, M_WRITE_BW, 100);
	t = cell_add_trial(c);
	t->status = TRIAL_OK;
	trial_set(t, M_READ_BW, 250);
	t = cell_add_trial(c);
	t->status = TRIAL_OK;
	trial_set(t, M_ELAPSED, 1);
	cell_update_stats(c);
	cr_assert_float_eq(c->trials[0].value[M_IO_BW], 400, 0);
	cr_assert_float_eq(c->trials[1].value[M_IO_BW], 250, 0);
	cr_assert_not(c->trials[2].have[M_IO_BW]);
	cr_assert_eq(c->stats[M_IO_BW].n, 2);
	cr_assert_eq(cell_primary(c), M_IO_BW, "a block device is judged by it");
	results_free(&r);
}

static struct result_cell *block_cell(struct results *r, const char *label, unsigned jobs,
				      const char *mode, const double *bw, size_t n)
{
	struct result_cell *c = cell_of(r, label, M_READ_BW, bw, n);

	c->jobs = jobs;
	snprintf(c->mode, sizeof(c->mode), "%s", mode);
	return c;
}

/* Each cell against the best of its jobs and mode, never of another row; the first on a tie. */
Test(answer, a_block_cell_is_compared_with_the_best_of_its_row)
{
	static const double lo[] = { 100, 101, 99, 100.5, 99.5 };
	static const double hi[] = { 150, 151, 149, 150.5, 149.5 };
	static const double top[] = { 900, 901, 899, 900.5, 899.5 };
	struct results r;
	struct answer a;
	const struct answer_pair *p;

	run_init(&r, "block");
	block_cell(&r, "disk jobs=1 seq-read", 1, "seq-read", lo, 5);
	block_cell(&r, "zram jobs=1 seq-read", 1, "seq-read", hi, 5);
	block_cell(&r, "disk jobs=2 seq-read", 2, "seq-read", top, 5);
	block_cell(&r, "zram jobs=2 seq-read", 2, "seq-read", top, 5);
	block_cell(&r, "zram jobs=1 rand-read", 1, "rand-read", lo, 5);
	cr_assert_eq(answer_best_of_row(&r, 0), 1);
	cr_assert_eq(answer_best_of_row(&r, 1), 1);
	cr_assert_eq(answer_best_of_row(&r, 3), 2, "the first on a tie");
	cr_assert_eq(answer_best_of_row(&r, 4), 4, "alone in its row");
	cr_assert_eq(answer_compute(&r, &opts, &a), 0);
	cr_assert_eq(a.kind, ANSWER_BLOCK);
	cr_assert_eq(a.npairs, 2, "one pair per row with a rival");
	p = answer_pair_of(&a, ROLE_VS_BEST, 0);
	cr_assert(p && p->ref == 1);
	cr_assert_eq(p->mc[M_IO_BW].family, FAMILY_PRIMARY);
	cr_assert_float_eq(p->mc[M_IO_BW].est.change_pct, 100 * (100.0 / 150 - 1), 1e-9);
	cr_assert(answer_pair_of(&a, ROLE_VS_BEST, 3) && !answer_pair_of(&a, ROLE_VS_BEST, 4));
	answer_free(&a);
	results_free(&r);
}

/* A leader is only as far ahead as its closest doubt: ahead of one rival for sure, close to
 * another, the call is "close". */
Test(answer, a_call_is_the_weakest_of_its_rivals)
{
	struct answer_pair ahead = { 0 }, close = { 0 }, untested = { 0 };
	const struct answer_pair *rivals[3] = { &ahead, &close, &untested };
	struct call c;

	ahead.mc[M_IO_BW] = (struct metric_comparison){ .have = 1,
							.sig = SIG_SIGNIFICANT,
							.est = { -40, -45, -35, 0.004, 1, 0 } };
	close.mc[M_IO_BW] = (struct metric_comparison){ .have = 1,
							.sig = SIG_NOT_TESTABLE_SAME,
							.est = { -1, -5, 3, 0.5, 0, 1 } };
	c = answer_call_of(rivals, 1, M_IO_BW);
	cr_assert_eq(c.call, CALL_AHEAD);
	cr_assert_eq(c.about, &ahead);
	cr_assert_float_eq(c.largest_p, 0.004, 0);
	c = answer_call_of(rivals, 3, M_IO_BW);
	cr_assert_eq(c.call, CALL_CLOSE);
	cr_assert_eq(c.about, &close);
	cr_assert_eq(c.tested, 2, "a rival without the metric is none");
	cr_assert_float_eq(c.largest_p, 0.5, 0);
	/* Significant the wrong way (the rival ahead): not a call for the leader. */
	ahead.mc[M_IO_BW].est = (struct estimate){ 40, 35, 45, 0.004, 1, 0 };
	cr_assert_eq(answer_call_of(rivals, 1, M_IO_BW).call, CALL_NONE);
	/* Less is better for a time: behind means longer. */
	ahead.mc[M_FS_TOTAL_TIME] = ahead.mc[M_IO_BW];
	cr_assert_eq(answer_call_of(rivals, 1, M_FS_TOTAL_TIME).call, CALL_AHEAD);
	close.mc[M_FS_TOTAL_TIME] = (struct metric_comparison){
		.have = 1, .sig = SIG_NOT_TESTABLE_DIFFERENT, .est = { 30, NAN, NAN, NAN, 0, 0 }
	};
	cr_assert_eq(answer_call_of(rivals + 1, 1, M_FS_TOTAL_TIME).call, CALL_APART);
	cr_assert_eq(answer_call_of(rivals + 2, 1, M_IO_BW).call, CALL_ALONE);
}

/* Two modes: most of the new cell's trials are faster, its median slower. The words follow
 * the median ("slower"); a Mann-Whitney U that leans the other way is no evidence for them. */
Test(answer, a_p_never_leans_against_its_words)
{
	static const double base[] = { 1.00, 1.00, 1.00, 1.00, 1.00, 1.00, 1.00, 1.00, 1.00 };
	static const double bimodal[] = { 0.5, 0.5, 0.5, 0.5, 1.2, 1.2, 1.2, 1.2, 1.2 };
	struct results r;
	struct answer a;
	const struct metric_comparison *mc;

	run_init(&r, NULL);
	cell_of(&r, "base", M_ELAPSED, base, 9);
	cell_of(&r, "new", M_ELAPSED, bimodal, 9);
	cr_assert_eq(answer_compute(&r, &opts, &a), 0);
	mc = &a.pairs[0].mc[M_ELAPSED];
	cr_assert_gt(mc->est.change_pct, 0, "the median is slower");
	cr_assert_eq(mc->ts.mwu_direction, 1, "ranks: 5 of 9 above");
	cr_assert_float_eq(mc->est.p, mc->ts.p_mwu, 1e-12, "U leans the median's way here");
	answer_free(&a);
	results_free(&r);
	run_init(&r, NULL);
	cell_of(&r, "base", M_ELAPSED, base, 9);
	cell_of(&r, "new", M_ELAPSED, (double[]){ 0.5, 0.5, 0.5, 0.5, 0.5, 1.2, 1.2, 1.2, 1.2 }, 9);
	cr_assert_eq(answer_compute(&r, &opts, &a), 0);
	mc = &a.pairs[0].mc[M_ELAPSED];
	cr_assert_lt(mc->est.change_pct, 0, "the median is faster");
	cr_assert_float_eq(mc->est.p, mc->ts.p_mwu, 1e-12);
	answer_free(&a);
	results_free(&r);
	/* The median up by a hair, the ranks down: U's p is for the other direction. */
	run_init(&r, NULL);
	cell_of(&r, "base", M_ELAPSED, (double[]){ 1.0, 1.0, 1.0, 1.0, 1.0 }, 5);
	cell_of(&r, "new", M_ELAPSED, (double[]){ 0.1, 0.1, 1.01, 1.02, 1.03 }, 5);
	cr_assert_eq(answer_compute(&r, &opts, &a), 0);
	mc = &a.pairs[0].mc[M_ELAPSED];
	cr_assert_gt(mc->est.change_pct, 0);
	cr_assert_eq(mc->ts.mwu_direction, 1);
	answer_free(&a);
	results_free(&r);
	run_init(&r, NULL);
	cell_of(&r, "base", M_ELAPSED, (double[]){ 1.0, 1.0, 1.0, 1.0, 1.0 }, 5);
	cell_of(&r, "new", M_ELAPSED, (double[]){ 0.1, 0.1, 0.2, 1.02, 1.03 }, 5);
	cr_assert_eq(answer_compute(&r, &opts, &a), 0);
	mc = &a.pairs[0].mc[M_ELAPSED];
	cr_assert_lt(mc->est.change_pct, 0);
	answer_free(&a);
	results_free(&r);
	run_init(&r, NULL);
	cell_of(&r, "base", M_ELAPSED, (double[]){ 0.985, 0.99, 0.995, 1.0, 1.005, 1.01, 1.015 },
		7);
	cell_of(&r, "new", M_ELAPSED, (double[]){ 0.01, 0.01, 0.01, 1.001, 1.002, 1.003, 1.004 },
		7);
	cr_assert_eq(answer_compute(&r, &opts, &a), 0);
	mc = &a.pairs[0].mc[M_ELAPSED];
	cr_assert_gt(mc->est.change_pct, 0, "median 1.001 against 1.0: slower");
	cr_assert_eq(mc->ts.mwu_direction, -1, "16 of 49 pairs above: U leans faster");
	cr_assert_lt(mc->ts.p_mwu, 1);
	cr_assert_float_eq(mc->est.p, 1.0, 0, "no test of 'slower' in a U that says faster");
	cr_assert_neq(mc->sig, SIG_SIGNIFICANT);
	answer_free(&a);
	results_free(&r);
}

/* One run: the same id, kernel and configuration. A start second and a host name are not
 * enough: two machines named alike start runs in the same second. */
Test(answer, a_run_is_known_by_its_id_kernel_and_configuration)
{
	struct results a, b;

	run_init(&a, NULL);
	run_init(&b, NULL);
	cr_assert(results_same_run(&a, &b), "older files: start, host, kernel, configuration");
	snprintf(b.system.hostname, sizeof(b.system.hostname), "other");
	cr_assert_not(results_same_run(&a, &b));
	snprintf(b.system.hostname, sizeof(b.system.hostname), "h");
	snprintf(b.started, sizeof(b.started), "2026-12-03T12:00:01Z");
	cr_assert_not(results_same_run(&a, &b));
	snprintf(b.started, sizeof(b.started), "%s", a.started);
	a.started[0] = b.started[0] = '\0';
	cr_assert_not(results_same_run(&a, &b), "no start: nothing says they are one");
	snprintf(a.started, sizeof(a.started), "2026-12-03T12:00:00Z");
	snprintf(b.started, sizeof(b.started), "%s", a.started);
	snprintf(a.run_id, sizeof(a.run_id), "0123456789abcdef0123456789abcdef");
	cr_assert_not(results_same_run(&a, &b), "one id against none");
	snprintf(b.run_id, sizeof(b.run_id), "0123456789abcdef0123456789abcdee");
	cr_assert_not(results_same_run(&a, &b), "same second, same host, another id");
	snprintf(b.run_id, sizeof(b.run_id), "%s", a.run_id);
	snprintf(b.started, sizeof(b.started), "2026-12-03T13:00:00Z");
	snprintf(b.system.hostname, sizeof(b.system.hostname), "renamed");
	cr_assert(results_same_run(&a, &b), "the id decides, not the stamp");
	snprintf(b.system.kernel, sizeof(b.system.kernel), "6.12.0");
	cr_assert_not(results_same_run(&a, &b), "one id on two kernels is no run");
	snprintf(b.system.kernel, sizeof(b.system.kernel), "%s", a.system.kernel);
	json_object_object_add(b.config, "swappiness", json_object_new_int(10));
	cr_assert_not(results_same_run(&a, &b), "nor with two configurations");
	json_object_object_add(a.config, "swappiness", json_object_new_double(10.0));
	cr_assert(results_same_run(&a, &b), "10.0 and 10 are one setting (a jq copy)");
	json_object_object_add(a.config, "swappiness", json_object_new_double(10.5));
	cr_assert_not(results_same_run(&a, &b), "10.5 is not 10");
	json_object_object_add(a.config, "swappiness", json_object_new_string("10"));
	cr_assert(results_same_run(&a, &b), "\"10\" and 10 say one thing");
	json_object_object_add(a.config, "page-cluster", json_object_new_int(0));
	cr_assert_not(results_same_run(&a, &b), "an option only one file has");
	cr_assert_not(results_same_run(&b, &a), "either way round");
	results_free(&a);
	results_free(&b);
}

/* What compare calls a difference of configuration: a value, not its spelling. */
Test(answer, a_configuration_differs_by_value_not_spelling)
{
	struct results a, b;
	struct env_difference d[4];

	run_init(&a, NULL);
	run_init(&b, NULL);
	json_object_object_add(a.config, "swap-fraction", json_object_new_double(0.0));
	json_object_object_add(b.config, "swap-fraction", json_object_new_int(0));
	json_object_object_add(a.config, "chunk", json_object_new_int(1048576));
	json_object_object_add(b.config, "chunk", json_object_new_int(65536));
	cr_assert_eq(config_differences(&a, &b, NULL, d, 4), 1);
	cr_assert_str_eq(d[0].fact, "chunk");
	cr_assert_str_eq(d[0].base, "1048576");
	cr_assert_str_eq(d[0].now, "65536");
	results_free(&a);
	results_free(&b);
}

/* The durations compare's command line knows: here two of the option table's three. */
static int test_is_duration(const char *option)
{
	return strcmp(option, "interval") == 0 || strcmp(option, "timeout") == 0;
}

/* A duration is stored in seconds and said with its unit, in milliseconds under a second:
 * --interval's 0.1 is 100 ms, never a bare "0.1". */
Test(answer, a_duration_differs_with_its_unit)
{
	struct results a, b;
	struct env_difference d[4];

	run_init(&a, NULL);
	run_init(&b, NULL);
	json_object_object_add(a.config, "interval", json_object_new_double(0.1));
	json_object_object_add(b.config, "interval", json_object_new_int(0));
	json_object_object_add(a.config, "timeout", json_object_new_int(600));
	json_object_object_add(b.config, "timeout", json_object_new_double(600.0));
	json_object_object_add(a.config, "ready-timeout", json_object_new_double(0.25));
	json_object_object_add(b.config, "ready-timeout", json_object_new_double(2));
	cr_assert_eq(config_differences(&a, &b, test_is_duration, d, 4), 2,
		     "600 and 600.0 are one");
	cr_assert_str_eq(d[0].fact, "interval");
	cr_assert_str_eq(d[0].base, "100 ms");
	cr_assert_str_eq(d[0].now, "0 s", "nothing is no fraction of a second");
	cr_assert_str_eq(d[1].fact, "ready-timeout");
	cr_assert_str_eq(d[1].base, "0.25", "no unit given: as stored");
	cr_assert_str_eq(d[1].now, "2");
	json_object_object_add(b.config, "timeout", json_object_new_double(90.5));
	cr_assert_eq(config_differences(&a, &b, test_is_duration, d, 4), 3);
	cr_assert_str_eq(d[1].fact, "timeout");
	cr_assert_str_eq(d[1].base, "600 s");
	cr_assert_str_eq(d[1].now, "90.5 s");
	json_object_object_add(b.config, "timeout", json_object_new_double(0.999));
	cr_assert_eq(config_differences(&a, &b, test_is_duration, d, 4), 3);
	cr_assert_str_eq(d[1].now, "999 ms", "just under a second");
	json_object_object_add(b.config, "timeout", json_object_new_int(1));
	cr_assert_eq(config_differences(&a, &b, test_is_duration, d, 4), 3);
	cr_assert_str_eq(d[1].now, "1 s", "a second");
	json_object_object_add(b.config, "interval", NULL);
	cr_assert_eq(config_differences(&a, &b, test_is_duration, d, 4), 3);
	cr_assert_str_eq(d[0].now, "unset");
	cr_assert_eq(config_differences(&a, &b, test_is_duration, d, 1), 1, "at most max");
	results_free(&a);
	results_free(&b);
}

/* compare: a file against itself is one run, its trials the unit; against another run with
 * one run a side and no calibration, no test at all; pairs share their families. */
Test(answer, files_are_compared_by_runs_and_as_one_family)
{
	struct results a, b;
	const struct results *sets[2] = { &a, &b };
	struct files_answer fa;
	const struct file_pair *p;

	run_init(&a, NULL);
	cell_of(&a, "disk", M_ELAPSED, base5, 5);
	cell_of(&a, "zram", M_ELAPSED, base5, 5);
	run_init(&b, NULL);
	cell_of(&b, "disk", M_ELAPSED, slow5, 5);
	cell_of(&b, "zram", M_ELAPSED, slow5, 5);
	for (size_t i = 0; i < 2; i++) {
		snprintf(a.cells[i].backend, sizeof(a.cells[i].backend), "%s", i ? "zram" : "disk");
		snprintf(b.cells[i].backend, sizeof(b.cells[i].backend), "%s", i ? "zram" : "disk");
	}
	cr_assert_eq(files_answer_compute(sets, 2, &opts, NULL, MATCH_ALL, &fa), 0);
	cr_assert_eq(fa.npairs, 2);
	p = files_answer_pair(&fa, 1, 1);
	cr_assert(p && p->cell == 1 && p->base_cell == 1 && p->file == 1);
	cr_assert_eq(p->mc[M_ELAPSED].by, BY_TRIALS, "one start, host, kernel: one run");
	cr_assert_float_eq(p->mc[M_ELAPSED].est.p, 2.0 / 252, 1e-12,
			   "a run's cells: a question each");
	cr_assert_null(files_answer_pair(&fa, 1, 2));
	cr_assert_null(files_answer_pair(&fa, 2, 0));
	files_answer_free(&fa);
	json_object_object_add(a.config, "target", json_object_new_string("block"));
	json_object_object_add(b.config, "target", json_object_new_string("block"));
	cr_assert_eq(files_answer_compute(sets, 2, &opts, NULL, MATCH_ALL, &fa), 0);
	p = files_answer_pair(&fa, 1, 1);
	cr_assert_float_eq(p->mc[M_ELAPSED].est.p, 2 * 2.0 / 252, 1e-12,
			   "a device's rows: one question, Holm over two");
	files_answer_free(&fa);
	snprintf(b.run_id, sizeof(b.run_id), "ffffffffffffffffffffffffffffffff");
	cr_assert_eq(files_answer_compute(sets, 2, &opts, NULL, MATCH_ALL, &fa), 0);
	p = files_answer_pair(&fa, 1, 0);
	cr_assert_eq(p->mc[M_ELAPSED].by, BY_NOTHING);
	cr_assert_eq(p->mc[M_ELAPSED].sig, SIG_NEEDS_RUNS);
	cr_assert(isnan(p->mc[M_ELAPSED].est.p) && isnan(p->mc[M_ELAPSED].est.lo_pct));
	cr_assert_float_eq(p->mc[M_ELAPSED].est.change_pct, 100 * (1.1 / 1.0 - 1), 1e-9);
	files_answer_free(&fa);
	results_free(&a);
	results_free(&b);
}

/* Two hosts' calibrations of one configuration: the larger run-to-run spread is what a change
 * between their runs must beat, with that calibration's runs - 1 degrees of freedom. */
Test(answer, files_of_two_hosts_are_tested_against_the_larger_calibrated_spread)
{
	struct results a, b;
	const struct results *sets[2] = { &a, &b };
	struct calibration_entry e[2] = { { .metric = M_ELAPSED, .run_sd_log = 0.02, .runs = 5 },
					  { .metric = M_ELAPSED, .run_sd_log = 0.05, .runs = 3 } };
	struct calibration cal = { .entries = e, .n = 2 };
	struct files_answer fa;
	const struct file_pair *p;

	run_init(&a, NULL);
	cell_of(&a, "zram", M_ELAPSED, base5, 5);
	run_init(&b, NULL);
	cell_of(&b, "zram", M_ELAPSED, slow5, 5);
	snprintf(a.run_id, sizeof(a.run_id), "0123456789abcdef0123456789abcdef");
	snprintf(b.run_id, sizeof(b.run_id), "ffffffffffffffffffffffffffffffff");
	snprintf(a.system.hostname, sizeof(a.system.hostname), "h1");
	snprintf(b.system.hostname, sizeof(b.system.hostname), "h2");
	for (int i = 0; i < 2; i++) {
		snprintf(e[i].host, sizeof(e[i].host), "h%d", i + 1);
		calibration_shape(&a, &a.cells[0], e[i].shape, sizeof(e[i].shape));
	}
	cr_assert_eq(files_answer_compute(sets, 2, &opts, &cal, MATCH_ALL, &fa), 0);
	p = files_answer_pair(&fa, 1, 0);
	cr_assert_not_null(p);
	cr_assert_eq(p->used[M_ELAPSED], &e[1], "h2's spread, the larger");
	cr_assert_float_eq(p->run_sd[M_ELAPSED], 0.05, 0);
	cr_assert_float_eq(p->run_df[M_ELAPSED], 2, 0, "3 runs: 2 degrees of freedom");
	cr_assert_eq(p->mc[M_ELAPSED].by, BY_CALIBRATION);
	files_answer_free(&fa);
	/* The other way round: the larger is still the one. */
	e[0].run_sd_log = 0.08;
	cr_assert_eq(files_answer_compute(sets, 2, &opts, &cal, MATCH_ALL, &fa), 0);
	p = files_answer_pair(&fa, 1, 0);
	cr_assert_eq(p->used[M_ELAPSED], &e[0]);
	cr_assert_float_eq(p->run_df[M_ELAPSED], 4, 0);
	files_answer_free(&fa);
	results_free(&a);
	results_free(&b);
}

/* Exploratory metrics are leads, uncorrected: each p is its own, however many there are. */
Test(answer, exploratory_metrics_keep_their_raw_p)
{
	struct results r;
	struct answer a;
	const struct metric_comparison *mc;

	run_init(&r, NULL);
	cell_of(&r, "disk", M_ELAPSED, base5, 5);
	cell_of(&r, "zram", M_ELAPSED, slow5, 5);
	for (size_t c = 0; c < 2; c++) {
		for (size_t i = 0; i < 5; i++) {
			trial_set(&r.cells[c].trials[i], M_PSWPOUT, (c ? 2000.0 : 1000.0) + i);
			trial_set(&r.cells[c].trials[i], M_PSWPIN, (c ? 20.0 : 10.0) + i);
		}
		cell_update_stats(&r.cells[c]);
	}
	cr_assert_eq(answer_compute(&r, &opts, &a), 0);
	mc = answer_pair_of(&a, ROLE_PAIR, 1)->mc;
	for (int m = M_PSWPOUT; m == M_PSWPOUT || m == M_PSWPIN;
	     m = m == M_PSWPOUT ? M_PSWPIN : -1) {
		cr_assert_eq(mc[m].family, FAMILY_EXPLORATORY);
		cr_assert_float_eq(mc[m].est.p, mc[m].p_raw, 0, "%s uncorrected", metrics[m].key);
		cr_assert_float_eq(mc[m].p_raw, 2.0 / 252, 1e-12);
	}
	answer_free(&a);
	results_free(&r);
}

/* Three files: a cell the second lacks has no pair there, whatever the third holds. */
Test(answer, a_pair_is_of_its_own_file)
{
	struct results a, b, c;
	const struct results *sets[3] = { &a, &b, &c };
	struct files_answer fa;

	run_init(&a, NULL);
	cell_of(&a, "disk", M_ELAPSED, base5, 5);
	cell_of(&a, "zram", M_ELAPSED, base5, 5);
	run_init(&b, NULL);
	cell_of(&b, "disk", M_ELAPSED, slow5, 5);
	run_init(&c, NULL);
	cell_of(&c, "disk", M_ELAPSED, slow5, 5);
	cell_of(&c, "zram", M_ELAPSED, slow5, 5);
	snprintf(a.cells[0].backend, sizeof(a.cells[0].backend), "disk");
	snprintf(a.cells[1].backend, sizeof(a.cells[1].backend), "zram");
	snprintf(b.cells[0].backend, sizeof(b.cells[0].backend), "disk");
	snprintf(c.cells[0].backend, sizeof(c.cells[0].backend), "disk");
	snprintf(c.cells[1].backend, sizeof(c.cells[1].backend), "zram");
	cr_assert_eq(files_answer_compute(sets, 3, &opts, NULL, MATCH_ALL, &fa), 0);
	cr_assert_eq(fa.npairs, 3);
	cr_assert_null(files_answer_pair(&fa, 1, 1), "the second file has no zram");
	cr_assert_eq(files_answer_pair(&fa, 2, 1)->file, 2);
	cr_assert_eq(files_answer_pair(&fa, 1, 0)->file, 1);
	files_answer_free(&fa);
	results_free(&a);
	results_free(&b);
	results_free(&c);
}
