/* `zswapbench cleanup`: replays the journal a killed run left, under the run lock. */
#include <errno.h>
#include <glob.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runner/base/fileio.h"
#include "runner/base/log.h"
#include "runner/base/sizes.h"
#include "runner/base/rundir.h"
#include "runner/commands/command_options.h"
#include "runner/commands/commands.h"
#include "runner/undo/journal.h"
#include "runner/undo/recover.h"
#include "runner/undo/runlock.h"

/* A journal is a few KiB; a moved-aside one is read only to be described. */
#define DAMAGED_JOURNAL_MAX (1 << 20)

static void noted(const char *text)
{
	say("%s", text);
}

/* What a journal moved aside still names, in words: it is never replayed (nothing in it could
 * be read when it was moved), so the user decides. */
static void describe_damaged(const char *path)
{
	char *text = NULL, what[MSG_LEN];
	size_t len = 0;
	struct journal j;

	journal_init(&j);
	if (read_file(path, DAMAGED_JOURNAL_MAX, &text, &len) == 0)
		journal_parse(&j, text, len);
	printf("zswapbench: %s: a journal moved aside with no readable line (%zu bytes)%s\n", path,
	       len, journal_pending(&j) ? "; it still names:" : "; it names nothing to undo");
	for (size_t i = 0; i < j.len; i++)
		if (j.entries[i].state != UNDO_UNDONE) {
			undo_describe(&j.entries[i], what, sizeof(what));
			printf("  not done: %s\n", what);
		}
	free(text);
	journal_free(&j);
}

/* Journals moved aside stay until the user removes them: each cleanup lists them. */
static void list_damaged(void)
{
	char pattern[PATH_MAX];
	glob_t g;

	snprintf(pattern, sizeof(pattern), "%s/journal.damaged-*", rundir());
	if (glob(pattern, 0, NULL, &g) != 0)
		return;
	for (size_t i = 0; i < g.gl_pathc; i++)
		describe_damaged(g.gl_pathv[i]);
	printf("zswapbench: remove %s once you have looked at %s\n", g.gl_pathc > 1 ? "them" : "it",
	       g.gl_pathc > 1 ? "them" : "it");
	globfree(&g);
}

int cleanup_main(const struct command_info *self, int argc, char **argv)
{
	struct journal j;
	char path[PATH_MAX];
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
	ret = runlock_acquire(&holder);
	if (ret == -EWOULDBLOCK) {
		say("a run (PID %d) is in progress; it restores the machine itself", (int)holder);
		return EXIT_RUNTIME;
	}
	if (ret) {
		say("%s: %s", rundir(), strerror(-ret));
		return EXIT_RUNTIME;
	}
	if (rundir_check(path, sizeof(path)) < 0) {
		say("%s", path);
		return EXIT_RUNTIME;
	}
	list_damaged();
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
