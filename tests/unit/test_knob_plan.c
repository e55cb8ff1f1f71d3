/* The plan of a sweep of settings (run/plan.c): a cell per combination of values, the last axis
 * varying fastest inside the other axes and fio's mode fastest of all, each cell's config with
 * its values set, labels naming the values that vary, a section's settings over the run's, which
 * cells share a device set up alike; and what --dry-run says each cell sets (run/dry_run.c). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runner/cli/option_parse.h"
#include "runner/cli/options.h"
#include "runner/commands/commands.h"
#include "runner/kernel/sysfs.h"
#include "runner/run/plan.h"
#include "runner/run/run.h"
#include "fixture.h"

static const struct plan_inputs inputs = { .pid = 4242, .seed = 0x5eed };
static struct config cfg;
static struct plan p;
static char path[64];

#define NARGS(...) (int)(sizeof((char *[]){ "zswapbench", __VA_ARGS__ }) / sizeof(char *))
#define PLAN(...)                                                                                  \
	do {                                                                                       \
		char *argv_[] = { "zswapbench", __VA_ARGS__, NULL };                               \
		plan_args(NARGS(__VA_ARGS__), argv_);                                              \
	} while (0)

static void plan_args(int argc, char **argv)
{
	char msg[1024];

	plan_free(&p);
	config_free(&cfg);
	cr_assert_eq(options_parse(command_of(NULL), argc, argv, &cfg, msg, sizeof(msg)),
		     OPTIONS_RUN, "%s", msg);
	cr_assert_eq(plan_build(&p, &cfg, "/x/zswapbench-hogger", &inputs), 0);
}

/* A plan from a config file of text. */
static void plan_conf(const char *text)
{
	char *argv[] = { "zswapbench", "--config", path, NULL };
	int fd;

	snprintf(path, sizeof(path), "/tmp/zsb-knobplan-XXXXXX");
	fd = mkstemp(path);
	cr_assert_geq(fd, 0);
	cr_assert_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
	plan_args(3, argv);
	unlink(path);
}

static void gone(void)
{
	plan_free(&p);
	config_free(&cfg);
}

TestSuite(knob_plan, .fini = gone);

static const char *arg_after(const struct plan_cell *c, const char *flag)
{
	for (size_t i = 0; c->hogger.argv[i]; i++)
		if (strcmp(c->hogger.argv[i], flag) == 0)
			return c->hogger.argv[i + 1];
	return NULL;
}

static void labels_are(const char *const *want, size_t n)
{
	cr_assert_eq(p.ncells, n, "%zu cells", p.ncells);
	for (size_t i = 0; i < n; i++)
		cr_assert_str_eq(p.cells[i].label, want[i], "cell %zu", i);
}

Test(knob_plan, a_cell_per_value_inside_jobs_the_last_setting_fastest)
{
	static const char *const want[] = {
		"zram jobs=1 swappiness=10 page-cluster=0",
		"zram jobs=1 swappiness=10 page-cluster=3",
		"zram jobs=1 swappiness=60 page-cluster=0",
		"zram jobs=1 swappiness=60 page-cluster=3",
		"zram jobs=2 swappiness=10 page-cluster=0",
		"zram jobs=2 swappiness=10 page-cluster=3",
		"zram jobs=2 swappiness=60 page-cluster=0",
		"zram jobs=2 swappiness=60 page-cluster=3",
	};

	PLAN("--swap", "zram", "--jobs", "1,2", "--swappiness", "10,60", "--page-cluster", "0,3");
	labels_are(want, 8);
	for (size_t i = 0; i < p.ncells; i++) {
		const struct plan_cell *c = &p.cells[i];
		cr_assert_eq(c->jobs, i < 4 ? 1 : 2);
		cr_assert_eq(c->nknobs, 2);
		cr_assert_eq(c->knob_id[0], O_SWAPPINESS);
		cr_assert_eq(c->knob_id[1], O_PAGE_CLUSTER);
		cr_assert_not_null(c->own_cfg);
		cr_assert_eq(c->cfg, c->own_cfg, "each cell its own settings");
		cr_assert_eq(c->cfg->swappiness, (i / 2) % 2 ? 60 : 10, "cell %zu", i);
		cr_assert_eq(c->cfg->page_cluster, i % 2 ? 3 : 0, "cell %zu", i);
		cr_assert_str_eq(c->knob_value[0], (i / 2) % 2 ? "60" : "10");
		cr_assert_str_eq(c->knob_value[1], i % 2 ? "3" : "0");
	}
	cr_assert_eq(cfg.swappiness, 10, "the run's own is the first value");
}

