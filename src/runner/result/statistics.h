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

/* The interval of the median a view prints: the confidence's where n allows it, else the
 * range, whose coverage 1 - 2^(1-n) is said with it (94% at 5 trials). Unlike the mean's t
 * interval it stays inside the data, so a time is never given a negative bound. 0 for n < 2:
 * one trial has no interval. */
double summary_median_interval(const struct summary *s, double *lo, double *hi);

/* -EINVAL for n == 0 or above UINT32_MAX, a value that is not finite, or a confidence outside
 * (0, 1); -ENOMEM. */
int summary_compute(const double *x, size_t n, double confidence, struct summary *out);
/* The t interval's lower bound, cut at 0 for a sample with no negative value: the mean of a
 * quantity that cannot be negative is not, and cutting the interval to where the mean can be
 * keeps its coverage. Skewed trials (one slow outlier among five) would give a time a negative
 * bound otherwise. */
double summary_mean_lo_bounded(const struct summary *s);
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
	/* Where U leans: +1 the new sample's ranks above the base's (its values tend larger),
	 * -1 below, 0 exactly at U's mean. A median's change can point the other way (two
	 * modes); a sentence's p must come from a test that leans the way its words do. */
	int mwu_direction;
	int mwu_exact; /* 1: permutation distribution; 0: normal */
	/* The smallest p_mwu these sizes and ties allow (normal: at the most extreme U). */
	double p_mwu_min;
	/* Welch's t-test, two-sided; NaN when a side has n < 2 or both have no variance. */
	double p_welch;
	/* The exact test can reach p < 0.05 at these sizes (3 against 10 can, 3 against 4
	 * cannot); the decision asks again at its own alpha and correction. */
	int testable;
	int ranges_overlap; /* [min, max] of the two overlap (LKP's rule) */
};

/* -EINVAL for an empty side, a side above UINT32_MAX or a value that is not finite; -ENOMEM.
 * ratio and change_pct are NaN where the base's mean or median is 0, the interval also when
 * some resample's base median is 0. */
int two_sample_compare(const double *base, size_t nb, const double *new_, size_t nn,
		       unsigned long seed, struct two_sample *out);
/* The same with this many bootstrap resamples (0: STAT_BOOTSTRAP_RESAMPLES): a simulation of
 * thousands of comparisons takes fewer, the decision's path unchanged. */
int two_sample_compare_resampled(const double *base, size_t nb, const double *new_, size_t nn,
				 unsigned long seed, size_t resamples, struct two_sample *out);

/* Holm-Bonferroni step-down adjusted p-values, monotone, capped at 1; adjusted may be p.
 * -EINVAL for a p outside [0, 1] (NaN included), -ENOMEM. */
int holm_adjust(const double *p, size_t n, double *adjusted);

enum significance {
	SIG_NONE, /* tested: no difference shown */
	SIG_SIGNIFICANT, /* tested: a change, its whole interval beyond the noise threshold */
	/* Too few trials for a test that can reach alpha: nothing can be told, whatever the
	 * ranges say (apart by chance in 2 / C(n1 + n2, n1) of identical pairs: 10% at 3 vs 3). */
	SIG_NOT_TESTABLE_DIFFERENT, /* the ranges apart and |change| > noise */
	SIG_NOT_TESTABLE_SAME,
	/* tested: a real change (p < alpha, its interval on one side of 0), not shown beyond the
	 * noise threshold */
	SIG_BELOW_NOISE,
	/* between runs, one run a side and nothing that measured how runs differ: no test */
	SIG_NEEDS_RUNS,
};

/* The estimate a decision is made of and a sentence is written from: one statistic, its
 * interval and its p. */
struct estimate {
	double change_pct; /* the point estimate, % of the base */
	double lo_pct, hi_pct; /* its STAT_CONFIDENCE interval; NaN: none */
	double p; /* the test's, adjusted over its family by the caller */
	int testable; /* the test can reach alpha after the family's correction */
	int ranges_overlap; /* for an untestable one: what the trials alone show */
};

/* Significant only when p < alpha AND the whole interval of the change lies outside
 * [-noise_pct, +noise_pct] (criterion.rs) AND the estimate lies on the interval's side: a
 * sentence never says "faster" of a change its interval puts the other way. A change with
 * p < alpha and an interval on one side of 0 that does not clear the threshold is real but
 * within the noise. An untestable comparison says so. */
enum significance estimate_decide(const struct estimate *e, double alpha, double noise_pct);
/* The same for two samples of trials: their median change and its bootstrap interval. */
enum significance significance_decide(const struct two_sample *c, double p, double alpha,
				      double noise_pct);

/* Runs as the unit (several runs per side, or one a side with a measured run-to-run spread):
 * Student's t on the logs of each run's median, so a change is a ratio and the runs' spread
 * is relative. The spread is pooled from the runs of both sides when they give at least as
 * many degrees of freedom as the known one (a calibration's), else the known one is used. */
struct run_test {
	size_t runs_base, runs_new;
	double sd_log; /* the run-to-run spread of log(median) used */
	double df; /* its degrees of freedom; 0: none, no test */
	double se_log; /* of the difference of the sides' mean logs */
	double change_pct, lo_pct, hi_pct; /* ratio of the geometric means, STAT_CONFIDENCE */
	double p; /* two-sided */
	int known; /* 1: the known spread was used */
};

/* base and new hold one median per run. known_sd_log with known_df > 0: a spread measured
 * elsewhere. -EINVAL for an empty side or a median that is not above 0. */
int run_test_compare(const double *base, size_t nb, const double *new_, size_t nn,
		     double known_sd_log, double known_df, struct run_test *out);
/* The smallest changes in % a run test with this se and df calls significant under
 * estimate_decide's rule, at alpha and noise_pct: p below alpha and the whole interval beyond
 * the threshold, whichever needs more. A rise must exceed *up, a fall go below *down (< 0): in
 * logs the interval is symmetric, in % it is not. NaN without degrees of freedom. */
void run_test_needed_pct(double se_log, double df, double alpha, double noise_pct, double *up,
			 double *down);

#endif
