#include "runner/trial/latency.h"

#include <errno.h>
#include <stdlib.h>

static double us(uint64_t ns)
{
	return (double)ns / 1000.0;
}

void latency_metrics(struct trial *t, enum lat_phase p, const struct histogram *h)
{
	if (!hist_count(h))
		return;
	if (p == LAT_FILL) {
		trial_set(t, M_FILL_CHUNK_P50, us(hist_percentile(h, 50)));
		trial_set(t, M_FILL_CHUNK_P99, us(hist_percentile(h, 99)));
		trial_set(t, M_FILL_CHUNK_MAX, us(hist_max(h)));
		return;
	}
	trial_set(t, M_ACCESS_P50, us(hist_percentile(h, 50)));
	trial_set(t, M_ACCESS_P90, us(hist_percentile(h, 90)));
	trial_set(t, M_ACCESS_P99, us(hist_percentile(h, 99)));
	trial_set(t, M_ACCESS_P999, us(hist_percentile(h, 99.9)));
	trial_set(t, M_ACCESS_MAX, us(hist_max(h)));
	if (t->have[M_ACCESS_MAJFLT] && t->value[M_ACCESS_MAJFLT] > 0)
		trial_set(t, M_US_PER_FAULT, us(h->sum) / t->value[M_ACCESS_MAJFLT]);
}

/* The phase merged over the jobs; NULL when any job's was refused or none sent one. */
static struct histogram *merged(const struct workload *w, enum lat_phase p, int *err)
{
	struct histogram *all = malloc(sizeof(*all));
	int any = 0;

	if (!all) {
		*err = -ENOMEM;
		return NULL;
	}
	hist_init(all);
	for (unsigned i = 0; i < w->n; i++) {
		const struct hogger_events *ev = &w->jobs[i].ev;
		if (ev->lat_state[p] == LAT_NONE)
			continue;
		if (ev->lat_state[p] != LAT_DONE || hist_merge(all, &ev->lat[p])) {
			free(all);
			return NULL;
		}
		any = 1;
	}
	if (!any) {
		free(all);
		return NULL;
	}
	return all;
}

int latency_record(struct trial *t, const struct workload *w)
{
	unsigned pokes = 0;
	int err = 0;

	if (w->spec->command)
		return 0;
	for (int p = 0; p < LAT_COUNT && !err; p++) {
		free(t->lat[p]);
		t->lat[p] = merged(w, (enum lat_phase)p, &err);
		if (t->lat[p])
			latency_metrics(t, (enum lat_phase)p, t->lat[p]);
	}
	for (unsigned i = 0; i < w->n; i++)
		pokes += w->jobs[i].ev.pokes;
	if (w->spec->tab_cycles)
		trial_set(t, M_POKES, pokes);
	return err;
}
