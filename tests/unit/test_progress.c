/* What a run says on stderr as it goes (run/progress.c), captured here: a finished trial's
 * line, the live line's clock and ETA, and a failed command's last lines. */
#include <criterion/criterion.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/clock.h"
#include "runner/run/progress.h"

static char said[4096];
static struct progress p;
static struct result_cell cell;
static struct trial t;

static void capture(void)
{
	cr_assert_not_null(freopen("/tmp/zsb-unit-progress.txt", "w+", stderr));
	memset(&p, 0, sizeof(p));
	memset(&cell, 0, sizeof(cell));
	memset(&t, 0, sizeof(t));
	snprintf(cell.label, sizeof(cell.label), "zram:lz4");
	progress_init(&p, 6, 1, 0);
	p.trial_j = 2;
	p.ntrials = 3;
}

static void done(void)
{
	unlink("/tmp/zsb-unit-progress.txt");
}

/* What stderr got since the start. */
static const char *stderr_text(void)
{
	size_t n;

	fflush(stderr);
	rewind(stderr);
	n = fread(said, 1, sizeof(said) - 1, stderr);
	said[n] = '\0';
	return said;
}

TestSuite(progress, .init = capture, .fini = done);

Test(progress, a_finished_trial_s_line)
{
	t.status = TRIAL_OK;
	trial_set(&t, M_ELAPSED, 1.5);
	trial_set(&t, M_SWAP_PEAK, 3.0 * 1048576);
	trial_set(&t, M_COMP_RATIO, 2.5);
	snprintf(t.note, sizeof(t.note), "not said for an ok trial");
	progress_done(&p, &cell, &t);
	cr_assert_str_eq(stderr_text(),
			 "zram:lz4: trial 2/3: ok, elapsed 1.500 s, cgroup swap 3.0 "
			 "MiB, compression 2.50x\n");
	cr_assert_eq(p.done, 1);
}

Test(progress, a_failed_trial_says_why)
{
	t.status = TRIAL_FAILED;
	t.warmup = 1;
	snprintf(t.note, sizeof(t.note), "hogger exited with status 1");
	progress_done(&p, &cell, &t);
	cr_assert_str_eq(stderr_text(),
			 "zram:lz4: warmup 2/3: failed (hogger exited with status 1)\n");
}

Test(progress, a_device_s_bandwidth_not_its_swap)
{
	snprintf(cell.mode, sizeof(cell.mode), "seq-read");
	t.status = TRIAL_OK;
	trial_set(&t, M_READ_BW, 812.4);
	trial_set(&t, M_SWAP_PEAK, 3.0 * 1048576);
	progress_done(&p, &cell, &t);
	cr_assert_str_eq(stderr_text(), "zram:lz4: trial 2/3: ok, read 812 MiB/s\n");
}

Test(progress, quiet_says_nothing_but_counts)
{
	p.quiet = 1;
	progress_done(&p, &cell, &t);
	cr_assert_str_eq(stderr_text(), "");
	cr_assert_eq(p.done, 1);
}

Test(progress, the_live_line_s_clock_and_eta)
{
	p.live = 1;
	p.done = 2;
	p.start_ns = clock_now_ns() - 125ULL * 1000000000; /* 2:05 ago, 2 of 6 done */
	progress_trial(&p, "zram:lz4", 1, 3, 5, 0, 64ULL << 20);
	cr_assert(strstr(stderr_text(),
			 "zram:lz4 (cell 1/1) trial 3/5: setup  2:05 elapsed, ETA "
			 "4:10"),
		  "%s", said);
}

Test(progress, the_fill_in_mib)
{
	p.live = 1;
	progress_trial(&p, "disk", 1, 1, 1, 0, 64ULL << 20);
	progress_phase(&p, "access", 0);
	progress_phase(&p, "fill", 32ULL << 20);
	p.drawn_ns = 0;
	progress_phase(&p, "fill", 48ULL << 20);
	cr_assert(strstr(stderr_text(), "fill 48/64 MiB"), "%s", said);
}

Test(progress, a_failed_command_s_last_lines)
{
	struct job_result jobs[2] = { { .status = TRIAL_OK, .output = "fine\n" },
				      { .status = TRIAL_FAILED, .output = "a\nb\nc\nd\n" } };

	t.jobs = jobs;
	t.njobs = 2;
	progress_failed_output(&t, "the command", 2);
	cr_assert_str_eq(stderr_text(), "the command's last lines:\n    c\n    d\n");
}

/* A command's output and a trial's note are the workload's bytes: escaped on the terminal. */
Test(progress, what_the_workload_printed_is_escaped)
{
	struct job_result jobs[] = { { .status = TRIAL_FAILED,
				       .output = "ok \xc2\xb5s\n\033]0;owned\007\033[2J\n" } };

	cr_assert_not_null(setlocale(LC_ALL, "C.UTF-8"), "UTF-8 kept, as on most terminals");
	t.jobs = jobs;
	t.njobs = 1;
	progress_failed_output(&t, "the command", 2);
	cr_assert_str_eq(
		stderr_text(),
		"the command's last lines:\n    ok \xc2\xb5s\n    \\x1b]0;owned\\x07\\x1b[2J\n");
	t.status = TRIAL_FAILED;
	snprintf(t.note, sizeof(t.note), "exit 1: \033[2J");
	snprintf(cell.label, sizeof(cell.label), "a\033b");
	progress_done(&p, &cell, &t);
	cr_assert(strstr(stderr_text(), "a\\x1bb: trial 2/3: failed (exit 1: \\x1b[2J)\n"), "%s",
		  said);
}
