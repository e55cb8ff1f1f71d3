#include "runner/result/compare.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_sf_gamma.h>

enum metric_id compare_primary(const struct result_cell *base, const struct result_cell *cell)
{
	const struct question *q = question_of(base->have_stats, cell->have_stats);

	return question_primary(q, base->have_stats, cell->have_stats);
}

static int primary_in(const struct metric_comparison *mc)
{
	return mc->have && mc->family == FAMILY_PRIMARY;
}

static int in_family(const struct metric_comparison *mc, enum metric_family f)
{
	return mc->have && mc->family == f && !isnan(mc->p_raw);
}

void comparison_order(const struct metric_comparison *out, enum metric_id *order)
{
	size_t n = 0;

	for (int m = 0; m < M_COUNT; m++)
		if (primary_in(&out[m]))
			order[n++] = (enum metric_id)m;
	for (int m = 0; m < M_COUNT; m++)
		if (!primary_in(&out[m]))
			order[n++] = (enum metric_id)m;
}

enum metric_family metric_family_of(const struct result_cell *base, const struct result_cell *cell,
				    enum metric_id m)
{
	const struct question *q = question_of(base->have_stats, cell->have_stats);
	enum metric_id primary = question_primary(q, base->have_stats, cell->have_stats);

	if (m == primary)
		return FAMILY_PRIMARY;
	return question_secondary(q, primary, m) ? FAMILY_SECONDARY : FAMILY_EXPLORATORY;
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
					     [SIG_NOT_TESTABLE_SAME] = "",
					     [SIG_BELOW_NOISE] = "+",
					     [SIG_NEEDS_RUNS] = "?" };
	return marks[s];
}

/* An exploratory metric below alpha is a lead for the next run, not a finding: never "*". */
const char *comparison_mark(const struct metric_comparison *mc)
{
	if (mc->family == FAMILY_EXPLORATORY &&
	    (mc->sig == SIG_SIGNIFICANT || mc->sig == SIG_BELOW_NOISE))
		return "e";
	return significance_mark(mc->sig);
}

enum comparison_outcome comparison_outcome_of(const struct metric_comparison *mc, enum metric_id m)
{
	if (!mc->have || mc->sig == SIG_NOT_TESTABLE_DIFFERENT ||
	    mc->sig == SIG_NOT_TESTABLE_SAME || mc->sig == SIG_NEEDS_RUNS)
		return OUTCOME_UNTESTED;
	if (!comparison_is_finding(mc) || !metrics[m].lower_is_better)
		return OUTCOME_PASS;
	if (metric_higher_better(m) ? mc->est.change_pct < 0 : mc->est.change_pct > 0)
		return OUTCOME_REGRESSION;
	return OUTCOME_PASS;
}

int comparison_is_finding(const struct metric_comparison *mc)
{
	return mc->have && mc->sig == SIG_SIGNIFICANT && mc->family != FAMILY_EXPLORATORY;
}

const char *comparison_outcome_name(enum comparison_outcome o)
{
	return o == OUTCOME_REGRESSION ? "regression" : o == OUTCOME_UNTESTED ? "untested" : "pass";
}

const char *significance_legend(void)
{
	return "* significant (the primary metric at alpha, the secondary ones Holm-corrected "
	       "among themselves; the whole interval beyond the noise threshold)  + a real "
	       "change within the noise threshold  ~ no significant difference  ? too few "
	       "trials or runs to tell  e exploratory: p < alpha with no correction, a lead, "
	       "not a finding";
}

const char *comparison_significance_name(const struct metric_comparison *mc)
{
	if (mc->family == FAMILY_EXPLORATORY &&
	    (mc->sig == SIG_SIGNIFICANT || mc->sig == SIG_BELOW_NOISE))
		return "exploratory: p < alpha, uncorrected";
	switch (mc->sig) {
	case SIG_SIGNIFICANT:
		return "significant";
	case SIG_BELOW_NOISE:
		return "within the noise threshold";
	case SIG_NOT_TESTABLE_DIFFERENT:
		return "too few trials to tell, ranges apart";
	case SIG_NOT_TESTABLE_SAME:
		return "too few trials to tell, ranges overlap";
	case SIG_NEEDS_RUNS:
		return "one run a side: not tested";
	default:
		return "not significant";
	}
}

const char *metric_family_name(enum metric_family f)
{
	return f == FAMILY_PRIMARY	? "primary"
		: f == FAMILY_SECONDARY ? "secondary"
					: "exploratory";
}

const char *replication_name(enum replication by)
{
	static const char *const names[] = { [BY_TRIALS] = "trials within one run",
					     [BY_RUNS] = "run medians",
					     [BY_CALIBRATION] = "calibrated run-to-run spread",
					     [BY_NOTHING] = "none: one run a side" };
	return names[by];
}

