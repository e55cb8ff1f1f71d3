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

/* Is this option a duration (stored in seconds)? The command line knows (the option table),
 * this folder does not. */
typedef int (*is_duration_fn)(const char *option);

/* The options that differ, at most max, in the base file's order; how many were written. An
 * option one file lacks (an older file) is no difference. Numbers are compared by value, and a
 * duration is written with its unit, in ms under a second ("interval: 100 ms -> 0 s";
 * is_duration NULL: as stored, in seconds). .fact points into base's config. */
size_t config_differences(const struct results *base, const struct results *other,
			  is_duration_fn is_duration, struct env_difference *out, size_t max);

#endif
