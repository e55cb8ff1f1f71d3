/* A device view's comparisons in two families (the primary quantity, and RAM), Holm over
 * each, and what may be said of a leader against its rivals. */
#include "runner/report/device_tests.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "runner/report/format.h"

static int sample(struct device_test *t, double *scratch)
{
	size_t nb = device_values(t->ref, &t->q, scratch);
	size_t nn = nb ? device_values(t->cell, &t->q, scratch + nb) : 0;
	int ret;

	t->have = 0;
	t->sig = SIG_NOT_TESTABLE_SAME;
	if (!nn)
		return 0;
	ret = two_sample_compare(scratch, nb, scratch + nb, nn, COMPARE_SEED, &t->ts);
	if (ret)
		return ret == -EINVAL ? 0 : ret;
	t->have = 1;
	t->p = t->ts.p_mwu;
	return 0;
}

static size_t most_trials(const struct device_test *t, size_t n)
{
	size_t most = 1;

	for (size_t i = 0; i < n; i++)
		if (t[i].ref->ntrials + t[i].cell->ntrials > most)
			most = t[i].ref->ntrials + t[i].cell->ntrials;
	return most;
}

/* The question a device answers, tested at full alpha: its bandwidth, or a filesystem's round
 * trip; the rest (RAM) is secondary, corrected among itself, so that asking about RAM too
 * does not cost the primary answer its power. */
static int primary(const struct device_test *t)
{
	for (size_t i = 0; i < t->q.n; i++)
		if (t->q.m[i] == M_READ_BW || t->q.m[i] == M_WRITE_BW ||
		    t->q.m[i] == M_FS_TOTAL_TIME)
			return 1;
	return 0;
}

static int in_family(const struct device_test *t, int family)
{
	return t->have && !isnan(t->ts.p_mwu) && primary(t) == family;
}

/* Holm over one family's tests with a p; one that cannot reach alpha after it (its smallest p
 * times the family, as compare.c's key metrics) is no test, and the ranges decide. */
static int decide_family(struct device_test *t, size_t n, int family, const struct compare_opts *o)
{
	double *p = malloc((n ? n : 1) * 2 * sizeof(*p)), *adjusted = p ? p + n : NULL;
	size_t k = 0;

	if (!p)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++)
		if (in_family(&t[i], family))
			p[k++] = t[i].ts.p_mwu;
	if (k && holm_adjust(p, k, adjusted) == 0)
		for (size_t i = 0, j = 0; i < n; i++)
			if (in_family(&t[i], family))
				t[i].p = adjusted[j++];
	for (size_t i = 0; i < n; i++) {
		if (!t[i].have || primary(&t[i]) != family)
			continue;
		if (!(compare_min_p(t[i].ts.n_base, t[i].ts.n_new) * (double)(k ? k : 1) <
		      o->alpha))
			t[i].ts.testable = 0;
		t[i].sig = significance_decide(&t[i].ts, t[i].p, o->alpha, o->noise_pct);
	}
	free(p);
	return 0;
}

static int decide(struct device_test *t, size_t n, const struct compare_opts *o)
{
	int ret = decide_family(t, n, 1, o);
	return ret ? ret : decide_family(t, n, 0, o);
}

int device_tests_run(struct device_test *t, size_t n, const struct compare_opts *o)
{
	double *scratch = malloc(most_trials(t, n) * sizeof(*scratch));
	int ret = scratch ? 0 : -ENOMEM;

	for (size_t i = 0; i < n && !ret; i++)
		ret = sample(&t[i], scratch);
	free(scratch);
	return ret ? ret : decide(t, n, o);
}

void device_legend(size_t ntests, FILE *out)
{
	fprintf(out,
		"* significant (Mann-Whitney p < alpha after Holm over the answer's tests of its "
		"primary quantity, bandwidth or total time, and apart over its secondary, RAM; "
		"%zu test%s in all; the whole 95%% interval beyond the noise threshold)  ~ not "
		"significant  ? too few trials to tell (ranges apart), or one run a side between "
		"files\n",
		ntests, ntests == 1 ? "" : "s");
}

