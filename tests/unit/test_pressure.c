/* The --pressure-target controller (trial/pressure.c) against a fake v2 cgroup: the test
 * writes memory.pressure's some total and memory.current, the controller writes memory.high.
 * Its rule, whatever the kernel: below the target it cuts (at most 10% a second, less as the
 * pressure nears the target), above it raises (at most 10% a second), once a second, never
 * below its floor. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/util.h"
#include "runner/kernel/cgroup.h"
#include "runner/kernel/sysfs.h"
#include "runner/trial/pressure.h"
#include "fixture.h"

#define SEC 1000000000ULL
#define GROUP "/sys/fs/cgroup/zsb-test"

static char root[] = "/tmp/zsb-unit-pressure.XXXXXX";
static struct cgroup_env env;
static struct bench_cgroup cg;
static struct pressure_ctl ctl; /* 32 KiB of samples: not on the stack */

static void write_file(const char *name, const char *text)
{
	char path[PATH_MAX];
	FILE *f;

	snprintf(path, sizeof(path), "%s%s/%s", root, GROUP, name);
	f = fopen(path, "w");
	cr_assert_not_null(f, "%s", path);
	fputs(text, f);
	fclose(f);
}

/* The cgroup as the kernel would show it: its stall so far (us) and its memory. */
static void cgroup_is(unsigned long long some_us, unsigned long long current)
{
	char text[256];

	snprintf(text, sizeof(text),
		 "some avg10=0.00 avg60=0.00 avg300=0.00 total=%llu\n"
		 "full avg10=0.00 avg60=0.00 avg300=0.00 total=0\n",
		 some_us);
	write_file("memory.pressure", text);
	snprintf(text, sizeof(text), "%llu\n", current);
	write_file("memory.current", text);
}

static unsigned long long high_now(void)
{
	char path[PATH_MAX];
	unsigned long long v = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s%s/memory.high", root, GROUP);
	f = fopen(path, "r");
	cr_assert_not_null(f);
	if (fscanf(f, "%llu", &v) != 1)
		v = 0; /* never written */
	fclose(f);
	return v;
}

/* Within two bytes: the controller multiplies in floating point and truncates. */
static void high_is(unsigned long long expect)
{
	unsigned long long h = high_now();

	cr_assert(h + 2 >= expect && h <= expect + 2, "memory.high %llu, expected %llu", h, expect);
}

static void fake_cgroup(void)
{
	char path[PATH_MAX];

	sysfs_set_root(FIXTURES "/v2");
	cr_assert_eq(cgroup_env_detect(&env), 0);
	cr_assert_not_null(mkdtemp(root));
	snprintf(path, sizeof(path), "%s/sys", root);
	mkdir(path, 0700);
	snprintf(path, sizeof(path), "%s/sys/fs", root);
	mkdir(path, 0700);
	snprintf(path, sizeof(path), "%s/sys/fs/cgroup", root);
	mkdir(path, 0700);
	snprintf(path, sizeof(path), "%s%s", root, GROUP);
	cr_assert_eq(mkdir(path, 0700), 0);
	sysfs_set_root(root);
	memset(&cg, 0, sizeof(cg));
	cg.env = &env;
	snprintf(cg.path, sizeof(cg.path), "%s", GROUP);
	snprintf(cg.pressure, sizeof(cg.pressure), "%s/memory.pressure", GROUP);
	write_file("memory.high", ""); /* the kernel's file is there before anyone writes it */
}

static void remove_cgroup(void)
{
	char cmd[PATH_MAX + 16];

	sysfs_set_root(NULL);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	cr_assert_eq(system(cmd), 0);
}

TestSuite(pressure, .init = fake_cgroup, .fini = remove_cgroup);

#define MiB (1024ULL * 1024)

/* Target 1%: 10 ms of stall a second. */
Test(pressure, no_pressure_cuts_ten_percent_a_second_from_what_the_group_holds)
{
	cgroup_is(0, 100 * MiB);
	pressure_start(&ctl, 1.0, &cg, 0);
	cr_assert_not(ctl.broken);
	pressure_tick(&ctl, &cg, SEC / 2);
	cr_assert_eq(high_now(), 0);
	pressure_tick(&ctl, &cg, SEC);
	high_is(90 * MiB);
	/* Reclaim left the group below what was set: the next cut is from what it holds. */
	cgroup_is(0, 80 * MiB);
	pressure_tick(&ctl, &cg, 2 * SEC);
	high_is(72 * MiB);
	cr_assert_eq(ctl.lowered, 2);
	cr_assert_eq(ctl.raised, 0);
}

Test(pressure, the_cut_shrinks_as_the_pressure_nears_the_target)
{
	cgroup_is(0, 100 * MiB);
	pressure_start(&ctl, 1.0, &cg, 0);
	cgroup_is(5000, 100 * MiB); /* 5 ms in a second: half the target */
	pressure_tick(&ctl, &cg, SEC);
	high_is(95 * MiB);
}

Test(pressure, above_the_target_it_raises_at_most_ten_percent_a_second)
{
	cgroup_is(0, 100 * MiB);
	pressure_start(&ctl, 1.0, &cg, 0);
	pressure_tick(&ctl, &cg, SEC);
	high_is(90 * MiB);
	cgroup_is(15000, 90 * MiB); /* 1.5% */
	pressure_tick(&ctl, &cg, 2 * SEC);
	high_is(94500 * MiB / 1000);
	cgroup_is(15000 + 500000, 95 * MiB); /* 50%: capped */
	pressure_tick(&ctl, &cg, 3 * SEC);
	high_is(94500ULL * MiB / 1000 * 110 / 100);
	cr_assert_eq(ctl.raised, 2);
}

Test(pressure, never_below_the_floor)
{
	cgroup_is(0, 4 * MiB + MiB / 4);
	pressure_start(&ctl, 1.0, &cg, 0);
	pressure_tick(&ctl, &cg, SEC);
	high_is(4 * MiB);
}

/* The second half of the steps' memory.current, its median: what the workload settled in. */
Test(pressure, settled_memory_is_the_median_of_the_second_half)
{
	static const unsigned long long held[] = { 100, 90, 80, 70, 60, 64, 62 };
	struct trial t;

	memset(&t, 0, sizeof(t));
	cgroup_is(0, 100 * MiB);
	pressure_start(&ctl, 1.0, &cg, 0);
	for (size_t i = 0; i < ARRAY_SIZE(held); i++) {
		cgroup_is(0, held[i] * MiB);
		pressure_tick(&ctl, &cg, (i + 1) * SEC);
	}
	pressure_record(&ctl, &t);
	cr_assert(t.have[M_SETTLED_MEM]);
	/* Steps 4 to 7 held 70, 60, 64, 62 MiB: the median of four is 63. */
	cr_assert_float_eq(t.value[M_SETTLED_MEM], 63.0 * MiB, 1);
	cr_assert_float_eq(t.value[M_FINAL_HIGH], (double)high_now(), 1);
}

Test(pressure, a_group_without_memory_pressure_stops_it_before_any_write)
{
	cgroup_is(0, 100 * MiB);
	snprintf(cg.pressure, sizeof(cg.pressure), "%s/memory.gone", GROUP);
	pressure_start(&ctl, 1.0, &cg, 0);
	cr_assert(ctl.broken);
	pressure_tick(&ctl, &cg, SEC);
	cr_assert_eq(high_now(), 0);
}
