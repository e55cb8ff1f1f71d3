#include "runner/undo/cleanup.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "runner/undo/journal.h"
#include "runner/undo/runlock.h"

static void restored(const struct undo *u)
{
	char what[PATH_MAX + 300];
	undo_describe(u, what, sizeof(what));
	printf("zswapbench: restored: %s\n", what);
}

static void not_restored(const struct undo *u, int err)
{
	char what[PATH_MAX + 300];
	undo_describe(u, what, sizeof(what));
	fprintf(stderr, "zswapbench: could not restore (%s): %s\n", what, strerror(-err));
}

int cleanup_main(int argc, char **argv)
{
	struct journal j;
	char path[PATH_MAX];
	pid_t holder = 0;
	int ret;

	if (argc > 1 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
		printf("Usage: zswapbench cleanup\n"
		       "Undoes, newest first, what a zswapbench run that was killed (SIGKILL, power loss)\n"
		       "left changed: its cgroups, swap areas, zram devices, swapfiles, parameters.\n"
		       "The journal is %s; running cleanup again is harmless.\n",
		       rundir_file("journal", path, sizeof(path)));
		return 0;
	}
	if (argc > 1) {
		fprintf(stderr, "zswapbench: cleanup: unexpected argument '%s'; try 'zswapbench cleanup --help'\n",
			argv[1]);
		return 2;
	}
	if (geteuid() != 0) {
		fprintf(stderr, "zswapbench: cleanup must run as root (try: sudo zswapbench cleanup)\n");
		return 2;
	}
	ret = runlock_acquire(&holder);
	if (ret == -EWOULDBLOCK) {
		fprintf(stderr, "zswapbench: a run (PID %d) is in progress; it restores the machine itself\n",
			(int)holder);
		return 1;
	}
	if (ret) {
		fprintf(stderr, "zswapbench: %s: %s\n", rundir(), strerror(-ret));
		return 1;
	}
	journal_init(&j);
	j.on_undone = restored;
	j.on_error = not_restored;
	rundir_file("journal", path, sizeof(path));
	ret = journal_load(&j, path);
	if (ret == -ENOENT || (ret == 0 && j.len == 0)) {
		printf("zswapbench: nothing to restore\n");
		journal_close(&j, path);
		journal_free(&j);
		return 0;
	}
	if (ret) {
		fprintf(stderr, "zswapbench: %s: %s\n", path, strerror(-ret));
		journal_free(&j);
		return 1;
	}
	ret = journal_rewind(&j, 0);
	journal_close(&j, path);
	journal_free(&j);
	return ret ? 1 : 0;
}
