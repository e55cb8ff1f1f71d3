/* Where a run's time went (result/budget.c): the run's phases and its trials' summed, in the
 * order a run passes through them, what no phase names as rows of its own, so that the rows add
 * up to the wall; written to the result file and read back; -v's table word for word. */
#include <criterion/criterion.h>
#include <errno.h>
#include <json.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/report/formats/formats.h"
#include "runner/report/report.h"
#include "runner/result/budget.h"
#include "runner/result/json_read.h"
#include "runner/result/json_write.h"
#include "tools.h"

/* Two cells of two trials each (the first of each a warm-up), every phase of trial k of cell i
 * (1 + i) * 0.01 + k * 0.001 s, its elapsed 0.5 s; the run's phases 0.1 ... 0.6 s. */
static void two_cells(struct results *r)
{
	results_init(r);
	for (int i = 0; i < 2; i++) {
		struct result_cell *c = results_add_cell(r);
		snprintf(c->label, sizeof(c->label), "%s", i ? "zram" : "disk");
		for (int k = 0; k < 2; k++) {
			struct trial *t = cell_add_trial(c);
			t->index = (unsigned)k + 1;
			t->warmup = k == 0;
			trial_set(t, M_ELAPSED, 0.5);
			for (int p = 0; p < PHASE_COUNT; p++)
				t->phase_s[p] = (1 + i) * 0.01 + k * 0.001;
		}
	}
	for (int p = 0; p < RUN_PHASE_COUNT; p++)
		r->budget.phase_s[p] = 0.1 * (p + 1);
	r->budget.phase_s[RUN_PHASE_TRIALS] = 3.0;
	r->budget.wall = 5.0;
}

static const struct budget_row *row(const struct budget *b, const char *name)
{
	for (size_t i = 0; i < b->nrows; i++)
		if (strcmp(b->rows[i].name, name) == 0)
			return &b->rows[i];
	cr_assert_fail("no row %s", name);
	return NULL;
}

Test(budget, a_file_without_one_has_none)
{
	struct results r;
	struct budget b;

	two_cells(&r);
	r.budget.wall = 0;
	cr_assert_eq(budget_of(&r, &b), -ENODATA);
	results_free(&r);
}

Test(budget, rows_in_the_order_a_run_goes_and_they_add_up_to_the_wall)
{
	static const char *const order[] = {
		"plan",		  "start",	  "setup",   "prepare",	     "probe",
		"swap_setup",	  "cgroup_setup", "spawn",   "quiet_window", "workload",
		"record",	  "teardown",	  "cleanup", "stats",	     "save",
		"between trials", "rewind",	  "answer",  "other",
	};
	struct results r;
	struct budget b;
	double sum = 0;

	two_cells(&r);
	cr_assert_eq(budget_of(&r, &b), 0);
	cr_assert_eq(b.nrows, sizeof(order) / sizeof(order[0]));
	for (size_t i = 0; i < b.nrows; i++) {
		cr_assert_str_eq(b.rows[i].name, order[i]);
		sum += b.rows[i].seconds;
	}
	cr_assert_float_eq(sum, 5.0, 1e-9);
	cr_assert_float_eq(b.wall, 5.0, 1e-12);
	results_free(&r);
}

Test(budget, a_trial_phase_is_summed_over_every_trial_warmups_too)
{
	struct results r;
	struct budget b;

	two_cells(&r);
	cr_assert_eq(budget_of(&r, &b), 0);
	/* 0.010 + 0.011 + 0.020 + 0.021 */
	cr_assert_float_eq(row(&b, "probe")->seconds, 0.062, 1e-12);
	cr_assert(row(&b, "probe")->per_trial);
	cr_assert_not(row(&b, "plan")->per_trial);
	cr_assert_eq(b.trials, 4);
	cr_assert_float_eq(b.elapsed, 2.0, 1e-12);
	/* The schedule's 3 s less the 12 phases' 0.744 s. */
	cr_assert_float_eq(row(&b, "between trials")->seconds, 3.0 - 12 * 0.062, 1e-12);
	cr_assert(row(&b, "between trials")->per_trial);
	/* The wall less the run's phases: 5 - (0.1 + 0.2 + 0.3 + 3 + 0.5 + 0.6). */
	cr_assert_float_eq(row(&b, "other")->seconds, 0.3, 1e-12);
	cr_assert_float_eq(row(&b, "rewind")->seconds, 0.5, 1e-12);
	cr_assert_float_eq(row(&b, "answer")->seconds, 0.6, 1e-12);
	results_free(&r);
}

/* Written, then read back: the run's budget and the trials' phases as they were. */
static void round_trip(const struct results *in, struct results *out)
{
	char *text = results_to_string(in), why[256] = "";
	json_object *doc = json_tokener_parse(text);

	cr_assert(doc);
	cr_assert_eq(results_from_json(doc, out, why, sizeof(why)), 0, "%s", why);
	json_object_put(doc);
	free(text);
}

