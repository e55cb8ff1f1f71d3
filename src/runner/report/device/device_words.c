#include "runner/report/device/device_words.h"

#include "runner/report/format.h"

size_t device_primary_tests(const struct answer *a, enum metric_id m)
{
	size_t n = 0;

	for (size_t i = 0; i < a->npairs; i++)
		n += a->pairs[i].mc[m].have && a->pairs[i].mc[m].family == FAMILY_PRIMARY;
	return n;
}

void device_legend(size_t ntests, FILE *out)
{
	fprintf(out,
		"* significant (Mann-Whitney p < alpha after Holm over the answer's tests of its "
		"primary quantity, bandwidth or total time, and apart over its secondary ones, RAM "
		"and the phases; %zu test%s of the primary; the whole 95%% interval beyond the "
		"noise threshold)  + a real change within the noise threshold  ~ not significant  "
		"? "
		"too few trials to tell (ranges apart)\n",
		ntests, ntests == 1 ? "" : "s");
}

void device_call_words(const struct results *r, const char *leader, const struct call *c,
		       enum metric_id m, const struct device_words *w, FILE *out)
{
	const char *adj = metric_higher_better(m) ? w->more : w->less;
	const struct metric_comparison *mc;
	char rival[128], p[16];

	if (c->call == CALL_ALONE || !c->about)
		return;
	mc = &c->about->mc[m];
	if (c->tested > 1 && (c->call == CALL_AHEAD || c->call == CALL_APART))
		snprintf(rival, sizeof(rival), "every other setup");
	else
		w->name(&r->cells[c->about->cell], rival, sizeof(rival));
	if (c->call == CALL_AHEAD)
		fprintf(out, "%s %s than %s (significant, p %s %s)", leader, adj, rival,
			c->tested > 1 ? "<=" : "=", fmt_p(c->largest_p, p, sizeof(p)));
	else if (c->call == CALL_APART)
		fprintf(out,
			"%s %s than %s in every trial, but %zu vs %zu trials are too few for a "
			"test",
			leader, adj, rival, mc->ts.n_base, mc->ts.n_new);
	else if (c->call == CALL_NONE)
		fprintf(out, "no significant difference between %s and %s (p = %s)", leader, rival,
			fmt_p(mc->est.p, p, sizeof(p)));
	else
		fprintf(out,
			"%s and %s too close to call (%zu vs %zu trials are too few for a test)",
			leader, rival, mc->ts.n_base, mc->ts.n_new);
}
