#include <criterion/criterion.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../src/runner/journal.h"
#include "../../src/runner/sysfs.h"

static char dir[64];

static void make_dir(void)
{
	snprintf(dir, sizeof(dir), "/tmp/zsb-journal-XXXXXX");
	cr_assert_not_null(mkdtemp(dir));
	sysfs_set_root(dir);
}

static void put(const char *name, const char *value)
{
	char path[128];
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	cr_assert_not_null(f);
	fputs(value, f);
	fclose(f);
}

static const char *get(const char *name)
{
	static char buf[64];
	char path[128];
	snprintf(path, sizeof(path), "/%s", name);
	cr_assert_geq(sysfs_read_line(path, buf, sizeof(buf)), 0);
	return buf;
}

Test(journal, rewinds_newest_first_to_the_mark)
{
	struct journal j = { 0 };
	size_t mark;
	make_dir();
	put("param", "changed-twice");
	/* Two changes to one file: only newest-first replay ends at the original value. */
	cr_assert_eq(journal_push(&j, UNDO_WRITE, "/param", "original"), 0);
	mark = journal_mark(&j);
	cr_assert_eq(journal_push(&j, UNDO_WRITE, "/param", "changed-once"), 0);
	cr_assert_eq(journal_rewind(&j, mark), 0);
	cr_assert_str_eq(get("param"), "changed-once");
	cr_assert_eq(journal_mark(&j), 1);
	cr_assert_eq(journal_rewind(&j, 0), 0);
	cr_assert_str_eq(get("param"), "original");
	journal_free(&j);
}

static int errors;
static void count_error(const struct undo *u, int err)
{
	(void)u;
	(void)err;
	errors++;
}

Test(journal, keeps_going_past_a_failed_undo)
{
	struct journal j = { .on_error = count_error };
	char sub[128];
	make_dir();
	put("param", "x");
	snprintf(sub, sizeof(sub), "%s/group", dir);
	cr_assert_eq(mkdir(sub, 0755), 0);
	cr_assert_eq(journal_push(&j, UNDO_WRITE, "/param", "restored"), 0);
	cr_assert_eq(journal_push(&j, UNDO_RMDIR, "/group", NULL), 0);
	cr_assert_eq(journal_push(&j, UNDO_WRITE, "/missing-dir/param", "y"), 0);
	errors = 0;
	cr_assert_eq(journal_rewind(&j, 0), -ENOENT);
	cr_assert_eq(errors, 1);
	cr_assert_eq(access(sub, F_OK), -1, "the cgroup directory must be gone");
	cr_assert_str_eq(get("param"), "restored");
	journal_free(&j);
}