/* One arrangement at each end of C(nb + nn, nb). */
double compare_min_p(size_t nb, size_t nn)
{
	return fmin(1.0, 2.0 * exp(-gsl_sf_lnchoose((unsigned)(nb + nn), (unsigned)nb)));
}

/* The trials of the metric, described: medians, spreads, and the within-run test. */
static int describe(const struct result_cell *base, const struct result_cell *cell,
		    enum metric_id m, size_t resamples, double *scratch,
		    struct metric_comparison *out)
{
	size_t nb = cell_values(base, m, scratch), nn;
	int ret;

	if (!base->have_stats[m] || !cell->have_stats[m] || !nb)
		return 0;
	nn = cell_values(cell, m, scratch + nb);
	if (!nn)
		return 0;
	ret = two_sample_compare_resampled(scratch, nb, scratch + nb, nn, COMPARE_SEED, resamples,
					   &out->ts);
	if (ret)
		return ret == -EINVAL ? 0 : ret;
	out->have = 1;
	out->base_median = base->stats[m].median;
	out->new_median = cell->stats[m].median;
	out->base_rsd = summary_rel_stddev(&base->stats[m]);
	out->new_rsd = summary_rel_stddev(&cell->stats[m]);
	return 0;
}

static int against_the_median(const struct two_sample *ts)
{
	return ts->mwu_direction && isfinite(ts->change_pct) && ts->change_pct != 0 &&
		(ts->change_pct > 0 ? 1 : -1) != ts->mwu_direction;
}

/* Within one run: the trials' test and interval. With one trial on a side there is no
 * uncertainty to show (a bootstrap of one value is that value): no interval. */
static void by_trials(struct metric_comparison *out)
{
	out->by = BY_TRIALS;
	out->est = (struct estimate){ .change_pct = out->ts.change_pct,
				      .lo_pct = out->ts.change_lo_pct,
				      .hi_pct = out->ts.change_hi_pct,
				      .p = out->ts.p_mwu,
				      .ranges_overlap = out->ts.ranges_overlap };
	if (out->ts.n_base < 2 || out->ts.n_new < 2)
		out->est.lo_pct = out->est.hi_pct = NAN;
	/* The words take the median's direction; a U that leans the other way (two modes, the
	 * medians one side, most of the mass the other) is no evidence for them: its one-sided p
	 * in their direction is at least 1/2, doubled 1. */
	if (against_the_median(&out->ts))
		out->est.p = 1.0;
}

/* The runs' medians of both sides tested, or with one run a side the known spread; neither:
 * the change of the two medians, described and not tested. */
static void by_runs(const struct result_cell *base, const struct result_cell *cell,
		    enum metric_id m, const struct compare_opts *o, double *scratch,
		    struct metric_comparison *out)
{
	double known_sd = o->run_sd_log ? o->run_sd_log[m] : NAN;
	double known_df = o->run_df ? o->run_df[m] : 0;
	size_t nb = cell_run_medians(base, m, scratch);
	size_t nn = cell_run_medians(cell, m, scratch + nb);

	out->by = BY_NOTHING;
	out->est = (struct estimate){ .change_pct = out->ts.change_pct,
				      .lo_pct = NAN,
				      .hi_pct = NAN,
				      .p = NAN,
				      .ranges_overlap = 1 };
	if (run_test_compare(scratch, nb, scratch + nb, nn, known_sd, known_df, &out->runs) ||
	    !(out->runs.df > 0))
		return;
	out->by = out->runs.known ? BY_CALIBRATION : BY_RUNS;
	out->est.change_pct = out->runs.change_pct;
	out->est.lo_pct = out->runs.lo_pct;
	out->est.hi_pct = out->runs.hi_pct;
	out->est.p = out->runs.p;
}

/* Holm over one family's metrics that have a p, across every comparison of the set: one
 * answer, one error rate. Its size into *n; 0 or -ENOMEM. */
static int correct(struct metric_comparison *const *set, size_t nset, enum metric_family f,
		   size_t *n)
{
	double *p, *adjusted;
	size_t k = 0;
	int ret;

	*n = 0;
	for (size_t i = 0; i < nset; i++)
		for (int m = 0; m < M_COUNT; m++)
			*n += in_family(&set[i][m], f);
	if (f == FAMILY_EXPLORATORY || !*n)
		return 0;
	p = malloc(2 * *n * sizeof(*p));
	if (!p)
		return -ENOMEM;
	adjusted = p + *n;
	for (size_t i = 0; i < nset; i++)
		for (int m = 0; m < M_COUNT; m++)
			if (in_family(&set[i][m], f))
				p[k++] = set[i][m].p_raw;
	ret = holm_adjust(p, *n, adjusted);
	for (size_t i = 0, j = 0; i < nset && !ret; i++)
		for (int m = 0; m < M_COUNT; m++)
			if (in_family(&set[i][m], f))
				set[i][m].est.p = adjusted[j++];
	free(p);
	return ret;
}

