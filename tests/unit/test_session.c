/* What a run and a recording hold while they change the machine (run/session.c), in a folder of
 * the test's own (the lock's folder and $ZSWAPBENCH_RUNDIR moved there, the sysfs root a fixture
 * with a boot id and a knob): a fresh journal, undone at the end; refused while a killed run's
 * journal waits for cleanup, a run directory others could write, another run holding the lock;
 * a journal of an earlier boot cleaned first. */
#include <criterion/criterion.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "runner/base/log.h"
#include "runner/base/rundir.h"
#include "runner/kernel/sysfs.h"
#include "runner/run/session.h"
#include "runner/undo/runlock.h"
#include "tools.h"

static char *top, rdir[256], lockdir[256], sysroot[256], said[4096];
static int said_fd = -1, saved_fd = -1;

static void put(const char *rel, const char *text)
{
	char path[PATH_MAX];
	FILE *f;

	snprintf(path, sizeof(path), "%s%s", sysroot, rel);
	f = fopen(path, "w");
	cr_assert_not_null(f, "%s", path);
	fputs(text, f);
	fclose(f);
}

static const char *knob(void)
{
	static char text[64];
	char path[PATH_MAX];
	FILE *f;

	snprintf(path, sizeof(path), "%s/knob", sysroot);
	f = fopen(path, "r");
	cr_assert_not_null(f);
	text[fread(text, 1, sizeof(text) - 1, f)] = '\0';
	fclose(f);
	return text;
}

static void boot(const char *id)
{
	put("/proc/sys/kernel/random/boot_id", id);
}

static void fixture(void)
{
	char path[PATH_MAX];

	top = temp_dir("zsb-unit-session");
	snprintf(rdir, sizeof(rdir), "%s/run", top);
	snprintf(lockdir, sizeof(lockdir), "%s/lock", top);
	snprintf(sysroot, sizeof(sysroot), "%s/root", top);
	snprintf(path, sizeof(path), "%s/proc/sys/kernel/random", sysroot);
	cr_assert_eq(rundir_make(path), 0);
	boot("6f1c2d3e-0000-4000-8000-000000000001\n");
	put("/knob", "old\n");
	setenv("ZSWAPBENCH_RUNDIR", rdir, 1);
	runlock_set_dir(lockdir);
	sysfs_set_root(sysroot);
}

static void cleaned(void)
{
	sysfs_set_root(NULL);
	runlock_set_dir(NULL);
	unsetenv("ZSWAPBENCH_RUNDIR");
	remove_dir(top);
}

TestSuite(session, .init = fixture, .fini = cleaned);

/* What is said on stderr from here to heard(), in said. */
static void listen(void)
{
	char path[] = "/tmp/zsb-unit-session-said-XXXXXX";

	fflush(stderr);
	said_fd = mkstemp(path);
	cr_assert_geq(said_fd, 0);
	unlink(path);
	saved_fd = dup(2);
	dup2(said_fd, 2);
}

static const char *heard(void)
{
	ssize_t n;

	fflush(stderr);
	dup2(saved_fd, 2);
	close(saved_fd);
	n = pread(said_fd, said, sizeof(said) - 1, 0);
	said[n > 0 ? n : 0] = '\0';
	close(said_fd);
	return said;
}

static const char *journal_path(void)
{
	static char path[PATH_MAX];

	return rundir_file("journal", path, sizeof(path));
}

/* The knob set to "new", journaled as a run does (intent, the write, its confirmation). */
static void change_the_knob(struct journal *j)
{
	int idx = journal_intend(j, UNDO_WRITE, "/knob", "old", "new");

	cr_assert_geq(idx, 0);
	put("/knob", "new\n");
	cr_assert_eq(journal_confirm(j, idx, NULL, 0, 0), 0);
}

/* Killed with the knob changed: its journal left as it is. */
static void killed_with_the_knob_changed(void)
{
	struct journal j;

	session_init(&j);
	cr_assert_eq(session_begin(&j), 0);
	change_the_knob(&j);
	journal_close(&j, journal_path());
	journal_free(&j);
	cr_assert_eq(access(journal_path(), F_OK), 0, "a journal with a change to undo stays");
}

