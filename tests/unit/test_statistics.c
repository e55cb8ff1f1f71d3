/* Reference values come from Debian 12's python3-scipy 1.10.1 with numpy 1.24.2 (/usr/bin/python3),
 * computed once; each test names the call. Floats are printed with repr(float(v)). */
#include <criterion/criterion.h>
#include <errno.h>
#include <math.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

#include "common/util.h"
#include "runner/result/statistics.h"

#define N(a) ARRAY_SIZE(a)

/* Exact p-values are ratios of counts: equal to scipy's up to rounding. */
#define P_EQ(got, want)                                                                            \
	cr_assert_float_eq((got), (want), 1e-12 + 1e-12 * (want), "p %.17g, want %.17g", (got),    \
			   (want))
/* GSL's t distribution is good to about 1e-9 relative (gsl_cdf_tdist_Pinv(0.975, 6) =
 * 2.44691185114, stats.t.ppf(0.975, 6) = 2.44691184879): ample for trial counts. */
#define T_EQ(got, want)                                                                            \
	cr_assert_float_eq((got), (want), 1e-8 * fabs(want), "%.17g, want %.17g", (got), (want))

Test(summary, against_numpy_and_scipy_t_interval)
{
	/* x = np.array([12.1, 11.8, 12.6, 13.0, 11.9, 12.4, 15.2]); x.mean(); x.std(ddof=1);
	 * np.median(x); stats.t.interval(0.95, len(x)-1, loc=x.mean(), scale=stats.sem(x)) */
	const double x[] = { 12.1, 11.8, 12.6, 13.0, 11.9, 12.4, 15.2 };
	struct summary s;

	cr_assert_eq(summary_compute(x, N(x), 0.95, &s), 0);
	cr_assert_eq(s.n, 7);
	cr_assert_float_eq(s.mean, 12.714285714285714, 1e-12);
	cr_assert_float_eq(s.stddev, 1.1725024114098461, 1e-12);
	cr_assert_float_eq(s.median, 12.4, 1e-12);
	cr_assert_float_eq(s.min, 11.8, 0);
	cr_assert_float_eq(s.max, 15.2, 0);
	T_EQ(s.mean_lo, 11.62990184524356);
	T_EQ(s.mean_hi, 13.798669583327866);
	cr_assert_float_eq(summary_rel_stddev(&s), 100 * 1.1725024114098461 / 12.714285714285714,
			   1e-9);
	/* the same with stats.t.interval(0.90, ...) */
	cr_assert_eq(summary_compute(x, N(x), 0.90, &s), 0);
	T_EQ(s.mean_lo, 11.85313767099217);
	T_EQ(s.mean_hi, 13.575433757579257);
}

Test(summary, two_values_and_one)
{
	/* stats.t.interval(0.95, 1, loc=4.0, scale=stats.sem([3.0, 5.0])) */
	const double two[] = { 3.0, 5.0 }, one[] = { 7.5 };
	struct summary s;

	cr_assert_eq(summary_compute(two, 2, 0.95, &s), 0);
	T_EQ(s.mean_lo, -8.706204736432095);
	T_EQ(s.mean_hi, 16.706204736432095);
	cr_assert_float_eq(s.median, 4.0, 0);
	cr_assert(isnan(s.median_lo) && isnan(s.median_hi));

	cr_assert_eq(summary_compute(one, 1, 0.95, &s), 0);
	cr_assert_float_eq(s.stddev, 0.0, 0);
	cr_assert_float_eq(s.median, 7.5, 0);
	cr_assert(isnan(s.mean_lo) && isnan(s.mean_hi));
	cr_assert(isnan(s.median_lo) && isnan(s.median_hi));
}

Test(summary, stable_far_from_zero)
{
	/* The naive sum-of-squares formula loses every digit here. */
	const double x[] = { 1e9 + 4, 1e9 + 7, 1e9 + 13, 1e9 + 16 };
	struct summary s;

	cr_assert_eq(summary_compute(x, N(x), 0.95, &s), 0);
	cr_assert_float_eq(s.stddev, sqrt(30.0), 1e-6);
}