Test(budget, the_file_holds_it_and_reads_it_back)
{
	struct results r, back;
	struct budget a, b;

	read_fixture("disk-zram.json", &r);
	r.budget.wall = 7.5;
	for (int p = 0; p < RUN_PHASE_COUNT; p++)
		r.budget.phase_s[p] = 0.25 * (p + 1);
	r.cells[1].trials[2].phase_s[PHASE_PROBE] = 0.031;
	r.cells[0].trials[0].phase_s[PHASE_WORKLOAD] = 0.164;
	round_trip(&r, &back);
	cr_assert_float_eq(back.budget.wall, 7.5, 1e-9);
	for (int p = 0; p < RUN_PHASE_COUNT; p++)
		cr_assert_float_eq(back.budget.phase_s[p], 0.25 * (p + 1), 1e-9, "%s",
				   run_phase_name((enum run_phase)p));
	cr_assert_float_eq(back.cells[1].trials[2].phase_s[PHASE_PROBE], 0.031, 1e-9);
	cr_assert_float_eq(back.cells[0].trials[0].phase_s[PHASE_WORKLOAD], 0.164, 1e-9);
	cr_assert_eq(budget_of(&r, &a), 0);
	cr_assert_eq(budget_of(&back, &b), 0);
	cr_assert_eq(a.nrows, b.nrows);
	for (size_t i = 0; i < a.nrows; i++)
		cr_assert_float_eq(a.rows[i].seconds, b.rows[i].seconds, 1e-9, "%s",
				   a.rows[i].name);
	results_free(&back);
	results_free(&r);
}

Test(budget, a_file_without_one_writes_none_and_a_bad_one_reads_as_none)
{
	struct results r, back;
	char *text;
	json_object *doc;
	char why[256];

	read_fixture("disk-zram.json", &r);
	text = results_to_string(&r);
	cr_assert_null(strstr(text, "runner_budget"));
	doc = json_tokener_parse(text);
	json_object_object_add(doc, "runner_budget",
			       json_tokener_parse("{\"wall\": -1, \"plan\": 2}"));
	cr_assert_eq(results_from_json(doc, &back, why, sizeof(why)), 0);
	cr_assert_eq(back.budget.wall, 0);
	cr_assert_eq(back.budget.phase_s[RUN_PHASE_PLAN], 0);
	results_free(&back);
	json_object_object_add(doc, "runner_budget",
			       json_tokener_parse("{\"wall\": 3, \"plan\": -2, \"start\": \"x\"}"));
	cr_assert_eq(results_from_json(doc, &back, why, sizeof(why)), 0);
	cr_assert_eq(back.budget.wall, 3);
	cr_assert_eq(back.budget.phase_s[RUN_PHASE_PLAN], 0);
	cr_assert_eq(back.budget.phase_s[RUN_PHASE_START], 0);
	json_object_put(doc);
	free(text);
	results_free(&back);
	results_free(&r);
}

static char *verbose(const struct results *r)
{
	struct report_opts o = { .verbose = 1, .cmp = { .alpha = 0.05, .noise_pct = 2 } };
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	cr_assert_eq(report_print(r, &o, f), 0);
	fclose(f);
	return text;
}

static void has_line(const char *text, const char *line)
{
	const char *at = strstr(text, line);

	cr_assert(at && (at == text || at[-1] == '\n') && at[strlen(line)] == '\n',
		  "no line '%s' in\n%s", line, text);
}

Test(budget, verbose_shows_it_word_for_word)
{
	struct results r;
	char *text;

	read_fixture("disk-zram.json", &r);
	text = verbose(&r);
	cr_assert_null(strstr(text, "where the run's"), "a file without a budget shows none");
	free(text);
	r.budget.wall = 8.0;
	r.budget.phase_s[RUN_PHASE_PLAN] = 0.02;
	r.budget.phase_s[RUN_PHASE_TRIALS] = 7.5;
	for (size_t i = 0; i < r.ncells; i++)
		for (size_t j = 0; j < r.cells[i].ntrials; j++)
			r.cells[i].trials[j].phase_s[PHASE_PROBE] = 0.04;
	text = verbose(&r);
	has_line(text,
		 "where the run's 8.00 s went: 4.16 times the 1.92 s its 10 trials' "
		 "workloads took");
	has_line(text, "PHASE          SECONDS SHARE PER-TRIAL");
	has_line(text, "plan             0.020  0.2% ");
	has_line(text, "probe            0.400  5.0%    0.0400");
	has_line(text, "between trials   7.100 88.8%    0.7100");
	has_line(text, "other            0.480  6.0% ");
	free(text);
	results_free(&r);
}