Test(session, a_fresh_journal_undone_at_the_end)
{
	struct journal j;

	session_init(&j);
	cr_assert_eq(session_begin(&j), 0);
	cr_assert_eq(access(journal_path(), F_OK), 0, "the journal file made");
	cr_assert_eq(access(runlock_path(), F_OK), 0, "the lock taken");
	change_the_knob(&j);
	cr_assert_str_eq(knob(), "new\n");
	session_end(&j);
	cr_expect_str_eq(knob(), "old", "every change undone");
	cr_expect_eq(access(journal_path(), F_OK), -1, "nothing left to undo: no journal");
}

Test(session, a_killed_run_s_journal_refused_until_cleanup)
{
	struct journal j;

	killed_with_the_knob_changed();
	session_init(&j);
	listen();
	cr_assert_eq(session_begin(&j), EXIT_RUNTIME);
	heard();
	cr_expect_not_null(strstr(said, "a previous run was killed before it restored the machine"),
			   "%s", said);
	cr_expect_not_null(strstr(said, "run 'zswapbench cleanup' first"), "%s", said);
	cr_expect_str_eq(knob(), "new\n", "nothing undone: that is cleanup's to do");
	cr_expect_eq(access(journal_path(), F_OK), 0);
	journal_free(&j);
}

/* After a reboot only files are left to undo: the journal is cleaned without asking, its
 * other changes gone with the reboot (the knob, a kernel value, is not written back). */
Test(session, an_earlier_boot_s_journal_cleaned_first)
{
	struct journal j;
	pid_t child = fork();
	int status;

	cr_assert_geq(child, 0);
	if (child == 0) {
		killed_with_the_knob_changed();
		_exit(0);
	}
	cr_assert_eq(waitpid(child, &status, 0), child);
	cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	boot("6f1c2d3e-0000-4000-8000-000000000002\n");
	session_init(&j);
	listen();
	cr_assert_eq(session_begin(&j), 0, "%s", heard());
	heard();
	cr_expect_not_null(strstr(said,
				  "a journal from an earlier boot: cleaning up after it first"),
			   "%s", said);
	cr_expect_str_eq(knob(), "new\n");
	cr_expect_eq(access(journal_path(), F_OK), 0, "a fresh journal");
	session_end(&j);
	cr_expect_eq(access(journal_path(), F_OK), -1);
}

Test(session, a_run_directory_others_could_write_is_refused)
{
	struct journal j;

	cr_assert_eq(mkdir(rdir, 0700), 0);
	cr_assert_eq(chmod(rdir, 0777), 0);
	session_init(&j);
	listen();
	cr_assert_eq(session_begin(&j), EXIT_RUNTIME);
	heard();
	cr_expect_not_null(strstr(said, "writable by other users"), "%s", said);
	cr_expect_eq(access(journal_path(), F_OK), -1, "no journal made there");
	journal_free(&j);
}

Test(session, another_run_holding_the_lock)
{
	struct journal j;
	int pipefd[2], status;
	char ready = 0, want[64];
	pid_t child;

	cr_assert_eq(pipe(pipefd), 0);
	child = fork();
	cr_assert_geq(child, 0);
	if (child == 0) {
		char w[256];
		pid_t h;
		ready = runlock_acquire(&h, w, sizeof(w)) == 0 ? 'y' : 'n';
		(void)!write(pipefd[1], &ready, 1);
		pause();
		_exit(0);
	}
	cr_assert_eq(read(pipefd[0], &ready, 1), 1);
	cr_assert_eq(ready, 'y');
	session_init(&j);
	listen();
	status = session_begin(&j);
	heard();
	kill(child, SIGKILL);
	waitpid(child, NULL, 0);
	cr_expect_eq(status, EXIT_RUNTIME);
	snprintf(want, sizeof(want), "another zswapbench run (PID %d) holds", (int)child);
	cr_expect_not_null(strstr(said, want), "%s", said);
	cr_expect_eq(access(journal_path(), F_OK), -1, "no journal without the lock");
	journal_free(&j);
}
