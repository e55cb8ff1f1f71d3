/* A finished trial's record (trial/trial_record.c) from a workload made up here and a fake v2
 * cgroup: each job's status and why, the trial's worst, its times with the pause at "filled"
 * left out, the swap it saw and the checks on it. No process ran. */
#include <criterion/criterion.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "runner/kernel/page.h"
#include "runner/kernel/sysfs.h"
#include "runner/trial/trial_record.h"
#include "fixture.h"

#define MiB (1024ULL * 1024)
#define SEC 1000000000ULL
#define GROUP "/sys/fs/cgroup/zsb-test"

static char root[] = "/tmp/zsb-unit-record.XXXXXX";
static struct cgroup_env env;
static struct bench_cgroup cg;
static const struct backend plain = { .name = "plain" };
static struct swap_device dev;
static struct target_spec target;
static struct workload_spec spec;
static struct trial_setup s;
static struct workload w;
static struct trial t;
static struct watch wt;
static struct vmstat_snap before, after;

static void put(const char *path, const char *text)
{
	char full[PATH_MAX], dir[PATH_MAX];
	FILE *f;

	for (const char *p = path; (p = strchr(p + 1, '/'));) {
		snprintf(dir, sizeof(dir), "%s%.*s", root, (int)(p - path), path);
		mkdir(dir, 0700);
	}
	snprintf(full, sizeof(full), "%s%s", root, path);
	f = fopen(full, "w");
	cr_assert_not_null(f, "%s", full);
	fputs(text, f);
	fclose(f);
}

/* A job that ran from 1 s after the release to its exit, filled at 3 s. */
static void job_ran(unsigned i, uint64_t exit_s)
{
	struct job *j = &w.jobs[i];

	j->exit_ns = exit_s * SEC;
	j->cpu = (int)i;
	j->ev.start = 1 * SEC;
	j->ev.filled = 3 * SEC;
	j->ev.got_filled = 1;
	j->ev.bytes = 64 * MiB;
	j->ev.got_done = 1;
	j->ru.ru_utime.tv_sec = 1;
	j->ru.ru_stime.tv_usec = 500000;
	j->ru.ru_majflt = 10;
}

static void jobs(unsigned n)
{
	free(w.jobs);
	free(t.jobs);
	w.n = t.njobs = n;
	w.jobs = calloc(n, sizeof(*w.jobs));
	t.jobs = calloc(n, sizeof(*t.jobs));
	cr_assert(w.jobs && t.jobs);
	for (unsigned i = 0; i < n; i++)
		job_ran(i, 10);
}

static void setup(void)
{
	sysfs_set_root(FIXTURES "/v2");
	cr_assert_eq(cgroup_env_detect(&env), 0);
	cr_assert_not_null(mkdtemp(root));
	sysfs_set_root(root);
	put(GROUP "/memory.events", "low 0\nhigh 0\nmax 0\noom 0\noom_kill 0\n");
	memset(&cg, 0, sizeof(cg));
	cg.env = &env;
	snprintf(cg.path, sizeof(cg.path), "%s", GROUP);
	memset(&dev, 0, sizeof(dev));
	dev.backend = &plain;
	memset(&target, 0, sizeof(target));
	memset(&spec, 0, sizeof(spec));
	memset(&s, 0, sizeof(s));
	memset(&w, 0, sizeof(w));
	memset(&t, 0, sizeof(t));
	memset(&wt, 0, sizeof(wt));
	memset(&before, 0, sizeof(before));
	memset(&after, 0, sizeof(after));
	s.dev = &dev;
	s.workload = &spec;
	s.target = &target;
	w.spec = &spec;
	wt.s = &s;
	wt.cg = &cg;
	wt.w = &w;
	wt.t = &t;
	wt.psi_before_pct = -1;
	jobs(1);
}

static void teardown(void)
{
	char cmd[PATH_MAX + 16];

	free(w.jobs);
	trial_free(&t);
	sysfs_set_root(NULL);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	cr_assert_eq(system(cmd), 0);
}

TestSuite(trial_record, .init = setup, .fini = teardown);

static void record(void)
{
	trial_record(&t, &wt, NULL, &before, &after);
}

