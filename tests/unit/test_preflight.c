/* The checks before any change (run/preflight.c) on fixture machines (--sysroot, so no root
 * is needed): paths the run will write, the workload found, what the cgroup mode cannot do,
 * memory the machine cannot spare, and the warnings about a plan. Nothing is changed. */
#include <criterion/criterion.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runner/base/log.h"
#include "runner/cli/options.h"
#include "runner/commands/commands.h"
#include "runner/kernel/sysfs.h"
#include "runner/run/plan.h"
#include "runner/run/preflight.h"
#include "fixture.h"
#include "tools.h"

static const struct plan_inputs inputs = { .pid = 4242, .seed = 0x5eed };
static struct config cfg;
static struct host host;
static struct plan plan;

#define NARGS(...) (int)(sizeof((char *[]){ "zswapbench", __VA_ARGS__ }) / sizeof(char *))
#define CHECK(root, ...)                                                                           \
	({                                                                                         \
		char *argv_[] = { "zswapbench", "--sysroot", root, "--hogger",                     \
				  "/bin/true",	__VA_ARGS__, NULL };                               \
		check(NARGS("--sysroot", root, "--hogger", "/bin/true", __VA_ARGS__), argv_,       \
		      root);                                                                       \
	})

static int check(int argc, char **argv, const char *root)
{
	char msg[512];

	config_free(&cfg);
	cr_assert_eq(options_parse(command_of(NULL), argc, argv, &cfg, msg, sizeof(msg)),
		     OPTIONS_RUN, "%s", msg);
	sysfs_set_root(root);
	return preflight(&cfg, &host);
}

static void gone(void)
{
	plan_free(&plan);
	config_free(&cfg);
	sysfs_set_root(NULL);
}

TestSuite(preflight, .fini = gone);

Test(preflight, a_plain_run_passes_and_finds_its_hogger)
{
	cr_assert_eq(CHECK(FIXTURES "/v2", "--swap", "zram"), 0);
	cr_assert_str_eq(host.hogger, "/bin/true");
	cr_assert(host.env.memory_v2);
}

Test(preflight, an_output_in_a_folder_that_is_not_there)
{
	cr_assert_eq(CHECK(FIXTURES "/v2", "--output", "/nonexistent/r.json"), EXIT_USAGE);
	cr_assert_eq(CHECK(FIXTURES "/v2", "--output", "/tmp"), EXIT_USAGE, "a folder");
	cr_assert_eq(CHECK(FIXTURES "/v2", "--output", "/tmp/zsb-unit-preflight.json"), 0);
}

/* A --plot folder another user could change is refused before the trials, not after them. */
Test(preflight, a_plot_folder_others_could_change)
{
	char *dir = temp_dir("zsb-preflight"), link[PATH_MAX];

	cr_assert_eq(chmod(dir, 0777), 0);
	cr_expect_eq(CHECK(FIXTURES "/v2", "--swap", "zram", "--plot", dir), EXIT_USAGE);
	cr_assert_eq(chmod(dir, 0755), 0);
	snprintf(link, sizeof(link), "%s-link", dir);
	cr_assert_eq(symlink(dir, link), 0);
	cr_expect_eq(CHECK(FIXTURES "/v2", "--swap", "zram", "--plot", link), EXIT_USAGE);
	unlink(link);
	remove_dir(dir);
}

Test(preflight, a_command_found_in_path_or_not)
{
	cr_assert_eq(CHECK(FIXTURES "/v2", "--", "sh", "-c", "true"), 0);
	cr_assert_eq(CHECK(FIXTURES "/v2", "--", "zsb-no-such-command"), EXIT_USAGE);
	cr_assert_eq(CHECK(FIXTURES "/v2", "--", "/bin/sh"), 0);
	cr_assert_eq(CHECK(FIXTURES "/v2", "--", "/nonexistent/sh"), EXIT_USAGE);
}

Test(preflight, a_hogger_that_is_not_there)
{
	char *argv[] = { "zswapbench", "--sysroot",	 FIXTURES "/v2",
			 "--hogger",   "/nonexistent/h", NULL };

	cr_assert_eq(check(5, argv, FIXTURES "/v2"), EXIT_USAGE);
}

Test(preflight, what_cgroup_v1_cannot_do)
{
	cr_assert_eq(CHECK(FIXTURES "/v1", "--pressure-target", "1"), EXIT_UNSUPPORTED);
	cr_assert_eq(CHECK(FIXTURES "/v1", "--swap", "zram"), 0);
	cr_assert_eq(CHECK(FIXTURES "/v2", "--pressure-target", "1"), 0);
	cr_assert_eq(CHECK(FIXTURES "/v2", "--limit-mode", "high"), 0);
}

Test(preflight, switches_this_kernel_lacks)
{
	cr_assert_eq(CHECK(FIXTURES "/v2", "--thp", "never"), EXIT_UNSUPPORTED);
}

/* A machine of 8G with 1G available: 256M kept as the margin (5% is 410M: that then). */
static char *machine_with(const char *meminfo)
{
	char *root = temp_dir("zsb-unit-preflight");
	char path[PATH_MAX], cmd[2 * PATH_MAX];
	FILE *f;

	snprintf(cmd, sizeof(cmd), "cp -r '%s'/. '%s'", FIXTURES "/v2", root);
	cr_assert_eq(system(cmd), 0);
	snprintf(path, sizeof(path), "%s/proc/meminfo", root);
	f = fopen(path, "w");
	cr_assert_not_null(f);
	fputs(meminfo, f);
	fclose(f);
	return root;
}

