#include "runner/undo/cleanup.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "runner/log.h"
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

static void noted(const char *text)
{
	say("%s", text);
}

int journal_from_earlier_boot(const struct journal *j)
{
	return j->boot_id[0] && journal_this_boot()[0] && strcmp(j->boot_id, journal_this_boot()) != 0;
}

/* After a reboot nothing but files and directories is left: each other entry is said and marked done. */
static void forget_what_the_reboot_undid(struct journal *j)
{
	char what[PATH_MAX + 300];

	for (size_t i = 0; i < j->len; i++) {
		struct undo *u = &j->entries[i];
		if (u->state == UNDO_UNDONE || u->kind == UNDO_UNLINK || u->kind == UNDO_RMTREE)
			continue;
		undo_describe(u, what, sizeof(what));
		printf("zswapbench: gone with the reboot, nothing to do: %s\n", what);
		journal_cancel(j, (int)i);
	}
}

int cleanup_journal(struct journal *j)
{
	j->on_undone = restored;
	j->on_error = not_restored;
	j->on_note = noted;
	if (journal_from_earlier_boot(j))
		forget_what_the_reboot_undid(j);
	return journal_rewind(j, 0);
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
	ret = cleanup_journal(&j);
	journal_close(&j, path);
	journal_free(&j);
	return ret ? EXIT_RUNTIME : EXIT_OK;
}
