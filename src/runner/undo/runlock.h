/*
 * One run at a time: swap areas and zram devices are system-wide, so two runs would measure
 * each other. The lock and the undo journal live in one directory (/var/lib/zswapbench, or
 * $ZSWAPBENCH_RUNDIR).
 */
#ifndef ZSB_RUNLOCK_H
#define ZSB_RUNLOCK_H
#include <stddef.h>
#include <sys/types.h>

#include "runner/base/rundir.h"

/* Takes the lock, holding it until exit; -EWOULDBLOCK with *holder set when a run has it. */
int runlock_acquire(pid_t *holder);

#endif
