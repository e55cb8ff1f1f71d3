/* The work directory's removal (undo/rmtree.c) in a temporary folder: any depth with two
 * descriptors, links removed and never followed, a mount's stand-in left alone, a removal that
 * fails midway, and a --user's process moving folders between two steps of the walk. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "runner/undo/rmtree.h"
#include "tools.h"

static char *dir;
static int top = -1;

static void fresh(void)
{
	dir = temp_dir("zsb-rmtree");
	top = open(dir, O_RDONLY | O_DIRECTORY);
	cr_assert_geq(top, 0);
}

static void gone(void)
{
	close(top);
	remove_dir(dir);
}

TestSuite(rmtree, .init = fresh, .fini = gone);

static void mk(const char *name)
{
	cr_assert_eq(mkdirat(top, name, 0755), 0, "%s: %s", name, strerror(errno));
}

static void touch(const char *name)
{
	int fd = openat(top, name, O_WRONLY | O_CREAT | O_EXCL, 0644);

	cr_assert_geq(fd, 0, "%s: %s", name, strerror(errno));
	cr_assert_eq(write(fd, "x", 1), 1);
	close(fd);
}

static int exists(const char *name)
{
	struct stat st;

	return fstatat(top, name, &st, AT_SYMLINK_NOFOLLOW) == 0;
}

static dev_t dev_of(const char *name)
{
	struct stat st;

	cr_assert_eq(fstatat(top, name, &st, AT_SYMLINK_NOFOLLOW), 0, "%s", name);
	return st.st_dev;
}

/* levels folders named "d", one in the other, below the folder fd (closed): the deepest's. */
static int chain(int fd, int levels)
{
	for (int i = 0; i < levels; i++) {
		int next = mkdirat(fd, "d", 0777) == 0 ? openat(fd, "d", O_RDONLY) : -1;
		cr_assert_geq(next, 0, "level %d: %s", i, strerror(errno));
		close(fd);
		fd = next;
	}
	return fd;
}

/* Leaves exactly n descriptors free below RLIMIT_NOFILE: the ones the walk may use. */
static void only_free_descriptors(int n)
{
	struct rlimit lim;
	int highest = 0, fd;
	DIR *d = opendir("/proc/self/fd");
	struct dirent *e;

	cr_assert_not_null(d);
	while ((e = readdir(d)))
		if (atoi(e->d_name) > highest)
			highest = atoi(e->d_name);
	closedir(d);
	while ((fd = open("/dev/null", O_RDONLY)) >= 0 && fd < highest)
		;
	cr_assert_geq(fd, 0);
	lim.rlim_cur = lim.rlim_max = (rlim_t)fd + (rlim_t)n;
	close(fd);
	cr_assert_eq(setrlimit(RLIMIT_NOFILE, &lim), 0);
}

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

Test(rmtree, ten_thousand_levels_go_with_two_descriptors)
{
	double took;
	int ret;

	mk("t");
	close(chain(openat(top, "t", O_RDONLY), 10000));
	only_free_descriptors(2);
	took = now();
	ret = rmtree_at(top, "t", dev_of("t"));
	took = now() - took;
	cr_assert_eq(ret, 0, "%s", strerror(-ret));
	cr_assert_not(exists("t"));
	cr_log_info("10,000 levels removed in %.2f s", took);
}

Test(rmtree, one_descriptor_is_too_few)
{
	mk("t");
	close(chain(openat(top, "t", O_RDONLY), 3));
	only_free_descriptors(1);
	cr_assert_eq(rmtree_at(top, "t", dev_of("t")), -EMFILE, "the bound is two, not less");
	cr_assert(exists("t/d/d/d"), "nothing removed without a descriptor to look with");
}

/* A link to a folder outside, one to a file outside, a hard link and a dangling link: the
 * links go, what they name stays. */
Test(rmtree, links_go_as_links_and_what_they_name_stays)
{
	mk("out");
	touch("out/keep");
	mk("t");
	mk("t/in");
	cr_assert_eq(symlinkat("../../out", top, "t/in/to-dir"), 0);
	cr_assert_eq(symlinkat("../../out/keep", top, "t/in/to-file"), 0);
	cr_assert_eq(symlinkat("nowhere", top, "t/dangling"), 0);
	cr_assert_eq(linkat(top, "out/keep", top, "t/hard", 0), 0);
	cr_assert_eq(rmtree_at(top, "t", dev_of("t")), 0);
	cr_assert_not(exists("t"));
	cr_assert(exists("out/keep"), "a link was followed");
}

