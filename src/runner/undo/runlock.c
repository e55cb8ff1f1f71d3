#include "runner/undo/runlock.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

/* Not in the run directory: two runs with different $ZSWAPBENCH_RUNDIR would change the same
 * swap, zram and zswap state at once. /run/lock where the system has it (a tmpfs: a lock
 * needs no reboot), else /run, else the default run directory. */
const char *runlock_path(void)
{
	static const char *const candidates[] = { "/run/lock", "/run", "/var/lib/zswapbench" };
	static char path[64];
	struct stat st;

	if (path[0])
		return path;
	for (size_t i = 0; i < sizeof(candidates) / sizeof(candidates[0]); i++)
		if (stat(candidates[i], &st) == 0 && S_ISDIR(st.st_mode)) {
			snprintf(path, sizeof(path), "%s/zswapbench.lock", candidates[i]);
			return path;
		}
	snprintf(path, sizeof(path), "/var/lib/zswapbench/zswapbench.lock");
	return path;
}

static pid_t holder_of(int fd)
{
	char text[32];
	ssize_t n = pread(fd, text, sizeof(text) - 1, 0);

	text[n > 0 ? n : 0] = '\0';
	return (pid_t)atoi(text);
}

int runlock_acquire(pid_t *holder)
{
	/* Held until the process exits: calibrate's runs, one after the other in one process,
	 * keep it, and no other run slips in between them. */
	static int held = -1;
	char text[32];
	int fd, n, err;

	if (held >= 0)
		return 0;
	if (rundir_make(rundir()) < 0)
		return -errno;
	fd = open(runlock_path(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
	if (fd < 0)
		return -errno;
	if (flock(fd, LOCK_EX | LOCK_NB) < 0) {
		err = errno;
		*holder = holder_of(fd);
		close(fd);
		return err == EWOULDBLOCK ? -EWOULDBLOCK : -err;
	}
	n = snprintf(text, sizeof(text), "%d\n", (int)getpid());
	if (ftruncate(fd, 0) < 0 || pwrite(fd, text, (size_t)n, 0) != n) {
		err = errno;
		close(fd);
		return -err;
	}
	held = fd;
	return 0;
}
