/* The workload driver table (trial/drivers/): lookup by name, the words of a cell's command
 * line, and stress-ng's driver: its arguments, its command line, its own numbers cross-checked
 * against its clock and the trial's. */
#include <criterion/criterion.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "runner/trial/drivers/driver.h"
#include "tools.h"

Test(drivers, every_row_has_a_name_of_its_own_and_a_follow)
{
	for (size_t i = 0; i < workload_driver_count; i++) {
		cr_assert_not_null(workload_drivers[i]->name);
		cr_expect_not_null(workload_drivers[i]->follow, "%s", workload_drivers[i]->name);
		cr_expect(!workload_drivers[i]->program || workload_drivers[i]->package,
			  "%s: a program with its package", workload_drivers[i]->name);
		for (size_t j = 0; j < i; j++)
			cr_expect_str_neq(workload_drivers[i]->name, workload_drivers[j]->name);
	}
	cr_expect_eq(workload_driver_count, 6);
}

Test(drivers, only_a_driver_chosen_by_name_is_found_by_it)
{
	const char *args = "unset";

	cr_expect_eq(driver_named("stress-ng:vm:5s", &args), &driver_stress_ng);
	cr_expect_str_eq(args, "vm:5s");
	cr_expect_eq(driver_named("stress-ng", &args), &driver_stress_ng);
	cr_expect_str_eq(args, "");
	cr_expect_eq(driver_named("hogger", NULL), &driver_hogger);
	cr_expect_null(driver_named("command", NULL), "chosen by a command after --");
	cr_expect_null(driver_named("block", NULL));
	cr_expect_null(driver_named("stress", NULL), "a prefix is not a name");
	cr_expect_null(driver_named("stress-ngx", NULL));
	cr_expect_null(driver_named("", NULL));
	cr_expect_str_eq(driver_names(), "hogger or stress-ng");
}

Test(drivers, a_cells_words_fit_or_are_refused)
{
	struct driver_cell c = { 0 };

	cr_assert_eq(driver_cell_add(&c, "stress-ng"), 0);
	cr_assert_eq(driver_cell_add(&c, "--vm-bytes=%llu", 1ULL << 30), 0);
	cr_expect_str_eq(c.argv[0], "stress-ng");
	cr_expect_str_eq(c.argv[1], "--vm-bytes=1073741824");
	cr_expect_null(c.argv[2]);
	while (c.words < DRIVER_WORDS_MAX)
		cr_assert_eq(driver_cell_add(&c, "w"), 0);
	cr_expect_eq(driver_cell_add(&c, "w"), -E2BIG);
	cr_expect_null(c.argv[DRIVER_WORDS_MAX]);
	memset(&c, 0, sizeof(c));
	cr_expect_eq(driver_cell_add(&c, "%*s", DRIVER_TEXT_MAX, "x"), -E2BIG,
		     "its NUL would not fit");
	cr_expect_null(c.argv[0]);
	cr_expect_eq(driver_cell_add(&c, "%*s", DRIVER_TEXT_MAX - 1, "x"), 0);
	cr_expect_eq(c.used, DRIVER_TEXT_MAX);
	cr_expect_eq(driver_cell_add(&c, "%s", ""), -E2BIG, "not even an empty word");
}

Test(drivers, stress_ngs_arguments)
{
	static const char *const good[] = { "", "vm", "vm:1s", "vm:3600s" };
	static const struct {
		const char *args, *said;
	} bad[] = {
		{ "vmx", "'vmx': not a stressor zswapbench drives (vm)" },
		{ "v", "'v': not a stressor zswapbench drives (vm)" },
		{ ":5s", "':5s': not a stressor zswapbench drives (vm)" },
		{ "vm:0s", "'vm:0s': the time is 1s to 3600s, as in vm:30s" },
		{ "vm:3601s", "'vm:3601s': the time is 1s to 3600s, as in vm:30s" },
		{ "vm:5", "'vm:5': the time is 1s to 3600s, as in vm:30s" },
		{ "vm:5ss", "'vm:5ss': the time is 1s to 3600s, as in vm:30s" },
		{ "vm:s", "'vm:s': the time is 1s to 3600s, as in vm:30s" },
		{ "vm:-5s", "'vm:-5s': the time is 1s to 3600s, as in vm:30s" },
	};
	char why[128];

	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++)
		cr_expect_eq(driver_stress_ng.check_args(good[i], why, sizeof(why)), 0, "%s: %s",
			     good[i], why);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		cr_expect_eq(driver_stress_ng.check_args(bad[i].args, why, sizeof(why)), -EINVAL);
		cr_expect_str_eq(why, bad[i].said);
	}
	cr_expect_eq(driver_stress_ng.seconds(""), 10);
	cr_expect_eq(driver_stress_ng.seconds("vm:42s"), 42);
}

