/* --extended (the seeds' EXTENDED_LOG): raw kernel files before and after each trial, kept in
 * the result for whoever needs more than the metrics. */
#ifndef ZSB_EXTENDED_H
#define ZSB_EXTENDED_H

#include "runner/result/results.h"

/* Reads every file into snap (an extended's before or after); the block device's own files
 * (mm_stat, io_stat, debug_stat: zram's) where block names one and they exist. The strings
 * belong to the trial (trial_free). */
void extended_snapshot(const char *block, char **snap);

#endif
