/* What reading a JSON file costs in memory (result/json_cost.c): the DOM's cost counted before
 * the parse, against what json-c really allocates (mallinfo2); the limit and the budget at
 * their bounds; and results_from_json refusing each thing it builds one byte over its budget
 * and taking it at the budget. */
#include <criterion/criterion.h>
#include <errno.h>
#include <json.h>
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/histogram.h"
#include "runner/result/json_cost.h"
#include "runner/result/json_read.h"
#include "runner/result/latency_json.h"
#include "runner/result/results.h"
#include "runner/result/series.h"
#include "fixture.h"
#include "tools.h"

static size_t cost_of(const char *text)
{
	struct json_shape shape;

	return json_dom_cost(text, strlen(text), &shape);
}

static size_t in_use(void)
{
	struct mallinfo2 m = mallinfo2();

	return m.uordblks + m.hblkhd;
}

/* What json-c keeps of a text once parsed (its tokener freed). */
static size_t allocated_by_json_c(const char *text)
{
	size_t before = in_use(), after;
	json_object *doc = json_tokener_parse(text);

	cr_assert_not_null(doc, "%.60s", text);
	after = in_use();
	json_object_put(doc);
	return after - before;
}

static char *repeated(const char *head, const char *item, size_t n, const char *tail)
{
	size_t len = strlen(item), at = strlen(head);
	char *s = malloc(at + len * n + strlen(tail) + 1);

	cr_assert_not_null(s);
	memcpy(s, head, at);
	for (size_t i = 0; i < n; i++, at += len)
		memcpy(s + at, item, len);
	strcpy(s + at, tail);
	return s;
}

static void estimate_holds(const char *head, const char *item, size_t n, const char *tail)
{
	char *text = repeated(head, item, n, tail);
	size_t estimate = cost_of(text), real = allocated_by_json_c(text);

	cr_assert(estimate >= real - real / 50 && estimate <= real + real / 4 + 1024,
		  "%zu x %s: estimated %zu, json-c took %zu", n, item, estimate, real);
	free(text);
}

Test(json_cost, the_estimate_is_what_json_c_takes_or_a_little_more)
{
	estimate_holds("[", "{},", 20000, "{}]");
	estimate_holds("[", "[],", 20000, "[]]");
	estimate_holds("[", "0,", 50000, "0]");
	estimate_holds("[", "0.5,", 50000, "0.5]");
	estimate_holds("[", "true,", 50000, "null]");
	estimate_holds("[", "null,", 50000, "null]");
	estimate_holds("[", "\"abcdefghijklmnopqrstuvwx\",", 20000, "\"\"]");
	estimate_holds("[",
		       "{\"a\":0,\"b\":1,\"c\":2,\"d\":3,\"e\":4,\"f\":5,\"g\":6,\"h\":7,\"i\":8,"
		       "\"j\":9,\"k\":10},",
		       5000, "{}]");
	estimate_holds("[",
		       "{\"a\":0,\"b\":1,\"c\":2,\"d\":3,\"e\":4,\"f\":5,\"g\":6,\"h\":7,\"i\":8,"
		       "\"j\":9,\"k\":10,\"l\":11},",
		       5000, "{}]");
	estimate_holds("{\"x\":[", "[1,2],", 20000, "[]]}");
	estimate_holds("[", "[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],",
		       2000, "[]]");
}

Test(json_cost, a_result_file_is_estimated_as_json_c_takes_it)
{
	char *text = slurp(FIXTURES "/results/disk-zram.json");
	size_t estimate = cost_of(text), real = allocated_by_json_c(text);

	cr_assert(estimate >= real - real / 50 && estimate <= real + real / 50,
		  "estimated %zu, json-c took %zu", estimate, real);
	free(text);
}

/* The numbers are json-c's, as mallinfo2 saw them (tests/unit/test_json_cost.c's first test
 * holds the estimate to them in bulk). */
Test(json_cost, each_kind_costs_its_own)
{
	cr_assert_eq(cost_of("{}"), 784);
	cr_assert_eq(cost_of("[]"), 144, "an array, its list and one pointer");
	cr_assert_eq(cost_of("[0]"), 208);
	cr_assert_eq(cost_of("[-12]"), 208);
	cr_assert_eq(cost_of("[true,false]"), 272);
	cr_assert_eq(cost_of("[null]"), 144, "null is no object");
	cr_assert_eq(cost_of("[0.5]"), 240, "a double keeps its text");
	cr_assert_eq(cost_of("[0.1234567890123456789012345]"), 256);
	cr_assert_eq(cost_of("[\"\"]"), 224, "a string's struct holds 8 characters at least");
	cr_assert_eq(cost_of("[\"abcdefgh\"]"), 224);
	cr_assert_eq(cost_of("{\"a\":0}"), 880, "a key is a copy");
	cr_assert_eq(cost_of("{\"a\":\"\"}"), 896);
}

