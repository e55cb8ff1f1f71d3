/*
 * base/folder.c: the folders outputs go in. A folder another user could change (theirs, one
 * their group or everyone can write without the sticky bit, a symbolic link) is refused in one
 * line naming it; root's, this user's and sudo's user's are used, made when missing.
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runner/base/folder.h"
#include "runner/base/log.h"
#include "tools.h"

static struct stat folder(uid_t uid, mode_t mode)
{
	struct stat st = { .st_uid = uid, .st_mode = S_IFDIR | mode };

	return st;
}

Test(folder, who_can_change_a_folder)
{
	struct invoker none = { 0 }, sudo = { .known = 1, .uid = 1000, .gid = 1000 };
	struct invoker unknown = { .known = 0, .uid = 1000 };
	struct stat st;

	st = folder(0, 0755);
	cr_expect_not(folder_shared(&st, 0, &none), "root's");
	st = folder(1000, 0755);
	cr_expect(folder_shared(&st, 0, &none), "another user's, without sudo");
	cr_expect_not(folder_shared(&st, 0, &sudo), "the user who ran sudo");
	cr_expect(folder_shared(&st, 0, &unknown), "no sudo: its uid means nothing");
	cr_expect_not(folder_shared(&st, 1000, &none), "the user running it");
	st = folder(1001, 0755);
	cr_expect(folder_shared(&st, 0, &sudo), "a third user's");
	st = folder(0, 0775);
	cr_expect(folder_shared(&st, 0, &none), "its group can write");
	st = folder(0, 0757);
	cr_expect(folder_shared(&st, 0, &none), "everyone can write");
	st = folder(0, 01777);
	cr_expect_not(folder_shared(&st, 0, &none), "sticky: each name its owner's (/tmp)");
	st = folder(1000, 01777);
	cr_expect(folder_shared(&st, 0, &none), "sticky, but its owner renames anything");
}

/* Only ours: no name in it can have been put there by another user, /tmp's included. */
Test(folder, only_ours_and_roots)
{
	struct stat st;

	st = folder(0, 0755);
	cr_expect(folder_only_ours(&st, 0));
	cr_expect(folder_only_ours(&st, 1000), "root's, for a user");
	st = folder(1000, 0700);
	cr_expect(folder_only_ours(&st, 1000));
	cr_expect_not(folder_only_ours(&st, 0), "the user who ran sudo is not root");
	st = folder(0, 01777);
	cr_expect_not(folder_only_ours(&st, 0), "anyone adds names to /tmp");
	st = folder(0, 0775);
	cr_expect_not(folder_only_ours(&st, 0), "its group adds names");
	st = folder(0, 0757);
	cr_expect_not(folder_only_ours(&st, 0), "everyone adds names");
}

static char *here;

static void in_temp(void)
{
	here = temp_dir("zsb-folder");
	cr_assert_eq(chdir(here), 0);
	unsetenv("SUDO_UID");
	unsetenv("SUDO_GID");
}

static void out_of_temp(void)
{
	cr_expect_eq(chdir("/"), 0);
	remove_dir(here);
}

/* What folder_ready("results") says and returns, stderr captured. */
static int ready(char *said, size_t len)
{
	int err = dup(2), pfd[2], status;
	ssize_t n;

	cr_assert_eq(pipe(pfd), 0);
	dup2(pfd[1], 2);
	close(pfd[1]);
	status = folder_ready("results");
	dup2(err, 2);
	close(err);
	n = read(pfd[0], said, len - 1);
	said[n > 0 ? n : 0] = '\0';
	close(pfd[0]);
	return status;
}

Test(folder, results_is_made_when_missing, .init = in_temp, .fini = out_of_temp)
{
	char said[512];
	struct stat st;
	mode_t mask = umask(022);

	cr_assert_eq(ready(said, sizeof(said)), 0, "%s", said);
	umask(mask);
	cr_assert_eq(lstat("results", &st), 0);
	cr_expect(S_ISDIR(st.st_mode));
	cr_expect_eq(st.st_mode & 07777, 0755);
	cr_assert_eq(ready(said, sizeof(said)), 0, "made already: %s", said);
}

