#include "runner/result/statistics.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_sf_gamma.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_sort_double.h>
#include <gsl/gsl_statistics_double.h>

/* GSL's binomial CDF and gsl_rng_uniform_int take 32-bit counts. */
static int check_sample(const double *x, size_t n)
{
	if (n == 0 || n > UINT32_MAX)
		return -EINVAL;
	for (size_t i = 0; i < n; i++)
		if (!isfinite(x[i]))
			return -EINVAL;
	return 0;
}

static void mean_interval(struct summary *s)
{
	double half;

	if (s->n < 2)
		return;
	half = gsl_cdf_tdist_Pinv((1 + s->confidence) / 2, (double)(s->n - 1)) * s->stddev /
		sqrt((double)s->n);
	s->mean_lo = s->mean - half;
	s->mean_hi = s->mean + half;
}

/* Distribution-free: [x(j), x(n+1-j)] misses the median only when fewer than j values fall on
 * one side of it, so its coverage is 1 - 2 P(B <= j - 1), B ~ Binomial(n, 1/2), whatever the
 * metric's distribution. Trial times are skewed, which the t interval of the mean ignores. */
static void median_interval(const double *sorted, struct summary *s)
{
	size_t j = 0, n = s->n;

	while (j + 1 <= n / 2 &&
	       1 - 2 * gsl_cdf_binomial_P((unsigned)j, 0.5, (unsigned)n) >= s->confidence)
		j++;
	if (j == 0)
		return;
	s->median_lo = sorted[j - 1];
	s->median_hi = sorted[n - j];
}

int summary_compute(const double *x, size_t n, double confidence, struct summary *out)
{
	double *sorted = NULL;
	int ret;

	memset(out, 0, sizeof(*out));
	out->mean_lo = out->mean_hi = out->median_lo = out->median_hi = NAN;
	ret = check_sample(x, n);
	if (ret)
		goto out;
	ret = -EINVAL;
	if (!(confidence > 0 && confidence < 1))
		goto out;
	ret = -ENOMEM;
	sorted = malloc(n * sizeof(*sorted));
	if (!sorted)
		goto out;
	memcpy(sorted, x, n * sizeof(*sorted));
	gsl_sort(sorted, 1, n);
	out->n = n;
	out->confidence = confidence;
	out->mean = gsl_stats_mean(x, 1, n);
	out->stddev = n > 1 ? gsl_stats_sd_m(x, 1, n, out->mean) : 0.0;
	out->median = gsl_stats_median_from_sorted_data(sorted, 1, n);
	out->min = sorted[0];
	out->max = sorted[n - 1];
	mean_interval(out);
	median_interval(sorted, out);
	ret = 0;
out:
	free(sorted);
	return ret;
}

double summary_median_interval(const struct summary *s, double *lo, double *hi)
{
	if (isfinite(s->median_lo)) {
		*lo = s->median_lo;
		*hi = s->median_hi;
		return s->confidence;
	}
	*lo = s->min;
	*hi = s->max;
	/* The median escapes [min, max] only when every trial falls on one side of it. */
	return s->n >= 2 ? 1 - ldexp(1.0, 1 - (int)(s->n > 64 ? 64 : s->n)) : 0;
}

double summary_mean_lo_bounded(const struct summary *s)
{
	return s->min >= 0 && s->mean_lo < 0 ? 0.0 : s->mean_lo;
}

double summary_rel_stddev(const struct summary *s)
{
	return s->mean != 0 ? 100.0 * s->stddev / fabs(s->mean) : 0.0;
}

double median_of(const double *x, size_t n)
{
	double *copy, median;

	if (n == 0)
		return NAN;
	copy = malloc(n * sizeof(*copy));
	if (!copy)
		return NAN;
	memcpy(copy, x, n * sizeof(*copy));
	median = gsl_stats_median(copy, 1, n);
	free(copy);
	return median;
}

/* 0.6745 is the normal's 0.75 quantile: it makes MAD estimate sigma for normal data. */
double modified_z(const double *x, size_t n, double v)
{
	double *dev, median, mad;

	if (n < 3)
		return 0.0;
	dev = malloc(n * sizeof(*dev));
	if (!dev)
		return NAN;
	memcpy(dev, x, n * sizeof(*dev));
	median = gsl_stats_median(dev, 1, n);
	for (size_t i = 0; i < n; i++)
		dev[i] = fabs(x[i] - median);
	mad = gsl_stats_median(dev, 1, n);
	free(dev);
	return mad > 0 ? 0.6745 * (v - median) / mad : 0.0;
}

