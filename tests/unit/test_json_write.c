#include <criterion/criterion.h>
#include <json.h>
#include <math.h>

#include "runner/result/compare.h"
#include "runner/result/json_write.h"

static double field(json_object *o, const char *key)
{
	json_object *v;

	cr_assert(json_object_object_get_ex(o, key, &v), "%s", key);
	return v ? json_object_get_double(v) : NAN;
}

Test(json_write, a_comparison_written_with_its_ratio_and_interval)
{
	struct metric_comparison mc = { .have = 1, .base_median = 2.0, .new_median = 2.5 };
	json_object *o, *ci;

	mc.est.change_pct = 25;
	mc.est.lo_pct = 10;
	mc.est.hi_pct = 40;
	mc.est.p = 0.01;
	mc.p_raw = 0.005;
	o = metric_comparison_json(&mc, M_ELAPSED);
	cr_assert_eq(field(o, "ratio"), 1.25);
	cr_assert_eq(field(o, "change_pct"), 25);
	cr_assert_eq(field(o, "base_median"), 2.0);
	cr_assert_eq(field(o, "median"), 2.5);
	cr_assert(json_object_object_get_ex(o, "change_ci_pct", &ci));
	cr_assert_eq(json_object_get_double(json_object_array_get_idx(ci, 0)), 10);
	cr_assert_eq(json_object_get_double(json_object_array_get_idx(ci, 1)), 40);
	json_object_put(o);
}
