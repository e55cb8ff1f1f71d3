#include <criterion/criterion.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runner/undo/journal.h"
#include "runner/kernel/sysfs.h"

static char dir[64];

static void make_dir(void)
{
	snprintf(dir, sizeof(dir), "/tmp/zsb-journal-XXXXXX");
	cr_assert_not_null(mkdtemp(dir));
	sysfs_set_root(dir);
}

static void remove_dir(void)
{
	char cmd[96];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (dir[0] && system(cmd) != 0)
		cr_log_warn("could not remove %s", dir);
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

Test(journal, rewinds_newest_first_to_the_mark, .fini = remove_dir)
{
	struct journal j;
	size_t mark;
	journal_init(&j);
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

Test(journal, keeps_going_past_a_failed_undo, .fini = remove_dir)
{
	struct journal j;
	char sub[128];
	journal_init(&j);
	j.on_error = count_error;
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

static off_t file_size(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 ? st.st_size : -1;
}

Test(journal, persisted_so_a_killed_run_can_be_cleaned_up, .fini = remove_dir)
{
	struct journal j, later;
	char file[128];
	make_dir();
	put("param", "changed");
	snprintf(file, sizeof(file), "%s/journal", dir);
	journal_init(&j);
	cr_assert_eq(journal_create(&j, file), 0);
	cr_assert_eq(journal_push(&j, UNDO_WRITE, "/param", "original"), 0);
	cr_assert_eq(journal_push(&j, UNDO_UNLINK, "/nonexistent/swapfile", NULL), 0);
	/* A second run must refuse to start over a journal with entries. */
	journal_init(&later);
	cr_assert_eq(journal_create(&later, file), -EEXIST);
	/* As if killed: another process loads it and finds both entries, in order. */
	cr_assert_eq(journal_load(&later, file), 0);
	cr_assert_eq(later.len, 2);
	cr_assert_eq(later.entries[0].kind, UNDO_WRITE);
	cr_assert_str_eq(later.entries[0].value, "original");
	cr_assert_eq(later.entries[1].kind, UNDO_UNLINK);
	/* Undoing the newest truncates it away; the rest stays for the next try. */
	cr_assert_eq(journal_rewind(&later, 1), 0);
	cr_assert_eq(file_size(file), later.entries[0].at + (off_t)strlen("write\t/param\toriginal\n"));
	cr_assert_eq(journal_rewind(&later, 0), 0);
	cr_assert_str_eq(get("param"), "original");
	cr_assert_eq(file_size(file), 0);
	journal_close(&later, file);
	cr_assert_eq(file_size(file), -1, "an empty journal is removed");
	close(j.fd);
	journal_free(&j);
	journal_free(&later);
}

Test(journal, a_line_cut_by_a_crash_is_ignored, .fini = remove_dir)
{
	struct journal j;
	char file[128];
	make_dir();
	snprintf(file, sizeof(file), "%s/journal", dir);
	FILE *f = fopen(file, "w");
	fputs("swapoff\t/dev/zram7\t\nrmdir\t/sys/fs/cgroup/mem", f);
	fclose(f);
	journal_init(&j);
	cr_assert_eq(journal_load(&j, file), 0);
	cr_assert_eq(j.len, 1);
	cr_assert_str_eq(j.entries[0].path, "/dev/zram7");
	close(j.fd);
	journal_free(&j);
}