/* Midranks of the pooled sample, doubled so they stay integers and the exact distribution can
 * be indexed by them: a tie group at sorted positions i..j-1 shares rank (i + 1 + j) / 2. */
static int pooled_ranks(const double *base, size_t nb, const double *new_, size_t nn,
			size_t *doubled, double *tie_term)
{
	size_t total = nb + nn, *order = NULL;
	double *pool = NULL;
	int ret = -ENOMEM;

	pool = malloc(total * sizeof(*pool));
	order = malloc(total * sizeof(*order));
	if (!pool || !order)
		goto out;
	memcpy(pool, base, nb * sizeof(*pool));
	memcpy(pool + nb, new_, nn * sizeof(*pool));
	gsl_sort_index(order, pool, 1, total);
	*tie_term = 0;
	for (size_t i = 0, j; i < total; i = j) {
		for (j = i + 1; j < total && pool[order[j]] == pool[order[i]]; j++)
			;
		for (size_t k = i; k < j; k++)
			doubled[order[k]] = i + 1 + j;
		*tie_term += pow((double)(j - i), 3) - (double)(j - i);
	}
	ret = 0;
out:
	free(pool);
	free(order);
	return ret;
}

/* The permutation distribution of the base's rank sum given the observed ties, not the
 * tie-free tables: trial metrics are often quantised (pages, ticks) and tie. count[k][s]
 * counts the k-subsets of the pooled ranks with doubled sum s; at most C(40, 20) ~ 1.4e11,
 * exact in a double. Two-sided as scipy: 2 min(P(S <= s), P(S >= s)), capped at 1. */
static int mwu_exact(const size_t *doubled, size_t total, size_t nb, size_t observed,
		     struct two_sample *out)
{
	size_t smax = 0, width, first = SIZE_MAX, last = 0;
	double *count, *row, le = 0, ge = 0, all = 0;

	for (size_t i = 0; i < total; i++)
		smax += doubled[i];
	width = smax + 1;
	count = calloc((nb + 1) * width, sizeof(*count));
	if (!count)
		return -ENOMEM;
	count[0] = 1;
	for (size_t i = 0; i < total; i++)
		for (size_t k = i + 1 < nb ? i + 1 : nb; k >= 1; k--)
			for (size_t s = doubled[i]; s <= smax; s++)
				count[k * width + s] += count[(k - 1) * width + s - doubled[i]];
	row = count + nb * width;
	for (size_t s = 0; s <= smax; s++) {
		if (row[s] > 0 && first == SIZE_MAX)
			first = s;
		if (row[s] > 0)
			last = s;
		all += row[s];
		le += s <= observed ? row[s] : 0;
		ge += s >= observed ? row[s] : 0;
	}
	out->p_mwu = fmin(1.0, 2 * fmin(le, ge) / all);
	out->p_mwu_min = fmin(1.0, 2 * fmin(row[first], row[last]) / all);
	free(count);
	return 0;
}

/* scipy's 'asymptotic' method: tie-corrected variance, continuity correction, U the larger of
 * U1 and U2. The minimum is at the most extreme U. */
static void mwu_normal(size_t observed, double tie_term, size_t nb, size_t nn,
		       struct two_sample *out)
{
	double n1 = (double)nb, n2 = (double)nn, n = n1 + n2;
	double u1 = (double)observed / 2 - n1 * (n1 + 1) / 2, mu = n1 * n2 / 2;
	double sigma = sqrt(n1 * n2 / 12 * ((n + 1) - tie_term / (n * (n - 1))));
	double u = fmax(u1, n1 * n2 - u1);

	/* Every value equal: no ordering at all. */
	if (!(sigma > 0)) {
		out->p_mwu = out->p_mwu_min = 1.0;
		return;
	}
	out->p_mwu = fmin(1.0, 2 * gsl_cdf_ugaussian_Q((u - mu - 0.5) / sigma));
	out->p_mwu_min = fmin(1.0, 2 * gsl_cdf_ugaussian_Q((n1 * n2 - mu - 0.5) / sigma));
}

