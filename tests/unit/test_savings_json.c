/* The savings answer's file read back: what is written reads back equal, field by field and
 * byte for byte once written again; the real answer in tests/fixtures/savings reads as it is;
 * and a file that is not what the writer writes is refused whole, with one line naming where. */
#include <criterion/criterion.h>
#include <errno.h>
#include <json.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/util.h"
#include "runner/result/savings.h"
#include "fixture.h"
#include "tools.h"

#define MIB MIB_BYTES
#define ANSWER FIXTURES "/savings/hot25-zram.json"

static void step(struct savings_search *b, uint64_t limit, double pct, double lo, double hi,
		 enum step_verdict v, const char *note)
{
	struct savings_step *st = &b->steps[b->nsteps++];

	*st = (struct savings_step){ .limit = limit,
				     .slowdown_pct = pct,
				     .lo_pct = lo,
				     .hi_pct = hi,
				     .p_target = isnan(pct)		? NAN
					     : v == STEP_FAIL_BY_MEDIAN ? 1.0
									: 0.0125 * (b->nsteps + 1),
				     .trials = 4 + b->nsteps,
				     .verdict = v };
	snprintf(st->file, sizeof(st->file), "results/savings-x/run%u.json", b->nsteps + 1);
	snprintf(st->note, sizeof(st->note), "%s", note);
}

/* Two backends as the search leaves them: one with every kind of step (a slowdown with and
 * without its interval, one killed, one decided by its median), one that ran no step. */
static void answer(struct savings_report *r)
{
	struct savings_search *a = &r->backends[0];

	memset(r, 0, sizeof(*r));
	r->target_pct = 12.5;
	r->footprint = 100 * MIB;
	r->footprint_lo = 96 * MIB;
	r->footprint_hi = 104 * MIB + 4096;
	r->trials = 65;
	snprintf(r->reference_file, sizeof(r->reference_file), "results/savings-x/run1.json");
	snprintf(r->names[0], sizeof(r->names[0]), "first");
	snprintf(r->names[1], sizeof(r->names[1]), "second");
	r->nbackends = 2;
	savings_init(a, r->footprint, r->footprint_lo, r->footprint_hi, r->target_pct, 4);
	a->metric = M_THROUGHPUT;
	step(a, 50 * MIB, 3.25, 1.0 / 3, 7.75, STEP_PASS, "");
	step(a, 25 * MIB, NAN, NAN, NAN, STEP_FAIL, "hogger killed after the --timeout");
	step(a, 37 * MIB, 11.0, -2.5, 30.0, STEP_PASS_BY_MEDIAN, "");
	step(a, 31 * MIB, 14.0, NAN, NAN, STEP_FAIL_BY_MEDIAN, "");
	a->pass_limit = 37 * MIB;
	a->fail_limit = 31 * MIB;
	a->by_median = 1;
	savings_init(&r->backends[1], r->footprint, r->footprint_lo, r->footprint_hi, r->target_pct,
		     0);
}

static void expect_same_number(double a, double b, const char *what)
{
	cr_expect(isnan(a) ? isnan(b) : a == b, "%s: %.17g, read back %.17g", what, a, b);
}

static void expect_same_step(const struct savings_step *a, const struct savings_step *b)
{
	cr_expect_eq(a->limit, b->limit);
	expect_same_number(a->slowdown_pct, b->slowdown_pct, "slowdown");
	expect_same_number(a->lo_pct, b->lo_pct, "its low end");
	expect_same_number(a->hi_pct, b->hi_pct, "its high end");
	expect_same_number(a->p_target, b->p_target, "the test against the target");
	cr_expect_eq(a->trials, b->trials);
	cr_expect_eq(a->verdict, b->verdict);
	cr_expect_str_eq(a->file, b->file);
	cr_expect_str_eq(a->note, b->note);
}

