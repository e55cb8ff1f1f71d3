/* A run against a fixture tree (run/run.c): every check made, the plan printed as a dry run,
 * nothing locked, journaled or changed; a plan a backend refuses stops before that. */
#include <criterion/criterion.h>
#include <json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runner/base/log.h"
#include "runner/cli/options.h"
#include "runner/commands/commands.h"
#include "runner/kernel/sysfs.h"
#include "runner/run/run.h"
#include "fixture.h"
#include "tools.h"

#define OUT "/tmp/zsb-unit-run-main.txt"

static struct config cfg;
static char *printed;

#define NARGS(...) (int)(sizeof((char *[]){ "zswapbench", __VA_ARGS__ }) / sizeof(char *))
#define RUN(...)                                                                                   \
	({                                                                                         \
		char *argv_[] = { "zswapbench", "--sysroot", FIXTURES "/v2",                       \
				  "--hogger",	"/bin/true", __VA_ARGS__,                          \
				  NULL };                                                          \
		run(NARGS("--sysroot", FIXTURES "/v2", "--hogger", "/bin/true", __VA_ARGS__),      \
		    argv_);                                                                        \
	})

/* The whole file, empty or not. */
static char *read_all(const char *path)
{
	char *text = calloc(1, 1 << 16);
	FILE *f = fopen(path, "r");
	size_t n;

	cr_assert(text && f);
	n = fread(text, 1, (1 << 16) - 1, f);
	text[n] = '\0';
	fclose(f);
	return text;
}

static int run(int argc, char **argv)
{
	char msg[512];
	int status;

	cr_assert_eq(options_parse(command_of(NULL), argc, argv, &cfg, msg, sizeof(msg)),
		     OPTIONS_RUN, "%s", msg);
	cr_assert_not_null(freopen(OUT, "w", stdout));
	status = run_main(&cfg);
	fflush(stdout);
	printed = read_all(OUT);
	return status;
}

static void gone(void)
{
	free(printed);
	config_free(&cfg);
	sysfs_set_root(NULL);
	unlink(OUT);
}

TestSuite(run_main, .fini = gone);

Test(run_main, a_fixture_tree_gets_the_dry_run)
{
	cr_assert_eq(RUN("--swap", "none", "--trials", "2"), 0);
	cr_assert(strstr(printed, "plan: 1 cells x 2 trials"), "%s", printed);
	cr_assert(strstr(printed, "  workload not pinned: the online CPUs are unknown"), "%s",
		  printed);
}

Test(run_main, a_backend_the_tree_lacks_stops_the_run)
{
	cr_assert_neq(RUN("--swap", "zram"), 0);
	cr_assert_str_eq(printed, "", "no plan for a run that cannot be made");
}

static const char *swapfile_of(void)
{
	static char path[512];
	json_object *o = json_tokener_parse(printed), *v;

	cr_assert_not_null(o, "%s", printed);
	cr_assert(json_object_object_get_ex(o, "swapfile", &v));
	snprintf(path, sizeof(path), "%s", json_object_get_string(v));
	json_object_put(o);
	return path;
}

Test(run_main, the_swapfile_as_the_kernel_spells_it)
{
	cr_assert_eq(RUN("--swap", "disk", "--format", "json", "--swapfile", "/tmp/.//x.swap"), 0);
	cr_assert_str_eq(swapfile_of(), "/tmp/x.swap");
	free(printed);
	config_free(&cfg);
	cr_assert_eq(RUN("--swap", "disk", "--format", "json", "--swapfile", "/x.swap"), 0);
	cr_assert_str_eq(swapfile_of(), "/x.swap", "not //x.swap");
}
