#include "runner/undo/runlock.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

/* /run/zswapbench: /run is root's alone, so no other user can make the folder first, where
 * /run/lock (1777) let any user create the lock, hold it and stop every run and every cleanup.
 * A tmpfs: a lock needs no reboot. Not in the run directory: two runs with different
 * $ZSWAPBENCH_RUNDIR would change the same swap, zram and zswap state at once. Without /run (a
 * bare chroot), the default run directory. */
static const char *lock_dir_for_tests;

void runlock_set_dir(const char *dir)
{
	lock_dir_for_tests = dir;
}

const char *runlock_dir(void)
{
	struct stat st;

	if (lock_dir_for_tests)
		return lock_dir_for_tests;
	return stat("/run", &st) == 0 && S_ISDIR(st.st_mode) ? "/run/zswapbench"
							     : "/var/lib/zswapbench";
}

const char *runlock_path(void)
{
	static char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/lock", runlock_dir());
	return path;
}

static pid_t holder_of(int fd)
{
	char text[32];
	ssize_t n = pread(fd, text, sizeof(text) - 1, 0);

	text[n > 0 ? n : 0] = '\0';
	return (pid_t)atoi(text);
}

static int failed(const char *what, int err, char *why, size_t len)
{
	snprintf(why, len, "%s: %s", what, strerror(err));
	return -err;
}

int runlock_acquire(pid_t *holder, char *why, size_t len)
{
	/* Held until the process exits: calibrate's runs, one after the other in one process,
	 * keep it, and no other run slips in between them. */
	static int held = -1;
	char text[32];
	int fd, n, err;

	if (held >= 0)
		return 0;
	if (rundir_make(rundir()) < 0)
		return failed(rundir(), errno, why, len);
	if (rundir_make(runlock_dir()) < 0)
		return failed(runlock_dir(), errno, why, len);
	if ((err = private_dir_check(runlock_dir(), "keep the run lock there", why, len)) < 0)
		return err;
	fd = open(runlock_path(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
	if (fd < 0)
		return failed(runlock_path(), errno, why, len);
	if (flock(fd, LOCK_EX | LOCK_NB) < 0) {
		err = errno;
		*holder = holder_of(fd);
		close(fd);
		return err == EWOULDBLOCK ? -EWOULDBLOCK : failed(runlock_path(), err, why, len);
	}
	n = snprintf(text, sizeof(text), "%d\n", (int)getpid());
	if (ftruncate(fd, 0) < 0 || pwrite(fd, text, (size_t)n, 0) != n) {
		err = errno;
		close(fd);
		return failed(runlock_path(), err, why, len);
	}
	held = fd;
	return 0;
}
