#include "runner/result/stats.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

int stats_compute(const double *values, size_t n, struct stats *out)
{
	double mean = 0, m2 = 0, *sorted;

	memset(out, 0, sizeof(*out));
	if (n == 0)
		return -EINVAL;
	sorted = malloc(n * sizeof(*sorted));
	if (!sorted)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		double delta = values[i] - mean;
		mean += delta / (double)(i + 1);
		m2 += delta * (values[i] - mean);
		sorted[i] = values[i];
	}
	qsort(sorted, n, sizeof(*sorted), cmp_double);
	out->n = n;
	out->mean = mean;
	out->stddev = n > 1 ? sqrt(m2 / (double)(n - 1)) : 0.0;
	out->min = sorted[0];
	out->max = sorted[n - 1];
	out->median = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
	free(sorted);
	return 0;
}

double stats_rel_stddev(const struct stats *s)
{
	return s->mean != 0 ? 100.0 * s->stddev / fabs(s->mean) : 0.0;
}

double stats_change_pct(double a, double b)
{
	return a != 0 ? 100.0 * (b - a) / fabs(a) : NAN;
}