static void expect_same(const struct savings_report *a, const struct savings_report *b)
{
	expect_same_number(a->target_pct, b->target_pct, "target");
	cr_expect_eq(a->footprint, b->footprint);
	cr_expect_eq(a->footprint_lo, b->footprint_lo);
	cr_expect_eq(a->footprint_hi, b->footprint_hi);
	cr_expect_eq(a->trials, b->trials);
	cr_expect_str_eq(a->reference_file, b->reference_file);
	cr_assert_eq(a->nbackends, b->nbackends);
	for (size_t i = 0; i < a->nbackends; i++) {
		const struct savings_search *x = &a->backends[i], *y = &b->backends[i];
		cr_expect_str_eq(a->names[i], b->names[i]);
		cr_expect_eq(x->metric, y->metric);
		cr_expect_eq(x->pass_limit, y->pass_limit);
		cr_expect_eq(x->fail_limit, y->fail_limit);
		cr_expect_eq(x->by_median, y->by_median);
		/* What the search keeps but the file does not say: the answer's setting. */
		expect_same_number(x->target_pct, y->target_pct, "the backend's target");
		cr_expect_eq(x->footprint_lo, y->footprint_lo);
		cr_expect_eq(x->footprint_hi, y->footprint_hi);
		cr_expect_eq(x->granule, y->granule);
		cr_assert_eq(x->nsteps, y->nsteps);
		for (unsigned k = 0; k < x->nsteps; k++)
			expect_same_step(&x->steps[k], &y->steps[k]);
	}
}

static char *temp_file(char *dir, const char *name)
{
	char *path = NULL;

	cr_assert_geq(asprintf(&path, "%s/%s", dir, name), 0);
	return path;
}

Test(savings_json, what_is_written_reads_back_equal)
{
	struct savings_report r, back;
	char why[256] = "", *dir = temp_dir("zsb-savings"), *one = temp_file(dir, "a.json"),
	     *two = temp_file(dir, "b.json"), *first, *second;
	double saved[2][3];

	answer(&r);
	cr_assert_eq(savings_json_write(&r, one), 0);
	cr_assert_eq(savings_json_read(one, &back, why, sizeof(why)), 0, "%s", why);
	expect_same(&r, &back);
	/* The answer is given again from the steps, the same. */
	savings_answer(&r.backends[0], &saved[0][0], &saved[0][1], &saved[0][2]);
	savings_answer(&back.backends[0], &saved[1][0], &saved[1][1], &saved[1][2]);
	cr_expect_arr_eq(saved[0], saved[1], sizeof(saved[0]));
	/* The search in the file is over: it asks for no further step. */
	cr_expect_eq(savings_next(&back.backends[0]), 0);
	cr_assert_eq(savings_json_write(&back, two), 0);
	first = slurp(one);
	second = slurp(two);
	cr_expect_str_eq(first, second, "written again, it differs");
	free(first);
	free(second);
	free(one);
	free(two);
	remove_dir(dir);
}

Test(savings_json, the_real_answer_reads_as_it_is)
{
	struct savings_report r;
	const struct savings_search *b = &r.backends[0];
	char why[256] = "";

	cr_assert_eq(savings_json_read(ANSWER, &r, why, sizeof(why)), 0, "%s", why);
	cr_expect_eq(r.target_pct, 100);
	cr_expect_eq(r.footprint, 68145152);
	cr_expect_eq(r.footprint_lo, 68141056);
	cr_expect_eq(r.footprint_hi, 68157440);
	cr_expect_eq(r.trials, 27);
	cr_assert_eq(r.nbackends, 1);
	cr_expect_str_eq(r.names[0], "zram");
	cr_expect_eq(b->metric, M_ELAPSED);
	cr_expect_str_eq(savings_metric_name(&r), "elapsed");
	cr_expect_eq(b->pass_limit, 20 * MIB);
	cr_expect_eq(b->fail_limit, 16 * MIB);
	cr_expect(b->by_median);
	cr_assert_eq(b->nsteps, 4);
	cr_expect_eq(b->steps[0].verdict, STEP_PASS);
	/* Killed: no slowdown, and the reason. */
	cr_expect(isnan(b->steps[1].slowdown_pct) && isnan(b->steps[1].lo_pct) &&
		  isnan(b->steps[1].hi_pct));
	cr_expect_eq(b->steps[1].verdict, STEP_FAIL);
	cr_expect_str_eq(b->steps[1].note, "hogger killed after the --timeout");
	cr_expect_eq(b->steps[2].verdict, STEP_PASS_BY_MEDIAN);
	cr_expect_eq(b->steps[3].limit, 20 * MIB);
	cr_expect(fabs(b->steps[3].hi_pct - 200.25810198116113) < 1e-12);
	cr_expect_str_eq(b->steps[3].file, "results/savings-20261202-031412/run5-zram.json");
	/* Written before steps said their test and trials: not known, never 0 or a p of 0. */
	for (unsigned k = 0; k < b->nsteps; k++)
		cr_expect(isnan(b->steps[k].p_target) && b->steps[k].trials == 0, "step %u", k);
}

