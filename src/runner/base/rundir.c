/* Where zswapbench keeps its state between runs: the lock, the undo journal, the calibration. */
#include "runner/base/rundir.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

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
