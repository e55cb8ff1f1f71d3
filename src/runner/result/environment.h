/*
 * What differs between the machines (or the moments) two result files were measured on,
 * before a number is compared: the settings known to change timings (kernel, CPU, governor,
 * boost, SMT, THP, ASLR, MGLRU, zswap's compressor and pool, the swapfile's disk and whether it
 * rotates, where the workload ran...), read from each file's system facts, as the trials ran:
 * where the run set one itself (--swappiness, --thp), its option's value. For two files of the
 * same host, also the conditions just before each run (load, memory pressure), which a
 * comparison should not take for a kernel's doing. Which facts are compared, and how, is the
 * fact table's .compare (system/fact_table.c).
 */
#ifndef ZSB_ENVIRONMENT_H
#define ZSB_ENVIRONMENT_H
#include <stddef.h>

#include "runner/result/results.h"

struct env_difference {
	const char *fact; /* "kernel", "thp", "load average before" */
	char base[160], now[160];
	int condition; /* 1: a condition of the moment (same host), 0: a setting */
};

/* The differences between base and other, at most max; how many were written. A setting one
 * file does not have (a fact missing or null, `facts: null`, an older file) reads "unknown" and
 * differs from the other's value ("architecture: x86_64 -> unknown"); unknown in both is not
 * said. A condition of the moment is compared only where both files measured it. */
size_t env_differences(const struct results *base, const struct results *other,
		       struct env_difference *out, size_t max);

#endif