Test(summary, rejects)
{
	const double x[] = { 1, 2, 3 }, bad[] = { 1, NAN, 3 }, inf[] = { 1, INFINITY };
	struct summary s;

	cr_assert_eq(summary_compute(x, 0, 0.95, &s), -EINVAL);
	cr_assert_eq(summary_compute(bad, 3, 0.95, &s), -EINVAL);
	cr_assert_eq(summary_compute(inf, 2, 0.95, &s), -EINVAL);
	cr_assert_eq(summary_compute(x, 3, 1.0, &s), -EINVAL);
	cr_assert_eq(summary_compute(x, 3, 0.0, &s), -EINVAL);
	cr_assert_eq(summary_compute(x, 3, NAN, &s), -EINVAL);
}

/* [x(j), x(n+1-j)] covers the median with probability 1 - 2 P(B <= j-1), B ~ Binomial(n, 1/2);
 * j is the largest with coverage >= 0.95:
 *   [max(j for j in range(1, n//2+1) if 1 - 2*stats.binom.cdf(j-1, n, 0.5) >= 0.95) for n in 6..10]
 * n=5: none (1 - 2/32 = 0.9375); 6: j=1 (0.96875); 7: 1 (0.984375); 8: 1 (0.9921875, j=2 gives
 * 0.9296875); 9: 2 (0.9609375); 10: 2 (0.978515625). */
Test(summary, median_interval_from_order_statistics)
{
	const size_t want_j[] = { [6] = 1, [7] = 1, [8] = 1, [9] = 2, [10] = 2 };
	/* A permutation of 1..10, so x(k) = k. */
	const double x[] = { 7, 3, 10, 1, 5, 9, 2, 8, 6, 4 };
	struct summary s;

	for (size_t n = 6; n <= 10; n++) {
		double sorted_rank[10];
		size_t below = 0;

		/* The first n values of x are not 1..n: rank them to know x(j). */
		for (size_t i = 0; i < n; i++) {
			below = 0;
			for (size_t k = 0; k < n; k++)
				below += x[k] < x[i];
			sorted_rank[below] = x[i];
		}
		cr_assert_eq(summary_compute(x, n, 0.95, &s), 0);
		cr_assert_float_eq(s.median_lo, sorted_rank[want_j[n] - 1], 0, "n=%zu", n);
		cr_assert_float_eq(s.median_hi, sorted_rank[n - want_j[n]], 0, "n=%zu", n);
	}
	cr_assert_eq(summary_compute(x, 5, 0.95, &s), 0);
	cr_assert(isnan(s.median_lo) && isnan(s.median_hi));
	/* At 0.90, n=5 reaches it: 1 - 2/32 = 0.9375 with j=1. */
	cr_assert_eq(summary_compute(x, 5, 0.90, &s), 0);
	cr_assert_float_eq(s.median_lo, 1.0, 0);
	cr_assert_float_eq(s.median_hi, 10.0, 0);
}

Test(median, odd_even_empty)
{
	const double odd[] = { 5, 1, 3 }, even[] = { 4, 1, 3, 2 };

	cr_assert_float_eq(median_of(odd, 3), 3.0, 0);
	cr_assert_float_eq(median_of(even, 4), 2.5, 0);
	cr_assert(isnan(median_of(odd, 0)));
	/* the input is left as it was */
	cr_assert_float_eq(odd[0], 5.0, 0);
}

Test(median, modified_z_iglewicz_hoaglin)
{
	/* z = np.array([10., 10.5, 9.8, 10.2, 30., 10.1, 9.9]); med = np.median(z);
	 * mad = np.median(np.abs(z - med)); 0.6745 * (v - med) / mad */
	const double z[] = { 10, 10.5, 9.8, 10.2, 30, 10.1, 9.9 };
	const double flat[] = { 4, 4, 4, 4, 9 };

	cr_assert_float_eq(modified_z(z, N(z), 30), 67.11275000000023, 1e-9);
	cr_assert_float_eq(modified_z(z, N(z), 9.8), -1.01175, 1e-9);
	cr_assert_float_eq(modified_z(z, 2, 30), 0.0, 0);
	cr_assert_float_eq(modified_z(flat, N(flat), 9), 0.0, 0);
}

static struct two_sample compare(const double *b, size_t nb, const double *n, size_t nn)
{
	struct two_sample c;

	cr_assert_eq(two_sample_compare(b, nb, n, nn, 42, &c), 0);
	return c;
}