/* results -> another folder: refused, nothing made in the folder it points to. */
Test(folder, results_as_a_link_is_refused, .init = in_temp, .fini = out_of_temp)
{
	char said[512];
	struct stat st;

	cr_assert_eq(mkdir("elsewhere", 0755), 0);
	cr_assert_eq(symlink("elsewhere", "results"), 0);
	cr_assert_eq(ready(said, sizeof(said)), EXIT_USAGE);
	cr_expect(strstr(said, "results: a symbolic link (not followed)"), "%s", said);
	cr_assert_eq(symlink("nowhere", "dangling"), 0);
	cr_expect_eq(folder_open("dangling", said, sizeof(said)), -EPERM,
		     "a link to nothing is no folder");
	cr_expect_neq(lstat("nowhere", &st), 0, "made where the link points");
}

Test(folder, results_that_is_a_file_is_refused, .init = in_temp, .fini = out_of_temp)
{
	char said[512];
	int fd = open("results", O_WRONLY | O_CREAT, 0644);

	close(fd);
	cr_assert_eq(ready(said, sizeof(said)), EXIT_USAGE);
	cr_expect(strstr(said, "results: Not a directory"), "%s", said);
}

Test(folder, results_others_can_write_is_refused, .init = in_temp, .fini = out_of_temp)
{
	char said[512];

	cr_assert_eq(mkdir("results", 0755), 0);
	cr_assert_eq(chmod("results", 0777), 0);
	cr_assert_eq(ready(said, sizeof(said)), EXIT_USAGE);
	cr_expect(strstr(said, "results: writable by other users (mode 777)"), "%s", said);
	cr_assert_eq(chmod("results", 0775), 0);
	cr_expect_eq(ready(said, sizeof(said)), EXIT_USAGE, "its group can write");
	cr_assert_eq(chmod("results", 01777), 0);
	cr_expect_eq(ready(said, sizeof(said)), 0, "sticky, as /tmp: %s", said);
}

/* Another user's results/ is theirs to swap; the one of the user who ran sudo is used. */
Test(folder, results_of_another_user, .init = in_temp, .fini = out_of_temp)
{
	char said[512], why[256];
	struct stat st;

	if (geteuid() != 0)
		cr_skip_test("chown needs root");
	cr_assert_eq(mkdir("results", 0755), 0);
	cr_assert_eq(chown("results", NOBODY, NOBODY), 0);
	cr_assert_eq(ready(said, sizeof(said)), EXIT_USAGE);
	cr_expect(strstr(said, "results: owned by uid 65534"), "%s", said);
	cr_expect_eq(folder_check("results", why, sizeof(why)), -EPERM);
	setenv("SUDO_UID", "65534", 1);
	cr_expect_eq(ready(said, sizeof(said)), 0, "%s", said);
	cr_expect_eq(folder_check("results", why, sizeof(why)), 0, "%s", why);
	cr_assert_eq(lstat("results", &st), 0);
	cr_expect_eq(st.st_uid, NOBODY);
}

/* What a run checks before its trials: a folder that is there and would be refused; none
 * there yet is made later. */
Test(folder, checked_before_it_is_made, .init = in_temp, .fini = out_of_temp)
{
	char why[256] = "";

	cr_expect_eq(folder_check("plots", why, sizeof(why)), 0, "nothing there: %s", why);
	cr_assert_eq(symlink("/etc", "plots"), 0);
	cr_expect_eq(folder_check("plots", why, sizeof(why)), -EPERM);
	cr_expect(strstr(why, "plots: a symbolic link"), "%s", why);
}

/* The descriptor is of the folder checked: a name made through it is in that folder. */
Test(folder, the_descriptor_is_the_folder, .init = in_temp, .fini = out_of_temp)
{
	char why[256] = "";
	struct stat a, b;
	int fd = folder_open("plots", why, sizeof(why));

	cr_assert_geq(fd, 0, "%s", why);
	cr_assert_eq(fstat(fd, &a), 0);
	cr_assert_eq(stat("plots", &b), 0);
	cr_expect_eq(a.st_ino, b.st_ino);
	close(fd);
	cr_expect_eq(folder_open("", why, sizeof(why)), -ENOENT, "%s", why);
}
