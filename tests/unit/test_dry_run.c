/* --dry-run's text (run/dry_run.c) for plans made from command lines, on the fixture v2
 * machine: the plan's lines, each backend and compressor described once, the run's changes,
 * the estimate. Nothing is changed: it only prints. */
#include <criterion/criterion.h>
#include <json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/cli/options.h"
#include "runner/commands/commands.h"
#include "runner/kernel/sysfs.h"
#include "runner/run/run.h"
#include "fixture.h"

static const struct plan_inputs inputs = { .pid = 4242, .seed = 0x5eed };
static struct config cfg;
static struct run run;
static char *text;

#define NARGS(...) (int)(sizeof((char *[]){ "zswapbench", __VA_ARGS__ }) / sizeof(char *))
#define DRY(...)                                                                                   \
	do {                                                                                       \
		char *argv_[] = { "zswapbench", __VA_ARGS__, NULL };                               \
		dry(NARGS(__VA_ARGS__), argv_);                                                    \
	} while (0)

static void dry(int argc, char **argv)
{
	char msg[512];
	size_t len = 0;
	FILE *out;

	cr_assert_eq(options_parse(command_of(NULL), argc, argv, &cfg, msg, sizeof(msg)),
		     OPTIONS_RUN, "%s", msg);
	run.cfg = &cfg;
	sysfs_set_root(FIXTURES "/v2");
	cr_assert_eq(cgroup_env_detect(&run.host.env), 0);
	cr_assert_eq(plan_build(&run.plan, &cfg, "/x/zswapbench-hogger", &inputs), 0);
	snprintf(run.placement.why, sizeof(run.placement.why), "CPU 1: chosen");
	run.placement.pinned = 1;
	out = open_memstream(&text, &len);
	cr_assert_not_null(out);
	cr_assert_eq(dry_run_print(&run, out), 0);
	fclose(out);
}

static void gone(void)
{
	free(text);
	plan_free(&run.plan);
	config_free(&cfg);
	sysfs_set_root(NULL);
}

TestSuite(dry_run, .fini = gone);

static void says(const char *line)
{
	cr_assert(strstr(text, line), "no '%s' in:\n%s", line, text);
}

static void says_not(const char *line)
{
	cr_assert_null(strstr(text, line), "'%s' in:\n%s", line, text);
}

Test(dry_run, the_plan_s_cells_and_order)
{
	DRY("--swap", "zram", "--comp", "lz4,zstd", "--trials", "3", "--warmup", "1", "--alloc",
	    "300M", "--limit", "100M", "--jobs", "1");
	says("plan: 2 cells x 3 trials (+1 warmup), interleaved order: 8 trials in all\n");
	says("  zram:lz4: limit 100M, 1 job, 300M written by the hogger\n");
	says("  workload pinned to CPU 1: chosen\n");
	/* 104 columns: wrapped within 100, its next line two columns in (base/wrap.h). */
	says("  first trials in order: zram:lz4#1 zram:zstd#1 zram:lz4#2 zram:zstd#2 zram:lz4#3 "
	     "zram:zstd#3\n    zram:lz4#4 zram:zstd#4\n");
	says_not(" ...");
	/* Each compressor is a change of its own. */
	says("\nzram:lz4:\n");
	says("\nzram:zstd:\n");
	/* 8 trials of 300M at 300 MiB/s, and the runner's: 8 probes of 0.03 s, 8 zram devices of
	 * 0.07 s, 8 cgroups of 0.01 s, 8 writes of 0.015 s and 0.25 s for the run. */
	says("estimated duration: about 9 s (0.2 min), for the hogger's fill at ~300 MiB/s");
	says("\n  the workloads 8.0 s; the runner's own 1.2 s: the probe 0.2 s, the devices made "
	     "and "
	     "undone 0.6 s,\n  the cgroups and spawns 0.1 s, the result file 0.1 s, the run's "
	     "start "
	     "and end 0.2 s\n");
}

Test(dry_run, more_than_eight_trials_are_cut)
{
	DRY("--swap", "zram", "--comp", "lz4,zstd", "--trials", "5", "--alloc", "30M", "--jobs",
	    "2");
	says("zram:zstd#4 ...\n");
	says("  zram:lz4: limit ");
	says(", 2 jobs, 30M written by the hogger\n");
}

Test(dry_run, copies_of_a_command)
{
	DRY("--swap", "zram", "--jobs", "3", "--", "sleep", "1");
	says(": limit ");
	says(", 3 copies of sleep\n");
	says("  once: a work directory zswapbench-PID.d beside the swapfile");
}

