#include "runner/undo/cleanup.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "runner/log.h"
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
	say("could not restore (%s): %s", what, strerror(-err));
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
		say("cleanup: unexpected argument '%s'; try 'zswapbench cleanup --help'", argv[1]);
		return EXIT_USAGE;
	}
	if (geteuid() != 0) {
		say("cleanup must run as root (try: sudo zswapbench cleanup)");
		return EXIT_USAGE;
	}
	ret = runlock_acquire(&holder);
	if (ret == -EWOULDBLOCK) {
		say("a run (PID %d) is in progress; it restores the machine itself", (int)holder);
		return EXIT_RUNTIME;
	}
	if (ret) {
		say("%s: %s", rundir(), strerror(-ret));
		return EXIT_RUNTIME;
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
		say("%s: %s", path, strerror(-ret));
		journal_free(&j);
		return EXIT_RUNTIME;
	}
	ret = journal_rewind(&j, 0);
	journal_close(&j, path);
	journal_free(&j);
	return ret ? EXIT_RUNTIME : EXIT_OK;
}