Test(trial_record, a_hogger_that_said_done_is_ok_and_its_times_leave_the_pause_out)
{
	wt.seen = 4 * SEC;
	wt.go = 6 * SEC; /* 2 s at "filled" that elapsed leaves out */
	w.jobs[0].ev.accessed = 9 * SEC;
	w.jobs[0].ev.got_accessed = 1;
	w.jobs[0].ev.fill_majflt = 4;
	w.jobs[0].ev.access_majflt = 10;
	record();
	cr_assert_eq(t.status, TRIAL_OK, "%s", t.note);
	cr_assert_float_eq(t.value[M_ELAPSED], 8.0, 1e-9);
	cr_assert_float_eq(t.jobs[0].elapsed, 8.0, 1e-9);
	cr_assert_float_eq(t.value[M_FILL], 2.0, 1e-9);
	cr_assert_float_eq(t.value[M_FILL_RATE], 32.0, 1e-9, "64 MiB in 2 s");
	cr_assert_float_eq(t.value[M_ACCESS], 3.0, 1e-9);
	cr_assert_float_eq(t.value[M_ACCESS_MAJFLT], 6.0, 1e-9, "the fill's faults taken away");
	cr_assert_float_eq(t.value[M_FILL_MAJFLT], 4.0, 1e-9);
	cr_assert_float_eq(t.value[M_USER], 1.0, 1e-9);
	cr_assert_float_eq(t.value[M_SYS], 0.5, 1e-9);
	cr_assert_float_eq(t.value[M_CPU_TIME], 1.5, 1e-9);
	cr_assert_float_eq(t.value[M_MAJFLT], 10.0, 1e-9);
	cr_assert_str_eq(t.cpus, "0");
}

Test(trial_record, the_slowest_job_is_the_trial_s_time)
{
	jobs(2);
	job_ran(1, 12);
	w.jobs[1].ev.filled = 5 * SEC;
	record();
	cr_assert_float_eq(t.value[M_ELAPSED], 12.0, 1e-9);
	cr_assert_float_eq(t.value[M_FILL], 4.0, 1e-9, "the slower fill");
	cr_assert_float_eq(t.value[M_FILL_RATE], 32.0, 1e-9,
			   "128 MiB from the first start to the last fill");
	cr_assert_float_eq(t.value[M_USER], 2.0, 1e-9);
	cr_assert_str_eq(t.cpus, "0-1");
}

Test(trial_record, swap_seen_by_the_cgroup_and_by_vmstat)
{
	wt.have_cgroup_swap = 1;
	wt.cgroup_swap = 30 * MiB;
	wt.swap_peak = 40 * MiB;
	before.pswpout = 100;
	after.pswpout = 350;
	before.pswpin = 7;
	after.pswpin = 9;
	record();
	cr_assert_float_eq(t.value[M_SWAP_FILLED], 30.0 * MiB, 1e-9);
	cr_assert_float_eq(t.value[M_SWAP_PEAK], 40.0 * MiB, 1e-9);
	cr_assert_float_eq(t.value[M_PSWPOUT], 250, 1e-9);
	cr_assert_float_eq(t.value[M_PSWPIN], 2, 1e-9);
	cr_assert_not(t.have[M_SWPOUT_ZERO], "a kernel without the zero counters");
	cr_assert_float_eq(t.value[M_MAJFLT_PER_MIB], 10.0 / 40, 1e-9);
	cr_assert_not(t.flags & TRIAL_FLAG_NEVER_SWAPPED);
}

Test(trial_record, a_trial_that_never_swapped_is_flagged_unless_the_device_was_measured)
{
	wt.have_cgroup_swap = 1;
	record();
	cr_assert(t.flags & TRIAL_FLAG_NEVER_SWAPPED);
	trial_free(&t);
	memset(&t, 0, sizeof(t));
	t.jobs = calloc(1, sizeof(*t.jobs));
	t.njobs = 1;
	target.use = USE_BLOCK;
	record();
	cr_assert_not(t.flags & TRIAL_FLAG_NEVER_SWAPPED);
}

Test(trial_record, an_oom_kill_is_its_own_status)
{
	put(GROUP "/memory.events", "oom 1\noom_kill 1\n");
	w.jobs[0].status = SIGKILL; /* killed by a signal, as waitpid says it */
	record();
	cr_assert_eq(t.jobs[0].status, TRIAL_OOM);
	cr_assert_eq(t.status, TRIAL_OOM);
	cr_assert_str_eq(t.note,
			 "OOM-killed: the memory limit plus swap could not hold the allocation");
	cr_assert_float_eq(t.value[M_OOM_KILLS], 1, 1e-9);
}

