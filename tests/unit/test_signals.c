/* The runner's signal handling (kernel/signals.c), in the test's own process: every signal
 * whose default ends a process is caught (the real-time ones up to SIGRTMAX), SIGPIPE is
 * ignored, a stop is passed on to a child's session, and the test hook pauses where it is
 * told. Criterion runs each test in a process of its own. */
#include <criterion/criterion.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "runner/kernel/signals.h"

Test(signals, every_ending_signal_is_caught_and_sigpipe_ignored)
{
	struct sigaction now;

	cr_assert_eq(signals_install(), 0);
	cr_assert_eq(signals_pending(), 0);
	cr_assert_eq(sigaction(SIGPIPE, NULL, &now), 0);
	cr_assert_eq(now.sa_handler, SIG_IGN, "a hogger that dies mid-write");
	cr_assert_eq(raise(SIGRTMAX), 0);
	cr_assert_eq(signals_pending(), SIGRTMAX, "the last real-time signal too");
	cr_assert_eq(raise(SIGRTMIN), 0);
	cr_assert_eq(signals_pending(), SIGRTMIN);
	cr_assert_eq(raise(SIGTERM), 0);
	cr_assert_eq(signals_pending(), SIGTERM);
}

/* A child leading its own process group is set as -pid: the signal goes to the whole group. */
Test(signals, a_stop_reaches_the_child_s_group)
{
	struct timespec tick = { 0, 10 * 1000 * 1000 };
	int status = 0;
	pid_t pid = fork(), got = 0;

	cr_assert_geq(pid, 0);
	if (pid == 0) {
		setpgid(0, 0);
		for (;;)
			pause();
	}
	setpgid(pid, pid);
	cr_assert_eq(signals_install(), 0);
	signals_set_child(-pid);
	raise(SIGTERM);
	signals_set_child(0);
	for (int i = 0; i < 300 && got == 0; i++) {
		got = waitpid(pid, &status, WNOHANG);
		if (got == 0)
			nanosleep(&tick, NULL);
	}
	if (got == 0) {
		kill(pid, SIGKILL);
		waitpid(pid, &status, 0);
		cr_assert_fail("the child's group was not signalled");
	}
	cr_assert(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM);
}

/* What signals_pause_point(phase) wrote to stderr: "" when it did not pause. The resume file
 * is "/", which is always there, so a pause ends at once. */
static void pause_at(const char *phase, char *said, size_t len)
{
	FILE *f = tmpfile();
	int saved = dup(STDERR_FILENO);
	size_t n;

	cr_assert_not_null(f);
	fflush(stderr);
	dup2(fileno(f), STDERR_FILENO);
	signals_pause_point(phase);
	fflush(stderr);
	dup2(saved, STDERR_FILENO);
	close(saved);
	rewind(f);
	n = fread(said, 1, len - 1, f);
	said[n] = '\0';
	fclose(f);
}

Test(signals, the_pause_hook_at_the_nth_time_of_a_phase)
{
	char said[128];

	setenv("ZSWAPBENCH_TEST_PAUSE", "fill:2", 1);
	setenv("ZSWAPBENCH_TEST_RESUME", "/", 1);
	pause_at("fill", said, sizeof(said));
	cr_assert_str_empty(said, "the first fill goes on");
	pause_at("fill", said, sizeof(said));
	cr_assert_str_eq(said, "zswapbench: paused at fill\n");
	pause_at("fill", said, sizeof(said));
	cr_assert_str_empty(said, "the third goes on");
}

Test(signals, the_pause_hook_names_a_whole_phase)
{
	char said[128];

	setenv("ZSWAPBENCH_TEST_PAUSE", "fill_end", 1);
	setenv("ZSWAPBENCH_TEST_RESUME", "/", 1);
	pause_at("fill", said, sizeof(said));
	cr_assert_str_empty(said, "fill is not fill_end");
	pause_at("fill_end", said, sizeof(said));
	cr_assert_str_eq(said, "zswapbench: paused at fill_end\n");
}