/* Each a file the writer never writes, and where its one line must point. */
static const struct {
	const char *json, *why;
} malformed[] = {
	{ "", "not JSON: an empty file" },
	{ "{\"kind\": \"savings\"", "not JSON: unexpected end of data" },
	{ "[]", "not a savings answer" },
	{ "{\"format\": \"zswapbench-result\"}", "not a savings answer" },
	{ "{\"kind\": 7}", "not a savings answer" },
	{ "{\"kind\": \"savings\"}", "slowdown_pct: missing" },
	{ "{\"kind\": \"savings\", \"slowdown_pct\": \"10\"}",
	  "slowdown_pct: not a finite number" },
	{ "{\"kind\": \"savings\", \"slowdown_pct\": null}", "slowdown_pct: not a finite number" },
	{ "{\"kind\": \"savings\", \"slowdown_pct\": 10, \"footprint\": -1}",
	  "footprint: not a whole number from 0" },
	{ "{\"kind\": \"savings\", \"slowdown_pct\": 10, \"footprint\": 1.5}",
	  "footprint: not a whole number from 0" },
};

static const char *const header = "{\"kind\": \"savings\", \"slowdown_pct\": 10, \"footprint\": "
				  "2, \"footprint_min\": 1, \"footprint_max\": 3, "
				  "\"reference_file\": \"r.json\", \"trials\": 4, ";
static const char *const backend = "\"backend\": \"b\", \"metric\": \"elapsed\", \"limit\": 2, "
				   "\"failed_limit\": 1, \"decided_by_median\": false, ";
static const char *const step_ok = "{\"limit\": 1, \"slowdown_pct\": 1, \"slowdown_lo_pct\": 0, "
				   "\"slowdown_hi_pct\": 2, \"verdict\": \"within\", "
				   "\"file\": \"s.json\"";

/* Within a whole answer: the backend's members, or a step's after its valid ones. */
static const struct {
	const char *backend_tail, *step_tail, *why;
} malformed_inside[] = {
	{ "\"steps\": [7]", NULL, "backends[0].steps[0]: not an object" },
	{ "\"steps\": {}", NULL, "backends[0].steps: not a list" },
	{ NULL, ", \"verdict\": \"maybe\"", "backends[0].steps[0].verdict: not a step's verdict" },
	{ NULL, ", \"verdict\": \"within\\u0000x\"", "steps[0].verdict: not a step's verdict" },
	{ NULL, ", \"verdict\": 0", "steps[0].verdict: not a string" },
	{ NULL, ", \"slowdown_pct\": \"3\"", "steps[0].slowdown_pct: not a finite number or null" },
	{ NULL, ", \"slowdown_hi_pct\": true", "steps[0].slowdown_hi_pct: not a finite" },
	{ NULL, ", \"limit\": -4096", "steps[0].limit: not a whole number from 0" },
	{ NULL, ", \"note\": 5", "steps[0].note: not a string" },
	{ NULL, ", \"file\": null", "steps[0].file: not a string" },
	{ NULL, ", \"p_target\": 1.5", "steps[0].p_target: not a probability" },
	{ NULL, ", \"p_target\": -0.01", "steps[0].p_target: not a probability" },
	{ NULL, ", \"p_target\": \"0.1\"", "steps[0].p_target: not a finite number or null" },
	{ NULL, ", \"trials\": 4294967296", "steps[0].trials: more than a run takes" },
	{ NULL, ", \"trials\": 2.5", "steps[0].trials: not a whole number from 0" },
};

static void expect_refused(const char *json, const char *want)
{
	struct savings_report r;
	char why[256] = "", *dir = temp_dir("zsb-savings"), *path = temp_file(dir, "bad.json");
	FILE *f = fopen(path, "w");

	cr_assert_not_null(f);
	fputs(json, f);
	fclose(f);
	memset(&r, 0xa5, sizeof(r));
	cr_expect_eq(savings_json_read(path, &r, why, sizeof(why)), -EINVAL, "accepted: %s", json);
	cr_expect(strstr(why, want), "%s\nsaid: %s\nwanted: %s", json, why, want);
	cr_expect_null(strchr(why, '\n'), "more than a line: %s", why);
	cr_expect_eq(r.nbackends, 0, "half an answer kept");
	free(path);
	remove_dir(dir);
}

