#include "runner/result/reference.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "runner/result/statistics.h"

/* Below this the probe's own noise (a few percent run to run on a quiet machine) dominates. */
#define REFERENCE_APART_PCT 5.0
#define REFERENCE_ALPHA 0.05
#define REFERENCE_SEED 0x5eedUL

/* Every measured trial's probe time, whatever became of the trial: the probe ran before it. */
static double *probe_times(const struct results *r, size_t *n)
{
	size_t cap = 0;
	double *v;

	for (size_t c = 0; c < r->ncells; c++)
		cap += r->cells[c].ntrials;
	*n = 0;
	if (!(v = malloc((cap ? cap : 1) * sizeof(*v))))
		return NULL;
	for (size_t c = 0; c < r->ncells; c++)
		for (size_t t = 0; t < r->cells[c].ntrials; t++) {
			const struct trial *tr = &r->cells[c].trials[t];
			if (!tr->warmup && tr->have[M_REFERENCE_TIME])
				v[(*n)++] = tr->value[M_REFERENCE_TIME];
		}
	return v;
}

int reference_differs(const struct results *base, const struct results *other,
		      struct env_difference *out)
{
	size_t nb, nn;
	double *b = probe_times(base, &nb), *n = probe_times(other, &nn);
	struct two_sample ts;
	int differs = 0;

	if (b && n && nb >= 3 && nn >= 3 &&
	    two_sample_compare(b, nb, n, nn, REFERENCE_SEED, &ts) == 0 &&
	    ts.p_mwu < REFERENCE_ALPHA && fabs(ts.change_pct) >= REFERENCE_APART_PCT) {
		out->fact = "reference probe (the machine's own speed)";
		out->condition = 1;
		snprintf(out->base, sizeof(out->base), "%.1f ms", 1e3 * median_of(b, nb));
		snprintf(out->now, sizeof(out->now),
			 "%.1f ms (%+.0f%%, p = %.3g: the machine ran %s; a change between these "
			 "files may be the machine's)",
			 1e3 * median_of(n, nn), ts.change_pct, ts.p_mwu,
			 ts.change_pct > 0 ? "slower" : "faster");
		differs = 1;
	}
	free(b);
	free(n);
	return differs;
}