Test(mann_whitney, exact_without_ties)
{
	/* stats.mannwhitneyu([1.1, 2.3, 3.5, 4.2, 5.9], [2.0, 4.8, 6.1, 7.7, 8.3, 9.4],
	 * method='exact') */
	const double a[] = { 1.1, 2.3, 3.5, 4.2, 5.9 }, b[] = { 2.0, 4.8, 6.1, 7.7, 8.3, 9.4 };
	/* a = np.round(np.random.default_rng(7).normal(10, 1, 8), 3) and b the next 12 of
	 * normal(11, 1, 12); stats.mannwhitneyu(a, b, method='exact') */
	const double a8[] = { 10.001, 10.299, 9.726, 9.109, 9.545, 9.008, 10.06, 11.34 };
	const double b12[] = { 10.508, 10.38,  11.49, 11.357, 11.105, 10.07,
			       10.971, 11.695, 9.656, 10.542, 9.099,  9.71 };
	struct two_sample c = compare(a, N(a), b, N(b));

	cr_assert(c.mwu_exact);
	P_EQ(c.p_mwu, 0.08225108225108226);
	/* two-sided: the order of the samples does not matter */
	c = compare(b, N(b), a, N(a));
	P_EQ(c.p_mwu, 0.08225108225108226);
	c = compare(a8, N(a8), b12, N(b12));
	cr_assert(c.mwu_exact);
	P_EQ(c.p_mwu, 0.06909581646423751);
}

Test(mann_whitney, exact_fully_separated_5_vs_5)
{
	/* stats.mannwhitneyu([1,2,3,4,5], [6,7,8,9,10], method='exact') = 2/252 */
	const double a[] = { 1, 2, 3, 4, 5 }, b[] = { 6, 7, 8, 9, 10 };
	struct two_sample c = compare(a, 5, b, 5);

	P_EQ(c.p_mwu, 0.007936507936507936);
	P_EQ(c.p_mwu_min, 2.0 / 252);
	c = compare(a, 4, b, 4);
	P_EQ(c.p_mwu_min, 2.0 / 70);
	c = compare(a, 3, b, 3);
	P_EQ(c.p_mwu_min, 0.1);
}

/* Tied values: scipy 1.10's method='exact' ignores ties, so the reference is the exhaustive
 * permutation test of the U statistic:
 *   ut = lambda x, y, axis=-1: stats.mannwhitneyu(x, y, axis=axis).statistic
 *   stats.permutation_test((a, b), ut, permutation_type='independent', n_resamples=np.inf,
 *                          alternative='two-sided').pvalue
 * confirmed by enumerating itertools.combinations(range(len(a)+len(b)), len(a)) over the
 * stats.rankdata midranks: min(1, 2 * min(P(S <= s), P(S >= s))). */
Test(mann_whitney, exact_with_ties)
{
	const double a[] = { 3, 3, 4, 5, 5, 7 }, b[] = { 4, 5, 6, 6, 7, 8, 8 };
	const double c5[] = { 2, 2, 2, 3, 3 }, d5[] = { 3, 3, 4, 4, 4 };
	struct two_sample c = compare(a, N(a), b, N(b));

	cr_assert(c.mwu_exact);
	P_EQ(c.p_mwu, 0.07692307692307693);
	c = compare(c5, N(c5), d5, N(d5));
	P_EQ(c.p_mwu, 0.047619047619047616);
	/* Ties make the extremes less rare than 2/252. */
	cr_assert_gt(c.p_mwu_min, 2.0 / 252);
}

Test(mann_whitney, asymptotic_with_ties_above_20)
{
	/* A = np.round(np.random.default_rng(11).normal(20, 3, 25));
	 * B the next 22 of normal(22, 3);
	 * stats.mannwhitneyu(A, B, method='asymptotic', use_continuity=True) */
	const double a[] = { 20, 24, 24, 18, 19, 18, 22, 20, 22, 14, 25, 20, 22,
			     20, 19, 21, 22, 19, 20, 22, 17, 15, 21, 18, 14 };
	const double b[] = { 20, 21, 18, 18, 22, 25, 21, 20, 23, 24, 21,
			     24, 25, 21, 20, 23, 23, 25, 18, 20, 19, 17 };
	struct two_sample c = compare(a, N(a), b, N(b));

	cr_assert_not(c.mwu_exact);
	cr_assert_float_eq(c.p_mwu, 0.12192113503343262, 1e-12);
	c = compare(b, N(b), a, N(a));
	cr_assert_float_eq(c.p_mwu, 0.12192113503343262, 1e-12);
}