Test(savings_json, a_malformed_file_is_refused_in_one_line)
{
	char json[2048];

	for (size_t i = 0; i < ARRAY_SIZE(malformed); i++)
		expect_refused(malformed[i].json, malformed[i].why);
	for (size_t i = 0; i < ARRAY_SIZE(malformed_inside); i++) {
		if (malformed_inside[i].backend_tail)
			snprintf(json, sizeof(json), "%s\"backends\": [{%s%s}]}", header, backend,
				 malformed_inside[i].backend_tail);
		else
			snprintf(json, sizeof(json), "%s\"backends\": [{%s\"steps\": [%s%s}]}]}",
				 header, backend, step_ok, malformed_inside[i].step_tail);
		expect_refused(json, malformed_inside[i].why);
	}
	/* The valid pieces the cases above spoil, read whole. */
	snprintf(json, sizeof(json), "%s\"backends\": [{%s\"steps\": [%s}]}]}", header, backend,
		 step_ok);
	{
		struct savings_report r;
		char why[256] = "";
		json_object *doc = json_tokener_parse(json);
		cr_assert_not_null(doc);
		cr_expect_eq(savings_from_json(doc, &r, why, sizeof(why)), 0, "%s", why);
		cr_expect_eq(r.backends[0].nsteps, 1);
		json_object_put(doc);
	}
}

/* What a search never writes: more backends or steps than it has room for, names longer than
 * it keeps, a metric zswapbench does not have. */
Test(savings_json, beyond_what_a_search_writes_is_refused)
{
	char json[16384], *at;

	snprintf(json, sizeof(json), "%s\"backends\": [{%s\"steps\": [", header, backend);
	for (int k = 0; k <= SAVINGS_STEPS_MAX; k++) {
		at = json + strlen(json);
		snprintf(at, sizeof(json) - (size_t)(at - json), "%s%s}", k ? ", " : "", step_ok);
	}
	strcat(json, "]}]}");
	expect_refused(json, "backends[0].steps: more steps than a search takes");
	snprintf(json, sizeof(json), "%s\"backends\": [", header);
	for (int i = 0; i <= SAVINGS_BACKENDS_MAX; i++) {
		at = json + strlen(json);
		snprintf(at, sizeof(json) - (size_t)(at - json), "%s{%s\"steps\": []}",
			 i ? ", " : "", backend);
	}
	strcat(json, "]}");
	expect_refused(json, "backends: more backends than a search takes");
	snprintf(
		json, sizeof(json),
		"%s\"backends\": [{\"backend\": \"a-name-of-sixteen\", \"metric\": null, "
		"\"limit\": 2, \"failed_limit\": 1, \"decided_by_median\": false, \"steps\": []}]}",
		header);
	expect_refused(json, "backends[0].backend: longer than 15 bytes");
	snprintf(json, sizeof(json),
		 "%s\"backends\": [{\"backend\": \"b\", \"metric\": \"speed\", \"limit\": 2, "
		 "\"failed_limit\": 1, \"decided_by_median\": false, \"steps\": []}]}",
		 header);
	expect_refused(json, "backends[0].metric: not a metric of zswapbench");
	snprintf(json, sizeof(json),
		 "%s\"backends\": [{\"backend\": \"b\", \"metric\": null, \"limit\": 2, "
		 "\"failed_limit\": 1, \"decided_by_median\": \"no\", \"steps\": []}]}",
		 header);
	expect_refused(json, "backends[0].decided_by_median: not true or false");
}

/* A file that never ends (a device, a pipe) stops at the cap, not at ENOMEM. */
Test(savings_json, a_file_past_the_cap_is_refused)
{
	struct savings_report r;
	char why[256] = "", *dir = temp_dir("zsb-savings"), *path = temp_file(dir, "big.json");
	FILE *f = fopen(path, "w");

	cr_assert_not_null(f);
	for (int i = 0; i <= SAVINGS_FILE_MAX / 64; i++)
		fputs("                                                               \n", f);
	fclose(f);
	cr_expect_eq(savings_json_read(path, &r, why, sizeof(why)), -EFBIG);
	cr_expect(strstr(why, "larger than 1 MiB, the most a savings answer can be"), "%s", why);
	cr_expect_eq(savings_json_read("/nonexistent/savings.json", &r, why, sizeof(why)), -ENOENT);
	free(path);
	remove_dir(dir);
}

Test(savings_json, its_kind_tells_it_from_a_result_file)
{
	json_object *doc = json_object_from_file(ANSWER);

	cr_assert_not_null(doc);
	cr_expect(savings_json_is(doc));
	json_object_put(doc);
	doc = json_object_from_file(FIXTURES "/results/disk-zram.json");
	cr_assert_not_null(doc);
	cr_expect_not(savings_json_is(doc));
	json_object_put(doc);
}
