/* stress-ng's own account of a stressor's work, from the YAML it writes (--yaml) with
 * --metrics-brief: its bogo operations and the wall-clock time they took. */
#ifndef ZSB_STRESS_NG_H
#define ZSB_STRESS_NG_H
#include <stddef.h>

struct stress_ng_metrics {
	double bogo_ops;
	double ops_per_s; /* bogo-ops-per-second-real-time: the ops over the wall clock */
	double wall_s; /* wall-clock-time */
};

/* The "metrics:" entry of stressor in text (len bytes, no NUL needed). 0; -ENOENT when no
 * entry names it (a run cut short, metrics not asked for); -EINVAL, why filled, when its
 * entry lacks one of the three numbers or holds one that is not. */
int stress_ng_metrics_parse(const char *text, size_t len, const char *stressor,
			    struct stress_ng_metrics *out, char *why, size_t why_len);

#endif
