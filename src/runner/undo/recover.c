/* Replaying a journal that a killed run left: what `zswapbench cleanup` and the next run do. */
#include "runner/undo/recover.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "runner/base/log.h"
#include "runner/base/sizes.h"
#include "runner/undo/rewind.h"

static void restored(const struct undo *u)
{
	char what[MSG_LEN];
	undo_describe(u, what, sizeof(what));
	printf("zswapbench: restored: %s\n", what);
}

static void not_restored(const struct undo *u, int err)
{
	char what[MSG_LEN];
	undo_describe(u, what, sizeof(what));
	say("could not restore (%s): %s", what, strerror(-err));
}

static void noted(const char *text)
{
	say("%s", text);
}

int journal_from_earlier_boot(const struct journal *j)
{
	return j->boot_id[0] && journal_this_boot()[0] &&
		strcmp(j->boot_id, journal_this_boot()) != 0;
}

/* After a reboot nothing but files and directories is left: each other entry is said and
 * marked done. */
static void forget_what_the_reboot_undid(struct journal *j)
{
	char what[MSG_LEN];

	for (size_t i = 0; i < j->len; i++) {
		struct undo *u = &j->entries[i];
		if (u->state == UNDO_UNDONE || u->kind == UNDO_UNLINK || u->kind == UNDO_RMTREE)
			continue;
		undo_describe(u, what, sizeof(what));
		printf("zswapbench: gone with the reboot, nothing to do: %s\n", what);
		journal_cancel(j, (int)i);
	}
}

int journal_recover(struct journal *j)
{
	j->on_undone = restored;
	j->on_error = not_restored;
	j->on_note = noted;
	if (journal_from_earlier_boot(j))
		forget_what_the_reboot_undid(j);
	return journal_rewind(j, 0);
}