static int mann_whitney(const double *base, size_t nb, const double *new_, size_t nn,
			struct two_sample *out)
{
	size_t *doubled, observed = 0, expected;
	double tie_term;
	int ret;

	doubled = malloc((nb + nn) * sizeof(*doubled));
	if (!doubled)
		return -ENOMEM;
	ret = pooled_ranks(base, nb, new_, nn, doubled, &tie_term);
	if (ret)
		goto out;
	for (size_t i = 0; i < nb; i++)
		observed += doubled[i];
	/* The base's doubled rank sum against its mean nb (nb + nn + 1): above it, the base
	 * holds the larger values and U leans towards a smaller new sample. */
	expected = nb * (nb + nn + 1);
	out->mwu_direction = observed > expected ? -1 : observed < expected ? 1 : 0;
	out->mwu_exact = nb <= STAT_MWU_EXACT_MAX && nn <= STAT_MWU_EXACT_MAX;
	if (out->mwu_exact)
		ret = mwu_exact(doubled, nb + nn, nb, observed, out);
	else
		mwu_normal(observed, tie_term, nb, nn, out);
out:
	free(doubled);
	return ret;
}

static double welch_p(const struct summary *b, const struct summary *n)
{
	double vb, vn, se2, t, df;

	if (b->n < 2 || n->n < 2)
		return NAN;
	vb = b->stddev * b->stddev / (double)b->n;
	vn = n->stddev * n->stddev / (double)n->n;
	se2 = vb + vn;
	if (se2 == 0)
		return NAN;
	t = (n->mean - b->mean) / sqrt(se2);
	/* Welch-Satterthwaite: the backends' spreads differ (zram is tighter than disk). */
	df = se2 * se2 / (vb * vb / (double)(b->n - 1) + vn * vn / (double)(n->n - 1));
	return 2 * gsl_cdf_tdist_Q(fabs(t), df);
}

/* hyperfine's ratio * sqrt((sd_b/m_b)^2 + (sd_n/m_n)^2), written out by partial derivatives so
 * that a new mean of 0 gives sd_n/m_b instead of 0 * infinity. */
static void ratio_of_means(const struct summary *b, const struct summary *n, struct two_sample *out)
{
	out->ratio = out->ratio_err = NAN;
	if (b->mean == 0)
		return;
	out->ratio = n->mean / b->mean;
	out->ratio_err = hypot(b->stddev * n->mean / (b->mean * b->mean), n->stddev / b->mean);
}

/* The bootstrap takes ten thousand medians of a few trials: an insertion sort of five values
 * beats a general sort's setup many times over, and gives the same median. */
static double small_median(double *x, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		double v = x[i];
		size_t j = i;
		for (; j > 0 && x[j - 1] > v; j--)
			x[j] = x[j - 1];
		x[j] = v;
	}
	return n % 2 ? x[n / 2] : (x[n / 2 - 1] + x[n / 2]) / 2;
}

static double resampled_median(const gsl_rng *rng, const double *x, size_t n, double *scratch)
{
	for (size_t i = 0; i < n; i++)
		scratch[i] = x[gsl_rng_uniform_int(rng, n)];
	return n <= 32 ? small_median(scratch, n) : gsl_stats_median(scratch, 1, n);
}

/* Percentile bootstrap of median_new / median_base, the statistic the tables print; MT19937
 * with the caller's seed so a result file's interval can be reproduced. */
static int bootstrap_change(const double *base, size_t nb, const double *new_, size_t nn,
			    unsigned long seed, size_t resamples, struct two_sample *out)
{
	gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
	double *ratios = malloc(resamples * sizeof(*ratios));
	double *scratch = malloc((nb > nn ? nb : nn) * sizeof(*scratch));
	double tail = (1 - STAT_CONFIDENCE) / 2, lo, hi;
	int ret = -ENOMEM;

	if (!rng || !ratios || !scratch)
		goto out;
	gsl_rng_set(rng, seed);
	ret = 0;
	for (size_t i = 0; i < resamples; i++) {
		double mb = resampled_median(rng, base, nb, scratch);
		double mn = resampled_median(rng, new_, nn, scratch);

		if (mb == 0)
			goto out;
		ratios[i] = mn / mb;
	}
	gsl_sort(ratios, 1, resamples);
	lo = gsl_stats_quantile_from_sorted_data(ratios, 1, resamples, tail);
	hi = gsl_stats_quantile_from_sorted_data(ratios, 1, resamples, 1 - tail);
	out->change_lo_pct = 100 * (lo - 1);
	out->change_hi_pct = 100 * (hi - 1);
out:
	gsl_rng_free(rng);
	free(ratios);
	free(scratch);
	return ret;
}