/* stress-ng shares --vm-bytes among its workers: the cell's bytes, whole. */
Test(drivers, stress_ngs_command_line_gives_its_workers_the_cells_bytes)
{
	const struct driver_cell_in in = { "vm:7s", 3, 300ULL << 20 };
	static const char *const want[] = { "stress-ng",	   "--vm",	"3",
					    "--vm-bytes",	   "314572800", "--vm-keep",
					    "--vm-method=write64", "--timeout", "7s",
					    "--metrics-brief",	   "--yaml",	"/dev/stdout" };
	struct driver_cell c;
	size_t n = 0;

	cr_assert_eq(driver_stress_ng.plan(&in, &c), 0);
	for (; c.argv[n]; n++)
		cr_expect_str_eq(c.argv[n], n < 12 ? want[n] : "(none)", "word %zu", n);
	cr_expect_eq(n, 12);
	cr_expect_eq(driver_stress_ng.plan(&(struct driver_cell_in){ "vm", 0, 1 << 20 }, &c),
		     -EINVAL, "no workers");
}

/* A trial of stress-ng as the record hook sees it: the job's output, the trial's elapsed. */
struct recorded {
	struct trial_setup s;
	struct workload w;
	struct job job;
	struct watch wt;
	struct driver_run r;
	struct trial t;
};

static void record_of(struct recorded *x, const char *output, double elapsed)
{
	memset(x, 0, sizeof(*x));
	x->s.driver = &driver_stress_ng;
	x->s.driver_args = "vm:1s";
	x->job.output_len = strlen(output);
	memcpy(x->job.output, output, x->job.output_len);
	x->w.jobs = &x->job;
	x->w.n = 1;
	x->wt.w = &x->w;
	x->wt.t = &x->t;
	x->r.s = &x->s;
	x->r.wt = &x->wt;
	x->t.status = TRIAL_OK;
	trial_set(&x->t, M_ELAPSED, elapsed);
	driver_stress_ng.record(&x->r, &x->t);
}

static const char *yaml(char *buf, size_t len, double ops, double rate, double wall)
{
	snprintf(buf, len,
		 "metrics:\n    - stressor: vm\n      bogo-ops: %g\n"
		 "      bogo-ops-per-second-real-time: %g\n      wall-clock-time: %g\n",
		 ops, rate, wall);
	return buf;
}

Test(drivers, stress_ngs_rate_is_the_throughput_when_its_clocks_agree)
{
	char *text = slurp("tests/fixtures/stress-ng/vm-output.txt"), buf[256];
	static struct recorded x;

	record_of(&x, text, 1.2);
	cr_expect_eq(x.t.status, TRIAL_OK, "%s", x.t.note);
	cr_expect(x.t.have[M_THROUGHPUT]);
	cr_expect_eq(x.t.value[M_THROUGHPUT], 2241.805654);
	record_of(&x, text, 0.9);
	cr_expect_eq(x.t.status, TRIAL_FAILED);
	cr_expect_str_eq(x.t.note,
			 "stress-ng's wall clock ran longer than the trial (2254 bogo "
			 "ops in 1.005 s, 2241.8/s)");
	cr_expect(!x.t.have[M_THROUGHPUT]);
	record_of(&x, yaml(buf, sizeof(buf), 100, 50, 2), 2.003);
	cr_expect_eq(x.t.value[M_THROUGHPUT], 50, "%s", x.t.note);
	record_of(&x, yaml(buf, sizeof(buf), 100, 50, 2), 2.006);
	cr_expect_eq(x.t.status, TRIAL_OK, "5 ms of start-up allowed");
	record_of(&x, yaml(buf, sizeof(buf), 100, 50.6, 2), 3);
	cr_expect_eq(x.t.status, TRIAL_FAILED, "1.2%% off its own ops over its clock");
	cr_expect_not_null(strstr(x.t.note, "not its ops over its wall clock"), "%s", x.t.note);
	record_of(&x, yaml(buf, sizeof(buf), 100, 49.6, 2), 3);
	cr_expect_eq(x.t.status, TRIAL_OK, "0.8%% off is stress-ng's rounding: %s", x.t.note);
	record_of(&x, yaml(buf, sizeof(buf), 0, 0, 2), 3);
	cr_expect_eq(x.t.status, TRIAL_FAILED);
	cr_expect_not_null(strstr(x.t.note, "stress-ng did no work"), "%s", x.t.note);
	free(text);
}