Test(knob_plan, the_settings_inside_comp_and_limit_and_outside_backends)
{
	static const char *const want[] = {
		"disk limit=32M thp=never",	 "disk limit=32M thp=always",
		"disk limit=64M thp=never",	 "disk limit=64M thp=always",
		"zram:lz4 limit=32M thp=never",	 "zram:lz4 limit=32M thp=always",
		"zram:lz4 limit=64M thp=never",	 "zram:lz4 limit=64M thp=always",
		"zram:zstd limit=32M thp=never", "zram:zstd limit=32M thp=always",
		"zram:zstd limit=64M thp=never", "zram:zstd limit=64M thp=always",
	};

	PLAN("--swap", "disk,zram", "--comp", "lz4,zstd", "--limit", "32M,64M", "--thp",
	     "never,always");
	labels_are(want, 12);
	cr_assert_eq(p.cells[6].limit, 64ULL << 20);
	cr_assert_str_eq(p.cells[6].comp, "lz4");
	cr_assert_str_eq(p.cells[6].cfg->thp, "never");
	cr_assert_str_eq(p.cells[11].cfg->thp, "always");
}

/* fio's mode is the fastest of all: a setting's cells each have every mode. */
Test(knob_plan, a_block_devices_modes_inside_the_settings)
{
	static const char *const want[] = {
		"zram thp=never seq-write",
		"zram thp=never seq-read",
		"zram thp=always seq-write",
		"zram thp=always seq-read",
	};

	PLAN("--target", "block", "--swap", "zram", "--modes", "seq-read,seq-write", "--swap-size",
	     "32M", "--thp", "never,always");
	labels_are(want, 4);
	cr_assert_str_eq(p.cells[1].cfg->thp, "never");
	cr_assert_str_eq(p.cells[2].cfg->thp, "always");
}

/* A workload setting reaches each cell's hogger as its own value. */
Test(knob_plan, each_cells_hogger_gets_its_own_data_and_access)
{
	PLAN("--swap", "zram", "--data", "random,compressible:75", "--access", "fill,reread:2");
	cr_assert_eq(p.ncells, 4);
	cr_assert_str_eq(p.cells[0].label, "zram data=random access=fill");
	cr_assert_str_eq(arg_after(&p.cells[0], "--data"), "random");
	cr_assert_str_eq(arg_after(&p.cells[1], "--data"), "random");
	cr_assert_str_eq(arg_after(&p.cells[1], "--access"), "reread:2");
	cr_assert_str_eq(arg_after(&p.cells[2], "--data"), "compressible:75");
	cr_assert_str_eq(arg_after(&p.cells[3], "--access"), "reread:2");
	cr_assert_str_eq(p.cells[3].cfg->data, "compressible:75");
}

Test(knob_plan, without_settings_a_cell_has_the_runs_config)
{
	PLAN("--swap", "disk,zram", "--swappiness", "30");
	cr_assert_eq(p.ncells, 2);
	cr_assert_str_eq(p.cells[1].label, "zram");
	cr_assert_eq(p.cells[1].cfg, &cfg);
	cr_assert_null(p.cells[1].own_cfg);
	cr_assert_eq(p.cells[1].nknobs, 0);
}