int two_sample_compare(const double *base, size_t nb, const double *new_, size_t nn,
		       unsigned long seed, struct two_sample *out)
{
	return two_sample_compare_resampled(base, nb, new_, nn, seed, 0, out);
}

int two_sample_compare_resampled(const double *base, size_t nb, const double *new_, size_t nn,
				 unsigned long seed, size_t resamples, struct two_sample *out)
{
	struct summary b, n;
	int ret;

	memset(out, 0, sizeof(*out));
	out->ratio = out->ratio_err = out->change_pct = NAN;
	out->change_lo_pct = out->change_hi_pct = out->p_mwu = out->p_mwu_min = out->p_welch = NAN;
	ret = summary_compute(base, nb, STAT_CONFIDENCE, &b);
	if (!ret)
		ret = summary_compute(new_, nn, STAT_CONFIDENCE, &n);
	if (ret)
		return ret;
	out->n_base = nb;
	out->n_new = nn;
	out->seed = seed;
	ratio_of_means(&b, &n, out);
	out->change_pct = b.median != 0 ? 100 * (n.median / b.median - 1) : NAN;
	out->p_welch = welch_p(&b, &n);
	/* One arrangement at each end of C(nb + nn, nb): 3 against 10 reaches 0.007, 3 against 4
	 * only 0.057. */
	out->testable = 2.0 * exp(-gsl_sf_lnchoose((unsigned)(nb + nn), (unsigned)nb)) < 0.05;
	out->ranges_overlap = b.max >= n.min && n.max >= b.min;
	ret = mann_whitney(base, nb, new_, nn, out);
	if (!ret)
		ret = bootstrap_change(base, nb, new_, nn, seed,
				       resamples ? resamples : STAT_BOOTSTRAP_RESAMPLES, out);
	return ret;
}

int holm_adjust(const double *p, size_t n, double *adjusted)
{
	size_t *order = NULL;
	double *holm = NULL, running = 0;
	int ret = -EINVAL;

	for (size_t i = 0; i < n; i++)
		if (!(p[i] >= 0 && p[i] <= 1))
			goto out;
	ret = 0;
	if (n == 0)
		goto out;
	ret = -ENOMEM;
	order = malloc(n * sizeof(*order));
	holm = malloc(n * sizeof(*holm));
	if (!order || !holm)
		goto out;
	gsl_sort_index(order, p, 1, n);
	/* The k-th smallest is tested at alpha / (n - k); the running maximum keeps a smaller
	 * raw p from being more significant after adjustment than a larger one. */
	for (size_t k = 0; k < n; k++) {
		running = fmax(running, fmin(1.0, (double)(n - k) * p[order[k]]));
		holm[order[k]] = running;
	}
	memcpy(adjusted, holm, n * sizeof(*adjusted));
	ret = 0;
out:
	free(order);
	free(holm);
	return ret;
}

static int beyond(double lo, double hi, double noise_pct)
{
	return lo > noise_pct || hi < -noise_pct;
}

enum significance estimate_decide(const struct estimate *e, double alpha, double noise_pct)
{
	int one_side;

	if (!e->testable)
		return !e->ranges_overlap && fabs(e->change_pct) > noise_pct
			? SIG_NOT_TESTABLE_DIFFERENT
			: SIG_NOT_TESTABLE_SAME;
	/* NaN fails every comparison: no interval, no claim. */
	one_side = (e->lo_pct > 0 && e->change_pct > 0) || (e->hi_pct < 0 && e->change_pct < 0);
	if (!(e->p < alpha) || !one_side)
		return SIG_NONE;
	/* A p-value alone calls a 0.3% shift on a quiet machine a change; the interval against
	 * the noise threshold keeps only changes worth reporting, and names the rest. */
	return beyond(e->lo_pct, e->hi_pct, noise_pct) ? SIG_SIGNIFICANT : SIG_BELOW_NOISE;
}

