#include "runner/result/compare.h"
#include "common/util.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_sf_gamma.h>

const enum metric_id key_metrics[KEY_METRICS] = { M_ELAPSED, M_CPU_TIME, M_SWAP_PEAK, M_SWAP_RAM,
						  M_ACCESS_P99 };

int metric_is_key(enum metric_id m)
{
	for (size_t i = 0; i < ARRAY_SIZE(key_metrics); i++)
		if (key_metrics[i] == m)
			return 1;
	return 0;
}

double change_pct(double a, double b)
{
	return a != 0 ? 100.0 * (b - a) / fabs(a) : NAN;
}

struct compare_opts compare_opts_of(const struct results *r)
{
	struct compare_opts o = { .alpha = r->alpha, .noise_pct = r->noise_pct };
	return o;
}

const char *significance_mark(enum significance s)
{
	static const char *const marks[] = { [SIG_NONE] = "~",
					     [SIG_SIGNIFICANT] = "*",
					     [SIG_NOT_TESTABLE_DIFFERENT] = "?",
					     [SIG_NOT_TESTABLE_SAME] = "" };
	return marks[s];
}

const char *significance_legend(void)
{
	return "* significant (Mann-Whitney p < alpha, Holm over elapsed, CPU, swap, RAM and p99 "
	       "latency; interval beyond the "
	       "noise threshold)  ~ not significant  ? too few trials for a test, ranges apart";
}

static int compare_metric(const struct result_cell *base, const struct result_cell *cell,
			  enum metric_id m, double *scratch, struct metric_comparison *out)
{
	size_t nb = cell_values(base, m, scratch), nn;
	int ret;

	if (!base->have_stats[m] || !cell->have_stats[m] || !nb)
		return 0;
	nn = cell_values(cell, m, scratch + nb);
	if (!nn)
		return 0;
	ret = two_sample_compare(scratch, nb, scratch + nb, nn, COMPARE_SEED, &out->ts);
	if (ret)
		return ret == -EINVAL ? 0 : ret;
	out->have = 1;
	out->key = metric_is_key(m);
	out->base_mean = base->stats[m].mean;
	out->new_mean = cell->stats[m].mean;
	out->base_rsd = summary_rel_stddev(&base->stats[m]);
	out->new_rsd = summary_rel_stddev(&cell->stats[m]);
	out->p = out->ts.p_mwu;
	return 0;
}

double compare_noise(const struct compare_opts *o, enum metric_id m)
{
	double calibrated = o->noise_by_metric ? o->noise_by_metric[m] : NAN;

	return calibrated > o->noise_pct ? calibrated : o->noise_pct;
}

/* One arrangement at each end of C(nb + nn, nb). */
double compare_min_p(size_t nb, size_t nn)
{
	return fmin(1.0, 2.0 * exp(-gsl_sf_lnchoose((unsigned)(nb + nn), (unsigned)nb)));
}

/* Holm over the key metrics both sides have; the rest keep their own p. */
static void decide(struct metric_comparison *out, const struct compare_opts *o)
{
	double p[KEY_METRICS], adjusted[KEY_METRICS];
	size_t n = 0;

	for (size_t i = 0; i < KEY_METRICS; i++)
		if (out[key_metrics[i]].have && !isnan(out[key_metrics[i]].ts.p_mwu))
			p[n++] = out[key_metrics[i]].ts.p_mwu;
	if (n && holm_adjust(p, n, adjusted) == 0)
		for (size_t i = 0, k = 0; i < KEY_METRICS; i++)
			if (out[key_metrics[i]].have && !isnan(out[key_metrics[i]].ts.p_mwu))
				out[key_metrics[i]].p = adjusted[k++];
	/* Too few trials for a test that can reach alpha is no test: at 4 a side the smallest p
	 * without ties is 2/70 = 0.029, which Holm over 2 key metrics already makes 0.057. Such a
	 * metric falls back to the ranges, as below 4 trials. (Ties, which raise the smallest p
	 * further, leave the test in place: they say nothing about the number of trials.) */
	for (int m = 0; m < M_COUNT; m++) {
		double reach = out[m].have ? compare_min_p(out[m].ts.n_base, out[m].ts.n_new) : 0;
		if (out[m].have && !(reach * (out[m].key && n ? (double)n : 1.0) < o->alpha))
			out[m].ts.testable = 0;
	}
	for (int m = 0; m < M_COUNT; m++)
		if (out[m].have)
			out[m].sig = significance_decide(&out[m].ts, out[m].p, o->alpha,
							 compare_noise(o, (enum metric_id)m));
}

int compare_cells(const struct result_cell *base, const struct result_cell *cell,
		  const struct compare_opts *o, struct metric_comparison *out)
{
	double *scratch = calloc(base->ntrials + cell->ntrials + 1, sizeof(*scratch));
	int ret = 0;

	for (int m = 0; m < M_COUNT; m++)
		out[m] = (struct metric_comparison){ .sig = SIG_NOT_TESTABLE_SAME };
	if (!scratch)
		return -ENOMEM;
	for (int m = 0; m < M_COUNT && !ret; m++)
		ret = compare_metric(base, cell, (enum metric_id)m, scratch, &out[m]);
	free(scratch);
	if (!ret)
		decide(out, o);
	return ret;
}