/* A section's setting replaces the run's of the same option; the run's others stay. */
Test(knob_plan, a_sections_settings_over_the_runs)
{
	static const char *const want[] = {
		"a zram swappiness=10 page-cluster=0",
		"a zram swappiness=10 page-cluster=3",
		"a zram swappiness=20 page-cluster=0",
		"a zram swappiness=20 page-cluster=3",
		"b zram jobs=1 swappiness=70",
		"b zram jobs=1 swappiness=80",
		"b zram jobs=2 swappiness=70",
		"b zram jobs=2 swappiness=80",
		"c zram page-cluster=0",
		"c zram page-cluster=3",
	};

	/* page-cluster in [run] as well: b's cells get it back after a's (a machine setting of
	 * some sections alone is refused). */
	plan_conf("[run]\nswappiness = 70,80\npage-cluster = 1\n[a]\nswap = zram\nswappiness = "
		  "10,20\npage-cluster = "
		  "0,3\n[b]\nswap = zram\njobs = 1,2\n[c]\nswap = zram\nswappiness = 5\n"
		  "page-cluster = 0,3\n");
	labels_are(want, 10);
	cr_assert_eq(p.cells[0].nknobs, 2);
	cr_assert_eq(p.cells[0].knob_id[0], O_SWAPPINESS);
	cr_assert_eq(p.cells[2].cfg->swappiness, 20);
	cr_assert_eq(p.cells[5].nknobs, 1);
	cr_assert_eq(p.cells[5].cfg->swappiness, 80, "the run's list where b has none");
	cr_assert_eq(p.cells[8].cfg->swappiness, 5, "c's one value, not named in its label");
	cr_assert_eq(p.cells[9].cfg->page_cluster, 3);
	cr_assert_eq(p.cells[9].nknobs, 2);
}

/* A section of one value and nothing else that varies is named by the section alone; with an
 * axis that varies, the one value is still not named. */
Test(knob_plan, a_sections_one_value_is_no_axis_in_its_label)
{
	plan_conf("[a]\nswap = zram\nswappiness = 10\n[b]\nswap = zram\njobs = 1,2\nswappiness = "
		  "10\n[c]\nswap = zram\nswappiness = 10,60\n");
	cr_assert_eq(p.ncells, 5);
	cr_assert_str_eq(p.cells[0].label, "a");
	cr_assert_eq(p.cells[0].cfg->swappiness, 10);
	cr_assert_str_eq(p.cells[1].label, "b zram jobs=1");
	cr_assert_str_eq(p.cells[2].label, "b zram jobs=2");
	cr_assert_str_eq(p.cells[3].label, "c zram swappiness=10");
	cr_assert_str_eq(p.cells[4].label, "c zram swappiness=60");
}

/* Cells share a device set up alike: the same backend, compressor and values of swap/'s
 * settings; a machine-wide setting (swappiness) makes no device of its own. */
Test(knob_plan, a_device_differs_on_a_backend_setting_and_not_on_a_machine_one)
{
	PLAN("--swap", "zram", "--zram-size", "256M,1G", "--swappiness", "10,60");
	cr_assert_eq(p.ncells, 4);
	cr_assert(plan_cells_same_device(&p.cells[0], &p.cells[1]), "only swappiness differs");
	cr_assert(plan_cells_same_device(&p.cells[2], &p.cells[3]));
	cr_assert_not(plan_cells_same_device(&p.cells[0], &p.cells[2]));
	cr_assert_not(plan_cells_same_device(&p.cells[3], &p.cells[1]));
	cr_assert_eq(p.cells[2].cfg->backend.zram.size, 1ULL << 30);
	PLAN("--swap", "zram", "--comp", "lz4,zstd", "--swappiness", "10,60");
	cr_assert(plan_cells_same_device(&p.cells[0], &p.cells[1]));
	cr_assert_not(plan_cells_same_device(&p.cells[1], &p.cells[2]), "lz4 and zstd");
	PLAN("--swap", "disk,zram", "--swappiness", "10,60");
	cr_assert_not(plan_cells_same_device(&p.cells[1], &p.cells[2]), "disk and zram");
}

