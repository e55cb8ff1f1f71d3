#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <string.h>

#include "runner/cli/options.h"

static enum options_result parse(char *msg, struct config *cfg, int argc, char **argv)
{
	return options_parse(argc, argv, cfg, msg, 512);
}

#define ARGS(...) ((char *[]){ "zswapbench", __VA_ARGS__, NULL })
#define NARGS(...) (int)(sizeof((char *[]){ "zswapbench", __VA_ARGS__ }) / sizeof(char *))

Test(options, defaults_match_the_issue)
{
	struct config cfg;
	char msg[512];
	char *argv[] = { "zswapbench", NULL };
	cr_assert_eq(parse(msg, &cfg, 1, argv), OPTIONS_RUN);
	cr_assert_eq(cfg.nlimits, 1);
	cr_assert_eq(cfg.limits[0], 50ULL << 20);
	cr_assert_eq(cfg.njobs, 1);
	cr_assert_eq(cfg.jobs[0], 1);
	cr_assert_eq(cfg.order, ORDER_INTERLEAVED);
	cr_assert_eq(cfg.alloc, 300ULL << 20);
	cr_assert_eq(cfg.trials, 3);
	cr_assert_eq(cfg.warmup, 0);
	cr_assert_eq(cfg.nbackends, 2);
	cr_assert_str_eq(cfg.backends[0], "disk");
	cr_assert_str_eq(cfg.backends[1], "zram");
	cr_assert_eq(cfg.chunk, 1ULL << 20);
	cr_assert_eq(cfg.priority, 100);
}

Test(options, lists_and_values)
{
	struct config cfg;
	char msg[512];
	cr_assert_eq(parse(msg, &cfg, NARGS("--swap", "zram", "--comp", "lzo,lz4", "--trials", "5",
					    "--limit", "32M", "--alloc", "128M", "--data", "random"),
			   ARGS("--swap", "zram", "--comp", "lzo,lz4", "--trials", "5", "--limit", "32M",
				"--alloc", "128M", "--data", "random")),
		     OPTIONS_RUN, "%s", msg);
	cr_assert_eq(cfg.nbackends, 1);
	cr_assert_eq(cfg.ncomps, 2);
	cr_assert_str_eq(cfg.comps[1], "lz4");
	cr_assert_eq(cfg.trials, 5);
	cr_assert_eq(cfg.limits[0], 32ULL << 20);
	cr_assert_str_eq(cfg.data, "random");
}

/* Each bad input names its option and its value in one line. */
static void rejects(const char *opt, const char *value, const char *needle)
{
	struct config cfg;
	char msg[512] = "";
	char *argv[] = { "zswapbench", (char *)opt, (char *)value, NULL };
	cr_assert_eq(options_parse(value ? 3 : 2, argv, &cfg, msg, sizeof(msg)), OPTIONS_USAGE,
		     "%s %s was accepted", opt, value ? value : "");
	cr_assert(strstr(msg, needle), "message '%s' lacks '%s'", msg, needle);
	cr_assert_null(strchr(msg, '\n'), "message must be one line: '%s'", msg);
}

Test(options, bad_input_names_option_and_value)
{
	rejects("--limit", "50X", "--limit '50X'");
	rejects("--limit", "-1", "--limit '-1'");
	rejects("--limit", "0", "--limit '0'");
	rejects("--alloc", "1Q", "--alloc '1Q'");
	rejects("--swap", "floppy", "unknown backend 'floppy'");
	rejects("--swap", "zram,zram", "named twice");
	rejects("--swap", "zram,", "--swap 'zram,'");
	rejects("--trials", "0", "--trials '0'");
	rejects("--trials", "abc", "--trials 'abc'");
	rejects("--priority", "40000", "--priority '40000'");
	rejects("--data", "stripes", "--data 'stripes'");
	rejects("--data", "compressible:101", "--data 'compressible:101'");
	rejects("--interval", "5", "--interval '5'");
	rejects("--bogus", NULL, "unknown option '--bogus'");
}

Test(options, compressor_without_a_backend_that_uses_one)
{
	struct config cfg;
	char msg[512];
	cr_assert_eq(parse(msg, &cfg, 5, ARGS("--swap", "disk", "--comp", "lz4")), OPTIONS_USAGE);
	cr_assert(strstr(msg, "--comp 'lz4'"), "%s", msg);
	cr_assert_eq(parse(msg, &cfg, 3, ARGS("--comp", "lz4")), OPTIONS_RUN, "the default runs zram");
}

Test(options, help_exits_ok)
{
	struct config cfg;
	char msg[512];
	cr_redirect_stdout();
	cr_assert_eq(parse(msg, &cfg, 2, ARGS("--help")), OPTIONS_EXIT_OK);
}

Test(options, sweep_axes)
{
	struct config cfg;
	char msg[512];
	cr_assert_eq(parse(msg, &cfg, 9, ARGS("--swap", "disk,zram,zswap", "--comp", "lzo,lz4", "--jobs", "1-10",
					      "--limit", "50M,100M")),
		     OPTIONS_RUN, "%s", msg);
	cr_assert_eq(cfg.nbackends, 3);
	cr_assert_eq(cfg.ncomps, 2);
	cr_assert_eq(cfg.njobs, 10);
	cr_assert_eq(cfg.jobs[9], 10);
	cr_assert_eq(cfg.nlimits, 2);
	cr_assert_eq(cfg.limits[1], 100ULL << 20);
	cr_assert_eq(parse(msg, &cfg, 3, ARGS("--jobs", "1,2,4")), OPTIONS_RUN, "%s", msg);
	cr_assert_eq(cfg.njobs, 3);
	cr_assert_eq(cfg.jobs[2], 4);
	cr_assert_eq(parse(msg, &cfg, 3, ARGS("--order", "shuffled:42")), OPTIONS_RUN, "%s", msg);
	cr_assert_eq(cfg.order, ORDER_SHUFFLED);
	cr_assert_eq(cfg.seed, 42);
	cr_assert_eq(parse(msg, &cfg, 3, ARGS("--jobs", "4-2")), OPTIONS_USAGE);
	cr_assert_eq(parse(msg, &cfg, 3, ARGS("--jobs", "1-40")), OPTIONS_USAGE, "more cells than a list holds");
	cr_assert_eq(parse(msg, &cfg, 3, ARGS("--limit", "50M,50M")), OPTIONS_USAGE);
}
