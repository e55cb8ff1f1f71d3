/* One cell against a baseline cell, metric by metric, as LKP's %change. */
#ifndef ZSB_COMPARE_H
#define ZSB_COMPARE_H
#include "runner/result/results.h"

struct comparison {
	double base, value;   /* means */
	double ratio;         /* value / base */
	double change_pct;    /* LKP's %change: (value - base) / base */
};

/* -ENOENT when either cell has no statistics for the metric or the base mean is 0. */
int compare_metric(const struct result_cell *base, const struct result_cell *cell, enum metric_id m,
		   struct comparison *out);
/* (b - a) / |a| in percent; NaN when a is 0. */
double change_pct(double a, double b);

#endif
