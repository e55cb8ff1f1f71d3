/* --extended (the seeds' EXTENDED_LOG): raw kernel files before and after each trial, kept in
 * the result for whoever needs more than the metrics. */
#ifndef ZSB_EXTENDED_H
#define ZSB_EXTENDED_H

#include "runner/swap/backend.h"

enum extended_file { X_MM_STAT, X_IO_STAT, X_DEBUG_STAT, X_BUDDYINFO, X_VMSTAT, X_MEMINFO, X_COUNT };

struct extended {
	char *before[X_COUNT];    /* NULL where the file is not there (zram files for disk) */
	char *after[X_COUNT];
};

const char *extended_name(enum extended_file f);
/* Reads every file into snap (before or after); the strings are the caller's to free. */
void extended_snapshot(const struct swap_device *dev, char **snap);
void extended_free(struct extended *x);

#endif
