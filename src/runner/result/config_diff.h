/*
 * What differs between two result files' configurations: every option of the run that shapes
 * what the trials measured (swappiness, page-cluster, the disk's throttle, threads, chunk,
 * swap-limit, settle, order, latency, the target, the data...), before any number, so that a
 * change is not taken for the kernel's doing. Left out: how a file is printed and tested
 * (format, columns, alpha...), the axes compare matches cells by (backend, compressor, jobs,
 * limit), the number of trials (the header says it), and the options a machine fact reports
 * as the trials ran (environment.c names those).
 */
#ifndef ZSB_CONFIG_DIFF_H
#define ZSB_CONFIG_DIFF_H
#include <stddef.h>

#include "runner/result/environment.h"

/* The options that differ, at most max, in the base file's order; how many were written. An
 * option one file lacks (an older file) is no difference. .fact points into base's config. */
size_t config_differences(const struct results *base, const struct results *other,
			  struct env_difference *out, size_t max);

#endif