enum significance significance_decide(const struct two_sample *c, double p, double alpha,
				      double noise_pct)
{
	struct estimate e = { .change_pct = c->change_pct,
			      .lo_pct = c->change_lo_pct,
			      .hi_pct = c->change_hi_pct,
			      .p = p,
			      .testable = c->testable,
			      .ranges_overlap = c->ranges_overlap };

	return estimate_decide(&e, alpha, noise_pct);
}

static double mean_log(const double *x, size_t n)
{
	double sum = 0;

	for (size_t i = 0; i < n; i++)
		sum += log(x[i]);
	return sum / (double)n;
}

static double squares_about(const double *x, size_t n, double centre)
{
	double sum = 0;

	for (size_t i = 0; i < n; i++)
		sum += (log(x[i]) - centre) * (log(x[i]) - centre);
	return sum;
}

static int positive(const double *x, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!(x[i] > 0) || !isfinite(x[i]))
			return 0;
	return n > 0;
}

/* The spread of the runs themselves, or the known one where it has more degrees of freedom:
 * chosen by the designs' sizes alone, never by which gives the smaller p. */
static void run_spread(const double *base, size_t nb, const double *new_, size_t nn,
		       double known_sd_log, double known_df, struct run_test *out)
{
	double df = (double)(nb + nn) - 2;

	if (df >= 1 && !(known_df > df && known_sd_log > 0)) {
		out->df = df;
		out->sd_log = sqrt((squares_about(base, nb, mean_log(base, nb)) +
				    squares_about(new_, nn, mean_log(new_, nn))) /
				   df);
	} else if (known_df > 0 && known_sd_log > 0) {
		out->df = known_df;
		out->sd_log = known_sd_log;
		out->known = 1;
	}
}

int run_test_compare(const double *base, size_t nb, const double *new_, size_t nn,
		     double known_sd_log, double known_df, struct run_test *out)
{
	double d, t, half;

	memset(out, 0, sizeof(*out));
	out->change_pct = out->lo_pct = out->hi_pct = out->p = NAN;
	out->sd_log = out->se_log = NAN;
	if (!positive(base, nb) || !positive(new_, nn))
		return -EINVAL;
	out->runs_base = nb;
	out->runs_new = nn;
	d = mean_log(new_, nn) - mean_log(base, nb);
	out->change_pct = 100 * expm1(d);
	run_spread(base, nb, new_, nn, known_sd_log, known_df, out);
	if (!(out->df > 0))
		return 0;
	out->se_log = out->sd_log * sqrt(1.0 / (double)nb + 1.0 / (double)nn);
	if (!(out->se_log > 0)) {
		/* Runs that agree to the last digit: no spread to scale the change by. */
		out->p = d == 0 ? 1.0 : 0.0;
		out->lo_pct = out->hi_pct = out->change_pct;
		return 0;
	}
	t = d / out->se_log;
	out->p = fmin(1.0, 2 * gsl_cdf_tdist_Q(fabs(t), out->df));
	half = gsl_cdf_tdist_Pinv((1 + STAT_CONFIDENCE) / 2, out->df) * out->se_log;
	out->lo_pct = 100 * expm1(d - half);
	out->hi_pct = 100 * expm1(d + half);
	return 0;
}

void run_test_needed_pct(double se_log, double df, double alpha, double noise_pct, double *up,
			 double *down)
{
	double test, half;

	*up = *down = NAN;
	if (!(df > 0) || !(se_log >= 0))
		return;
	/* p < alpha: |d| beyond t(1 - alpha / 2) se; the interval beyond the threshold: d's
	 * bound past log(1 +- noise) by t(confidence) se. */
	test = gsl_cdf_tdist_Pinv(1 - alpha / 2, df) * se_log;
	half = gsl_cdf_tdist_Pinv((1 + STAT_CONFIDENCE) / 2, df) * se_log;
	*up = 100 * expm1(fmax(test, log1p(noise_pct / 100) + half));
	*down = 100 * expm1(fmin(-test, log1p(-noise_pct / 100) - half));
}
