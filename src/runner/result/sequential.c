#include "runner/result/sequential.h"

#include <errno.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdlib.h>

#include "runner/result/statistics.h"

/* The two-sided p of each base rank sum of k values among 2k without ties, by the sum less its
 * least, k (k + 1) / 2: exact up to STAT_MWU_EXACT_MAX a side and the normal approximation
 * above, as statistics.c's test gives it. Length k * k + 1; NULL when out of memory. */
static double *rank_sum_p(size_t k)
{
	size_t n = 2 * k, width = k * k + 1;
	double *p = malloc(width * sizeof(*p)), *count = NULL, all = 0, le = 0;

	if (!p)
		return NULL;
	if (k > STAT_MWU_EXACT_MAX) {
		double mu = (double)(k * k) / 2,
		       sigma = sqrt((double)(k * k) / 12 * (double)(n + 1));
		for (size_t u = 0; u < width; u++) {
			double far = fmax((double)u, (double)(k * k - u));
			p[u] = fmin(1.0, 2 * gsl_cdf_ugaussian_Q((far - mu - 0.5) / sigma));
		}
		return p;
	}
	/* count[j][u]: j of the ranks 1..i taken, their sum less j (j + 1) / 2 being u. */
	count = calloc((k + 1) * width, sizeof(*count));
	if (!count) {
		free(p);
		return NULL;
	}
	count[0] = 1;
	for (size_t i = 1; i <= n; i++)
		for (size_t j = i < k ? i : k; j >= 1; j--)
			for (size_t u = i - j; u < width; u++)
				count[j * width + u] += count[(j - 1) * width + u - (i - j)];
	for (size_t u = 0; u < width; u++)
		all += count[k * width + u];
	for (size_t u = 0; u < width; u++) {
		double here = count[k * width + u];
		le += here;
		/* P(U >= u) = 1 - P(U <= u - 1) */
		p[u] = fmin(1.0, 2 * fmin(le, all - (le - here)) / all);
	}
	free(count);
	return p;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* The smallest p of one simulated run's looks: U grown one pair of trials at a time. */
static double smallest_p(gsl_rng *rng, unsigned min, unsigned max, double *const *p_of, double *x,
			 double *y)
{
	double least = 1;
	size_t u = 0;

	for (unsigned k = 1; k <= max; k++) {
		x[k - 1] = gsl_rng_uniform(rng);
		y[k - 1] = gsl_rng_uniform(rng);
		for (unsigned j = 0; j < k; j++)
			u += (y[j] < x[k - 1]) + (j + 1 < k && y[k - 1] < x[j]);
		if (k >= min && p_of[k][u] < least)
			least = p_of[k][u];
	}
	return least;
}

double sequential_level(unsigned min, unsigned max, double alpha)
{
	double *p_of[SEQUENTIAL_MAX + 1] = { 0 }, *least = NULL, *x = NULL, *y = NULL;
	double level = NAN;
	gsl_rng *rng = NULL;

	if (min < 2 || max < min || max > SEQUENTIAL_MAX || !(alpha > 0 && alpha < 1))
		return NAN;
	for (unsigned k = min; k <= max; k++)
		if (!(p_of[k] = rank_sum_p(k)))
			goto out;
	least = malloc(SEQUENTIAL_REPS * sizeof(*least));
	x = malloc(max * sizeof(*x));
	y = malloc(max * sizeof(*y));
	rng = gsl_rng_alloc(gsl_rng_mt19937);
	if (!least || !x || !y || !rng)
		goto out;
	gsl_rng_set(rng, SEQUENTIAL_SEED);
	for (size_t r = 0; r < SEQUENTIAL_REPS; r++)
		least[r] = smallest_p(rng, min, max, p_of, x, y);
	qsort(least, SEQUENTIAL_REPS, sizeof(*least), by_value);
	/* Fewer than alpha of the runs have a look below it: p < level decides. Never above alpha,
	 * where one look would: at 5 a side p < 0.0556 and p < 0.05 decide alike. */
	level = fmin(alpha, least[(size_t)(alpha * SEQUENTIAL_REPS)]);
out:
	for (unsigned k = 0; k <= SEQUENTIAL_MAX; k++)
		free(p_of[k]);
	free(least);
	free(x);
	free(y);
	if (rng)
		gsl_rng_free(rng);
	return level;
}

int sequential_decided(const struct result_cell *base, const struct result_cell *cell, double level,
		       const struct compare_opts *o)
{
	struct compare_opts at = *o;
	struct metric_comparison mc;
	int ret;

	at.alpha = level;
	ret = compare_metric(base, cell, compare_primary(base, cell), &at, &mc);
	if (ret)
		return ret;
	return mc.have && mc.sig == SIG_SIGNIFICANT;
}
