/* The run lock and the journal (session.h). */
#include "runner/run/session.h"

#include <errno.h>
#include <limits.h>
#include <string.h>
#include <sys/types.h>

#include "runner/base/log.h"
#include "runner/base/rundir.h"
#include "runner/undo/recover.h"
#include "runner/undo/rewind.h"
#include "runner/undo/runlock.h"

static void undo_failed(const struct undo *u, int err)
{
	say("could not undo %s %s%s%s: %s", undo_kind_name(u->kind), u->path,
	    u->value[0] ? " " : "", u->value, strerror(-err));
}

static void journal_note(const char *text)
{
	say("%s", text);
}

void session_init(struct journal *j)
{
	journal_init(j);
	j->on_error = undo_failed;
	j->on_note = journal_note;
}

/* A journal from before a reboot holds nothing alive but swapfiles: cleaned without asking. */
static void clean_earlier_boot(const char *path)
{
	struct journal old;

	journal_init(&old);
	old.on_note = journal_note;
	if (journal_load(&old, path) == 0 && journal_pending(&old) &&
	    journal_from_earlier_boot(&old)) {
		say("a journal from an earlier boot: cleaning up after it first");
		journal_recover(&old);
	}
	journal_close(&old, path);
	journal_free(&old);
}

/* The lock, then a fresh journal file: nothing is changed before both are in place. */
int session_begin(struct journal *j)
{
	char path[PATH_MAX], why[PATH_MAX + 160];
	pid_t holder = 0;
	int ret = runlock_acquire(&holder, path, sizeof(path));

	if (ret == -EWOULDBLOCK) {
		say("another zswapbench run (PID %d) holds %s: one run at a time, swap is "
		    "system-wide",
		    (int)holder, runlock_path());
		return EXIT_RUNTIME;
	}
	if (!ret && rundir_check(path, sizeof(path)) < 0) {
		say("%s", path);
		return EXIT_RUNTIME;
	}
	if (ret) {
		say("%s", path);
		return EXIT_RUNTIME;
	}
	rundir_file("journal", path, sizeof(path));
	clean_earlier_boot(path);
	ret = journal_create(j, path);
	if (ret == -EEXIST) {
		say("a previous run was killed before it restored the machine (%s): run "
		    "'zswapbench cleanup' first",
		    path);
		return EXIT_RUNTIME;
	}
	if (ret) {
		say("%s", journal_error(j, path, ret, why, sizeof(why)));
		return EXIT_RUNTIME;
	}
	return 0;
}

void session_end(struct journal *j)
{
	char path[PATH_MAX];

	journal_rewind(j, 0);
	journal_close(j, rundir_file("journal", path, sizeof(path)));
	journal_free(j);
}