/* A cell without a backend setting of its own is not one with a value of it, either way. */
Test(knob_plan, a_device_without_the_setting_is_not_one_with_it)
{
	plan_conf("[run]\nswappiness = 60\n[a]\nswap = zram\n[b]\nswap = zram\nzram-size = "
		  "1G\n[c]\nswap = zram\n"
		  "zram-size = 1G\nswappiness = 10\n");
	cr_assert_eq(p.ncells, 3);
	cr_assert_not(plan_cells_same_device(&p.cells[0], &p.cells[1]));
	cr_assert_not(plan_cells_same_device(&p.cells[1], &p.cells[0]));
	cr_assert(plan_cells_same_device(&p.cells[1], &p.cells[2]));
	cr_assert(plan_cells_same_device(&p.cells[2], &p.cells[1]));
}

/* ---- --dry-run ---- */

static struct run run;
static char *text;

static void dry_gone(void)
{
	free(text);
	text = NULL;
	plan_free(&run.plan);
	config_free(&cfg);
	sysfs_set_root(NULL);
}

TestSuite(knob_dry_run, .fini = dry_gone);

#define DRY(...)                                                                                   \
	do {                                                                                       \
		char *argv_[] = { "zswapbench", __VA_ARGS__, NULL };                               \
		dry(NARGS(__VA_ARGS__), argv_);                                                    \
	} while (0)

/* As test_dry_run.c's: the plan's text on the fixture v2 machine. */
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

static void says(const char *line)
{
	cr_assert(strstr(text, line), "no '%s' in:\n%s", line, text);
}

static void says_not(const char *line)
{
	cr_assert_null(strstr(text, line), "'%s' in:\n%s", line, text);
}

Test(knob_dry_run, each_cell_says_what_it_sets_before_its_trials)
{
	DRY("--swap", "zram", "--comp", "lz4", "--swappiness", "10,60", "--page-cluster", "0,3");
	says("for the run: vm.swappiness 10, restored\n");
	/* Within 100 columns (base/wrap.h): each cell's line goes on, two columns in. */
	says("\ncell 1 (zram:lz4 swappiness=10 page-cluster=0): before each of its trials "
	     "--swappiness 10,\n  --page-cluster 0, restored at the end\n"
	     "cell 2 (zram:lz4 swappiness=10 page-cluster=3): before each of its trials "
	     "--swappiness 10,\n  --page-cluster 3, restored at the end\n"
	     "cell 3 (zram:lz4 swappiness=60 page-cluster=0): before each of its trials "
	     "--swappiness 60,\n  --page-cluster 0, restored at the end\n"
	     "cell 4 (zram:lz4 swappiness=60 page-cluster=3): before each of its trials "
	     "--swappiness 60,\n  --page-cluster 3, restored at the end\n");
	says_not("cell 5");
	/* One device: the cells differ only in settings of the machine. */
	says("\nzram:lz4 swappiness=10 page-cluster=0:\n");
	says_not("\nzram:lz4 swappiness=60 page-cluster=0:\n");
}

Test(knob_dry_run, a_cell_without_settings_of_its_own_says_none)
{
	DRY("--swap", "zram", "--swappiness", "10");
	says("for the run: vm.swappiness 10, restored\n");
	says_not("before each of its trials");
	dry_gone();
	DRY("--swap", "disk,zram", "--data", "random,compressible:75");
	says("cell 4 (zram data=compressible:75): before each of its trials --data "
	     "compressible:75, restored at\n  the end\n");
	says_not("cell 5");
}

/* Each device set up differently is described once, with its own size. */
Test(knob_dry_run, a_device_of_each_backend_setting)
{
	DRY("--swap", "zram", "--zram-size", "256M,1G", "--swappiness", "10,60");
	says("\nzram zram-size=256M swappiness=10:\n");
	says("disksize 256M; reset after\n");
	says("\nzram zram-size=1G swappiness=10:\n");
	says("disksize 1G; reset after\n");
	says_not("\nzram zram-size=256M swappiness=60:\n");
	says_not("\nzram zram-size=1G swappiness=60:\n");
}
