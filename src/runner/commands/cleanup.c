/* `zswapbench cleanup`: replays the journal a killed run left, under the run lock. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "runner/base/log.h"
#include "runner/base/rundir.h"
#include "runner/commands/command_options.h"
#include "runner/commands/commands.h"
#include "runner/undo/damaged.h"
#include "runner/undo/journal.h"
#include "runner/undo/recover.h"
#include "runner/undo/runlock.h"

static void noted(const char *text)
{
	say("%s", text);
}

int cleanup_main(const struct command_info *self, int argc, char **argv)
{
	struct journal j;
	char path[PATH_MAX], why[PATH_MAX + 160];
	pid_t holder = 0;
	int ret = command_without_options(self, argc, argv);

	if (ret == EXIT_OK && argc > 1)
		printf("The journal is %s.\n", rundir_file("journal", path, sizeof(path)));
	if (ret >= 0)
		return ret;
	if (geteuid() != 0) {
		say("cleanup must run as root (try: sudo zswapbench cleanup)");
		return EXIT_USAGE;
	}
	ret = runlock_acquire(&holder, path, sizeof(path));
	if (ret == -EWOULDBLOCK) {
		say("a run (PID %d) is in progress; it restores the machine itself", (int)holder);
		return EXIT_RUNTIME;
	}
	if (ret) {
		say("%s", path);
		return EXIT_RUNTIME;
	}
	if (rundir_check(path, sizeof(path)) < 0) {
		say("%s", path);
		return EXIT_RUNTIME;
	}
	journal_list_damaged(rundir(), stdout);
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
		say("%s", journal_error(&j, path, ret, why, sizeof(why)));
		journal_free(&j);
		return EXIT_RUNTIME;
	}
	ret = journal_recover(&j);
	journal_close(&j, path);
	journal_free(&j);
	return ret ? EXIT_RUNTIME : EXIT_OK;
}
