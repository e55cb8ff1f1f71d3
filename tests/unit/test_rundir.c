/* base/rundir.c: the state directory, made private and refused when others could plant in it. */
#include <criterion/criterion.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runner/base/rundir.h"

static char top[] = "/tmp/zsb-rundir-XXXXXX";

static void make_top(void)
{
	cr_assert_not_null(mkdtemp(top));
}

static void remove_top(void)
{
	char cmd[64];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", top);
	cr_expect_eq(system(cmd), 0);
	unsetenv("ZSWAPBENCH_RUNDIR");
}

Test(rundir, the_default_and_the_variable)
{
	char buf[64];

	unsetenv("ZSWAPBENCH_RUNDIR");
	cr_assert_str_eq(rundir(), "/var/lib/zswapbench");
	setenv("ZSWAPBENCH_RUNDIR", "", 1);
	cr_assert_str_eq(rundir(), "/var/lib/zswapbench", "an empty variable is none");
	setenv("ZSWAPBENCH_RUNDIR", "/tmp/x", 1);
	cr_assert_str_eq(rundir(), "/tmp/x");
	cr_assert_str_eq(rundir_file("journal", buf, sizeof(buf)), "/tmp/x/journal");
	unsetenv("ZSWAPBENCH_RUNDIR");
}

/* mkdir -p: the folders on the way readable by all, the last one root's alone. */
Test(rundir, make_creates_every_level_the_last_private, .init = make_top, .fini = remove_top)
{
	char path[128], why[256];
	struct stat st;
	mode_t mask = umask(022);

	snprintf(path, sizeof(path), "%s/a/b/state", top);
	cr_assert_eq(rundir_make(path), 0);
	cr_assert_eq(rundir_make(path), 0, "again: it is there");
	umask(mask);
	cr_assert_eq(stat(path, &st), 0);
	cr_assert_eq(st.st_mode & 0777, 0700, "mode %o", st.st_mode & 0777);
	snprintf(path, sizeof(path), "%s/a/b", top);
	cr_assert_eq(stat(path, &st), 0);
	cr_assert_eq(st.st_mode & 0777, 0755, "mode %o", st.st_mode & 0777);
	snprintf(path, sizeof(path), "%s/a/b/state", top);
	setenv("ZSWAPBENCH_RUNDIR", path, 1);
	cr_assert_eq(rundir_check(why, sizeof(why)), 0, "%s", why);
}

static int check_of(const char *path, char *why, size_t len)
{
	setenv("ZSWAPBENCH_RUNDIR", path, 1);
	return rundir_check(why, len);
}

Test(rundir, check_refuses_what_others_could_write, .init = make_top, .fini = remove_top)
{
	char dir[128], link[128], file[128], why[256], want[256];

	snprintf(dir, sizeof(dir), "%s/state", top);
	cr_assert_eq(mkdir(dir, 0700), 0);
	cr_assert_eq(check_of(dir, why, sizeof(why)), 0);
	cr_assert_eq(chmod(dir, 0770), 0);
	cr_assert_eq(check_of(dir, why, sizeof(why)), -EPERM, "writable by its group");
	snprintf(want, sizeof(want),
		 "%s: writable by other users (mode 770): refusing to keep the undo journal there",
		 dir);
	cr_assert_str_eq(why, want);
	cr_assert_eq(chmod(dir, 0702), 0);
	cr_assert_eq(check_of(dir, why, sizeof(why)), -EPERM, "writable by anyone");
	cr_assert_eq(chmod(dir, 0755), 0);
	cr_assert_eq(check_of(dir, why, sizeof(why)), 0, "readable by all is fine");

	snprintf(link, sizeof(link), "%s/link", top);
	cr_assert_eq(symlink(dir, link), 0);
	cr_assert_eq(check_of(link, why, sizeof(why)), -EPERM, "a link is not followed");
	cr_assert_not_null(strstr(why, "not a directory"), "%s", why);
	snprintf(file, sizeof(file), "%s/missing", top);
	cr_assert_eq(check_of(file, why, sizeof(why)), -ENOENT);

	if (geteuid() != 0)
		return;
	cr_assert_eq(chown(dir, 65534, 0), 0);
	cr_assert_eq(check_of(dir, why, sizeof(why)), -EPERM, "owned by another user");
	cr_assert_not_null(strstr(why, "owned by uid 65534"), "%s", why);
}
