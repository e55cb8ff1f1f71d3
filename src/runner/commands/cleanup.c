/* `zswapbench cleanup`: replays the journal a killed run left, under the run lock. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "runner/base/log.h"
#include "runner/commands/commands.h"
#include "runner/undo/recover.h"
#include "runner/undo/runlock.h"

static void noted(const char *text)
{
	say("%s", text);
}

static int usage(int argc, char **argv)
{
	char path[PATH_MAX];

	if (argc > 1 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
		printf("Usage: zswapbench cleanup\n"
		       "Undoes, newest first, what a zswapbench run that was killed (SIGKILL, power loss)\n"
		       "left changed: its cgroups, swap areas, zram devices, swapfiles, parameters.\n"
		       "The journal is %s; running cleanup again is harmless.\n",
		       rundir_file("journal", path, sizeof(path)));
		return EXIT_OK;
	}
	say("cleanup: unexpected argument '%s'; try 'zswapbench cleanup --help'", argv[1]);
	return EXIT_USAGE;
}

int cleanup_main(int argc, char **argv)
{
	struct journal j;
	char path[PATH_MAX];
	pid_t holder = 0;
	int ret;

	if (argc > 1)
		return usage(argc, argv);
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
	j.on_note = noted;
	rundir_file("journal", path, sizeof(path));
	ret = journal_load(&j, path);
	if (ret == -ENOENT || (ret == 0 && journal_pending(&j) == 0)) {
		printf("zswapbench: nothing to restore\n");
		journal_close(&j, path);
		journal_free(&j);
		return EXIT_OK;
	}
	if (ret) {
		say("%s: %s", path, strerror(-ret));
		journal_free(&j);
		return EXIT_RUNTIME;
	}
	ret = journal_recover(&j);
	journal_close(&j, path);
	journal_free(&j);
	return ret ? EXIT_RUNTIME : EXIT_OK;
}