/* A test is one when it can reach alpha after its family's correction: at 4 trials a side the
 * smallest p without ties is 2/70 = 0.029, enough for the primary metric alone, not after
 * Holm over two. (Ties, which raise the smallest p further, leave the test in place: they
 * say nothing about the number of trials.) A run test always can. */
static void decide_one(struct metric_comparison *mc, size_t family_size,
		       const struct compare_opts *o)
{
	double share = mc->family == FAMILY_EXPLORATORY || !family_size ? 1 : (double)family_size;

	if (mc->by == BY_TRIALS)
		mc->est.testable = compare_min_p(mc->ts.n_base, mc->ts.n_new) * share < o->alpha;
	else
		mc->est.testable = mc->by != BY_NOTHING;
	mc->needed_up_pct = mc->needed_down_pct = NAN;
	if (mc->by == BY_RUNS || mc->by == BY_CALIBRATION)
		run_test_needed_pct(mc->runs.se_log, mc->runs.df, o->alpha / share, o->noise_pct,
				    &mc->needed_up_pct, &mc->needed_down_pct);
	mc->sig = mc->by == BY_NOTHING ? SIG_NEEDS_RUNS
				       : estimate_decide(&mc->est, o->alpha, o->noise_pct);
}

/* The decisions of every comparison of the set, each metric by its family's size across
 * the set. */
static int decide(struct metric_comparison *const *set, size_t nset, const struct compare_opts *o)
{
	size_t size[3];
	int ret = 0;

	for (int f = FAMILY_PRIMARY; f <= FAMILY_EXPLORATORY && !ret; f++)
		ret = correct(set, nset, (enum metric_family)f, &size[f]);
	for (size_t i = 0; i < nset && !ret; i++)
		for (int m = 0; m < M_COUNT; m++)
			if (set[i][m].have)
				decide_one(&set[i][m], size[set[i][m].family], o);
	return ret;
}

/* The metric described and tested, before any family. */
static int measure(const struct result_cell *base, const struct result_cell *cell, enum metric_id m,
		   const struct compare_opts *o, double *scratch, struct metric_comparison *out)
{
	int ret = describe(base, cell, m, o->resamples, scratch, out);

	if (ret || !out->have)
		return ret;
	if (o->between_runs)
		by_runs(base, cell, m, o, scratch, out);
	else
		by_trials(out);
	out->p_raw = out->est.p;
	return 0;
}

static double *scratch_for(const struct result_cell *base, const struct result_cell *cell)
{
	return calloc(base->ntrials + cell->ntrials + 1, sizeof(double));
}

int compare_measure(const struct result_cell *base, const struct result_cell *cell,
		    const struct compare_opts *o, struct metric_comparison *out)
{
	double *scratch = scratch_for(base, cell);
	int ret = 0;

	for (int m = 0; m < M_COUNT; m++)
		out[m] = (struct metric_comparison){ .sig = SIG_NOT_TESTABLE_SAME };
	if (!scratch)
		return -ENOMEM;
	for (int m = 0; m < M_COUNT && !ret; m++)
		ret = measure(base, cell, (enum metric_id)m, o, scratch, &out[m]);
	free(scratch);
	for (int m = 0; m < M_COUNT && !ret; m++)
		if (out[m].have)
			out[m].family = metric_family_of(base, cell, (enum metric_id)m);
	return ret;
}

int compare_decide_set(struct metric_comparison *const *set, size_t n, const struct compare_opts *o)
{
	return decide(set, n, o);
}

int compare_cells(const struct result_cell *base, const struct result_cell *cell,
		  const struct compare_opts *o, struct metric_comparison *out)
{
	int ret = compare_measure(base, cell, o, out);

	return ret ? ret : decide(&out, 1, o);
}

int compare_metric(const struct result_cell *base, const struct result_cell *cell, enum metric_id m,
		   const struct compare_opts *o, struct metric_comparison *out)
{
	double *scratch = scratch_for(base, cell);
	int ret;

	*out = (struct metric_comparison){ .sig = SIG_NOT_TESTABLE_SAME };
	if (!scratch)
		return -ENOMEM;
	ret = measure(base, cell, m, o, scratch, out);
	free(scratch);
	if (!ret && out->have)
		decide_one(out, 1, o);
	return ret;
}
