#include <criterion/criterion.h>
#include <math.h>

#include "runner/report/format.h"

Test(format, p_below_a_thousandth_and_at_it)
{
	char b[48];

	cr_assert_str_eq(fmt_p(0.001, b, sizeof(b)), "0.001");
	cr_assert_str_eq(fmt_p(0.0009, b, sizeof(b)), "< 0.001");
	cr_assert_str_eq(fmt_p_is(0.005, b, sizeof(b)), "p = 0.005");
	cr_assert_str_eq(fmt_p_is(0.0001, b, sizeof(b)), "p < 0.001");
	cr_assert_str_eq(fmt_p_is(NAN, b, sizeof(b)), "no p");
}

Test(format, a_change_with_its_interval)
{
	char b[64];

	cr_assert_str_eq(fmt_change(12.34, 5, 20.06, b, sizeof(b)), "+12.3% [+5.0%, +20.1%]");
	cr_assert_str_eq(fmt_change(-3, NAN, 1, b, sizeof(b)), "-3.0%");
}

Test(format, a_median_with_its_spread_from_two_trials)
{
	char b[64];

	cr_assert_str_eq(fmt_median_sd(M_ELAPSED, 1.5, 2.25, 1, b, sizeof(b)), "1.500");
	cr_assert_str_eq(fmt_median_sd(M_ELAPSED, 1.5, 2.25, 2, b, sizeof(b)), "1.500 (sd 2.2%)");
}

Test(format, a_metric_with_its_unit_a_ratio_without_a_space)
{
	char b[64];

	cr_assert_str_eq(fmt_metric_unit(M_COMP_RATIO, 3.256, b, sizeof(b)), "3.26x");
	cr_assert_str_eq(fmt_metric_unit(M_ELAPSED, 2, b, sizeof(b)), "2.000 s");
	cr_assert_str_eq(fmt_metric_unit(M_ACCESS_P99, 12.34, b, sizeof(b)), "12.3 us");
	cr_assert_str_eq(fmt_metric(M_ELAPSED, INFINITY, b, sizeof(b)), "-");
}

Test(format, milliseconds_with_a_decimal_below_ten)
{
	char b[48];

	cr_assert_str_eq(fmt_ns(5e6, b, sizeof(b)), "5.0 ms");
	cr_assert_str_eq(fmt_ns(9.99e8, b, sizeof(b)), "999 ms");
	cr_assert_str_eq(fmt_ns(1e9, b, sizeof(b)), "1.00 s");
}