Test(json_cost, tables_and_lists_grow_as_json_c_grows_them)
{
	char *eleven = repeated("{", "\"k\":0,", 10, "\"k\":0}");
	char *twelve = repeated("{", "\"k\":0,", 11, "\"k\":0}");
	char *thirty_two = repeated("[", "0,", 31, "0]");
	char *thirty_three = repeated("[", "0,", 32, "0]");

	cr_assert_eq(cost_of(eleven), 1840);
	cr_assert_eq(cost_of(twelve), 2576, "12 keys: a table of 32 entries");
	cr_assert_eq(cost_of(thirty_two), 2432);
	cr_assert_eq(cost_of(thirty_three), 2512);
	free(eleven);
	free(twelve);
	free(thirty_two);
	free(thirty_three);
}

Test(json_cost, structure_in_strings_and_comments_is_not_counted)
{
	struct json_shape shape;
	const char *text = "[\"{[,\\\"{\", '\"{', /* \" { */ {}, // \" [\n 1]";

	cr_assert_not_null(json_tokener_parse(text), "json-c takes it");
	json_dom_cost(text, strlen(text), &shape);
	cr_assert_eq(shape.objects, 1);
	cr_assert_eq(shape.arrays, 1);
	cr_assert_eq(shape.values, 3);
}

Test(json_cost, an_unfinished_or_too_deep_text_is_counted_as_far_as_it_goes)
{
	struct json_shape shape;
	char *deep = repeated("", "[", 100000, "");

	cr_assert_eq(cost_of("[{},{"), 144 + 2 * 784);
	cr_assert_eq(json_dom_cost(deep, strlen(deep), &shape), 64 * 144,
		     "json-c stops at 32 deep; counted to 64");
	cr_assert_eq(shape.arrays, 64);
	free(deep);
}

Test(json_cost, the_limit_is_sixteen_times_the_file_and_a_floor)
{
	cr_assert_eq(read_cost_limit(0), READ_COST_FLOOR);
	cr_assert_eq(read_cost_limit(1 << 20), ((size_t)READ_COST_TIMES << 20) + READ_COST_FLOOR);
	cr_assert_eq(read_cost_limit(SIZE_MAX / 2), SIZE_MAX, "saturates, never wraps");
	cr_assert_eq(read_cost_limit((SIZE_MAX - READ_COST_FLOOR) / READ_COST_TIMES + 1), SIZE_MAX,
		     "the first size that would wrap");
	cr_assert_eq(read_cost_limit((SIZE_MAX - READ_COST_FLOOR) / READ_COST_TIMES),
		     (SIZE_MAX - READ_COST_FLOOR) / READ_COST_TIMES * READ_COST_TIMES +
			     READ_COST_FLOOR);
}

Test(json_cost, a_budget_takes_what_it_has_and_not_a_byte_more)
{
	struct read_budget b = { 1000 };

	cr_assert_eq(read_budget_charge(&b, 3, 334), -E2BIG);
	cr_assert_eq(b.left, 1000, "nothing spent on a refusal");
	cr_assert_eq(read_budget_charge(&b, 4, 250), 0);
	cr_assert_eq(b.left, 0);
	cr_assert_eq(read_budget_charge(&b, 1, 1), -E2BIG);
	cr_assert_eq(read_budget_charge(&b, 5, 0), 0, "nothing costs nothing");
	b.left = SIZE_MAX;
	cr_assert_eq(read_budget_charge(&b, SIZE_MAX / 2 + 1, 2), -E2BIG, "no wrap");
}

Test(json_cost, a_document_keeps_its_budget_and_one_made_in_memory_has_its_texts)
{
	json_object *doc = json_tokener_parse("{\"a\":[1,2,3]}");

	cr_assert_eq(json_doc_budget(doc), read_cost_limit(strlen("{\"a\":[1,2,3]}")));
	json_doc_set_budget(doc, 0);
	cr_assert_eq(json_doc_budget(doc), 0);
	json_doc_set_budget(doc, 12345);
	cr_assert_eq(json_doc_budget(doc), 12345);
	cr_assert_str_eq(json_object_to_json_string_ext(doc, JSON_C_TO_STRING_PLAIN),
			 "{\"a\":[1,2,3]}", "the budget is not part of the document");
	json_object_put(doc);
}

/* A file of n bytes whose DOM costs exactly what a file of n bytes may: read; one byte less
 * (one blank fewer), refused before it is parsed. */
