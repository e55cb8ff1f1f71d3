#include "runner/undo/damaged.h"

#include <glob.h>
#include <limits.h>
#include <stdlib.h>

#include "runner/base/fileio.h"
#include "runner/base/sizes.h"
#include "runner/undo/journal.h"

/* A journal is a few KiB; a moved-aside one is read only to be described. */
#define DAMAGED_JOURNAL_MAX (1 << 20)

/* What a journal moved aside still names, in words: it is never replayed (nothing in it could
 * be read when it was moved), so the user decides. */
static void describe_damaged(const char *path, FILE *out)
{
	char *text = NULL, what[MSG_LEN];
	size_t len = 0;
	struct journal j;

	journal_init(&j);
	if (read_file(path, DAMAGED_JOURNAL_MAX, &text, &len) == 0)
		journal_parse(&j, text, len);
	fprintf(out, "zswapbench: %s: a journal moved aside with no readable line (%zu bytes)%s\n",
		path, len,
		journal_pending(&j) ? "; it still names:" : "; it names nothing to undo");
	for (size_t i = 0; i < j.len; i++)
		if (j.entries[i].state != UNDO_UNDONE) {
			undo_describe(&j.entries[i], what, sizeof(what));
			fprintf(out, "  not done: %s\n", what);
		}
	free(text);
	journal_free(&j);
}

/* Journals moved aside stay until the user removes them: each cleanup lists them. */
void journal_list_damaged(const char *dir, FILE *out)
{
	char pattern[PATH_MAX];
	glob_t g;

	snprintf(pattern, sizeof(pattern), "%s/journal.damaged-*", dir);
	if (glob(pattern, 0, NULL, &g) != 0)
		return;
	for (size_t i = 0; i < g.gl_pathc; i++)
		describe_damaged(g.gl_pathv[i], out);
	fprintf(out, "zswapbench: remove %s once you have looked at %s\n",
		g.gl_pathc > 1 ? "them" : "it", g.gl_pathc > 1 ? "them" : "it");
	globfree(&g);
}