Test(rmtree, a_link_named_as_the_tree_goes_as_a_link)
{
	mk("out");
	touch("out/keep");
	cr_assert_eq(symlinkat("out", top, "t"), 0);
	cr_assert_eq(rmtree_at(top, "t", dev_of("out")), 0);
	cr_assert_not(exists("t"));
	cr_assert(exists("out/keep"));
	cr_assert_eq(rmtree_at(top, "t", dev_of("out")), 0, "what is gone is removed");
}

/* Three levels of six folders, each with files, a FIFO (removed, never opened) and links. */
static void fill(const char *at, int levels)
{
	char name[256];

	for (int i = 0; i < 40; i++) {
		snprintf(name, sizeof(name), "%s/file-%d", at, i);
		touch(name);
	}
	snprintf(name, sizeof(name), "%s/fifo", at);
	cr_assert_eq(mkfifoat(top, name, 0644), 0);
	snprintf(name, sizeof(name), "%s/up", at);
	cr_assert_eq(symlinkat("..", top, name), 0);
	for (int i = 0; levels > 0 && i < 6; i++) {
		snprintf(name, sizeof(name), "%s/dir-%d", at, i);
		mk(name);
		fill(name, levels - 1);
	}
}

Test(rmtree, many_files_and_folders_a_level_go)
{
	mk("t");
	fill("t", 3);
	cr_assert_eq(rmtree_at(top, "t", dev_of("t")), 0);
	cr_assert_not(exists("t"));
}

/* The filesystem the walk is told to stay on is not this one: as for a mount a command left
 * there, nothing of it is emptied. */
Test(rmtree, another_filesystem_is_not_emptied)
{
	mk("t");
	touch("t/f");
	cr_assert_eq(rmtree_at(top, "t", dev_of("t") + 1), -EXDEV);
	cr_assert(exists("t/f"));
}

Test(rmtree, a_mount_left_inside_is_not_emptied)
{
	cr_skip_test("needs a filesystem mounted inside the tree, and a unit test mounts nothing: "
		     "the check itself is another_filesystem_is_not_emptied's");
}

/* As a --user whose tree has a folder of root's at level 60: the walk stops there with the
 * error, then a second one, the folder no longer in the way, removes the rest. */
Test(rmtree, a_removal_failing_midway_says_so_and_a_later_one_finishes)
{
	char locked[256] = "t";
	int fd, status;
	pid_t pid;

	umask(0);
	for (int i = 0; i < 60; i++)
		strcat(locked, "/d");
	strcat(locked, "/root-only");
	cr_assert_eq(fchmod(top, 0777), 0);
	cr_assert_eq(mkdirat(top, "t", 0777), 0);
	fd = chain(openat(top, "t", O_RDONLY), 60);
	cr_assert_eq(mkdirat(fd, "root-only", 0555), 0);
	cr_assert_eq(fchmodat(fd, "root-only", 0555, 0), 0);
	close(openat(fd, "root-only/f", O_WRONLY | O_CREAT, 0644));
	close(chain(fd, 40));
	pid = fork();
	cr_assert_geq(pid, 0);
	if (pid == 0) {
		int before = dup(0), after, ret;
		close(before);
		if (geteuid() == 0 && (setgid(65534) < 0 || setuid(65534) < 0))
			_exit(99);
		ret = rmtree_at(top, "t", dev_of("t"));
		after = dup(0);
		_exit(after != before ? 98 : -ret);
	}
	cr_assert_eq(waitpid(pid, &status, 0), pid);
	cr_assert(WIFEXITED(status));
	cr_assert_eq(WEXITSTATUS(status), EACCES, "98: a descriptor left open; else the errno");
	cr_assert(exists(locked), "what is above the failure stays");
	cr_assert_eq(fchmodat(top, locked, 0777, 0), 0);
	cr_assert_eq(rmtree_at(top, "t", dev_of("t")), 0);
	cr_assert_not(exists("t"));
}

/* Steps until the walk is about to do todo at depth, as a --user's process would wait. */
static void step_until(struct rmtree_walk *w, enum rmtree_todo todo, size_t depth)
{
	for (int i = 0; i < 1000 && !(w->todo == todo && w->depth == depth); i++)
		cr_assert_eq(rmtree_step(w), 1, "the walk ended before it got there");
	cr_assert(w->todo == todo && w->depth == depth, "never got there");
}

static int finish(struct rmtree_walk *w)
{
	int ret = 1;

	for (int i = 0; i < 1000 && ret > 0; i++)
		ret = rmtree_step(w);
	rmtree_end(w);
	return ret;
}