static int memory_check(char *root, int argc, char **argv)
{
	int status = check(argc, argv, root);

	cr_assert_eq(status, 0);
	cr_assert_eq(plan_build(&plan, &cfg, host.hogger, &inputs), 0);
	return preflight_plan(&cfg, &host, &plan);
}

Test(preflight, background_memory_the_machine_cannot_spare)
{
	char *root = machine_with("MemTotal: 8388608 kB\nMemAvailable: 1048576 kB\n");
	char *fits[] = { "zswapbench", "--sysroot", root,   "--hogger",	    "/bin/true", "--swap",
			 "disk",       "--limit",   "100M", "--background", "500M",	 NULL };
	char *too_much[] = { "zswapbench", "--sysroot",	   root,   "--hogger",
			     "/bin/true",  "--swap",	   "disk", "--limit",
			     "100M",	   "--background", "600M", NULL };

	/* 1G less 410M spare: 500M and the 100M limit fit, 600M do not. */
	cr_assert_eq(memory_check(root, 11, fits), 0);
	plan_free(&plan);
	cr_assert_eq(memory_check(root, 11, too_much), EXIT_UNSUPPORTED);
	remove_dir(root);
}

Test(preflight, the_margin_is_at_least_256m)
{
	char *root = machine_with("MemTotal: 2097152 kB\nMemAvailable: 1048576 kB\n");
	char *fits[] = { "zswapbench", "--sysroot", root,   "--hogger",	    "/bin/true", "--swap",
			 "disk",       "--limit",   "100M", "--background", "600M",	 NULL };
	char *too_much[] = { "zswapbench", "--sysroot",	   root,   "--hogger",
			     "/bin/true",  "--swap",	   "disk", "--limit",
			     "100M",	   "--background", "700M", NULL };

	/* 1G less 256M (5% of 2G is 102M): 600M and 100M fit, 700M do not. */
	cr_assert_eq(memory_check(root, 11, fits), 0);
	plan_free(&plan);
	cr_assert_eq(memory_check(root, 11, too_much), EXIT_UNSUPPORTED);
	remove_dir(root);
}

static char said[4096];

static const char *warned(void)
{
	size_t n;

	fflush(stderr);
	rewind(stderr);
	n = fread(said, 1, sizeof(said) - 1, stderr);
	said[n] = '\0';
	return said;
}

Test(preflight, warnings_about_the_plan)
{
	char other[512] = "";

	cr_assert_eq(CHECK(FIXTURES "/v2", "--swap", "disk", "--limit", "400M", "--alloc", "300M"),
		     0);
	cr_assert_eq(plan_build(&plan, &cfg, host.hogger, &inputs), 0);
	cr_assert_not_null(freopen("/tmp/zsb-unit-preflight.txt", "w+", stderr));
	warnings(&cfg, &host, &plan, other, sizeof(other));
	cr_assert(strstr(warned(), "disk: 300M allocated fits in --limit 400M: nothing will swap"),
		  "%s", said);
	plan_free(&plan);
	cr_assert_eq(CHECK(FIXTURES "/v2", "--swap", "disk", "--limit", "100M", "--alloc", "300M",
			   "--swap-size", "100M"),
		     0);
	cr_assert_eq(plan_build(&plan, &cfg, host.hogger, &inputs), 0);
	cr_assert_not_null(freopen("/tmp/zsb-unit-preflight.txt", "w+", stderr));
	warnings(&cfg, &host, &plan, other, sizeof(other));
	cr_assert(strstr(warned(),
			 "disk: 300M allocated exceeds the limit plus swap (200M): "
			 "expect an OOM kill"),
		  "%s", said);
	plan_free(&plan);
	cr_assert_eq(CHECK(FIXTURES "/v2", "--swap", "disk", "--limit", "300M", "--alloc", "300M"),
		     0);
	cr_assert_eq(plan_build(&plan, &cfg, host.hogger, &inputs), 0);
	cr_assert_not_null(freopen("/tmp/zsb-unit-preflight.txt", "w+", stderr));
	warnings(&cfg, &host, &plan, other, sizeof(other));
	cr_assert(strstr(warned(), "disk: 300M allocated fits in --limit 300M"), "%s", said);
	plan_free(&plan);
	/* 200M beyond the 150M of swap, within the limit and the swap together: no OOM kill. */
	cr_assert_eq(CHECK(FIXTURES "/v2", "--swap", "disk", "--limit", "100M", "--alloc", "200M",
			   "--swap-size", "150M"),
		     0);
	cr_assert_eq(plan_build(&plan, &cfg, host.hogger, &inputs), 0);
	cr_assert_not_null(freopen("/tmp/zsb-unit-preflight.txt", "w+", stderr));
	warnings(&cfg, &host, &plan, other, sizeof(other));
	cr_assert_null(strstr(warned(), "expect an OOM kill"), "%s", said);
	unlink("/tmp/zsb-unit-preflight.txt");
}