Test(drivers, stress_ng_without_its_metrics_fails_the_trial_saying_so)
{
	static struct recorded x;

	record_of(&x, "stress-ng: info:  [1] dispatching hogs: 1 vm\n", 1);
	cr_expect_eq(x.t.status, TRIAL_FAILED);
	cr_expect_str_eq(x.t.note, "stress-ng wrote no metrics of vm");
	memset(&x, 0, sizeof(x));
	x.t.status = TRIAL_OOM;
	x.s.driver_args = "vm";
	x.w.jobs = &x.job;
	x.w.n = 1;
	x.wt.w = &x.w;
	x.r.s = &x.s;
	x.r.wt = &x.wt;
	driver_stress_ng.record(&x.r, &x.t);
	cr_expect_eq(x.t.status, TRIAL_OOM, "a trial that failed keeps its own reason");
	cr_expect_str_eq(x.t.note, "");
}

/* The filesystem's total is its three phases summed, all or none. */
Test(drivers, a_filesystems_total_is_its_three_phases_or_nothing)
{
	struct driver_run r = { 0 };
	struct trial t = { 0 };

	trial_set(&t, M_ELAPSED, 1.5);
	trial_set(&t, M_FS_FLUSH_TIME, 0.25);
	driver_fs.record(&r, &t);
	cr_expect(!t.have[M_FS_TOTAL_TIME], "no read-back time: no total");
	trial_set(&t, M_FS_READ_TIME, 0.125);
	driver_fs.record(&r, &t);
	cr_expect(t.have[M_FS_TOTAL_TIME]);
	cr_expect_eq(t.value[M_FS_TOTAL_TIME], 1.875);
	memset(&t, 0, sizeof(t));
	trial_set(&t, M_FS_FLUSH_TIME, 0.25);
	trial_set(&t, M_FS_READ_TIME, 0.125);
	driver_fs.record(&r, &t);
	cr_expect(!t.have[M_FS_TOTAL_TIME], "no elapsed: no total");
}

/* fio's numbers are read only from a trial that ran: a failed one keeps its reason, and a
 * job file's output that is not there fails the trial naming it. */
Test(drivers, fios_numbers_are_read_from_a_trial_that_ran)
{
	struct target_spec target = { .use = USE_BLOCK,
				      .fio = { .mode = FIO_SEQ_READ },
				      .fio_output = "tests/fixtures/fio/seq-read.json" };
	struct trial_setup s = { .target = &target };
	struct driver_run r = { .s = &s };
	struct trial t = { .status = TRIAL_OK };

	driver_block.record(&r, &t);
	cr_expect_eq(t.status, TRIAL_OK, "%s", t.note);
	cr_expect(t.have[M_READ_BW]);
	memset(&t, 0, sizeof(t));
	t.status = TRIAL_OOM;
	target.fio_output = "tests/fixtures/fio/no-such.json";
	driver_block.record(&r, &t);
	cr_expect_eq(t.status, TRIAL_OOM);
	cr_expect_str_eq(t.note, "");
	t.status = TRIAL_OK;
	driver_block.record(&r, &t);
	cr_expect_eq(t.status, TRIAL_FAILED);
	cr_expect_not_null(strstr(t.note, "no-such.json: No such file"), "%s", t.note);
}
