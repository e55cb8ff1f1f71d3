/* The workload's processes (trial/workload.c) as plain children of the test, no cgroup (-1):
 * a command's output kept to its last bytes, its status, the --timeout's kill; a job speaking
 * the hogger's protocol on fd 3 (a shell script) followed through its reports, its fill and
 * the "go" it waits for. Nothing of the kernel's state is changed. */
#include <criterion/criterion.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "common/clock.h"
#include "runner/trial/workload.h"

static struct workload w;
static unsigned ticks, fills, progresses;
static uint64_t last_total;

static void tick(void *arg)
{
	(void)arg;
	ticks++;
}

static void progress(void *arg, uint64_t total, uint64_t ns)
{
	(void)arg;
	(void)ns;
	last_total = total;
	progresses++;
}

static void filled(void *arg)
{
	(void)arg;
	fills++;
}

static const struct workload_hooks hooks = { .tick = tick, .progress = progress, .filled = filled };

static void fresh(void)
{
	memset(&w, 0, sizeof(w));
	ticks = fills = progresses = 0;
	last_total = 0;
}

static void gone(void)
{
	workload_destroy(&w);
}

TestSuite(workload, .init = fresh, .fini = gone);

static void run(const struct workload_spec *spec, unsigned sample_ms, uint64_t timeout_ms)
{
	cr_assert_eq(workload_spawn(&w, spec, -1), 0);
	cr_assert_eq(workload_release(&w), 0);
	cr_assert_eq(workload_follow(&w, sample_ms, timeout_ms, &hooks), 0);
}

Test(workload, a_command_s_output_and_status)
{
	char *const argv[] = { "sh", "-c", "echo one; echo two >&2; exit 3", NULL };
	struct workload_spec spec = { .argv = argv, .command = 1, .jobs = 2 };

	run(&spec, 0, 0);
	cr_assert_eq(w.n, 2);
	for (unsigned i = 0; i < 2; i++) {
		cr_assert(w.jobs[i].reaped);
		cr_assert(WIFEXITED(w.jobs[i].status));
		cr_assert_eq(WEXITSTATUS(w.jobs[i].status), 3);
		cr_assert_str_eq(w.jobs[i].output, "one\ntwo\n");
		cr_assert_not(w.jobs[i].output_cut);
		cr_assert_not(w.jobs[i].timed_out);
		cr_assert_geq(w.jobs[i].exit_ns, w.release_ns);
	}
	cr_assert_eq(fills, 0, "a command reports nothing");
}

Test(workload, only_the_last_bytes_of_a_long_output)
{
	/* 3000 lines of "line NNNN\n" (10 bytes each): 30000 bytes, the last 8191 kept. */
	char *const argv[] = { "sh", "-c",
			       "i=1000; while [ $i -lt 4000 ]; do echo line $i; i=$((i+1)); done",
			       NULL };
	struct workload_spec spec = { .argv = argv, .command = 1, .jobs = 1 };
	const struct job *j;

	run(&spec, 0, 0);
	j = &w.jobs[0];
	cr_assert(j->output_cut);
	cr_assert_eq(j->output_len, WORKLOAD_OUTPUT_MAX - 1);
	cr_assert_eq(strlen(j->output), WORKLOAD_OUTPUT_MAX - 1);
	cr_assert_str_eq(j->output + j->output_len - 20, "line 3998\nline 3999\n");
	/* 30000 - 8191 = 21809: the newline that ends "line 3180". */
	cr_assert_eq(memcmp(j->output, "\nline 3181\n", 11), 0, "%.11s", j->output);
}

Test(workload, the_timeout_kills_and_says_so)
{
	char *const argv[] = { "sleep", "30", NULL };
	struct workload_spec spec = { .argv = argv, .command = 1, .jobs = 1 };
	uint64_t t0 = clock_now_ns();

	run(&spec, 0, 200);
	cr_assert(w.jobs[0].timed_out);
	cr_assert(WIFSIGNALED(w.jobs[0].status));
	cr_assert_eq(WTERMSIG(w.jobs[0].status), SIGKILL);
	cr_assert_lt(clock_now_ns() - t0, 10ULL * 1000000000, "killed at its timeout");
	cr_assert_geq(w.jobs[0].exit_ns - w.release_ns, 200ULL * 1000000);
}

Test(workload, ticks_on_their_interval)
{
	char *const argv[] = { "sleep", "0.5", NULL };
	struct workload_spec spec = { .argv = argv, .command = 1, .jobs = 1 };

	run(&spec, 50, 0);
	uint64_t ms = (w.jobs[0].exit_ns - w.release_ns) / 1000000;

	/* A tick a grid point at most; a loaded machine may skip some, never add one. */
	cr_assert(ticks >= 2 && ticks <= ms / 50 + 1, "%u ticks in %llu ms", ticks,
		  (unsigned long long)ms);
}

/* A job that speaks the hogger's protocol: its reports, then it waits for "go". */
#define FAKE_HOGGER                                                                                \
	"echo start 1 >&3; echo progress 4096 2 >&3; echo filled 8192 3 0 >&3; "                   \
	"read -r go <&3; [ \"$go\" = go ] || exit 9; echo accessed 4 0 >&3; echo done 5 >&3"

Test(workload, a_hogger_is_followed_to_its_fill_and_let_go)
{
	char *const argv[] = { "/bin/sh", "-c", FAKE_HOGGER, NULL };
	struct workload_spec spec = { .argv = argv, .jobs = 2 };

	run(&spec, 0, 10000);
	cr_assert_eq(fills, 1, "every job filled: once");
	cr_assert(w.sent_go);
	cr_assert_geq(progresses, 1);
	for (unsigned i = 0; i < 2; i++) {
		const struct job *j = &w.jobs[i];
		cr_assert(WIFEXITED(j->status) && WEXITSTATUS(j->status) == 0, "job %u: status %d",
			  i, j->status);
		cr_assert(j->ev.got_filled && j->ev.got_accessed && j->ev.got_done);
		cr_assert_eq(j->ev.bytes, 8192);
	}
	cr_assert_geq(last_total, 4096);
}

/* Of two jobs the first to make the folder leaves without a fill: the other's fill is enough. */
Test(workload, a_job_gone_before_its_fill_does_not_hold_the_others)
{
	char *const argv[] = { "/bin/sh", "-c",
			       "mkdir \"$ZSB_UNIT_ONCE\" 2>/dev/null && exit 0; " FAKE_HOGGER,
			       NULL };
	struct workload_spec spec = { .argv = argv, .jobs = 2 };
	char dir[] = "/tmp/zsb-unit-workload.XXXXXX", once[64];
	unsigned done = 0;

	cr_assert_not_null(mkdtemp(dir));
	snprintf(once, sizeof(once), "%s/once", dir);
	setenv("ZSB_UNIT_ONCE", once, 1);
	run(&spec, 0, 10000);
	rmdir(once);
	rmdir(dir);
	cr_assert_eq(fills, 1);
	for (unsigned i = 0; i < 2; i++)
		done += w.jobs[i].ev.got_done;
	cr_assert_eq(done, 1);
}

Test(workload, no_fill_when_no_job_filled)
{
	char *const argv[] = { "/bin/sh", "-c", "echo start 1 >&3", NULL };
	struct workload_spec spec = { .argv = argv, .jobs = 1 };

	run(&spec, 0, 10000);
	cr_assert_eq(fills, 0);
	cr_assert_not(w.sent_go);
}
