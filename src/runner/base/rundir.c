/* Where zswapbench keeps its state between runs: the lock, the undo journal, the calibration. */
#include "runner/base/rundir.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* mkdir -p, for /var/lib/zswapbench on a system without /var/lib (or $ZSWAPBENCH_RUNDIR). */
int rundir_make(const char *dir)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s", dir);
	for (char *p = path + 1; *p; p++)
		if (*p == '/') {
			*p = '\0';
			if (mkdir(path, 0755) < 0 && errno != EEXIST)
				return -1;
			*p = '/';
		}
	return mkdir(path, 0700) < 0 && errno != EEXIST ? -1 : 0;
}

const char *rundir(void)
{
	const char *dir = getenv("ZSWAPBENCH_RUNDIR");
	/* Not /run: the journal must outlive a power loss, as the swapfile it names does. */
	return dir && dir[0] ? dir : "/var/lib/zswapbench";
}

char *rundir_file(const char *name, char *buf, size_t len)
{
	snprintf(buf, len, "%s/%s", rundir(), name);
	return buf;
}

/* A folder only the user running zswapbench can write: the journal names what the undo writes
 * and removes as root, so a run directory someone else owns or can write to would let them
 * plant one (a parameter's "old value" for core_pattern); a lock folder they could write would
 * let them take the lock first. */
int private_dir_check(const char *dir, const char *use, char *why, size_t len)
{
	struct stat st;

	if (lstat(dir, &st) < 0) {
		snprintf(why, len, "%s: %s", dir, strerror(errno));
		return -errno;
	}
	if (!S_ISDIR(st.st_mode))
		snprintf(why, len, "%s: not a directory (a symbolic link is not followed)", dir);
	else if (st.st_uid != geteuid())
		snprintf(why, len, "%s: owned by uid %u, not by the user running zswapbench", dir,
			 (unsigned)st.st_uid);
	else if (st.st_mode & (S_IWGRP | S_IWOTH))
		snprintf(why, len, "%s: writable by other users (mode %03o): refusing to %s", dir,
			 (unsigned)(st.st_mode & 0777), use);
	else
		return 0;
	return -EPERM;
}

int rundir_check(char *why, size_t len)
{
	return private_dir_check(rundir(), "keep the undo journal there", why, len);
}