Test(mann_whitney, identical_samples_give_one)
{
	const double a[] = { 1, 2, 3, 4, 5 }, t[] = { 2, 2, 3, 3, 3, 7 }, k[] = { 4, 4, 4 };
	double big[30];

	for (size_t i = 0; i < N(big); i++)
		big[i] = (double)(i % 7);
	P_EQ(compare(a, N(a), a, N(a)).p_mwu, 1.0);
	P_EQ(compare(t, N(t), t, N(t)).p_mwu, 1.0);
	P_EQ(compare(k, N(k), k, N(k)).p_mwu, 1.0);
	cr_assert_not(compare(big, N(big), big, N(big)).mwu_exact);
	P_EQ(compare(big, N(big), big, N(big)).p_mwu, 1.0);
}

/* The smallest p an arrangement of these values could give, the most extreme U = n1 n2 under
 * scipy's asymptotic formula with these ties (30 values i % 7 against three 4s: tie groups of
 * 5, 5, 4, 4, 7, 4, 4); in Python's math alone:
 *   tt = 2 * (5**3 - 5) + 4 * (4**3 - 4) + (7**3 - 7); n1, n2, n = 30, 3, 33
 *   sigma = math.sqrt(n1 * n2 / 12 * ((n + 1) - tt / (n * (n - 1))))
 *   math.erfc((n1 * n2 / 2 - 0.5) / sigma / math.sqrt(2)) */
Test(mann_whitney, smallest_p_of_the_asymptotic_test)
{
	const double k[] = { 4, 4, 4 };
	double big[30];

	for (size_t i = 0; i < N(big); i++)
		big[i] = (double)(i % 7);
	cr_assert_float_eq(compare(big, N(big), k, N(k)).p_mwu_min, 0.004818622712788827, 1e-12);
	cr_assert_float_eq(compare(k, N(k), big, N(big)).p_mwu_min, 0.004818622712788827, 1e-12);
}

Test(welch, against_scipy)
{
	/* stats.ttest_ind([10.2, 11.5, 9.8, 10.9, 10.4],
	 *                 [12.9, 11.1, 14.2, 13.3, 12.0, 15.1, 11.8], equal_var=False).pvalue */
	const double a[] = { 10.2, 11.5, 9.8, 10.9, 10.4 },
		     b[] = { 12.9, 11.1, 14.2, 13.3, 12.0, 15.1, 11.8 };
	/* stats.ttest_ind([5,5,5,5], [6,7,8,9], equal_var=False).pvalue */
	const double flat[] = { 5, 5, 5, 5 }, rising[] = { 6, 7, 8, 9 };

	cr_assert_float_eq(compare(a, N(a), b, N(b)).p_welch, 0.003849120077042355, 1e-12);
	cr_assert_float_eq(compare(b, N(b), a, N(a)).p_welch, 0.003849120077042355, 1e-12);
	cr_assert_float_eq(compare(flat, 4, rising, 4).p_welch, 0.030466291662170977, 1e-12);
	cr_assert(isnan(compare(flat, 4, flat, 3).p_welch));
	cr_assert(isnan(compare(a, 1, b, N(b)).p_welch));
}

Test(two_sample, ratio_change_and_ranges)
{
	const double b[] = { 10, 12, 14 }, n[] = { 15, 18, 21, 24 };
	const double touch[] = { 14, 16 }, apart[] = { 14.5, 16 }, inside[] = { 11, 13 };
	double sb = 2.0, sn = sqrt(15.0), r = 19.5 / 12;
	struct two_sample c = compare(b, N(b), n, N(n));

	cr_assert_eq(c.n_base, 3);
	cr_assert_eq(c.n_new, 4);
	cr_assert_eq(c.seed, 42);
	cr_assert_float_eq(c.ratio, r, 1e-12);
	/* hyperfine: ratio * sqrt((sd_b/m_b)^2 + (sd_n/m_n)^2) */
	cr_assert_float_eq(c.ratio_err, r * sqrt(pow(sb / 12, 2) + pow(sn / 19.5, 2)), 1e-12);
	cr_assert_float_eq(c.change_pct, 100 * (19.5 / 12 - 1), 1e-12);
	cr_assert_not(c.testable);
	cr_assert_not(c.ranges_overlap);
	cr_assert(compare(b, N(b), touch, N(touch)).ranges_overlap);
	cr_assert_not(compare(b, N(b), apart, N(apart)).ranges_overlap);
	cr_assert(compare(b, N(b), inside, N(inside)).ranges_overlap);
	cr_assert(compare(inside, N(inside), b, N(b)).ranges_overlap);
}

