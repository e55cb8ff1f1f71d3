/* Statistics of trials: one metric's summary with its intervals, two samples compared with
 * their uncertainty, Holm's correction over the metrics, and criterion.rs's significance rule.
 * GSL's default error handler aborts: the program calls gsl_set_error_handler_off() once. */
#ifndef ZSB_STATISTICS_H
#define ZSB_STATISTICS_H
#include <stddef.h>

/* Both go into the result file with the seed, so an interval can be reproduced. */
#define STAT_BOOTSTRAP_RESAMPLES 10000
#define STAT_CONFIDENCE 0.95
/* Above this many trials on either side, Mann-Whitney uses the normal approximation. */
#define STAT_MWU_EXACT_MAX 20

/* One metric over one cell's trials. */
struct summary {
	size_t n;
	double confidence;
	double mean;
	double stddev; /* sample (n - 1); 0 for n = 1 */
	double median, min, max;
	double mean_lo, mean_hi; /* Student t interval of the mean; NaN for n < 2 */
	/* From order statistics with binomial coverage; NaN when no pair of them reaches the
	 * confidence (n < 6 at 95%). */
	double median_lo, median_hi;
};

/* -EINVAL for n == 0 or above UINT32_MAX, a value that is not finite, or a confidence outside
 * (0, 1); -ENOMEM. */
int summary_compute(const double *x, size_t n, double confidence, struct summary *out);
/* 100 * stddev / |mean|, as LKP prints "± N%"; 0 where the mean is 0. */
double summary_rel_stddev(const struct summary *s);
/* The one median of the project: the middle value, or the mean of the two middle ones.
 * NaN for n == 0 or when out of memory. */
double median_of(const double *x, size_t n);
/* Iglewicz and Hoaglin's modified z-score of v: 0.6745 (v - median) / MAD; |z| > 3.5 is
 * their outlier. 0 when MAD is 0 or n < 3, NaN when out of memory. */
double modified_z(const double *x, size_t n, double v);

/* Two samples of one metric: base and new (two cells, or one cell in two result files). */
struct two_sample {
	size_t n_base, n_new;
	/* mean_new / mean_base and its propagated error, as hyperfine:
	 * ratio * sqrt((sd_b/m_b)^2 + (sd_n/m_n)^2) */
	double ratio, ratio_err;
	double change_pct; /* 100 (median_new / median_base - 1) */
	/* Percentile bootstrap of the ratio of medians, STAT_CONFIDENCE, as % change. */
	double change_lo_pct, change_hi_pct;
	unsigned long seed; /* the bootstrap's; MT19937 uses its low 32 bits */
	double p_mwu; /* Mann-Whitney U, two-sided */
	int mwu_exact; /* 1: permutation distribution; 0: normal */
	/* The smallest p_mwu these sizes and ties allow (normal: at the most extreme U). */
	double p_mwu_min;
	/* Welch's t-test, two-sided; NaN when a side has n < 2 or both have no variance. */
	double p_welch;
	int testable; /* both n >= 4: the exact test can reach p < 0.05 */
	int ranges_overlap; /* [min, max] of the two overlap (LKP's rule) */
};

/* -EINVAL for an empty side, a side above UINT32_MAX or a value that is not finite; -ENOMEM.
 * ratio and change_pct are NaN where the base's mean or median is 0, the interval also when
 * some resample's base median is 0. */
int two_sample_compare(const double *base, size_t nb, const double *new_, size_t nn,
		       unsigned long seed, struct two_sample *out);

/* Holm-Bonferroni step-down adjusted p-values, monotone, capped at 1; adjusted may be p.
 * -EINVAL for a p outside [0, 1] (NaN included), -ENOMEM. */
int holm_adjust(const double *p, size_t n, double *adjusted);

enum significance {
	SIG_NONE, /* testable, and not a change beyond noise */
	SIG_SIGNIFICANT,
	SIG_NOT_TESTABLE_DIFFERENT, /* too few trials; ranges apart and |change| > noise */
	SIG_NOT_TESTABLE_SAME,
};

/* Significant only when p < alpha AND the whole interval of the change lies outside
 * [-noise_pct, +noise_pct] (criterion.rs). p is the caller's, Holm-adjusted over the metrics.
 * An untestable comparison falls back to LKP's rule and says so. */
enum significance significance_decide(const struct two_sample *c, double p, double alpha,
				      double noise_pct);

#endif
