/*
 * base/fileio.c and base/outfile.c: a file replaced through a temporary file of its own, never
 * through a name planted before it or a link another user can put at the name; a device or a
 * link of our own written as named; a file read whole up to its cap.
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runner/base/fileio.h"
#include "runner/base/outfile.h"
#include "tools.h"

static char dir[] = "/tmp/zsb-fileio-XXXXXX";

static void make_dir(void)
{
	cr_assert_not_null(mkdtemp(dir));
}

static void drop_dir(void)
{
	char cmd[64];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	cr_expect_eq(system(cmd), 0);
}

static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	cr_assert_not_null(f, "%s: %s", path, strerror(errno));
	fputs(text, f);
	fclose(f);
}

static char *text_of(const char *path)
{
	char *text;
	size_t len;

	cr_assert_eq(read_file(path, 1 << 20, &text, &len), 0, "%s", path);
	return text;
}

/* The names the old code wrote through (PATH.tmp.PID, then PATH.tmp.PID+k for the pids soon
 * after it), each a link to a file another user owns: none is written, the result is. */
Test(fileio, a_planted_link_at_the_temporary_name_is_not_followed, .init = make_dir,
     .fini = drop_dir)
{
	char victim[128], out[128], link[160], *text;
	struct stat st;

	snprintf(victim, sizeof(victim), "%s/victim", dir);
	snprintf(out, sizeof(out), "%s/result.json", dir);
	write_text(victim, "precious\n");
	for (int k = 0; k < 64; k++) {
		snprintf(link, sizeof(link), "%s.tmp.%d", out, (int)getpid() + k);
		cr_assert_eq(symlink(victim, link), 0);
	}
	cr_assert_eq(write_file_atomic(out, "{}\n", 3, 0), 0);
	text = text_of(victim);
	cr_assert_str_eq(text, "precious\n", "the link was followed");
	free(text);
	text = text_of(out);
	cr_assert_str_eq(text, "{}\n");
	free(text);
	cr_assert_eq(lstat(out, &st), 0);
	cr_assert(S_ISREG(st.st_mode), "the result is a file of its own, not the link");
}

/* The mode asked for less the umask, as a file opened with it would have; no temporary file is
 * left beside it. */
Test(fileio, the_file_has_the_usual_mode_and_no_temporary_is_left, .init = make_dir,
     .fini = drop_dir)
{
	char out[128], cmd[192];
	mode_t mask = umask(022);
	struct stat st;
	FILE *p;
	int n = -1;

	snprintf(out, sizeof(out), "%s/result.json", dir);
	cr_assert_eq(write_file_atomic(out, "a\n", 2, 1), 0);
	cr_assert_eq(write_file_atomic(out, "b\n", 2, 0), 0);
	umask(mask);
	cr_assert_eq(stat(out, &st), 0);
	cr_assert_eq(st.st_mode & 07777, 0644, "mode %o", st.st_mode & 07777);
	snprintf(cmd, sizeof(cmd), "ls -A '%s' | wc -l", dir);
	cr_assert_not_null(p = popen(cmd, "r"));
	cr_assert_eq(fscanf(p, "%d", &n), 1);
	pclose(p);
	cr_assert_eq(n, 1, "a temporary file was left");
}

/* A name that never ends is read up to the cap, then refused, not read until memory runs out. */
Test(fileio, a_file_that_never_ends_is_cut_at_the_cap)
{
	char *text = (char *)1;
	size_t len = 1;

	cr_assert_eq(read_file("/dev/zero", 1 << 20, &text, &len), -EFBIG);
	cr_assert_null(text);
	cr_assert_eq(len, 0);
}

static void write_bytes(const char *path, size_t n)
{
	char *text = malloc(n);

	for (size_t i = 0; i < n; i++)
		text[i] = (char)('a' + i % 26);
	cr_assert_eq(write_file_atomic(path, text, n, 0), 0);
	free(text);
}

/* The cap is the most a file may hold: that many bytes are read, one more is refused. */
Test(fileio, a_file_of_exactly_the_cap_is_read, .init = make_dir, .fini = drop_dir)
{
	char path[128], *text;
	size_t len;

	snprintf(path, sizeof(path), "%s/f", dir);
	write_bytes(path, 100);
	cr_assert_eq(read_file(path, 100, &text, &len), 0);
	cr_assert_eq(len, 100);
	cr_assert_eq(text[99], 'a' + 99 % 26);
	cr_assert_eq(text[100], '\0');
	free(text);
	cr_assert_eq(read_file(path, 99, &text, &len), -EFBIG);
	cr_assert_eq(read_file("/nonexistent/f", 100, &text, &len), -ENOENT);
}

