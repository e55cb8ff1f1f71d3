/* Where the workload is pinned (run/placement.c), on the fixture machine whose online CPUs are
 * 0, 2 and 3, CPU 2 taking most device interrupts and CPU 0 the fewest: as many of the
 * quietest as the widest cell runs processes and threads, the runner on the rest; --cpus
 * checked against what is online. */
#include <criterion/criterion.h>
#include <string.h>

#include "runner/base/log.h"
#include "runner/kernel/cpus.h"
#include "runner/kernel/sysfs.h"
#include "runner/run/placement.h"
#include "fixture.h"

static struct config cfg;
static struct plan_cell cells[2];
static struct plan plan = { .cells = cells, .ncells = 2 };
static struct placement pl;

static void machine(void)
{
	sysfs_set_root(FIXTURES "/cpus");
	config_init(&cfg);
	cfg.cpus[0] = '\0';
	cfg.threads = 1;
	cells[0].jobs = 1;
	cells[1].jobs = 1;
}

static void back(void)
{
	sysfs_set_root(NULL);
	config_free(&cfg);
}

TestSuite(placement, .init = machine, .fini = back);

static void sets_are(const char *workload, const char *runner)
{
	char list[64];

	cr_assert(pl.pinned);
	cpulist_format(&pl.workload, list, sizeof(list));
	cr_assert_str_eq(list, workload, "the workload's");
	cpulist_format(&pl.runner, list, sizeof(list));
	cr_assert_str_eq(list, runner, "the runner's");
}

Test(placement, one_job_on_the_quietest_cpu_the_runner_on_the_others)
{
	cr_assert_eq(placement_choose(&cfg, &plan, &pl), 0);
	sets_are("0", "2-3");
	cr_assert(strstr(pl.why, "CPU 0: the CPU that takes the fewest device interrupts"), "%s",
		  pl.why);
}

Test(placement, as_many_as_the_widest_cell_runs)
{
	cells[1].jobs = 2;
	cr_assert_eq(placement_choose(&cfg, &plan, &pl), 0);
	sets_are("0,3", "2");
}

Test(placement, threads_count_and_more_than_there_are_takes_them_all)
{
	cfg.threads = 2;
	cells[1].jobs = 2;
	cr_assert_eq(placement_choose(&cfg, &plan, &pl), 0);
	sets_are("0,2-3", "");
}

Test(placement, one_job_of_two_threads_takes_two)
{
	cfg.threads = 2;
	cr_assert_eq(placement_choose(&cfg, &plan, &pl), 0);
	sets_are("0,3", "2");
}

Test(placement, given_cpus_online_and_not)
{
	snprintf(cfg.cpus, sizeof(cfg.cpus), "2-3");
	cr_assert_eq(placement_choose(&cfg, &plan, &pl), 0);
	sets_are("2-3", "0");
	cr_assert_str_eq(pl.why, "--cpus 2-3");
	snprintf(cfg.cpus, sizeof(cfg.cpus), "1");
	cr_assert_eq(placement_choose(&cfg, &plan, &pl), EXIT_USAGE);
}

Test(placement, all_is_not_pinned)
{
	snprintf(cfg.cpus, sizeof(cfg.cpus), "all");
	cr_assert_eq(placement_choose(&cfg, &plan, &pl), 0);
	cr_assert_not(pl.pinned);
	placement_apply(&pl, &plan, 3);
	cr_assert_null(cells[0].workload.cpus);
	cr_assert_eq(cells[1].workload.threads, 3);
}

Test(placement, every_cell_pinned_to_the_set)
{
	cr_assert_eq(placement_choose(&cfg, &plan, &pl), 0);
	placement_apply(&pl, &plan, 2);
	cr_assert_eq(cells[0].workload.cpus, &pl.workload);
	cr_assert_eq(cells[1].workload.cpus, &pl.workload);
	cr_assert_eq(cells[0].workload.threads, 2);
}

Test(placement, unknown_online_cpus)
{
	sysfs_set_root(FIXTURES "/none");
	cr_assert_eq(placement_choose(&cfg, &plan, &pl), 0);
	cr_assert_not(pl.pinned);
	snprintf(cfg.cpus, sizeof(cfg.cpus), "0");
	cr_assert_eq(placement_choose(&cfg, &plan, &pl), EXIT_UNSUPPORTED);
}
