/*
 * One run at a time: swap areas and zram devices are system-wide, so two runs would measure
 * each other. One lock per machine (/run/zswapbench/lock, in a folder only root can write),
 * whatever run directory ($ZSWAPBENCH_RUNDIR) holds the journal.
 */
#ifndef ZSB_RUNLOCK_H
#define ZSB_RUNLOCK_H
#include <stddef.h>
#include <sys/types.h>

#include "runner/base/rundir.h"

/* Takes the lock, holding it until exit; -EWOULDBLOCK with *holder set when a run has it,
 * another -errno with the reason in why (a lock folder another user could write: -EPERM). */
int runlock_acquire(pid_t *holder, char *why, size_t len);
/* The folder of the lock: /run/zswapbench, or the default run directory without /run. */
const char *runlock_dir(void);
/* Another folder for the lock (unit tests, which must not take the machine's); NULL: the
 * machine's again. No option or variable reaches it. */
void runlock_set_dir(const char *dir);
/* The lock file's path, the same for every run on the machine. */
const char *runlock_path(void);

#endif