Test(two_sample, zero_base_and_zero_new)
{
	const double zero[] = { 0, 0, 0, 0 }, some[] = { 1, 2, 3, 4 }, centred[] = { -1, 1, -1, 1 };
	struct two_sample c = compare(zero, 4, some, 4);

	cr_assert(isnan(c.ratio) && isnan(c.change_pct));
	cr_assert(isnan(c.change_lo_pct) && isnan(c.change_hi_pct));
	c = compare(some, 4, zero, 4);
	cr_assert_float_eq(c.ratio, 0.0, 0);
	cr_assert_float_eq(c.ratio_err, 0.0, 0);
	cr_assert_float_eq(c.change_pct, -100.0, 1e-12);
	/* hyperfine's form would be 0 * sqrt(... + (sd_n/0)^2); the limit is sd_n / m_b */
	c = compare(some, 4, centred, 4);
	cr_assert_float_eq(c.ratio, 0.0, 0);
	cr_assert_float_eq(c.ratio_err, sqrt(4.0 / 3) / 2.5, 1e-12);
}

Test(two_sample, rejects)
{
	const double a[] = { 1, 2 }, bad[] = { 1, NAN };
	struct two_sample c;

	cr_assert_eq(two_sample_compare(a, 0, a, 2, 1, &c), -EINVAL);
	cr_assert_eq(two_sample_compare(a, 2, a, 0, 1, &c), -EINVAL);
	cr_assert_eq(two_sample_compare(a, 2, bad, 2, 1, &c), -EINVAL);
}

Test(bootstrap, reproducible_and_contains_the_estimate)
{
	const double b[] = { 100.3, 99.1, 100.8, 99.6, 100.2, 98.7, 101.4 };
	const double n[] = { 103.0, 104.9, 101.7, 102.2, 105.3, 103.8 };
	struct two_sample c1, c2, c3;

	cr_assert_eq(two_sample_compare(b, N(b), n, N(n), 1, &c1), 0);
	cr_assert_eq(two_sample_compare(b, N(b), n, N(n), 1, &c2), 0);
	/* With 7 and 6 values the resampled medians take few values and seeds often land on the
	 * same percentiles (seeds 1 and 4 do, as 2, 3 and 5 do); 2 does not as 1. */
	cr_assert_eq(two_sample_compare(b, N(b), n, N(n), 2, &c3), 0);
	cr_assert_eq(memcmp(&c1.change_lo_pct, &c2.change_lo_pct, sizeof(double)), 0);
	cr_assert_eq(memcmp(&c1.change_hi_pct, &c2.change_hi_pct, sizeof(double)), 0);
	cr_assert(c3.change_lo_pct != c1.change_lo_pct || c3.change_hi_pct != c1.change_hi_pct);
	cr_assert_lt(c1.change_lo_pct, c1.change_pct);
	cr_assert_gt(c1.change_hi_pct, c1.change_pct);
	cr_assert_lt(c3.change_lo_pct, c3.change_pct);
	cr_assert_gt(c3.change_hi_pct, c3.change_pct);
	/* the resample medians lie within the samples' ranges */
	cr_assert_geq(c1.change_lo_pct, 100 * (101.7 / 101.4 - 1));
	cr_assert_leq(c1.change_hi_pct, 100 * (105.3 / 98.7 - 1));
}

Test(holm, against_step_down_by_hand)
{
	/* statsmodels' multipletests(method='holm') by hand in numpy:
	 *   o = np.argsort(p); raw = p[o] * np.arange(len(p), 0, -1)
	 *   adj = np.empty_like(p); adj[o] = np.minimum(np.maximum.accumulate(raw), 1) */
	const double p[] = { 0.01, 0.04, 0.03, 0.005, 0.2, 0.03 };
	const double want[] = { 0.05, 0.12, 0.12, 0.03, 0.2, 0.12 };
	double q[] = { 0.5, 0.3, 0.04 }, adj[N(p)];
	const double want_q[] = { 0.6, 0.6, 0.12 };

	cr_assert_eq(holm_adjust(p, N(p), adj), 0);
	for (size_t i = 0; i < N(p); i++)
		cr_assert_float_eq(adj[i], want[i], 1e-12, "p[%zu]", i);
	/* in place, and capped at 1 */
	cr_assert_eq(holm_adjust(q, N(q), q), 0);
	for (size_t i = 0; i < N(q); i++)
		cr_assert_float_eq(q[i], want_q[i], 1e-12, "q[%zu]", i);
	cr_assert_eq(holm_adjust(p, 0, adj), 0);
}

