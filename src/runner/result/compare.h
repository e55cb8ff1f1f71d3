/*
 * One sample of trials against another, metric by metric: two cells of a run, or one cell in
 * two result files. Each metric gets its ratio with uncertainty, its change with a 95%
 * interval, its p-values, and a decision. Holm's correction runs over the few key metrics a
 * verdict is made of; the other metrics are exploratory and decided on their own p.
 */
#ifndef ZSB_COMPARE_H
#define ZSB_COMPARE_H
#include "runner/result/results.h"
#include "runner/result/statistics.h"

/* The bootstrap's seed: fixed, so a comparison gives the same interval every time. */
#define COMPARE_SEED 20261130UL

struct compare_opts {
	double alpha; /* significant only at p < alpha ... */
	double noise_pct; /* ... and with the whole interval beyond +-noise_pct */
	/* ... or beyond this machine's calibrated noise for the metric where it is larger
	 * (M_COUNT entries, NaN where none; NULL: no calibration) */
	const double *noise_by_metric;
};

/* The noise threshold a metric is decided with: the larger of the two. */
double compare_noise(const struct compare_opts *o, enum metric_id m);

struct metric_comparison {
	int have; /* both sides have the metric */
	struct two_sample ts;
	double base_mean, new_mean;
	double base_rsd, new_rsd; /* %stddev, LKP's "± N%" */
	double p; /* the p the decision used: Holm-adjusted for a key metric */
	int key; /* one of the verdict's metrics */
	enum significance sig;
};

/* The verdict's metrics: elapsed, CPU time, swap written, RAM used for swap, and the p99 of
 * the access latency where the workload has an access phase. */
#define KEY_METRICS 5
extern const enum metric_id key_metrics[KEY_METRICS];
int metric_is_key(enum metric_id m);
/* Every metric of cell against base; out has M_COUNT entries. 0 or -ENOMEM. */
int compare_cells(const struct result_cell *base, const struct result_cell *cell,
		  const struct compare_opts *o, struct metric_comparison *out);
/* The smallest two-sided exact Mann-Whitney p without ties at these sizes: below alpha (times
 * the tests a correction divides it among), a test can decide; otherwise the ranges do. */
double compare_min_p(size_t nb, size_t nn);
/* The options a results set was made with. */
struct compare_opts compare_opts_of(const struct results *r);
/* (b - a) / |a| in percent; NaN when a is 0. */
double change_pct(double a, double b);
/* "*", "~", "?" or "" for a decision; and the legend line that explains them. */
const char *significance_mark(enum significance s);
const char *significance_legend(void);

#endif
