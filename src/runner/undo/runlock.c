#include "runner/undo/runlock.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

int runlock_acquire(pid_t *holder)
{
	/* Held until the process exits: calibrate's runs, one after the other in one process,
	 * keep it, and no other run slips in between them. */
	static int held = -1;
	char path[4096], text[32];
	int fd, n;

	if (held >= 0)
		return 0;
	if (rundir_make(rundir()) < 0)
		return -errno;
	fd = open(rundir_file("lock", path, sizeof(path)), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (fd < 0)
		return -errno;
	if (flock(fd, LOCK_EX | LOCK_NB) < 0) {
		int err = errno;
		n = (int)pread(fd, text, sizeof(text) - 1, 0);
		text[n > 0 ? n : 0] = '\0';
		*holder = (pid_t)atoi(text);
		close(fd);
		return err == EWOULDBLOCK ? -EWOULDBLOCK : -err;
	}
	n = snprintf(text, sizeof(text), "%d\n", (int)getpid());
	if (ftruncate(fd, 0) < 0 || pwrite(fd, text, (size_t)n, 0) != n)
		return -errno;
	held = fd;
	return 0;
}