/* Past the first buffer (64 KiB) and the one after it: read whole, not cut where it grew. */
Test(fileio, a_file_longer_than_the_buffer_is_read_whole, .init = make_dir, .fini = drop_dir)
{
	char path[128], *text;
	size_t len;

	snprintf(path, sizeof(path), "%s/f", dir);
	write_bytes(path, 200000);
	cr_assert_eq(read_file(path, 1 << 20, &text, &len), 0);
	cr_assert_eq(len, 200000);
	cr_assert_eq(strlen(text), 200000);
	cr_assert_eq(text[199999], 'a' + 199999 % 26);
	free(text);
}

/* The mode asked for, less the umask: 0666 is 0644 under umask 022, 0666 under none. */
Test(fileio, the_mode_asked_for_less_the_umask, .init = make_dir, .fini = drop_dir)
{
	char path[128];
	struct stat st;
	mode_t mask = umask(022);

	snprintf(path, sizeof(path), "%s/page.html", dir);
	cr_assert_eq(write_file_atomic_mode(path, "x", 1, 0, 0666), 0);
	cr_assert_eq(stat(path, &st), 0);
	cr_assert_eq(st.st_mode & 07777, 0644, "mode %o", st.st_mode & 07777);
	umask(0);
	cr_assert_eq(write_file_atomic_mode(path, "x", 1, 0, 0666), 0);
	umask(mask);
	cr_assert_eq(stat(path, &st), 0);
	cr_assert_eq(st.st_mode & 07777, 0666, "mode %o", st.st_mode & 07777);
}

/* A rename that fails (a folder is in the way) returns its error and leaves no temporary. */
Test(fileio, a_failed_rename_leaves_no_temporary, .init = make_dir, .fini = drop_dir)
{
	char path[128], inside[160], cmd[192];
	FILE *p;
	int n = -1;

	snprintf(path, sizeof(path), "%s/taken", dir);
	snprintf(inside, sizeof(inside), "%s/x", path);
	cr_assert_eq(mkdir(path, 0755), 0);
	write_text(inside, "x");
	cr_assert_eq(write_file_atomic(path, "{}\n", 3, 1), -EISDIR);
	snprintf(cmd, sizeof(cmd), "ls -A '%s' | wc -l", dir);
	cr_assert_not_null(p = popen(cmd, "r"));
	cr_assert_eq(fscanf(p, "%d", &n), 1);
	pclose(p);
	cr_assert_eq(n, 1, "a temporary file was left");
}

/* A name with no room for its suffix (".XXXXXX" within NAME_MAX) is refused as too long, not
 * cut; one with just room is written. */
Test(fileio, a_temporary_name_without_room_is_too_long, .init = make_dir, .fini = drop_dir)
{
	char path[512], name[256];

	memset(name, 'n', 249);
	name[249] = '\0';
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	cr_assert_eq(write_file_atomic(path, "x", 1, 0), -ENAMETOOLONG);
	name[248] = '\0';
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	cr_assert_eq(write_file_atomic(path, "x", 1, 0), 0, "a name with just room for its suffix");
}

/* In a folder another user owns, a link at the name (to a file of root's) is theirs: replaced
 * by the new file, the file it pointed to untouched. */
Test(fileio, a_link_in_another_users_folder_is_replaced)
{
	char *parent, *users = nobodys_folder("zsb-fileio", &parent), victim[PATH_MAX],
		      out[PATH_MAX], *text;
	struct stat st;

	snprintf(victim, sizeof(victim), "%s/victim", parent);
	snprintf(out, sizeof(out), "%s/result.json", users);
	write_text(victim, "precious\n");
	cr_assert_eq(symlink(victim, out), 0);
	cr_assert_eq(write_file_atomic(out, "{}\n", 3, 1), 0);
	text = text_of(victim);
	cr_expect_str_eq(text, "precious\n", "written through the link");
	free(text);
	cr_assert_eq(lstat(out, &st), 0);
	cr_expect(S_ISREG(st.st_mode), "the link is still there");
	text = text_of(out);
	cr_expect_str_eq(text, "{}\n");
	free(text);
	free(users);
	remove_dir(parent);
}

/* A sticky folder everyone writes in (/tmp): anyone may have put the link there. */
Test(fileio, a_link_in_a_sticky_folder_is_replaced, .init = make_dir, .fini = drop_dir)
{
	char victim[128], out[128], *text;
	struct stat st;

	snprintf(victim, sizeof(victim), "%s/victim", dir);
	snprintf(out, sizeof(out), "%s/out", dir);
	write_text(victim, "precious\n");
	cr_assert_eq(symlink("victim", out), 0);
	cr_assert_eq(chmod(dir, 01777), 0);
	cr_assert_eq(write_file_atomic(out, "new\n", 4, 0), 0);
	text = text_of(victim);
	cr_expect_str_eq(text, "precious\n");
	free(text);
	cr_assert_eq(lstat(out, &st), 0);
	cr_expect(S_ISREG(st.st_mode));
}