/* t/a/b/c/d, and a folder outside with a file. */
static void four_levels(void)
{
	mk("out");
	touch("out/keep");
	mk("t");
	mk("t/a");
	mk("t/a/b");
	mk("t/a/b/c");
	mk("t/a/b/c/d");
}

/* b moved out while the walk is in c: the walk climbs to b (ours, and emptied), then finds
 * that b's ".." is no longer a, and stops rather than empty what is above b now. */
Test(rmtree, a_folder_moved_out_mid_walk_stops_it_there)
{
	struct rmtree_walk w;

	four_levels();
	cr_assert_eq(rmtree_begin(&w, top, "t", dev_of("t")), 1);
	step_until(&w, RMTREE_READ, 4);
	cr_assert_str_eq(w.levels[3].name, "c");
	cr_assert_eq(renameat(top, "t/a/b", top, "out/b"), 0);
	cr_assert_eq(finish(&w), -ESTALE);
	cr_assert(exists("out/keep"), "the walk emptied the folder b was moved to");
	cr_assert(exists("t/a"));
}

/* x, seen as a folder, swapped for a link to the folder outside before the walk enters it. */
Test(rmtree, a_folder_swapped_for_a_link_is_not_entered)
{
	struct rmtree_walk w;

	four_levels();
	cr_assert_eq(rmtree_begin(&w, top, "t", dev_of("t")), 1);
	step_until(&w, RMTREE_ENTER, 2);
	cr_assert_str_eq(w.next, "b");
	cr_assert_eq(renameat(top, "t/a/b", top, "t/b-was"), 0);
	cr_assert_eq(symlinkat("../../out", top, "t/a/b"), 0);
	cr_assert_eq(finish(&w), -ENOTDIR, "O_NOFOLLOW refuses it before the identity is compared");
	cr_assert(exists("out/keep"));
}

Test(rmtree, a_folder_swapped_for_another_is_not_entered)
{
	struct rmtree_walk w;

	four_levels();
	cr_assert_eq(rmtree_begin(&w, top, "t", dev_of("t")), 1);
	step_until(&w, RMTREE_ENTER, 2);
	cr_assert_eq(renameat(top, "t/a/b", top, "t/b-was"), 0);
	cr_assert_eq(renameat(top, "out", top, "t/a/b"), 0);
	cr_assert_eq(finish(&w), -ESTALE);
	cr_assert(exists("t/a/b/keep"));
}

/* Renamed in its parent once read empty: the removal finds it gone by its old name, and the
 * next read of the parent finds it by the new one. */
Test(rmtree, a_folder_renamed_in_place_still_goes)
{
	struct rmtree_walk w;

	four_levels();
	cr_assert_eq(rmtree_begin(&w, top, "t", dev_of("t")), 1);
	step_until(&w, RMTREE_LEAVE, 5);
	cr_assert_eq(renameat(top, "t/a/b/c/d", top, "t/a/b/c/e"), 0);
	cr_assert_eq(finish(&w), 0);
	cr_assert_not(exists("t"));
}

/* A file made in a folder after it read empty: the folder is read again, from its start. */
Test(rmtree, a_folder_filled_after_its_read_is_read_again)
{
	struct rmtree_walk w;

	four_levels();
	touch("t/a/b/c/d/early");
	cr_assert_eq(rmtree_begin(&w, top, "t", dev_of("t")), 1);
	step_until(&w, RMTREE_LEAVE, 5);
	touch("t/a/b/c/d/late");
	cr_assert_eq(finish(&w), 0);
	cr_assert_not(exists("t"));
}

/* One that fills again each time is an error after four reads, not a walk without end. */
Test(rmtree, a_folder_that_keeps_filling_is_an_error)
{
	struct rmtree_walk w;
	char name[64];
	int ret = 1, leaves = 0;

	four_levels();
	cr_assert_eq(rmtree_begin(&w, top, "t", dev_of("t")), 1);
	for (int i = 0; i < 1000 && ret > 0; i++) {
		if (w.todo == RMTREE_LEAVE && w.depth == 5) {
			snprintf(name, sizeof(name), "t/a/b/c/d/late-%d", leaves++);
			touch(name);
		}
		ret = rmtree_step(&w);
	}
	rmtree_end(&w);
	cr_assert_eq(ret, -ENOTEMPTY);
	cr_assert_eq(leaves, 4);
	cr_assert(exists("t/a/b/c/d"));
}
