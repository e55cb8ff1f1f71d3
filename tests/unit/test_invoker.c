#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runner/base/invoker.h"

/* Who gets a run's files under sudo: sudo's SUDO_UID (and SUDO_GID) when we are root. */
Test(invoker, sudos_user_when_root)
{
	struct invoker inv = invoker_from("1000", "1001", 0);

	cr_assert(inv.known);
	cr_assert_eq(inv.uid, 1000);
	cr_assert_eq(inv.gid, 1001);
	inv = invoker_from("1000", NULL, 0);
	cr_assert(inv.known);
	cr_assert_eq(inv.gid, (gid_t)-1, "without SUDO_GID the group is left alone");
	cr_assert_not(invoker_from(NULL, NULL, 0).known, "root itself: its files stay its own");
	cr_assert_not(invoker_from("0", "0", 0).known, "sudo by root names root");
	cr_assert_not(invoker_from("1000", "1000", 1000).known, "not root: the kernel decides");
	cr_assert_not(invoker_from("10x", "1000", 0).known);
	cr_assert_not(invoker_from("-1", "1000", 0).known);
	cr_assert_not(invoker_from("", "1000", 0).known);
	cr_assert_not(invoker_from("99999999999", "1000", 0).known);
}

/* Only what we made, only a file or a folder, only in the invoker's own directory. */
Test(invoker, only_our_files_in_the_invokers_directory)
{
	struct invoker inv = invoker_from("1000", "1000", 0);
	struct stat users_dir = { .st_uid = 1000, .st_mode = S_IFDIR | 0755 },
		    roots_dir = { .st_uid = 0, .st_mode = S_IFDIR | 0755 },
		    ours = { .st_uid = 0, .st_mode = S_IFREG | 0644 },
		    our_dir = { .st_uid = 0, .st_mode = S_IFDIR | 0755 },
		    theirs = { .st_uid = 33, .st_mode = S_IFREG | 0644 },
		    link = { .st_uid = 0, .st_mode = S_IFLNK | 0777 };

	cr_assert(invoker_should_own(&inv, &users_dir, &ours, 0));
	cr_assert(invoker_should_own(&inv, &users_dir, &our_dir, 0), "results/ itself");
	cr_assert_not(invoker_should_own(&inv, &roots_dir, &ours, 0),
		      "-o /root/r.json stays root's");
	cr_assert_not(invoker_should_own(&inv, &users_dir, &theirs, 0), "not ours to give");
	cr_assert_not(invoker_should_own(&inv, &users_dir, &link, 0), "a link is never followed");
	inv.known = 0;
	cr_assert_not(invoker_should_own(&inv, &users_dir, &ours, 0));
}

/* For real where the test is root: a file in a directory of uid 65534 becomes 65534's; the same
 * file in a directory of root's stays root's. */
Test(invoker, gives_a_file_in_the_users_directory)
{
	char dir[] = "/tmp/zsb-invoker-XXXXXX", file[64], kept[64];
	struct stat st;
	int fd;

	if (geteuid() != 0)
		cr_skip_test("chown needs root");
	cr_assert_not_null(mkdtemp(dir));
	snprintf(file, sizeof(file), "%s/r.json", dir);
	snprintf(kept, sizeof(kept), "%s/kept", dir);
	cr_assert_eq(mkdir(kept, 0755), 0);
	cr_assert_geq(fd = open(file, O_WRONLY | O_CREAT, 0644), 0);
	close(fd);
	cr_assert_eq(chown(dir, 65534, 65534), 0);
	setenv("SUDO_UID", "65534", 1);
	setenv("SUDO_GID", "65534", 1);
	cr_assert_eq(invoker_give(file), 0);
	cr_assert_eq(stat(file, &st), 0);
	cr_assert_eq(st.st_uid, 65534);
	cr_assert_eq(st.st_gid, 65534);
	/* kept/ is now the user's, and a file in a root-owned folder is not. */
	snprintf(file, sizeof(file), "%s/kept/r.json", dir);
	cr_assert_geq(fd = open(file, O_WRONLY | O_CREAT, 0644), 0);
	close(fd);
	cr_assert_eq(invoker_give(file), 0);
	cr_assert_eq(stat(file, &st), 0);
	cr_assert_eq(st.st_uid, 0, "its folder is root's: the file stays root's");
	cr_assert_eq(invoker_give_tree(kept), 0);
	cr_assert_eq(stat(file, &st), 0);
	cr_assert_eq(st.st_uid, 65534, "the folder given, then what is in it");
	unsetenv("SUDO_UID");
	unsetenv("SUDO_GID");
	unlink(file);
	rmdir(kept);
	snprintf(file, sizeof(file), "%s/r.json", dir);
	unlink(file);
	rmdir(dir);
}