Test(dry_run, the_run_wide_settings)
{
	DRY("--swap", "zram", "--swappiness", "0", "--page-cluster", "0", "--thp", "madvise",
	    "--mthp", "64K:always,2M:inherit");
	says("for the run: vm.swappiness 0, restored\n");
	/* The top-level choice first: a size set to inherit follows it. */
	says("for the run: /sys/kernel/mm/transparent_hugepage/enabled madvise, restored\n"
	     "for the run: /sys/kernel/mm/transparent_hugepage/hugepages-64kB/enabled always, "
	     "restored\n"
	     "for the run: /sys/kernel/mm/transparent_hugepage/hugepages-2048kB/enabled inherit, "
	     "restored\n");
	says("for the run: vm.page-cluster 0, restored\n");
	says("\neach trial: a cgroup zswapbench-PID-CELL-TRIAL under /sys/fs/cgroup with "
	     "memory.max set to its\n  limit; removed after\n");
}

Test(dry_run, a_block_device_at_fio_s_speed)
{
	DRY("--target", "block", "--swap", "zram", "--modes", "seq-write", "--io-size", "500M",
	    "--swap-size", "32M", "--trials", "2");
	says("  zram seq-write: limit ");
	says(", fio seq-write, 1 job, about 500M moved\n");
	/* 2 trials of 500M at 500 MiB/s and the runner's 0.49 s. */
	says("estimated duration: about 2 s (0.0 min), for fio's bytes at ~500 MiB/s");
	says("  the workloads 2.0 s; the runner's own 0.5 s:");
}

/* The text's lines, each within 100 columns: a command, a path or a backend's change wrapped. */
Test(dry_run, every_line_within_100_columns)
{
	DRY("--swap", "zram", "--comp", "lz4,zstd", "--setup", "echo set up", "--prepare", "sync",
	    "--cleanup", "rm -f scratch", "--", "sh", "-c",
	    "dd if=/dev/zero of=scratch bs=1M count=64 status=none && sync && rm -f scratch");
	for (const char *p = text; *p;) {
		size_t n = strcspn(p, "\n");
		cr_expect_leq(n, 100, "a line of %zu: '%.*s'", n, (int)n, p);
		p += n + (p[n] == '\n');
	}
	/* 144 columns: broken after the word that fits, its next line two columns in. */
	says("\n  once: a work directory zswapbench-PID.d beside the swapfile, removed at the end "
	     "with what is in\n    it; in it, before the first trial: echo set up\n");
}

/* The JSON's lines are the text's, whole: a program reads them, no terminal. */
Test(dry_run, the_json_s_lines_are_not_wrapped)
{
	json_object *o, *v;

	DRY("--swap", "zram", "--format", "json");
	o = json_tokener_parse(text);
	cr_assert_not_null(o, "%s", text);
	cr_assert(json_object_object_get_ex(o, "run_changes", &v));
	cr_assert_str_eq(json_object_get_string(json_object_array_get_idx(v, 0)),
			 "each trial: a cgroup zswapbench-PID-CELL-TRIAL under /sys/fs/cgroup with "
			 "memory.max set to its limit; removed after");
	json_object_put(o);
}

Test(dry_run, json_has_the_cells_and_the_schedule)
{
	json_object *o, *v;

	DRY("--swap", "zram", "--comp", "lz4", "--trials", "2", "--format", "json");
	o = json_tokener_parse(text);
	cr_assert_not_null(o, "%s", text);
	cr_assert(json_object_object_get_ex(o, "schedule", &v));
	cr_assert_eq(json_object_array_length(v), 2);
	cr_assert(json_object_object_get_ex(o, "cells", &v));
	cr_assert_str_eq(json_object_get_string(json_object_object_get(
				 json_object_array_get_idx(v, 0), "workload")),
			 "hogger");
	cr_assert(json_object_object_get_ex(o, "estimated_seconds", &v));
	/* 2 zram trials of the default 300M: the parts add up to the whole. */
	{
		double total = json_object_get_double(v), sum = 0;
		json_object *b;
		cr_assert(json_object_object_get_ex(o, "estimated_budget", &b));
		json_object_object_foreach(b, key, part)
		{
			(void)key;
			sum += json_object_get_double(part);
		}
		cr_assert_float_eq(sum, total, 1e-9);
		cr_assert(json_object_object_get_ex(b, "devices", &v));
		cr_assert_float_eq(json_object_get_double(v), 0.14, 1e-9);
		cr_assert(json_object_object_get_ex(b, "probe", &v));
		cr_assert_float_eq(json_object_get_double(v), 0.06, 1e-9);
	}
	json_object_put(o);
}
