/* The run's work directory (run/workdir.c) beside a swapfile in a temporary folder: its name,
 * its journal entry, the variable naming it; a folder already there refused and never
 * journaled; --setup run in it, a failing one an error with its status. */
#include <criterion/criterion.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runner/run/workdir.h"
#include "runner/undo/rewind.h"
#include "tools.h"

static char *dir;
static struct journal j;

static void fresh(void)
{
	dir = temp_dir("zsb-unit-workdir");
	journal_init(&j);
}

static void gone(void)
{
	journal_free(&j);
	remove_dir(dir);
}

TestSuite(workdir, .init = fresh, .fini = gone);

Test(workdir, beside_the_swapfile_journaled_and_named)
{
	char swapfile[512], path[512], expect[600], why[512];
	struct stat st;

	snprintf(swapfile, sizeof(swapfile), "%s/zswapbench-1.swap", dir);
	snprintf(expect, sizeof(expect), "%s/zswapbench-%d.d", dir, (int)getpid());
	cr_assert_eq(workdir_create(&j, swapfile, NULL, path, sizeof(path), why, sizeof(why)), 0,
		     "%s", why);
	cr_assert_str_eq(path, expect);
	cr_assert_eq(stat(path, &st), 0);
	cr_assert(S_ISDIR(st.st_mode));
	cr_assert_eq(st.st_mode & 07777, 0700, "a server's socket in it out of other users' reach");
	cr_assert_str_eq(getenv("ZSWAPBENCH_WORKDIR"), expect);
	cr_assert_eq(journal_pending(&j), 1);
	cr_assert_eq(journal_rewind(&j, 0), 0);
	cr_assert_neq(stat(path, &st), 0, "the rewind removes it");
}

/* The command's user owns it, and nobody else can enter it. */
Test(workdir, given_to_the_command_s_user)
{
	struct run_as owner = { .uid = 65534, .gid = 100 };
	char swapfile[512], path[512], why[512];
	struct stat st;

	if (geteuid() != 0)
		cr_skip_test("a chown to another user needs root");
	snprintf(swapfile, sizeof(swapfile), "%s/zswapbench-1.swap", dir);
	cr_assert_eq(workdir_create(&j, swapfile, &owner, path, sizeof(path), why, sizeof(why)), 0,
		     "%s", why);
	cr_assert_eq(stat(path, &st), 0);
	cr_assert_eq(st.st_uid, 65534);
	cr_assert_eq(st.st_gid, 100);
	cr_assert_eq(st.st_mode & 07777, 0700);
	cr_assert_eq(journal_rewind(&j, 0), 0);
}

Test(workdir, one_already_there_is_someone_else_s)
{
	char swapfile[512], path[512], why[512];

	snprintf(swapfile, sizeof(swapfile), "%s/x.swap", dir);
	snprintf(path, sizeof(path), "%s/zswapbench-%d.d", dir, (int)getpid());
	cr_assert_eq(mkdir(path, 0700), 0);
	cr_assert_eq(workdir_create(&j, swapfile, NULL, path, sizeof(path), why, sizeof(why)),
		     -EEXIST);
	cr_assert_eq(journal_pending(&j), 0, "nothing of it to undo");
	cr_assert(strstr(why, "zswapbench-"), "%s", why);
}

Test(workdir, the_setup_runs_in_it)
{
	char why[512], made[600];

	cr_assert_eq(workdir_command("setup", "touch 'made here'", NULL, NULL, dir, why,
				     sizeof(why)),
		     0, "%s", why);
	snprintf(made, sizeof(made), "%s/made here", dir);
	cr_assert_eq(access(made, F_OK), 0, "the setup ran elsewhere, or its quotes were kept");
}

Test(workdir, a_failing_command_is_an_error_with_its_option_and_status)
{
	char why[512];

	cr_assert_eq(workdir_command("setup", "false", NULL, NULL, dir, why, sizeof(why)), -EIO);
	cr_assert_str_eq(why, "--setup 'false' (exit status 1)");
	cr_assert_eq(workdir_command("cleanup", "sh -c 'exit 3'", NULL, NULL, dir, why,
				     sizeof(why)),
		     -EIO);
	cr_assert_str_eq(why, "--cleanup 'sh -c 'exit 3'' (exit status 3)");
	cr_assert_eq(workdir_command("prepare", "a | b", NULL, NULL, dir, why, sizeof(why)),
		     -EINVAL);
	cr_assert(strncmp(why, "--prepare 'a | b': '|' unquoted", 31) == 0, "%s", why);
}

Test(workdir, no_command_is_nothing_to_run)
{
	char why[512] = "";

	cr_assert_eq(workdir_command("setup", "", NULL, NULL, dir, why, sizeof(why)), 0);
	cr_assert_str_eq(why, "");
}

/* What the setup prints reaches our stderr (never its own copy of our terminal), escaped: it
 * may run as another user, who must not command root's terminal. */
Test(workdir, what_the_setup_prints_is_shown_escaped)
{
	char why[512], shown[256] = "";
	FILE *err = tmpfile();
	int saved = dup(2);
	size_t n;

	cr_assert(err && saved >= 0);
	fflush(stderr);
	dup2(fileno(err), 2);
	cr_assert_eq(workdir_command("setup", "printf 'a\\033]0;x\\007b\\n'", NULL, NULL, dir, why,
				     sizeof(why)),
		     0, "%s", why);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	rewind(err);
	n = fread(shown, 1, sizeof(shown) - 1, err);
	shown[n] = '\0';
	cr_assert_str_eq(shown, "a\\x1b]0;x\\x07b\n");
	fclose(err);
}