Test(holm, capped_and_rejects)
{
	const double p[] = { 0.9, 0.8 }, bad[] = { 0.1, 1.5 }, nan[] = { NAN };
	double adj[2];

	cr_assert_eq(holm_adjust(p, 2, adj), 0);
	cr_assert_float_eq(adj[0], 1.0, 0);
	cr_assert_float_eq(adj[1], 1.0, 0);
	cr_assert_eq(holm_adjust(bad, 2, adj), -EINVAL);
	cr_assert_eq(holm_adjust(nan, 1, adj), -EINVAL);
}

Test(significance, identical_never_significant)
{
	const double a[] = { 100.3, 99.1, 100.8, 99.6, 100.2 };
	double big[40];
	struct two_sample c = compare(a, N(a), a, N(a));

	for (size_t i = 0; i < N(big); i++)
		big[i] = 50 + (double)((i * 7) % 11);
	cr_assert(c.testable);
	cr_assert_float_eq(c.change_pct, 0.0, 0);
	cr_assert_eq(significance_decide(&c, c.p_mwu, 0.05, 0.0), SIG_NONE);
	cr_assert_eq(significance_decide(&c, c.p_mwu, 0.05, 2.0), SIG_NONE);
	c = compare(big, N(big), big, N(big));
	cr_assert_eq(significance_decide(&c, c.p_mwu, 0.05, 0.0), SIG_NONE);
	c = compare(a, 3, a, 3);
	cr_assert_eq(significance_decide(&c, c.p_mwu, 0.05, 0.0), SIG_NOT_TESTABLE_SAME);
}

Test(significance, ten_percent_shift_with_one_percent_noise)
{
	const double b[] = { 100.3, 99.1, 100.8, 99.6, 100.2 };
	double n[N(b)];
	struct two_sample c;

	for (size_t i = 0; i < N(b); i++)
		n[i] = 1.1 * b[i];
	c = compare(b, N(b), n, N(n));
	cr_assert(c.testable);
	P_EQ(c.p_mwu, 2.0 / 252);
	cr_assert_float_eq(c.change_pct, 10.0, 1e-9);
	cr_assert_gt(c.change_lo_pct, 2.0);
	cr_assert_eq(significance_decide(&c, c.p_mwu, 0.05, 2.0), SIG_SIGNIFICANT);
	/* and the other way round, a 9.1% drop */
	c = compare(n, N(n), b, N(b));
	cr_assert_eq(significance_decide(&c, c.p_mwu, 0.05, 2.0), SIG_SIGNIFICANT);
	/* a threshold above the whole interval: a real change, within what we call noise */
	cr_assert_eq(significance_decide(&c, c.p_mwu, 0.05, 15.0), SIG_BELOW_NOISE);
	/* Holm over 10 metrics: 10 x 2/252 = 0.079 */
	cr_assert_eq(significance_decide(&c, 10 * c.p_mwu, 0.05, 2.0), SIG_NONE);
}

Test(significance, rules)
{
	struct two_sample c = {
		.testable = 1, .change_pct = 5, .change_lo_pct = 3, .change_hi_pct = 7
	};

	cr_assert_eq(significance_decide(&c, 0.01, 0.05, 2), SIG_SIGNIFICANT);
	cr_assert_eq(significance_decide(&c, 0.05, 0.05, 2), SIG_NONE); /* p < alpha, strictly */
	/* real (p < alpha, the interval above 0) but not beyond the threshold: said so */
	cr_assert_eq(significance_decide(&c, 0.01, 0.05, 3), SIG_BELOW_NOISE); /* touches it */
	cr_assert_eq(significance_decide(&c, 0.01, 0.05, 4), SIG_BELOW_NOISE); /* straddles it */
	cr_assert_eq(significance_decide(&c, 0.01, 0.05, 8), SIG_BELOW_NOISE); /* inside it */
	c.change_pct = -5, c.change_lo_pct = -7, c.change_hi_pct = -3;
	cr_assert_eq(significance_decide(&c, 0.01, 0.05, 2), SIG_SIGNIFICANT);
	cr_assert_eq(significance_decide(&c, 0.01, 0.05, 3), SIG_BELOW_NOISE);
	/* an interval across 0: no change shown, whatever p says */
	c.change_pct = 1, c.change_lo_pct = -1, c.change_hi_pct = 3;
	cr_assert_eq(significance_decide(&c, 0.01, 0.05, 0), SIG_NONE);
	/* an estimate the interval puts on the other side: no sentence may follow either */
	c.change_pct = -0.5, c.change_lo_pct = 1, c.change_hi_pct = 9;
	cr_assert_eq(significance_decide(&c, 0.01, 0.05, 0), SIG_NONE);
	c.change_pct = -5;
	c.change_lo_pct = c.change_hi_pct = NAN;
	cr_assert_eq(significance_decide(&c, 0.01, 0.05, 2), SIG_NONE);
	cr_assert_eq(significance_decide(&c, NAN, 0.05, 2), SIG_NONE);

	/* Untestable: LKP's fallback, whatever p says. */
	c = (struct two_sample){ .testable = 0, .ranges_overlap = 0, .change_pct = -8 };
	cr_assert_eq(significance_decide(&c, 1.0, 0.05, 2), SIG_NOT_TESTABLE_DIFFERENT);
	cr_assert_eq(significance_decide(&c, 1.0, 0.05, 8), SIG_NOT_TESTABLE_SAME);
	c.ranges_overlap = 1;
	cr_assert_eq(significance_decide(&c, 0.0, 0.05, 2), SIG_NOT_TESTABLE_SAME);
}