/* Ids up to 2^32 - 2: (uid_t)-1 means no change to chown, never a user; group 0 is a group. */
Test(invoker, the_largest_ids_and_group_0)
{
	struct invoker inv = invoker_from("4294967294", "0", 0);

	cr_assert(inv.known);
	cr_assert_eq(inv.uid, 4294967294u);
	cr_assert_eq(inv.gid, 0, "SUDO_GID=0 is root's group, not none");
	cr_assert_not(invoker_from("4294967295", "0", 0).known);
	cr_assert_eq(invoker_from("1000", "4294967295", 0).gid, (gid_t)-1);
	cr_assert_eq(invoker_from("1000", "12a", 0).gid, (gid_t)-1);
	cr_assert_eq(invoker_from("1", "1", 0).uid, 1, "uid 1 is a user");
}

/* Without sudo's variables nothing is handed over, and nothing fails. */
Test(invoker, nothing_to_give_without_sudo)
{
	unsetenv("SUDO_UID");
	unsetenv("SUDO_GID");
	cr_assert_eq(invoker_give("/nonexistent/dir/r.json"), 0);
	cr_assert_eq(invoker_give_tree("/nonexistent/dir"), 0);
	setenv("SUDO_UID", "65534", 1);
	if (geteuid() == 0)
		cr_assert_eq(invoker_give("/nonexistent/dir/r.json"), -ENOENT);
	unsetenv("SUDO_UID");
}

/* A second name for a file is a file someone linked in (a user's hard link to root's file, in
 * their folder, where protected_hardlinks is off): it stays root's; so does the file a symbolic
 * link there points to, and the link itself. */
Test(invoker, a_file_with_a_second_name_is_not_handed_over)
{
	char dir[] = "/tmp/zsb-invoker-XXXXXX", users[64], roots[64], other[64], linked[80],
	     sym[80];
	struct stat st;
	int fd;

	if (geteuid() != 0)
		cr_skip_test("chown needs root");
	cr_assert_not_null(mkdtemp(dir));
	snprintf(users, sizeof(users), "%s/users", dir);
	snprintf(roots, sizeof(roots), "%s/shadow", dir);
	snprintf(other, sizeof(other), "%s/passwd", dir);
	snprintf(linked, sizeof(linked), "%s/r.json", users);
	snprintf(sym, sizeof(sym), "%s/s.json", users);
	cr_assert_eq(mkdir(users, 0755), 0);
	cr_assert_geq(fd = open(roots, O_WRONLY | O_CREAT, 0600), 0);
	close(fd);
	cr_assert_geq(fd = open(other, O_WRONLY | O_CREAT, 0600), 0);
	close(fd);
	cr_assert_eq(link(roots, linked), 0);
	cr_assert_eq(symlink(other, sym), 0);
	cr_assert_eq(chown(users, 65534, 65534), 0);
	setenv("SUDO_UID", "65534", 1);
	setenv("SUDO_GID", "65534", 1);
	cr_assert_eq(invoker_give(linked), 0);
	cr_assert_eq(invoker_give(sym), 0);
	cr_assert_eq(invoker_give_tree(users), 0);
	cr_assert_eq(stat(roots, &st), 0);
	cr_expect_eq(st.st_uid, 0, "root's file handed over through its second name");
	cr_assert_eq(stat(other, &st), 0);
	cr_expect_eq(st.st_uid, 0, "root's file handed over through a link to it");
	cr_assert_eq(lstat(sym, &st), 0);
	cr_expect_eq(st.st_uid, 0, "the link itself handed over");
	unsetenv("SUDO_UID");
	unsetenv("SUDO_GID");
	unlink(sym);
	unlink(linked);
	unlink(roots);
	unlink(other);
	rmdir(users);
	rmdir(dir);
}