static char *exactly_at_the_limit(size_t objects, size_t *n)
{
	char *body = repeated("{\"a\":[", "{},", objects - 1, "{}]}");
	size_t cost = cost_of(body), len = strlen(body);
	char *text;

	cr_assert_eq((cost - READ_COST_FLOOR) % READ_COST_TIMES, 0);
	*n = (cost - READ_COST_FLOOR) / READ_COST_TIMES;
	cr_assert_gt(*n, len);
	text = malloc(*n + 1);
	memcpy(text, body, len);
	memset(text + len, ' ', *n - len);
	text[*n] = '\0';
	free(body);
	return text;
}

static int read_text(const char *text, size_t n, char *why, size_t len)
{
	char *dir = temp_dir("json-cost"), path[256];
	json_object *doc = NULL;
	FILE *f;
	int ret;

	snprintf(path, sizeof(path), "%s/f.json", dir);
	cr_assert_not_null(f = fopen(path, "w"));
	cr_assert_eq(fwrite(text, 1, n, f), n);
	fclose(f);
	ret = json_file_read(path, RESULTS_FILE_MAX, "a result file", &doc, why, len);
	if (!ret)
		cr_assert_eq(json_doc_budget(doc), 0, "nothing left after the DOM");
	json_object_put(doc);
	remove_dir(dir);
	return ret;
}

Test(json_cost, a_file_is_parsed_at_its_limit_and_refused_a_byte_over)
{
	size_t n;
	char *text = exactly_at_the_limit(30000, &n), why[512] = "";

	cr_assert_eq(read_text(text, n, why, sizeof(why)), 0, "%s", why);
	cr_assert_eq(read_text(text, n - 1, why, sizeof(why)), -E2BIG);
	cr_assert_str_eq(
		why,
		"30001 objects, 1 arrays and 0 values (22 MiB parsed): more than a file of "
		"its size may take to read (16 times its size plus 4 MiB)");
	free(text);
}

/* A result file of one cell as text, with what its trials hold. */
static json_object *one_cell(const char *trials)
{
	char text[4096];
	json_object *doc;

	snprintf(text, sizeof(text),
		 "{\"format\":\"zswapbench-result\",\"format_version\":2,\"cells\":[{\"label\":"
		 "\"c\",\"backend\":\"disk\",\"trials\":[%s]}]}",
		 trials);
	cr_assert_not_null(doc = json_tokener_parse(text), "%s", text);
	return doc;
}

/* Read with a budget of exactly cost: taken; with one byte less: refused, saying what. */
static void read_at_and_over(const char *trials, size_t cost, const char *refusal)
{
	json_object *doc = one_cell(trials);
	struct results r;
	char why[512] = "";

	json_doc_set_budget(doc, cost);
	cr_assert_eq(results_from_json(doc, &r, why, sizeof(why)), 0, "%s: %s", trials, why);
	results_free(&r);
	json_doc_set_budget(doc, cost - 1);
	cr_assert_eq(results_from_json(doc, &r, why, sizeof(why)), -E2BIG, "%s", trials);
	cr_assert_str_eq(why, refusal);
	json_object_put(doc);
}

#define RULE ": more than a file of its size may take to read (16 times its size plus 4 MiB)"
#define CELL sizeof(struct result_cell)
#define TRIAL sizeof(struct trial)
#define EMPTY_HIST "{\"buckets\":[],\"total\":0,\"sum\":0,\"min\":0,\"max\":0,\"overflow\":0}"

Test(json_cost, cells_and_trials_are_charged_at_their_size)
{
	json_object *doc = json_tokener_parse(
		"{\"format\":\"zswapbench-result\",\"format_version\":2,\"cells\":[{\"label\":"
		"\"a\","
		"\"backend\":\"disk\",\"trials\":[]},{\"label\":\"b\",\"backend\":\"disk\","
		"\"trials\":[]}]}");
	struct results r;
	char why[512] = "";

	json_doc_set_budget(doc, 2 * CELL);
	cr_assert_eq(results_from_json(doc, &r, why, sizeof(why)), 0, "%s", why);
	cr_assert_eq(r.ncells, 2);
	results_free(&r);
	json_doc_set_budget(doc, 2 * CELL - 1);
	cr_assert_eq(results_from_json(doc, &r, why, sizeof(why)), -E2BIG);
	cr_assert_str_eq(why, "2 cells" RULE);
	cr_assert_eq(r.ncells, 0);
	json_object_put(doc);
	read_at_and_over("{},{},{}", CELL + 3 * TRIAL, "cell c: 3 trials" RULE);
}