Test(significance, three_trials_are_not_testable)
{
	const double b[] = { 10, 11, 12 }, n[] = { 14, 15, 16, 17 };
	struct two_sample c = compare(b, N(b), n, N(n));

	cr_assert_not(c.testable);
	cr_assert_not(c.ranges_overlap);
	cr_assert_eq(significance_decide(&c, c.p_mwu, 0.05, 2), SIG_NOT_TESTABLE_DIFFERENT);
	cr_assert(compare(b, N(b), b, N(b)).ranges_overlap);
}

/* Runs as the unit: Student's t on the logs of the runs' medians. By hand (the t density
 * integrated numerically; t(5) at 0.975 = 2.5705818366): 3 runs against 4. */
Test(run_test, student_t_on_the_logs_of_run_medians)
{
	double up, down;
	const double b[] = { 1.00, 1.20, 0.95 }, n[] = { 1.30, 1.10, 1.25, 1.40 };
	struct run_test t;

	cr_assert_eq(run_test_compare(b, N(b), n, N(n), NAN, 0, &t), 0);
	cr_assert_float_eq(t.df, 5, 0);
	cr_assert_not(t.known);
	cr_assert_float_eq(t.sd_log, 0.11019950625964593, 1e-12);
	cr_assert_float_eq(t.change_pct, 20.39965369354208, 1e-9);
	cr_assert_float_eq(t.p, 0.07852719626273068, 1e-7);
	cr_assert_float_eq(t.lo_pct, -3.024304114504899, 1e-6);
	cr_assert_float_eq(t.hi_pct, 49.48154253660865, 1e-6);
	/* a known spread with more degrees of freedom is used instead; one with fewer is not */
	cr_assert_eq(run_test_compare(b, N(b), n, N(n), 0.05, 9, &t), 0);
	cr_assert(t.known);
	cr_assert_float_eq(t.sd_log, 0.05, 0);
	cr_assert_eq(run_test_compare(b, N(b), n, N(n), 0.05, 4, &t), 0);
	cr_assert_not(t.known);
	/* one run a side: only a known spread gives a test */
	cr_assert_eq(run_test_compare(b, 1, n, 1, NAN, 0, &t), 0);
	cr_assert_float_eq(t.df, 0, 0);
	cr_assert(isnan(t.p));
	cr_assert_float_eq(t.change_pct, 30.0, 1e-9, "still the change of the two medians");
	cr_assert_eq(run_test_compare(b, 1, n, 1, 0.1, 4, &t), 0);
	cr_assert_float_eq(t.se_log, 0.1 * sqrt(2), 1e-12);
	cr_assert_gt(t.p, 0.05);
	run_test_needed_pct(0.1 * sqrt(2), 4, 0.05, 0, &up, &down);
	cr_assert_float_eq(up, 100 * expm1(2.7764451051977987 * 0.1 * sqrt(2)), 1e-6);
	cr_assert_float_eq(down, 100 * expm1(-2.7764451051977987 * 0.1 * sqrt(2)), 1e-6);
	cr_assert_eq(run_test_compare(b, N(b), (double[]){ 0.0 }, 1, NAN, 0, &t), -EINVAL);
}

