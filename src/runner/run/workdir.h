/*
 * The run's work directory, for a command and its --setup: /var/tmp beside the swapfile (a
 * real disk, checked to have room), named zswapbench-PID.d, journaled with its inode and
 * removed with everything in it at the end. The setup and the command run there, with
 * ZSWAPBENCH_WORKDIR naming it; under --user both run as that user, and the folder is theirs.
 */
#ifndef ZSB_WORKDIR_H
#define ZSB_WORKDIR_H
#include <sched.h>
#include <stddef.h>

#include "runner/cli/config.h"
#include "runner/kernel/run_as.h"
#include "runner/undo/journal.h"

/* Creates it (next to swapfile), owner's when not NULL, and exports ZSWAPBENCH_WORKDIR; path
 * gets it. 0 or -errno with failed naming the path. */
int workdir_create(struct journal *j, const char *swapfile, const struct run_as *owner, char *path,
		   size_t len, char *why, size_t why_len);
/* --setup, once, in the work directory, outside any cgroup of ours, on cpus (NULL: the
 * runner's), as user (NULL: root) in a session of its own that dies with the runner: 0, or
 * -EIO (a non-zero exit), -EINTR (the run was stopped and the setup killed) or -errno, failed
 * saying which. */
int workdir_setup(const struct config *cfg, const struct run_as *user, const cpu_set_t *cpus,
		  const char *path, char *why, size_t why_len);

#endif
