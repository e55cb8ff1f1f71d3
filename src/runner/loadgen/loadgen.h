/*
 * A load generator's text output (sysbench, redis-benchmark, pgbench, or any tool that prints
 * zswapbench's own lines), read into numbers: its throughput and its latencies. The text is
 * what was kept of the generator's stdout and stderr, its tail: its head may be cut, so only
 * what a generator prints at its end is relied on, and a number that a cut could make wrong is
 * not given.
 *
 * zswapbench's own lines, accepted alone (LOAD_LINES) and inside every other format, where
 * they override what the generator printed:
 *     zswapbench-load throughput VALUE       operations per second
 *     zswapbench-load latency_avg VALUE      milliseconds, as latency_p50, latency_p95,
 *                                            latency_p99 and latency_max
 */
#ifndef ZSB_LOADGEN_H
#define ZSB_LOADGEN_H
#include <stddef.h>

#include "runner/loadgen/load_result.h"

/* "auto", "lines", "sysbench", "redis-benchmark", "pgbench"; NULL for no format. */
const char *load_format_name(enum load_format f);
int load_format_find(const char *name); /* -1 if none */

/* 0 with at least the throughput found; -EINVAL with why naming what was missing or malformed
 * (one line, e.g. "sysbench's output has no 'transactions:' line"). Never reads past len;
 * text need not be NUL-terminated. */
int load_parse(const char *text, size_t len, enum load_format fmt, struct load_result *r, char *why,
	       size_t why_len);

#endif