Test(trial_record, a_sigkill_without_an_oom_kill_is_a_failure)
{
	w.jobs[0].status = SIGKILL;
	record();
	cr_assert_eq(t.status, TRIAL_FAILED);
	cr_assert_str_eq(t.note, "hogger killed by signal 9 (Killed)");
}

Test(trial_record, the_sandbox_s_kill_is_said_for_the_hogger)
{
	w.jobs[0].status = SIGSYS;
	record();
	cr_assert_eq(t.status, TRIAL_FAILED);
	cr_assert(strstr(t.note, "seccomp sandbox"), "%s", t.note);
}

Test(trial_record, a_command_not_found_and_one_that_failed_with_its_last_line)
{
	char *const argv[] = { "tar", NULL };
	const char *said = "tar: unrecognized option\nTry 'tar --help'\n";

	spec.command = 1;
	spec.argv = argv;
	w.jobs[0].status = 127 << 8;
	record();
	cr_assert_eq(t.status, TRIAL_FAILED);
	cr_assert_str_eq(t.note, "command could not be started (not found or not executable)");
	w.jobs[0].status = 126 << 8;
	record();
	cr_assert_str_eq(t.note, "command could not be started (could not switch to --user)");
	w.jobs[0].status = 2 << 8;
	memcpy(w.jobs[0].output, said, strlen(said));
	w.jobs[0].output_len = strlen(said);
	record();
	cr_assert_str_eq(t.note, "command exited with status 2: Try 'tar --help'");
}

Test(trial_record, a_hogger_that_never_said_done_failed)
{
	w.jobs[0].ev.got_done = 0;
	record();
	cr_assert_eq(t.status, TRIAL_FAILED);
	cr_assert_str_eq(t.note, "hogger exited with status 0");
	w.jobs[0].ev.alloc_error = 1;
	w.jobs[0].status = 1 << 8;
	record();
	cr_assert_str_eq(t.note, "hogger exited with status 1 (allocation failed)");
}

Test(trial_record, a_timeout_is_said)
{
	w.jobs[0].timed_out = 1;
	w.jobs[0].status = SIGKILL;
	record();
	cr_assert_eq(t.status, TRIAL_FAILED);
	cr_assert_str_eq(t.note, "hogger killed after the --timeout");
}

Test(trial_record, the_worst_job_names_the_trial)
{
	jobs(3);
	w.jobs[1].status = SIGKILL;
	w.jobs[2].ev.got_done = 0;
	record();
	cr_assert_eq(t.jobs[0].status, TRIAL_OK);
	cr_assert_eq(t.status, TRIAL_FAILED);
	cr_assert_str_eq(t.note, "job 2 of 3: hogger killed by signal 9 (Killed)");
}

/* A failure says more than an OOM kill beside it: the OOM kill is what the limit does. */
Test(trial_record, a_failed_job_is_worse_than_an_oom_killed_one)
{
	put(GROUP "/memory.events", "oom 1\noom_kill 1\n");
	jobs(2);
	w.jobs[0].status = SIGKILL;
	w.jobs[1].ev.got_done = 0;
	record();
	cr_assert_eq(t.jobs[0].status, TRIAL_OOM);
	cr_assert_eq(t.jobs[1].status, TRIAL_FAILED);
	cr_assert_eq(t.status, TRIAL_FAILED);
	cr_assert_str_eq(t.note, "job 2 of 2: hogger exited with status 0");
}

Test(trial_record, fio_is_named_as_such)
{
	char *const argv[] = { "fio", "--output-format=json", NULL };

	spec.command = 1;
	spec.argv = argv;
	w.jobs[0].status = SIGSEGV;
	record();
	cr_assert_str_eq(t.note, "fio killed by signal 11 (Segmentation fault)");
}

Test(trial_record, the_swap_out_rate_over_the_fill)
{
	jobs(2);
	w.jobs[1].ev.start = 2 * SEC;
	w.jobs[1].ev.filled = 3 * SEC + SEC / 2;
	wt.have_mid = 1;
	wt.mid.pswpout = 100 + (uint64_t)(16 * MiB / page_bytes());
	before.pswpout = 100;
	after.pswpout = wt.mid.pswpout;
	record();
	cr_assert_float_eq(t.value[M_FILL], 2.0, 1e-9, "the slowest job's fill");
	cr_assert_float_eq(t.value[M_SWAPOUT_RATE], 6.4, 1e-9,
			   "16 MiB from the first start to the last fill, 2.5 s");
}
