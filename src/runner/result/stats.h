/* Summary statistics of one metric over a cell's trials. */
#ifndef ZSB_STATS_H
#define ZSB_STATS_H
#include <stddef.h>

struct stats {
	size_t n;
	double mean;
	double stddev;   /* sample standard deviation (n - 1); 0 for one value */
	double min, median, max;
};

/* Welford's method for mean and variance; median from a sorted copy. -ENOMEM, or -EINVAL on n == 0. */
int stats_compute(const double *values, size_t n, struct stats *out);
/* 100 * stddev / |mean|, as LKP prints "± N%"; 0 where the mean is 0. */
double stats_rel_stddev(const struct stats *s);
/* (b - a) / |a| in percent; NaN when a is 0. */
double stats_change_pct(double a, double b);

#endif
