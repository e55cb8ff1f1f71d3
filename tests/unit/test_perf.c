/* The perf counters' sums (trial/perf.c), read from pipes that stand for the counters' fds:
 * each pid's value scaled up to the time it was enabled, a counter that never ran counted as
 * nothing, one never scheduled or not there refused, the task clock in seconds. No counter of
 * the kernel is opened. */
#include <criterion/criterion.h>
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "runner/trial/perf.h"

static struct perf_set p; /* 700 KiB of fds: not on the stack */

/* The counter of metric m for pid k: a pipe holding what read() of it would return. */
static void counter(enum metric_id m, unsigned k, uint64_t value, uint64_t enabled,
		    uint64_t running)
{
	uint64_t buf[3] = { value, enabled, running };
	int fds[2];

	cr_assert_eq(pipe(fds), 0);
	cr_assert_eq(write(fds[1], buf, sizeof(buf)), (ssize_t)sizeof(buf));
	close(fds[1]);
	p.fd[m][k] = fds[0];
	p.opened[m] = 1;
}

static void no_counters(void)
{
	memset(&p, 0, sizeof(p));
	for (int m = 0; m < M_COUNT; m++)
		for (unsigned k = 0; k < PERF_MAX_PIDS; k++)
			p.fd[m][k] = -1;
}

TestSuite(perf, .init = no_counters);

Test(perf, summed_over_the_pids_and_scaled_when_multiplexed)
{
	double v = 0;

	p.npids = 2;
	counter(M_PERF_FAULTS, 0, 100, 10, 10);
	counter(M_PERF_FAULTS, 1, 100, 40, 10); /* ran a quarter of the time it was enabled */
	cr_assert_eq(perf_value(&p, M_PERF_FAULTS, &v), 0);
	cr_assert_float_eq(v, 500.0, 1e-9);
}

Test(perf, the_task_clock_in_seconds)
{
	double v = 0;

	p.npids = 1;
	counter(M_PERF_TASK_CLOCK, 0, 2500000000ULL, 5, 5);
	cr_assert_eq(perf_value(&p, M_PERF_TASK_CLOCK, &v), 0);
	cr_assert_float_eq(v, 2.5, 1e-9);
}

Test(perf, a_counter_that_never_ran_counts_nothing)
{
	double v = -1;

	p.npids = 2;
	counter(M_PERF_CS, 0, 0, 0, 0);
	counter(M_PERF_CS, 1, 30, 5, 5);
	cr_assert_eq(perf_value(&p, M_PERF_CS, &v), 0);
	cr_assert_float_eq(v, 30.0, 1e-9);
}

Test(perf, enabled_but_never_scheduled_is_no_number)
{
	double v = -1;

	p.npids = 1;
	counter(M_PERF_CYCLES, 0, 0, 5, 0);
	cr_assert_eq(perf_value(&p, M_PERF_CYCLES, &v), -EAGAIN);
}

Test(perf, unavailable_or_never_opened_is_absent)
{
	double v = -1;

	p.npids = 1;
	cr_assert_eq(perf_value(&p, M_PERF_CYCLES, &v), -ENOENT);
	counter(M_PERF_CYCLES, 0, 1, 1, 1);
	p.unavailable[M_PERF_CYCLES] = 1;
	cr_assert_eq(perf_value(&p, M_PERF_CYCLES, &v), -ENOENT);
	cr_assert_float_eq(v, -1.0, 1e-9);
}

Test(perf, a_short_read_is_an_error)
{
	double v = -1;
	int fds[2];

	p.npids = 1;
	cr_assert_eq(pipe(fds), 0);
	cr_assert_eq(write(fds[1], "abcd", 4), 4);
	close(fds[1]);
	p.fd[M_PERF_FAULTS][0] = fds[0];
	p.opened[M_PERF_FAULTS] = 1;
	cr_assert_eq(perf_value(&p, M_PERF_FAULTS, &v), -EIO);
}

Test(perf, the_perf_metrics_are_the_software_and_hardware_events)
{
	cr_assert(perf_metric(M_PERF_TASK_CLOCK));
	cr_assert(perf_metric(M_PERF_MIGRATIONS));
	cr_assert(perf_metric(M_PERF_STALLED_BACK));
	cr_assert_not(perf_metric(M_ELAPSED));
}

Test(perf, closed_counters_are_forgotten)
{
	p.npids = 2;
	counter(M_PERF_FAULTS, 0, 1, 1, 1);
	counter(M_PERF_FAULTS, 1, 1, 1, 1);
	perf_close(&p);
	cr_assert_eq(p.fd[M_PERF_FAULTS][0], -1);
	cr_assert_eq(p.fd[M_PERF_FAULTS][1], -1);
}
