/*
 * One run at a time: swap areas and zram devices are system-wide, so two runs would measure
 * each other. One lock per machine (/run/lock/zswapbench.lock), whatever run directory
 * ($ZSWAPBENCH_RUNDIR) holds the journal.
 */
#ifndef ZSB_RUNLOCK_H
#define ZSB_RUNLOCK_H
#include <stddef.h>
#include <sys/types.h>

#include "runner/base/rundir.h"

/* Takes the lock, holding it until exit; -EWOULDBLOCK with *holder set when a run has it. */
int runlock_acquire(pid_t *holder);
/* The lock file's path, the same for every run on the machine. */
const char *runlock_path(void);

#endif
