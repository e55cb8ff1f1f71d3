/* What the runner watches during a fill (trial/watch.c), on a fake v2 cgroup and /proc/swaps:
 * the fill curve's points (spaced by a 256th of the allocation, at least a MiB, the last one
 * always kept, at most 258), each with its time since the release and the cgroup's swap; the
 * device's highest fill; the swap peak. */
#include <criterion/criterion.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "runner/kernel/sysfs.h"
#include "runner/trial/watch.h"
#include "fixture.h"

#define MiB (1024ULL * 1024)
#define SEC 1000000000ULL
#define GROUP "/sys/fs/cgroup/zsb-test"

static char root[] = "/tmp/zsb-unit-watch.XXXXXX";
static struct cgroup_env env;
static struct bench_cgroup cg;
static struct swap_device dev;
static struct workload_spec spec;
static struct trial_setup s;
static struct workload w;
static struct trial t;
static struct watch wt;
static uint64_t phase_bytes;
static int phases;

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

static void cgroup_swap_is(unsigned long long bytes)
{
	char text[32];

	snprintf(text, sizeof(text), "%llu\n", bytes);
	put(GROUP "/memory.swap.current", text);
}

static void on_phase(void *arg, const char *phase, uint64_t bytes)
{
	(void)arg;
	cr_assert_str_eq(phase, "fill");
	phase_bytes = bytes;
	phases++;
}

static void setup(void)
{
	sysfs_set_root(FIXTURES "/v2");
	cr_assert_eq(cgroup_env_detect(&env), 0);
	cr_assert_not_null(mkdtemp(root));
	sysfs_set_root(root);
	cgroup_swap_is(0);
	memset(&cg, 0, sizeof(cg));
	cg.env = &env;
	snprintf(cg.path, sizeof(cg.path), "%s", GROUP);
	memset(&dev, 0, sizeof(dev));
	memset(&spec, 0, sizeof(spec));
	memset(&s, 0, sizeof(s));
	memset(&w, 0, sizeof(w));
	memset(&t, 0, sizeof(t));
	memset(&wt, 0, sizeof(wt));
	s.dev = &dev;
	s.workload = &spec;
	s.on_phase = on_phase;
	w.spec = &spec;
	w.release_ns = 5 * SEC;
	wt.s = &s;
	wt.cg = &cg;
	wt.w = &w;
	wt.t = &t;
	phases = 0;
}

static void teardown(void)
{
	char cmd[PATH_MAX + 16];

	trial_free(&t);
	sysfs_set_root(NULL);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	cr_assert_eq(system(cmd), 0);
}

TestSuite(watch, .init = setup, .fini = teardown);

Test(watch, the_curve_is_spaced_by_a_256th_of_the_allocation)
{
	s.alloc = 512 * MiB; /* 2 MiB a point */
	cgroup_swap_is(7 * MiB);
	watch_progress(&wt, 1 * MiB, 6 * SEC);
	watch_progress(&wt, 2 * MiB, 7 * SEC);
	watch_progress(&wt, 3 * MiB, 8 * SEC);
	watch_progress(&wt, 4 * MiB, 9 * SEC);
	cr_assert_eq(phases, 4);
	cr_assert_eq(phase_bytes, 4 * MiB);
	cr_assert_eq(t.ncurve, 2);
	cr_assert_float_eq(t.curve[0].t, 1.0, 1e-9, "seconds since the release");
	cr_assert_eq(t.curve[0].bytes, 1 * MiB);
	cr_assert_eq(t.curve[0].swap, 7 * MiB);
	cr_assert_float_eq(t.curve[1].t, 3.0, 1e-9);
	cr_assert_eq(t.curve[1].bytes, 3 * MiB);
}

Test(watch, at_least_a_mib_apart_and_the_last_point_kept)
{
	s.alloc = 5 * MiB / 2;
	watch_progress(&wt, 1 * MiB, 6 * SEC);
	watch_progress(&wt, 1 * MiB + 512 * 1024, 6 * SEC);
	watch_progress(&wt, 2 * MiB, 7 * SEC);
	watch_progress(&wt, 5 * MiB / 2, 8 * SEC);
	cr_assert_eq(t.ncurve, 3);
	cr_assert_eq(t.curve[1].bytes, 2 * MiB);
	cr_assert_eq(t.curve[2].bytes, 5 * MiB / 2, "the fill's end is on the curve");
}

Test(watch, at_most_258_points)
{
	s.alloc = 1024 * MiB;
	for (uint64_t i = 1; i <= 400; i++)
		watch_progress(&wt, i * 4 * MiB, 6 * SEC);
	cr_assert_eq(t.ncurve, 258);
}

Test(watch, the_device_s_highest_fill_is_kept)
{
	put("/proc/swaps",
	    "Filename\t\t\t\tType\t\tSize\t\tUsed\t\tPriority\n"
	    "/dev/zram5                              partition\t1024\t\t512\t\t100\n");
	snprintf(dev.device, sizeof(dev.device), "/dev/zram5");
	s.alloc = 512 * MiB;
	wt.device_used_max = 600 * 1024;
	watch_progress(&wt, 1 * MiB, 6 * SEC);
	cr_assert_eq(wt.device_used_max, 600 * 1024, "a lower fill later does not lower it");
	cr_assert_eq(wt.device_size, 1024 * 1024);
	wt.device_used_max = 100 * 1024;
	watch_progress(&wt, 4 * MiB, 6 * SEC);
	cr_assert_eq(wt.device_used_max, 512 * 1024);
}

Test(watch, the_swap_peak_is_the_highest_the_cgroup_held)
{
	cgroup_swap_is(3 * MiB);
	watch_tick(&wt);
	cr_assert_eq(wt.swap_peak, 3 * MiB);
	cgroup_swap_is(2 * MiB);
	watch_tick(&wt);
	cr_assert_eq(wt.swap_peak, 3 * MiB);
	cgroup_swap_is(5 * MiB);
	watch_tick(&wt);
	cr_assert_eq(wt.swap_peak, 5 * MiB);
	cr_assert_not(wt.sampled, "a hogger is sampled at filled, not at its peak");
}