/* Behind the leader: less of q where more is better, more where less is. */
static int behind(const struct device_test *t, double change)
{
	return device_higher_better(&t->q) ? change < 0 : change > 0;
}

static int behind_for_sure(const struct device_test *t)
{
	return behind(t, device_higher_better(&t->q) ? t->ts.change_hi_pct : t->ts.change_lo_pct);
}

/* What may be said of the leader against this rival alone. */
static enum device_call rival_call(const struct device_test *t)
{
	if (!t->have)
		return CALL_ALONE;
	if (t->sig == SIG_SIGNIFICANT && behind_for_sure(t))
		return CALL_AHEAD;
	if (t->sig == SIG_NOT_TESTABLE_DIFFERENT && behind(t, t->ts.change_pct))
		return CALL_APART;
	if (t->sig == SIG_NONE || t->sig == SIG_SIGNIFICANT || t->sig == SIG_BELOW_NOISE)
		return CALL_NONE;
	return CALL_CLOSE;
}

/* The weakest call of any rival: the leader is only as far ahead as its closest doubt. */
enum device_call device_call_of(struct device_test *const *rivals, size_t n)
{
	static const enum device_call weakest_first[] = { CALL_NONE, CALL_CLOSE, CALL_APART,
							  CALL_AHEAD };

	for (size_t w = 0; w < sizeof(weakest_first) / sizeof(weakest_first[0]); w++)
		for (size_t i = 0; i < n; i++)
			if (rival_call(rivals[i]) == weakest_first[w])
				return weakest_first[w];
	return CALL_ALONE;
}

/* The first rival the call is about (the rivals come closest first). */
static const struct device_test *about(struct device_test *const *rivals, size_t n,
				       enum device_call call)
{
	for (size_t i = 0; i < n; i++)
		if (rival_call(rivals[i]) == call)
			return rivals[i];
	return NULL;
}

static double largest_p(struct device_test *const *rivals, size_t n)
{
	double most = 0;

	for (size_t i = 0; i < n; i++)
		if (rivals[i]->have && rivals[i]->p > most)
			most = rivals[i]->p;
	return most;
}

static size_t with_test(struct device_test *const *rivals, size_t n)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		k += rivals[i]->have;
	return k;
}

void device_call_words(const char *leader, struct device_test *const *rivals, size_t n,
		       const struct device_words *w, FILE *out)
{
	enum device_call call = device_call_of(rivals, n);
	const struct device_test *t = about(rivals, n, call);
	const char *adj = t && device_higher_better(&t->q) ? w->more : w->less;
	char rival[128], p[16];

	if (call == CALL_ALONE || !t)
		return;
	if (with_test(rivals, n) > 1 && (call == CALL_AHEAD || call == CALL_APART))
		snprintf(rival, sizeof(rival), "every other setup");
	else
		w->name(t->cell, rival, sizeof(rival));
	if (call == CALL_AHEAD)
		fprintf(out, "%s %s than %s (significant, p %s %s)", leader, adj, rival,
			with_test(rivals, n) > 1 ? "<=" : "=",
			fmt_p(largest_p(rivals, n), p, sizeof(p)));
	else if (call == CALL_APART)
		fprintf(out,
			"%s %s than %s in every trial, but %zu vs %zu trials are too few for a "
			"test",
			leader, adj, rival, t->ts.n_base, t->ts.n_new);
	else if (call == CALL_NONE)
		fprintf(out, "no significant difference between %s and %s (p = %s)", leader, rival,
			fmt_p(t->p, p, sizeof(p)));
	else
		fprintf(out,
			"%s and %s too close to call (%zu vs %zu trials are too few for a test)",
			leader, rival, t->ts.n_base, t->ts.n_new);
}