/* The interval a view prints of a median: 95% from 6 trials, the range below that with its
 * coverage 1 - 2^(1-n), none for one trial; and the mean's interval cut at 0 for a quantity
 * that cannot be negative. */
Test(summary, median_interval_a_view_prints)
{
	const double five[] = { 0.153, 0.160, 0.167, 0.20, 0.225 };
	const double skewed[] = { 0.10, 0.11, 0.10, 0.12, 2.0 };
	struct summary s;
	double lo, hi;

	cr_assert_eq(summary_compute(five, N(five), 0.95, &s), 0);
	cr_assert_float_eq(summary_median_interval(&s, &lo, &hi), 1 - 1.0 / 16, 1e-12);
	cr_assert_float_eq(lo, 0.153, 0);
	cr_assert_float_eq(hi, 0.225, 0);
	cr_assert_eq(summary_compute(five, 1, 0.95, &s), 0);
	cr_assert_float_eq(summary_median_interval(&s, &lo, &hi), 0, 0);
	cr_assert_eq(summary_compute(skewed, N(skewed), 0.95, &s), 0);
	cr_assert_lt(s.mean_lo, 0, "the t interval of a skewed sample reaches below 0");
	cr_assert_float_eq(summary_mean_lo_bounded(&s), 0, 0);
	cr_assert_eq(summary_compute((double[]){ -1, 1, 2 }, 3, 0.95, &s), 0);
	cr_assert_float_eq(summary_mean_lo_bounded(&s), s.mean_lo, 0, "a sample below 0: as is");
}

/* The change a run test needs is the rule's, not the larger of its two parts: p below alpha AND
 * the whole interval beyond the noise threshold. With t se = 6.9% and a 2% threshold the
 * interval's bound clears +2% only from 1.02 x 1.069 - 1 = +9.0%: "+-6.9%" would call +8.5%
 * significant, which the rule does not. */
static enum significance decided_at(double change_pct, double se, double df, double noise)
{
	double d = log1p(change_pct / 100);
	double half = gsl_cdf_tdist_Pinv(0.975, df) * se;
	struct estimate e = { .change_pct = change_pct,
			      .lo_pct = 100 * expm1(d - half),
			      .hi_pct = 100 * expm1(d + half),
			      .p = 2 * gsl_cdf_tdist_Q(fabs(d) / se, df),
			      .testable = 1 };

	return estimate_decide(&e, 0.05, noise);
}

Test(statistics, the_needed_change_is_where_the_rule_flips_on_either_side)
{
	double df = 4, se = log1p(0.069) / gsl_cdf_tdist_Pinv(0.975, df), up, down;

	run_test_needed_pct(se, df, 0.05, 2, &up, &down);
	cr_assert_float_eq(up, 100 * (1.02 * 1.069 - 1), 1e-9);
	cr_assert_float_eq(down, 100 * (0.98 / 1.069 - 1), 1e-9);
	cr_assert_eq(decided_at(8.5, se, df, 2), SIG_BELOW_NOISE, "+8.5%% is not yet enough");
	cr_assert_eq(decided_at(up - 0.01, se, df, 2), SIG_BELOW_NOISE);
	cr_assert_eq(decided_at(up + 0.01, se, df, 2), SIG_SIGNIFICANT);
	cr_assert_eq(decided_at(down + 0.01, se, df, 2), SIG_BELOW_NOISE);
	cr_assert_eq(decided_at(down - 0.01, se, df, 2), SIG_SIGNIFICANT);
	/* Without a threshold only p decides, symmetric in logs. */
	run_test_needed_pct(se, df, 0.05, 0, &up, &down);
	cr_assert_float_eq(up, 6.9, 1e-9);
	cr_assert_float_eq(log1p(down / 100), -log1p(up / 100), 1e-12);
	cr_assert_eq(decided_at(up - 0.01, se, df, 0), SIG_NONE);
	cr_assert_eq(decided_at(up + 0.01, se, df, 0), SIG_SIGNIFICANT);
	/* A stricter alpha (a family's share) moves the p part beyond the interval's. */
	run_test_needed_pct(se, df, 0.001, 2, &up, &down);
	cr_assert_float_eq(up, 100 * expm1(gsl_cdf_tdist_Pinv(1 - 0.0005, df) * se), 1e-9);
	run_test_needed_pct(se, 0, 0.05, 2, &up, &down);
	cr_assert(isnan(up) && isnan(down), "no degrees of freedom, no test");
}
