/* Latency histograms in the result file: the non-empty buckets and the exact values beside
 * them, so a file read back gives the same histogram, byte for byte, and trials of a cell (or
 * of several files) merge exactly. */
#ifndef ZSB_LATENCY_JSON_H
#define ZSB_LATENCY_JSON_H

#include "runner/result/results.h"

struct json_object;

/* {"buckets": [[LOWER, COUNT], ...], "total", "sum", "min", "max", "overflow"} (ns). */
struct json_object *histogram_json(const struct histogram *h);
/* Rebuilds h (initialised here) from that object: -EINVAL for anything that does not make a
 * consistent histogram. */
int histogram_from_json(struct json_object *o, struct histogram *h);
/* A trial's {"fill": ..., "access": ...}, or NULL when it has none. */
struct json_object *trial_latency_json(const struct trial *t);
/* Into t->lat; an absent object is no latency, a damaged one -EINVAL; -ENOMEM. */
int trial_latency_from_json(struct json_object *o, struct trial *t);
/* How many histograms (16 KB each) trial_latency_from_json makes of o: what the reader charges
 * before it does. */
size_t trial_latency_count(struct json_object *o);
/* The cell's trials merged, per phase: count, p50, p90, p99, p99.9, max in µs; NULL when none. */
struct json_object *cell_latency_json(const struct result_cell *c);
/* The merge itself: the measured, successful trials' histograms of phase p into out (which
 * is initialised here). 0 when there was at least one, -ENOENT when none, -EINVAL. */
int cell_latency(const struct result_cell *c, enum lat_phase p, struct histogram *out);

#endif
