#include <criterion/criterion.h>
#include <errno.h>
#include <json.h>
#include <stdlib.h>

#include "runner/result/latency_json.h"

static json_object *parsed(const char *text)
{
	json_object *o = json_tokener_parse(text);

	cr_assert_not_null(o, "%s", text);
	return o;
}

static double key_of(json_object *o, const char *phase, const char *key)
{
	json_object *p, *v;

	cr_assert(json_object_object_get_ex(o, phase, &p), "%s", phase);
	cr_assert(json_object_object_get_ex(p, key, &v), "%s", key);
	return json_object_get_double(v);
}

Test(latency_json, a_histogram_with_a_zero_comes_back_whole)
{
	struct histogram h, back;
	json_object *o;

	hist_init(&h);
	hist_record(&h, 0);
	hist_record(&h, 700);
	o = histogram_json(&h);
	cr_assert_eq(histogram_from_json(o, &back), 0);
	cr_assert_eq(hist_count(&back), 2);
	cr_assert_eq(hist_min(&back), 0);
	cr_assert_eq(hist_max(&back), 700);
	json_object_put(o);
}

Test(latency_json, a_bucket_not_a_pair_or_a_wrong_total_refused)
{
	struct histogram h;
	json_object *good = parsed("{\"buckets\":[[10,1]],\"total\":1,\"sum\":10,\"min\":10,"
				   "\"max\":10,\"overflow\":0}");
	json_object *three = parsed("{\"buckets\":[[10,1,5]],\"total\":1,\"sum\":10,\"min\":10,"
				    "\"max\":10,\"overflow\":0}");
	json_object *total = parsed("{\"buckets\":[[10,1]],\"total\":2,\"sum\":10,\"min\":10,"
				    "\"max\":10,\"overflow\":0}");

	cr_assert_eq(histogram_from_json(good, &h), 0);
	cr_assert_eq(hist_count(&h), 1);
	cr_assert_eq(histogram_from_json(three, &h), -EINVAL);
	cr_assert_eq(histogram_from_json(total, &h), -EINVAL);
	json_object_put(good);
	json_object_put(three);
	json_object_put(total);
}

static struct trial *trial_with(struct result_cell *c, int warmup, uint64_t ns, unsigned n,
				uint64_t tail_ns, unsigned ntail)
{
	struct trial *t = cell_add_trial(c);

	cr_assert_not_null(t);
	t->warmup = warmup;
	t->status = TRIAL_OK;
	t->lat[LAT_ACCESS] = malloc(sizeof(struct histogram));
	cr_assert_not_null(t->lat[LAT_ACCESS]);
	hist_init(t->lat[LAT_ACCESS]);
	for (unsigned i = 0; i < n; i++)
		hist_record(t->lat[LAT_ACCESS], ns);
	for (unsigned i = 0; i < ntail; i++)
		hist_record(t->lat[LAT_ACCESS], tail_ns);
	return t;
}

Test(latency_json, a_cells_percentiles_in_us_without_its_warmups)
{
	struct results r;
	struct result_cell *c;
	json_object *o;

	results_init(&r);
	c = results_add_cell(&r);
	cr_assert_not_null(c);
	trial_with(c, 1, 900000, 50, 0, 0);
	trial_with(c, 0, 1000, 990, 50000, 10);
	o = cell_latency_json(c);
	cr_assert_not_null(o);
	cr_assert_eq(key_of(o, "access", "count"), 1000, "the warmup's left out");
	cr_assert_eq(key_of(o, "access", "p50_us"), 1.003, "the bucket of 1000 ns");
	cr_assert_eq(key_of(o, "access", "p99_us"), 1.003);
	cr_assert_eq(key_of(o, "access", "p999_us"), 50.0, "%g", key_of(o, "access", "p999_us"));
	cr_assert_eq(key_of(o, "access", "max_us"), 50.0);
	cr_assert(!json_object_object_get_ex(o, "fill", NULL));
	json_object_put(o);
	results_free(&r);
}