/* In a folder only this user and root can write, a link is theirs: written through, kept (as
 * /dev/stdout is, which a rename would turn into a file). */
Test(fileio, a_link_in_our_own_folder_is_written_through, .init = make_dir, .fini = drop_dir)
{
	char target[128], out[128], *text;
	struct stat st;

	snprintf(target, sizeof(target), "%s/target", dir);
	snprintf(out, sizeof(out), "%s/out", dir);
	write_text(target, "old\n");
	cr_assert_eq(symlink("target", out), 0);
	cr_assert_eq(write_file_atomic(out, "new\n", 4, 1), 0);
	text = text_of(target);
	cr_expect_str_eq(text, "new\n");
	free(text);
	cr_assert_eq(lstat(out, &st), 0);
	cr_expect(S_ISLNK(st.st_mode), "the link was replaced");
}

/* A plain file is replaced by a new one, even in our own folder: another name for the old
 * file keeps the old text, as a reader that opened it does. */
Test(fileio, a_file_is_replaced_not_rewritten, .init = make_dir, .fini = drop_dir)
{
	char out[128], other[128], *text;

	snprintf(out, sizeof(out), "%s/out", dir);
	snprintf(other, sizeof(other), "%s/other", dir);
	write_text(out, "old\n");
	cr_assert_eq(link(out, other), 0);
	cr_assert_eq(write_file_atomic(out, "new\n", 4, 0), 0);
	text = text_of(other);
	cr_expect_str_eq(text, "old\n", "the old file written over");
	free(text);
	text = text_of(out);
	cr_expect_str_eq(text, "new\n");
	free(text);
}

/* A device in a folder only root can write is written into, never replaced by a file. */
Test(fileio, a_device_is_written_into)
{
	struct stat st;

	cr_assert_eq(write_file_atomic("/dev/null", "x\n", 2, 1), 0);
	cr_assert_eq(lstat("/dev/null", &st), 0);
	cr_assert(S_ISCHR(st.st_mode), "/dev/null replaced");
	cr_expect_eq(write_file_atomic("/dev/full", "x\n", 2, 0), -ENOSPC);
}

/* An out_file dropped, or one whose rename fails, leaves nothing; its folder is held, so the
 * name lands in the folder it was begun in even if that folder's name moved. */
Test(fileio, an_out_file_is_renamed_in_the_folder_it_was_begun_in, .init = make_dir,
     .fini = drop_dir)
{
	char sub[128], moved[128], path[192], *text;
	struct out_file o;

	snprintf(sub, sizeof(sub), "%s/sub", dir);
	snprintf(moved, sizeof(moved), "%s/moved", dir);
	cr_assert_eq(mkdir(sub, 0755), 0);
	snprintf(path, sizeof(path), "%s/f", sub);
	cr_assert_eq(out_file_open(&o, path, 0644), 0);
	cr_assert_eq(write_full(o.fd, "x", 1), 0);
	cr_assert_eq(rename(sub, moved), 0);
	cr_assert_eq(mkdir(sub, 0755), 0);
	cr_assert_eq(out_file_commit(&o, 0), 0);
	snprintf(path, sizeof(path), "%s/f", moved);
	text = text_of(path);
	cr_expect_str_eq(text, "x");
	free(text);
	snprintf(path, sizeof(path), "%s/f", sub);
	cr_expect_neq(access(path, F_OK), 0, "renamed by the folder's name, not in it");
	cr_assert_eq(out_file_open(&o, path, 0644), 0);
	out_file_abort(&o);
	cr_expect_neq(access(path, F_OK), 0);
	cr_expect_eq(rmdir(sub), 0, "a temporary was left");
	cr_expect_eq(out_file_open(&o, "/nonexistent/f", 0644), -ENOENT);
	cr_expect_eq(out_file_at(&o, AT_FDCWD, "a/b", 0644), -EISDIR, "a name, not a path");
	cr_expect_eq(out_file_at(&o, AT_FDCWD, "..", 0644), -EISDIR);
}

/* A private folder: made 0700 whatever the umask allows, its descriptor the folder made. */
Test(fileio, a_private_folder_of_its_own, .init = make_dir, .fini = drop_dir)
{
	char name[] = ".private-XXXXXX", path[160];
	struct stat a, b;
	mode_t mask = umask(0);
	int top = open(dir, O_RDONLY | O_DIRECTORY), fd = temp_dir_at(top, name);

	umask(mask);
	cr_assert_geq(fd, 0, "%s", strerror(-fd));
	cr_expect_neq(strcmp(name, ".private-XXXXXX"), 0, "the template filled in");
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	cr_assert_eq(lstat(path, &b), 0);
	cr_assert_eq(fstat(fd, &a), 0);
	cr_expect_eq(a.st_ino, b.st_ino);
	cr_expect_eq(b.st_mode & 07777, 0700, "mode %o", b.st_mode & 07777);
	close(fd);
	close(top);
}
