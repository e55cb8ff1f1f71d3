/*
 * The run's work directory, for a command, its --setup, --prepare and --cleanup: /var/tmp
 * beside the swapfile (a real disk, checked to have room), named zswapbench-PID.d, journaled
 * with its inode and removed with everything in it at the end. They run there, with
 * ZSWAPBENCH_WORKDIR naming it; under --user as that user, and the folder is theirs.
 */
#ifndef ZSB_WORKDIR_H
#define ZSB_WORKDIR_H
#include <sched.h>
#include <stddef.h>

#include "runner/kernel/run_as.h"
#include "runner/undo/journal.h"

/* Creates it (next to swapfile), owner's when not NULL, and exports ZSWAPBENCH_WORKDIR; path
 * gets it. 0 or -errno with failed naming the path. */
int workdir_create(struct journal *j, const char *swapfile, const struct run_as *owner, char *path,
		   size_t len, char *why, size_t why_len);
/* --setup once, --prepare and --cleanup around each trial (option names which, command is
 * its text; "" runs nothing): in the work directory, outside any cgroup of ours, on cpus
 * (NULL: the runner's), as user (NULL: root) in a session of its own that dies with the
 * runner. 0, or -EIO (a non-zero exit), -EINTR (the run was stopped and the command killed),
 * -EINVAL (its words) or -errno, failed saying which with the option's name. */
int workdir_command(const char *option, const char *command, const struct run_as *user,
		    const cpu_set_t *cpus, const char *path, char *why, size_t why_len);

#endif
