#include "runner/result/compare.h"

#include <errno.h>

int compare_metric(const struct cell *base, const struct cell *cell, enum metric_id m,
		   struct comparison *out)
{
	if (!base->have_stats[m] || !cell->have_stats[m] || base->stats[m].mean == 0)
		return -ENOENT;
	out->base = base->stats[m].mean;
	out->value = cell->stats[m].mean;
	out->ratio = out->value / out->base;
	out->change_pct = stats_change_pct(out->base, out->value);
	return 0;
}
