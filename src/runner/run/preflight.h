/* Before the first change: validation (exit 2 or 3 with one line), and the warnings. */
#ifndef ZSB_PREFLIGHT_H
#define ZSB_PREFLIGHT_H
#include "runner/run/run.h"

enum { EXIT_RUNTIME = 1, EXIT_USAGE = 2, EXIT_UNSUPPORTED = 3, EXIT_TRIALS_FAILED = 4,
       EXIT_SIGNAL_BASE = 128 };

/* Messages to the user: "zswapbench: ..." on stderr. */
__attribute__((format(printf, 1, 2)))
void say(const char *fmt, ...);

/* Checks everything and builds the plan, changing nothing; returns an exit status or 0. */
int preflight(struct run *run);
/* What the user should know before trusting the numbers (after the lock is taken). */
void warnings(struct run *run);
/* --disk-throttle: the whole disk under the swapfile, into run->throttle_dev. */
int disk_throttle_device(struct run *run);

#endif
