/* --extended (the seeds' EXTENDED_LOG): raw kernel files before and after each trial, kept in
 * the result for whoever needs more than the metrics. */
#ifndef ZSB_EXTENDED_H
#define ZSB_EXTENDED_H

#include "runner/result/results.h"

/* Reads every file into snap (an extended's before or after); zram's files where zram_id >= 0.
 * The strings belong to the trial (trial_free). */
void extended_snapshot(int zram_id, char **snap);

#endif