Test(json_cost, what_a_trial_holds_is_charged_before_it_is_made)
{
	read_at_and_over("{\"latency\":{\"fill\":" EMPTY_HIST ",\"access\":" EMPTY_HIST "}}",
			 CELL + TRIAL + 2 * sizeof(struct histogram),
			 "cell c, trial 1: its latency histograms" RULE);
	read_at_and_over("{\"series\":{\"t\":[0]}}",
			 CELL + TRIAL + sizeof(struct series) + series_size(1),
			 "cell c, trial 1: its series" RULE);
	read_at_and_over("{},{\"jobs\":[{},{}]}", CELL + 2 * TRIAL + 2 * sizeof(struct job_result),
			 "cell c, trial 2: its jobs" RULE);
	read_at_and_over("{\"jobs\":[{\"output\":\"abc\"}]}",
			 CELL + TRIAL + sizeof(struct job_result) + 4,
			 "cell c, trial 1: its jobs' output" RULE);
	read_at_and_over("{\"fill_curve\":{\"t\":[0,1],\"bytes\":[0,1],\"cgroup_swap\":[0,1]}}",
			 CELL + TRIAL + 2 * sizeof(struct curve_point),
			 "cell c, trial 1: its fill curve" RULE);
	read_at_and_over(
		"{\"extended\":{\"before\":{\"vmstat\":\"ab\"},\"after\":{\"vmstat\":\"abcd\"}}}",
		CELL + TRIAL + sizeof(struct extended) + 3 + 5,
		"cell c, trial 1: its raw files" RULE);
}

Test(json_cost, a_series_is_charged_what_it_grows_to)
{
	struct series s;
	double v[S_COUNT] = { 0 };
	unsigned char have[S_COUNT] = { 0 };
	const size_t point = (S_COUNT + 1) * sizeof(double);

	cr_assert_eq(series_size(0), 0);
	cr_assert_eq(series_size(1), 64 * point);
	cr_assert_eq(series_size(64), 64 * point);
	cr_assert_eq(series_size(65), 128 * point);
	cr_assert_eq(series_size(SERIES_CAP), SERIES_CAP * point);
	cr_assert_eq(series_size(SERIES_CAP * 5), SERIES_CAP * point, "it decimates: no more");
	series_init(&s);
	for (size_t i = 0; i < 1000; i++)
		cr_assert_eq(series_add(&s, (double)i, v, have), 0);
	cr_assert_eq(s.cap * point, series_size(1000), "what series_add really grows to");
	series_free(&s);
}

Test(json_cost, the_histograms_counted_are_those_made)
{
	json_object *both =
		json_tokener_parse("{\"fill\":" EMPTY_HIST ",\"access\":" EMPTY_HIST "}");
	json_object *one = json_tokener_parse("{\"fill\":null,\"access\":" EMPTY_HIST ",\"x\":1}");
	struct trial t;

	cr_assert_eq(trial_latency_count(NULL), 0);
	cr_assert_eq(trial_latency_count(both), 2);
	cr_assert_eq(trial_latency_count(one), 1);
	memset(&t, 0, sizeof(t));
	cr_assert_eq(trial_latency_from_json(one, &t), 0);
	cr_assert(!t.lat[0] && t.lat[1], "the one counted is the one made");
	free(t.lat[1]);
	json_object_put(both);
	json_object_put(one);
}

Test(json_cost, a_cell_reserves_exactly_the_trials_it_reads)
{
	struct result_cell c;
	struct trial *first;

	memset(&c, 0, sizeof(c));
	cr_assert_eq(cell_reserve_trials(&c, 3), 0);
	cr_assert_eq(c.cap, 3);
	first = cell_add_trial(&c);
	cell_add_trial(&c);
	cell_add_trial(&c);
	cr_assert_eq(c.cap, 3, "no growth within what was reserved");
	cr_assert_eq(c.trials, first);
	cr_assert_eq(cell_reserve_trials(&c, 2), 0);
	cr_assert_eq(c.cap, 3, "never shrinks");
	cr_assert_eq(cell_reserve_trials(&c, 5), 0);
	cr_assert_eq(c.cap, 5);
	for (size_t i = 0; i < c.ntrials; i++)
		trial_free(&c.trials[i]);
	free(c.trials);
}

Test(json_cost, every_fixture_reads_within_its_budget)
{
	static const char *const names[] = { "block-static.json",  "disk-zram.json",
					     "service-sweep.json", "sweep-jobs.json",
					     "twelve-cells.json",  "zswap-64k-pages.json" };

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		char path[256], why[512] = "";
		struct results r;

		snprintf(path, sizeof(path), FIXTURES "/results/%s", names[i]);
		cr_assert_eq(results_read(path, &r, why, sizeof(why)), 0, "%s: %s", names[i], why);
		results_free(&r);
	}
}
