#include "runner/result/compare.h"

#include <errno.h>
#include <math.h>

double change_pct(double a, double b)
{
	return a != 0 ? 100.0 * (b - a) / fabs(a) : NAN;
}

int compare_metric(const struct result_cell *base, const struct result_cell *cell, enum metric_id m,
		   struct comparison *out)
{
	if (!base->have_stats[m] || !cell->have_stats[m] || base->stats[m].mean == 0)
		return -ENOENT;
	out->base = base->stats[m].mean;
	out->value = cell->stats[m].mean;
	out->ratio = out->value / out->base;
	out->change_pct = change_pct(out->base, out->value);
	return 0;
}
