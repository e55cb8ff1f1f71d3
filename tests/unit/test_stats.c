#include <criterion/criterion.h>
#include <math.h>

#include "runner/result/stats.h"

Test(stats, mean_sample_stddev_median)
{
	const double v[] = { 9, 2, 4, 4, 5, 4, 7, 5 };
	struct stats s;
	cr_assert_eq(stats_compute(v, 8, &s), 0);
	cr_assert_eq(s.n, 8);
	cr_assert_float_eq(s.mean, 5.0, 1e-12);
	cr_assert_float_eq(s.stddev, sqrt(32.0 / 7.0), 1e-12);
	cr_assert_float_eq(s.median, 4.5, 1e-12);
	cr_assert_float_eq(s.min, 2.0, 1e-12);
	cr_assert_float_eq(s.max, 9.0, 1e-12);
	cr_assert_float_eq(stats_rel_stddev(&s), 100.0 * sqrt(32.0 / 7.0) / 5.0, 1e-9);
}

Test(stats, odd_count_median_and_single_value)
{
	const double v[] = { 3, 1, 2 };
	struct stats s;
	cr_assert_eq(stats_compute(v, 3, &s), 0);
	cr_assert_float_eq(s.median, 2.0, 1e-12);
	cr_assert_eq(stats_compute(v, 1, &s), 0);
	cr_assert_float_eq(s.stddev, 0.0, 1e-12);
	cr_assert_lt(stats_compute(v, 0, &s), 0);
}

Test(stats, welford_is_stable_far_from_zero)
{
	/* The naive sum-of-squares formula loses every digit here. */
	const double v[] = { 1e9 + 4, 1e9 + 7, 1e9 + 13, 1e9 + 16 };
	struct stats s;
	cr_assert_eq(stats_compute(v, 4, &s), 0);
	cr_assert_float_eq(s.stddev, sqrt(30.0), 1e-6);
}

Test(stats, change_percent_like_lkp)
{
	cr_assert_float_eq(stats_change_pct(435, 396), -8.9655172, 1e-6);
	cr_assert_float_eq(stats_change_pct(9864, 25345), 156.9444, 1e-3);
	cr_assert(isnan(stats_change_pct(0, 5)));
}
