#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <errno.h>
#include <inttypes.h>
#include <json.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "runner/cli/help.h"
#include "runner/cli/option_parse.h"
#include "runner/cli/options.h"
#include "runner/cli/report_opts.h"
#include "runner/commands/commands.h"
#include "fixture.h"

/* Parses a run's command line into cfg, freeing what a parse before left in it (cfg starts
 * zeroed). */
static enum options_result parse(char *msg, struct config *cfg, int argc, char **argv)
{
	config_free(cfg);
	return options_parse(command_of(NULL), argc, argv, cfg, msg, 512);
}

/* The id of the row named name: the rows swap/ gives have no enum option_id. */
static int id_named(const char *name)
{
	return option_id_of(option_find(name));
}

#define ARGS(...) ((char *[]){ "zswapbench", __VA_ARGS__, NULL })
#define NARGS(...) (int)(sizeof((char *[]){ "zswapbench", __VA_ARGS__ }) / sizeof(char *))

Test(options, defaults_match_the_table)
{
	struct config cfg = { 0 };
	char msg[512];
	char *argv[] = { "zswapbench", NULL };
	cr_assert_eq(parse(msg, &cfg, 1, argv), OPTIONS_RUN);
	cr_assert_eq(cfg.limit.n, 1);
	cr_assert_eq(cfg.limit.v[0], 50ULL << 20);
	cr_assert_eq(cfg.jobs.n, 1);
	cr_assert_eq(cfg.jobs.v[0], 1);
	cr_assert_eq(cfg.order, ORDER_INTERLEAVED);
	cr_assert_eq(cfg.alloc, 300ULL << 20);
	cr_assert_eq(cfg.trials, 5, "an exact test reaches p < 0.05 only from 4 a side");
	cr_assert_eq(cfg.warmup, 0);
	cr_assert_eq(cfg.swap.n, 2);
	cr_assert_str_eq(cfg.swap.v[0], "disk");
	cr_assert_str_eq(cfg.swap.v[1], "zram");
	cr_assert_eq(cfg.chunk, 1ULL << 20);
	cr_assert_eq(cfg.backend.priority, 100);
	cr_assert_eq(cfg.swappiness, -1, "not given: the kernel's own is left alone");
	cr_assert_eq(cfg.timeout_ms, 600000);
	cr_assert_eq(cfg.interval_ms, 10);
	for (int id = 0; id < OPTION_ID_MAX; id++)
		cr_assert_not(cfg.given[id], "--%s counted as given by default",
			      option_row(id) ? option_row(id)->name : "(no row)");
	config_free(&cfg);
}

/* Every default in the table goes through its own parser. */
Test(options, every_default_parses)
{
	for (size_t pos = 0; pos < option_count(); pos++) {
		int id = option_at(pos);
		struct config cfg = { 0 };
		char msg[512];
		if (!option_row(id)->def)
			continue;
		options_defaults(&cfg);
		cr_assert_eq(option_apply(&cfg, id, option_row(id)->def, msg, sizeof(msg)), 0,
			     "default of --%s: %s", option_row(id)->name, msg);
		config_free(&cfg);
	}
}

Test(options, lists_and_values)
{
	struct config cfg = { 0 };
	char msg[512];
	cr_assert_eq(parse(msg, &cfg,
			   NARGS("--swap", "zram", "--comp", "lzo,lz4", "--trials", "5", "--limit",
				 "32M", "--alloc", "128M", "--data", "random"),
			   ARGS("--swap", "zram", "--comp", "lzo,lz4", "--trials", "5", "--limit",
				"32M", "--alloc", "128M", "--data", "random")),
		     OPTIONS_RUN, "%s", msg);
	cr_assert_eq(cfg.swap.n, 1);
	cr_assert_eq(cfg.comp.n, 2);
	cr_assert_str_eq(cfg.comp.v[1], "lz4");
	cr_assert_eq(cfg.trials, 5);
	cr_assert_eq(cfg.limit.v[0], 32ULL << 20);
	cr_assert_str_eq(cfg.data, "random");
	config_free(&cfg);
}

Test(options, durations_take_units_and_bare_numbers_are_seconds)
{
	struct config cfg = { 0 };
	char msg[512];
	cr_assert_eq(parse(msg, &cfg, 5, ARGS("--interval", "10ms", "--timeout", "10m")),
		     OPTIONS_RUN, "%s", msg);
	cr_assert_eq(cfg.interval_ms, 10);
	cr_assert_eq(cfg.timeout_ms, 600000);
	cr_assert_eq(parse(msg, &cfg, 5, ARGS("--interval", "2", "--timeout", "30")), OPTIONS_RUN,
		     "%s", msg);
	cr_assert_eq(cfg.interval_ms, 2000, "a bare --interval is seconds, as every duration");
	cr_assert_eq(cfg.timeout_ms, 30000, "a bare --timeout is seconds");
	cr_assert_eq(parse(msg, &cfg, 3, ARGS("--interval", "250")), OPTIONS_USAGE);
	cr_assert(strstr(msg, "a bare number is seconds"), "%s", msg);
	options_defaults(&cfg);
	cr_assert_eq(option_apply(&cfg, option_id_named("ready-timeout"), "5", msg, sizeof(msg)), 0,
		     "%s", msg);
	cr_assert_eq(cfg.driver.service.ready_timeout_ms, 5000,
		     "a bare --ready-timeout is seconds");
	config_free(&cfg);
	cr_assert_eq(parse(msg, &cfg, 5, ARGS("--interval", "0", "--timeout", "0")), OPTIONS_RUN,
		     "%s", msg);
	cr_assert_eq(cfg.interval_ms, 0);
	cr_assert_eq(parse(msg, &cfg, 3, ARGS("--interval", "2s")), OPTIONS_RUN, "%s", msg);
	cr_assert_eq(cfg.interval_ms, 2000);
	config_free(&cfg);
}

Test(options, sizes_follow_util_linux)
{
	struct config cfg = { 0 };
	char msg[512];
	cr_assert_eq(parse(msg, &cfg, 3, ARGS("--alloc", "300MB")), OPTIONS_RUN, "%s", msg);
	cr_assert_eq(cfg.alloc, 300000000ULL, "MB is decimal");
	cr_assert_eq(parse(msg, &cfg, 3, ARGS("--alloc", "300MiB")), OPTIONS_RUN, "%s", msg);
	cr_assert_eq(cfg.alloc, 300ULL << 20);
	cr_assert_eq(parse(msg, &cfg, 3, ARGS("--alloc", "0.5G")), OPTIONS_RUN, "%s", msg);
	cr_assert_eq(cfg.alloc, 512ULL << 20, "a fraction of a unit, as util-linux takes it");
	cr_assert_eq(parse(msg, &cfg, 3, ARGS("--limit", "0.5G,1.5G")), OPTIONS_RUN, "%s", msg);
	cr_assert_eq(cfg.limit.v[1], 1536ULL << 20);
	config_free(&cfg);
}

/* One option's value must be refused: exit 2's one line names the option and the value. */
static void refused(int id, const char *value, const char *why)
{
	struct config cfg = { 0 };
	static char msg[2 * PATH_MAX], needle[2 * PATH_MAX];
	options_defaults(&cfg);
	cr_assert_neq(option_apply(&cfg, id, value, msg, sizeof(msg)), 0,
		      "--%s '%s' (%s) was accepted", option_row(id)->name, value, why);
	snprintf(needle, sizeof(needle), "--%s '%s': ", option_row(id)->name, value);
	cr_assert(strncmp(msg, needle, strlen(needle)) == 0,
		  "%s: message '%s' does not start with '%s'", why, msg, needle);
	cr_assert_gt(strlen(msg), strlen(needle), "%s: no reason given: '%s'", why, msg);
	cr_assert_null(strchr(msg, '\n'), "message must be one line: '%s'", msg);
	cr_assert_eq(cfg.given[id], 0, "a refused value must not count as given");
	config_free(&cfg);
}

static void decimal(char *buf, size_t len, uint64_t v)
{
	snprintf(buf, len, "%" PRIu64, v);
}

/* Below min and above max, by type: what the table promises is what the parser enforces. */
static void check_range(int id)
{
	const struct option_desc *o = option_row(id);
	char below[64], above[64];

	switch (o->type) {
	case OT_SIZE:
	case OT_SIZE_LIST:
		if (o->min > 1) {
			decimal(below, sizeof(below), o->min - 1);
			refused(id, below, "below min");
		}
		if (o->max)
			decimal(above, sizeof(above), o->max + 1);
		else
			snprintf(above, sizeof(above), "17179869184T");
		refused(id, above, "above max");
		break;
	case OT_COUNT:
	case OT_INT:
	case OT_PERCENT:
		if (o->min > 0) {
			decimal(below, sizeof(below), o->min - 1);
			refused(id, below, "below min");
		}
		refused(id, "-1", "negative");
		decimal(above, sizeof(above), o->max + 1);
		refused(id, above, "above max");
		break;
	case OT_DURATION:
		snprintf(below, sizeof(below), "%" PRIu64 "ms", o->min - 1);
		if (o->min > 1)
			refused(id, below, "below min");
		snprintf(above, sizeof(above), "%" PRIu64 "ms", o->max + 1);
		refused(id, above, "above max");
		break;
	default:
		break;
	}
}

/* One option's value must be taken, and land in its field as the number typed (sizes in bytes,
 * durations in ms): a bound the parser treats as exclusive refuses the table's own min or max. */
static void accepted(int id, const char *value, uint64_t want, double want_real)
{
	const struct option_desc *o = option_row(id);
	struct config cfg = { 0 };
	char msg[512];
	const void *f;

	options_defaults(&cfg);
	cr_assert_eq(option_apply(&cfg, id, value, msg, sizeof(msg)), 0,
		     "--%s '%s' (a bound of the table) was refused: %s", o->name, value, msg);
	f = option_field_const(&cfg, o);
	switch (o->type) {
	case OT_SIZE:
	case OT_DURATION:
		cr_assert_eq(*(const uint64_t *)f, want, "--%s '%s'", o->name, value);
		break;
	case OT_SIZE_LIST:
		cr_assert_eq(((const struct size_list *)f)->n, 1, "--%s '%s'", o->name, value);
		cr_assert_eq(((const struct size_list *)f)->v[0], want, "--%s '%s'", o->name,
			     value);
		break;
	case OT_COUNT:
	case OT_PERCENT:
		cr_assert_eq(*(const unsigned *)f, (unsigned)want, "--%s '%s'", o->name, value);
		break;
	case OT_INT:
		cr_assert_eq(*(const int *)f, (int)want, "--%s '%s'", o->name, value);
		break;
	case OT_REAL:
		cr_assert_eq(*(const double *)f, want_real, "--%s '%s'", o->name, value);
		break;
	default:
		break;
	}
	config_free(&cfg);
}

/* Every numeric row of the table, at exactly its min and its max and one step beyond each:
 * the_table_as_a_table refuses the steps beyond, which a bound made exclusive would pass. */
Test(options, every_range_includes_its_bounds)
{
	char v[64];
	int tested = 0;

	for (size_t pos = 0; pos < option_count(); pos++) {
		int id = option_at(pos);
		const struct option_desc *o = option_row(id);
		switch (o->type) {
		case OT_SIZE:
		case OT_SIZE_LIST:
		case OT_COUNT:
		case OT_INT:
		case OT_PERCENT:
			/* A size of 0 is refused as no size at all, whatever the table says. */
			if (o->min > 0 || (o->type != OT_SIZE && o->type != OT_SIZE_LIST)) {
				decimal(v, sizeof(v), o->min);
				accepted(id, v, o->min, 0);
			}
			if (o->min > 0) {
				decimal(v, sizeof(v), o->min - 1);
				refused(id, v, "one below min");
			}
			/* A size's max of 0 is what any kernel can map: 2^56. */
			if (!o->max && (o->type == OT_SIZE || o->type == OT_SIZE_LIST)) {
				decimal(v, sizeof(v), 1ULL << 56);
				accepted(id, v, 1ULL << 56, 0);
				decimal(v, sizeof(v), (1ULL << 56) + 1);
				refused(id, v, "one above what a kernel can map");
			} else {
				decimal(v, sizeof(v), o->max);
				accepted(id, v, o->max, 0);
				decimal(v, sizeof(v), o->max + 1);
				refused(id, v, "one above max");
			}
			tested++;
			break;
		case OT_DURATION:
			snprintf(v, sizeof(v), "%" PRIu64 "ms", o->min);
			accepted(id, v, o->min, 0);
			snprintf(v, sizeof(v), "%" PRIu64 "ms", o->max);
			accepted(id, v, o->max, 0);
			snprintf(v, sizeof(v), "%" PRIu64 "ms", o->max + 1);
			refused(id, v, "one ms above max");
			if (o->min > 1) {
				snprintf(v, sizeof(v), "%" PRIu64 "ms", o->min - 1);
				refused(id, v, "one ms below min");
			}
			tested++;
			break;
		case OT_REAL:
			/* The nearest doubles beyond each bound: %.17g reads back exactly. */
			snprintf(v, sizeof(v), "%.17g", o->dmin);
			accepted(id, v, 0, o->dmin);
			snprintf(v, sizeof(v), "%.17g", o->dmax);
			accepted(id, v, 0, o->dmax);
			snprintf(v, sizeof(v), "%.17g", nextafter(o->dmax, INFINITY));
			refused(id, v, "just above max");
			if (o->dmin > 0) {
				snprintf(v, sizeof(v), "%.17g", nextafter(o->dmin, 0));
				refused(id, v, "just below min");
			}
			tested++;
			break;
		default:
			break;
		}
	}
	cr_assert_gt(tested, 20, "the table's numeric rows were not found");
}

/* A number is whole digits up to UINT64_MAX, the last digit counted in the overflow check. */
Test(options, numbers_up_to_uint64_max)
{
	uint64_t v = 0;

	cr_assert_eq(parse_u64_n("18446744073709551615", 20, &v), 0);
	cr_assert_eq(v, UINT64_MAX);
	cr_assert_eq(parse_u64_n("18446744073709551616", 20, &v), -ERANGE);
	cr_assert_eq(parse_u64_n("18446744073709551619", 20, &v), -ERANGE);
	cr_assert_eq(parse_u64_n("99999999999999999999", 20, &v), -ERANGE);
	cr_assert_eq(parse_u64_n("1844674407370955161", 19, &v), 0);
	cr_assert_eq(v, UINT64_MAX / 10);
	cr_assert_eq(parse_u64_n("12x", 3, &v), -EINVAL);
	cr_assert_eq(parse_u64_n("12x", 2, &v), 0, "a number ends at its length");
	cr_assert_eq(v, 12);
	cr_assert_eq(parse_u64_n("", 0, &v), -EINVAL);
}

/* --jobs is a custom list: its range is JOBS_MAX, not the table's. */
Test(options, jobs_range_includes_its_bounds)
{
	struct config cfg = { 0 };
	char msg[512], v[32];

	options_defaults(&cfg);
	snprintf(v, sizeof(v), "%d", JOBS_MAX);
	cr_assert_eq(option_apply(&cfg, O_JOBS, v, msg, sizeof(msg)), 0, "%s", msg);
	cr_assert_eq(cfg.jobs.v[0], JOBS_MAX);
	snprintf(v, sizeof(v), "1,%d", JOBS_MAX);
	cr_assert_eq(option_apply(&cfg, O_JOBS, v, msg, sizeof(msg)), 0, "%s", msg);
	snprintf(v, sizeof(v), "%d-%d", JOBS_MAX - LIST_MAX + 1, JOBS_MAX);
	cr_assert_eq(option_apply(&cfg, O_JOBS, v, msg, sizeof(msg)), 0, "%s", msg);
	cr_assert_eq(cfg.jobs.n, LIST_MAX);
	cr_assert_eq(cfg.jobs.v[LIST_MAX - 1], JOBS_MAX);
	config_free(&cfg);
	snprintf(v, sizeof(v), "%d", JOBS_MAX + 1);
	refused(O_JOBS, v, "one above JOBS_MAX");
	snprintf(v, sizeof(v), "1-%d", JOBS_MAX + 1);
	refused(O_JOBS, v, "a range past JOBS_MAX");
	snprintf(v, sizeof(v), "%d-%d", JOBS_MAX - LIST_MAX, JOBS_MAX);
	refused(O_JOBS, v, "a range of more than LIST_MAX values");
	refused(O_JOBS, "0", "no job");
	refused(O_JOBS, "3-2", "a range backwards");
}

Test(options, the_table_as_a_table)
{
	for (size_t pos = 0; pos < option_count(); pos++) {
		int id = option_at(pos);
		const struct option_desc *o = option_row(id);
		struct config cfg = { 0 };
		char msg[512];
		if (o->type == OT_ACTION || o->type == OT_FLAG)
			continue;
		cr_assert_not_null(o->example, "--%s has no example", o->name);
		options_defaults(&cfg);
		/* The example names the file where distributions install it; the test has its
		 * own. */
		cr_assert_eq(option_apply(&cfg, id,
					  strcmp(o->name, "zram-generator") == 0 ? FIXTURES
						  "/zram-generator.conf"
										 : o->example,
					  msg, sizeof(msg)),
			     0, "example of --%s: %s", o->name, msg);
		cr_assert(cfg.given[id]);
		if (o->parse == option_row(O_SETUP)->parse) /* a command as text */
			refused(id, "make | tee log", "shell syntax, with no shell to run it");
		else if (strcmp(o->name, "swapfile") ==
			 0) /* any path, relative too, that needs no quoting */
			refused(id, "a b.swap", "a blank in a path");
		else if (id == O_OUTPUT || id == O_PLOT || id == O_REPORT || id == O_PLOT_OUTPUT)
			refused(id, "-", "standard output, beside the run's answer");
		else if (o->type != OT_PATH || o->parse)
			refused(id, "x%y", "the wrong type");
		if (o->type != OT_CUSTOM || id == O_JOBS)
			refused(id, "", "empty");
		check_range(id);
		config_free(&cfg);
	}
}

Test(options, values_are_never_cut_to_fit)
{
	char zeros[200], value[300];
	struct config cfg = { 0 };
	char msg[512];

	memset(zeros, '0', sizeof(zeros) - 1);
	zeros[sizeof(zeros) - 1] = '\0';
	snprintf(value, sizeof(value), "%s2JUNK-4", zeros);
	refused(O_JOBS, value, "junk after many zeros");
	snprintf(value, sizeof(value), "10M,%s20MGARBAGE", zeros);
	refused(id_named("disk-throttle"), value, "junk after many zeros");
	snprintf(value, sizeof(value), "%s4", zeros);
	options_defaults(&cfg);
	cr_assert_eq(option_apply(&cfg, O_JOBS, value, msg, sizeof(msg)), 0, "%s", msg);
	cr_assert_eq(cfg.jobs.v[0], 4, "leading zeros are still a number");
	memset(value, 'a', sizeof(value) - 1);
	value[sizeof(value) - 1] = '\0';
	refused(O_SUFFIX, value, "longer than the field");
	{
		static char path[PATH_MAX + 10];
		memset(path, 'p', sizeof(path) - 1);
		path[0] = '/';
		refused(O_OUTPUT, path, "a path longer than PATH_MAX");
	}
	config_free(&cfg);
}

Test(options, bad_input_names_option_and_value)
{
	refused(O_LIMIT, "50X", "unit");
	refused(O_LIMIT, "512", "below 1M");
	refused(O_SWAP, "floppy", "unknown backend");
	refused(O_SWAP, "zram,zram", "named twice");
	refused(O_SWAP, "zram,", "trailing comma");
	refused(O_TRIALS, "0", "zero trials");
	refused(O_DATA, "compressible:101", "percent");
	refused(O_INTERVAL, "5ms", "below 10ms");
	refused(O_INTERVAL, "61", "above 60 s, a bare number being seconds");
	refused(O_ORDER, "shuffled:x", "seed");
}

Test(options, reasons_are_the_documented_ones)
{
	struct config cfg = { 0 };
	char msg[512];
	options_defaults(&cfg);
	option_apply(&cfg, O_TRIALS, "0", msg, sizeof(msg));
	cr_assert_str_eq(msg, "--trials '0': not a number of trials from 1 to 10000");
	option_apply(&cfg, O_LIMIT, "512", msg, sizeof(msg));
	cr_assert_str_eq(msg, "--limit '512': below 1M, the smallest --limit");
	option_apply(&cfg, O_SWAP, "zram,zram", msg, sizeof(msg));
	cr_assert_str_eq(msg, "--swap 'zram,zram': a backend is named twice");
	option_apply(&cfg, O_LIMIT_MODE, "low", msg, sizeof(msg));
	cr_assert_str_eq(msg, "--limit-mode 'low': not max or high");
	config_free(&cfg);
}

/* 2^64 - 1 bytes once wrapped preflight's sum of what the run holds to a small one, and the
 * hogger's chunks to none ("could not start 0 threads"): refused as the option's own. */
Test(options, a_background_beyond_any_machine_is_refused)
{
	struct config cfg = { 0 };
	char msg[512];

	options_defaults(&cfg);
	cr_assert_neq(option_apply(&cfg, O_BACKGROUND, "18446744073709551615", msg, sizeof(msg)),
		      0);
	cr_assert_str_eq(msg, "--background '18446744073709551615': too large (at most 16T)");
	cr_assert_neq(option_apply(&cfg, O_BACKGROUND, "17T", msg, sizeof(msg)), 0);
	cr_assert_eq(option_apply(&cfg, O_BACKGROUND, "16T", msg, sizeof(msg)), 0, "%s", msg);
	cr_assert_eq(cfg.background, 16ULL << 40);
	config_free(&cfg);
}

Test(options, unknown_and_missing)
{
	struct config cfg = { 0 };
	char msg[512];
	cr_assert_eq(parse(msg, &cfg, 2, ARGS("--bogus")), OPTIONS_USAGE);
	cr_assert_str_eq(msg, "unknown option '--bogus'");
	cr_assert_eq(parse(msg, &cfg, 2, ARGS("--trials")), OPTIONS_USAGE);
	cr_assert_str_eq(msg, "missing value for '--trials'");
	/* A second parse in the same process starts afresh (getopt's optind = 0). */
	cr_assert_eq(parse(msg, &cfg, 3, ARGS("-t", "4")), OPTIONS_RUN, "%s", msg);
	cr_assert_eq(cfg.trials, 4);
	config_free(&cfg);
}

Test(options, compressor_without_a_backend_that_uses_one)
{
	struct config cfg = { 0 };
	char msg[512];
	cr_assert_eq(parse(msg, &cfg, 5, ARGS("--swap", "disk", "--comp", "lz4")), OPTIONS_USAGE);
	cr_assert_str_eq(msg, "--comp 'lz4': only zram and zswap use this option; add --swap zram");
	cr_assert_eq(parse(msg, &cfg, 3, ARGS("--comp", "lz4")), OPTIONS_RUN,
		     "the default runs zram");
	config_free(&cfg);
}

Test(options, hogger_options_are_refused_for_a_command)
{
	struct config cfg = { 0 };
	char msg[512];
	cr_assert_eq(parse(msg, &cfg, 5, ARGS("--data", "mixed", "--", "true")), OPTIONS_USAGE);
	cr_assert_str_eq(msg, "--data 'mixed': only the hogger takes this option, not a command");
	config_free(&cfg);
}

/* A driver chosen by name runs its own program: the hogger's options, a command, a server and
 * a device target are each refused with it, in a line naming why. */
Test(options, a_named_drivers_conflicts_are_refused_by_name)
{
	const struct {
		int argc;
		char **argv;
		const char *said;
	} refused[] = {
		{ 5, ARGS("--workload", "stress-ng:vm", "--access", "hot:10:2"),
		  "--access 'hot:10:2': only the hogger takes this option, not stress-ng" },
		{ 5, ARGS("--workload", "stress-ng", "--data", "zero"),
		  "--data 'zero': only the hogger takes this option, not stress-ng" },
		{ 5, ARGS("--workload", "stress-ng:vm", "--", "true"),
		  "--workload 'stress-ng:vm': a command after -- is the workload then: give one or "
		  "the other" },
		{ 5, ARGS("--workload", "hogger", "--", "true"),
		  "--workload 'hogger': a command after -- is the workload then: give one or the "
		  "other" },
		{ 5, ARGS("--workload", "stress-ng:vm", "--load", "true"),
		  "--workload 'stress-ng:vm': not with --load, whose server is a command" },
		{ 7, ARGS("--workload", "stress-ng:vm", "--target", "block", "--swap", "zram"),
		  "--workload 'stress-ng:vm': only with --target swap" },
		{ 3, ARGS("--workload", "stress-ng:vm:0s"),
		  "--workload 'stress-ng:vm:0s': 'vm:0s': the time is 1s to 3600s, as in vm:30s" },
		{ 3, ARGS("--workload", "hogger:x"),
		  "--workload 'hogger:x': hogger takes no arguments" },
		{ 3, ARGS("--workload", "command"),
		  "--workload 'command': not hogger or stress-ng" },
	};
	struct config cfg = { 0 };
	char msg[512];

	for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
		config_free(&cfg);
		cr_expect_eq(parse(msg, &cfg, refused[i].argc, refused[i].argv), OPTIONS_USAGE,
			     "%s", refused[i].said);
		cr_expect_str_eq(msg, refused[i].said);
	}
	config_free(&cfg);
	cr_expect_eq(parse(msg, &cfg, 5, ARGS("--workload", "hogger", "--access", "hot:10:2")),
		     OPTIONS_RUN, "%s", msg);
	config_free(&cfg);
	cr_expect_eq(parse(msg, &cfg, 3, ARGS("--workload", "stress-ng:vm:5s")), OPTIONS_RUN, "%s",
		     msg);
	config_free(&cfg);
}

Test(options, help_lists_every_visible_option, .init = cr_redirect_stdout)
{
	struct config cfg = { 0 };
	char msg[512], help[32768] = "";
	FILE *out;
	size_t n;

	cr_assert_eq(parse(msg, &cfg, 2, ARGS("--help")), OPTIONS_HELP);
	options_help(stdout, command_of(NULL), commands, ncommands);
	fflush(stdout);
	out = cr_get_redirected_stdout();
	n = fread(help, 1, sizeof(help) - 1, out);
	help[n] = '\0';
	for (size_t pos = 0; pos < option_count(); pos++) {
		int id = option_at(pos);
		char needle[64];
		snprintf(needle, sizeof(needle), "--%s", option_row(id)->name);
		if (option_row(id)->flags & OPT_HIDDEN)
			cr_assert_null(strstr(help, needle), "%s is for developers, not in --help",
				       needle);
		else if (option_for(option_row(id), CMD_RUN))
			cr_assert_not_null(strstr(help, needle), "%s missing from --help", needle);
		else if (id != O_PLOT_OUTPUT && id != O_REPORT_OUTPUT && id != O_VIEW_OUTPUT &&
			 id != O_SYSINFO_FORMAT) { /* "--output", "--format": the run's too */
			char entry[80];
			snprintf(entry, sizeof(entry), " %s ",
				 needle); /* the option column, not "--cpus all" */
			cr_assert_null(strstr(help, entry), "%s is another command's, not a run's",
				       needle);
		}
	}
	for (char *line = strtok(help, "\n"); line; line = strtok(NULL, "\n"))
		cr_assert_leq(strlen(line), 80, "a help line passes 80 columns: %s", line);
	config_free(&cfg);
}

Test(options, sweep_axes)
{
	struct config cfg = { 0 };
	char msg[512];
	cr_assert_eq(parse(msg, &cfg, 9,
			   ARGS("--swap", "disk,zram,zswap", "--comp", "lzo,lz4", "--jobs", "1-10",
				"--limit", "50M,100M")),
		     OPTIONS_RUN, "%s", msg);
	cr_assert_eq(cfg.swap.n, 3);
	cr_assert_eq(cfg.comp.n, 2);
	cr_assert_eq(cfg.jobs.n, 10);
	cr_assert_eq(cfg.jobs.v[9], 10);
	cr_assert_eq(cfg.limit.n, 2);
	cr_assert_eq(cfg.limit.v[1], 100ULL << 20);
	cr_assert_eq(parse(msg, &cfg, 3, ARGS("--jobs", "1,2,4")), OPTIONS_RUN, "%s", msg);
	cr_assert_eq(cfg.jobs.n, 3);
	cr_assert_eq(cfg.jobs.v[2], 4);
	cr_assert_eq(parse(msg, &cfg, 3, ARGS("--order", "shuffled:42")), OPTIONS_RUN, "%s", msg);
	cr_assert_eq(cfg.order, ORDER_SHUFFLED);
	cr_assert_eq(cfg.seed, 42);
	cr_assert_eq(parse(msg, &cfg, 3, ARGS("--jobs", "4-2")), OPTIONS_USAGE);
	cr_assert_eq(parse(msg, &cfg, 3, ARGS("--jobs", "1-40")), OPTIONS_USAGE,
		     "more cells than a list holds");
	cr_assert_eq(parse(msg, &cfg, 3, ARGS("--limit", "50M,50M")), OPTIONS_USAGE);
	config_free(&cfg);
}

/* Paths and long texts are the config's own: a copy keeps its own after the source is freed
 * (ASan reads freed memory otherwise), and so do the command's words and the sections. */
Test(options, a_copied_config_outlives_its_source)
{
	struct config cfg = { 0 }, copy;
	char msg[512];

	cr_assert_eq(parse(msg, &cfg, 11,
			   ARGS("--swapfile", "/var/tmp/a.swap", "--setup", "true x", "--suffix",
				"-a", "--plot", "plots", "--", "sort", "-S", "1G")),
		     OPTIONS_RUN, "%s", msg);
	cr_assert_not_null(config_add_section(&cfg));
	snprintf(cfg.sections[0].name, NAME_LEN, "one");
	cr_assert_eq(config_copy(&copy, &cfg), 0);
	config_free(&cfg);
	cr_assert_str_eq(copy.backend.disk.swapfile, "/var/tmp/a.swap");
	cr_assert_str_eq(copy.setup, "true x");
	cr_assert_str_eq(copy.data, "compressible:50",
			 "the table's default, a text of its own too");
	cr_assert_str_eq(copy.suffix, "-a");
	cr_assert_str_eq(copy.view.plot_dir, "plots");
	cr_assert_str_eq(copy.output, "", "a text not given is empty, not NULL");
	cr_assert_str_eq(copy.command[0], "sort");
	cr_assert_str_eq(copy.command[2], "1G");
	cr_assert_null(copy.command[3]);
	cr_assert_eq(copy.nsections, 1);
	cr_assert_str_eq(copy.sections[0].name, "one");
	config_free(&copy);
	config_free(&copy); /* freeing twice is harmless */
	cr_assert_str_eq(copy.backend.disk.swapfile, "");
}

/* Every path and text of the table lands in a char * the config owns (and frees); every
 * other text is held in place. */
Test(options, texts_of_the_table_are_owned)
{
	for (size_t pos = 0; pos < option_count(); pos++) {
		int id = option_at(pos);
		const struct option_desc *o = option_row(id);
		int owned = o->type == OT_PATH || o->type == OT_TEXT;
		if (o->type == OT_CUSTOM)
			continue; /* its parser keeps what it sets */
		cr_assert_eq(config_owns_text(option_offset(o)), owned, "--%s", o->name);
		if (owned)
			cr_assert_eq(o->size, sizeof(char *), "--%s: a char *", o->name);
		if (o->type == OT_TEXT)
			cr_assert_gt(o->max, 0, "--%s: its longest text", o->name);
	}
	cr_assert(config_owns_text(offsetof(struct config, data)),
		  "--data: a pattern may name a file");
}

/* On/off options hold their value, not the word: left alone unless given (or the table's
 * default), and echoed to the result file as the word, or null. */
Test(options, switches)
{
	struct config cfg = { 0 };
	char msg[512], buf[16], *none[] = { "zswapbench", NULL };
	json_object *j;

	cr_assert_eq(parse(msg, &cfg, 1, none), OPTIONS_RUN, "%s", msg);
	cr_assert_eq(cfg.mglru, SWITCH_LEAVE);
	cr_assert_eq(cfg.backend.zswap.shrinker, SWITCH_LEAVE);
	cr_assert_eq(cfg.latency, SWITCH_ON, "the table's default");
	cr_assert_str_eq(option_format(&cfg, O_MGLRU, buf, sizeof(buf)), "");
	j = options_to_json(&cfg);
	cr_assert_null(json_object_object_get(j, "mglru"));
	cr_assert_str_eq(json_object_get_string(json_object_object_get(j, "latency")), "on");
	json_object_put(j);
	cr_assert_eq(parse(msg, &cfg, 11,
			   ARGS("--swap", "zswap", "--mglru", "off", "--latency", "off",
				"--zswap-shrinker", "on", "--zswap-writeback", "off")),
		     OPTIONS_RUN, "%s", msg);
	cr_assert_eq(cfg.mglru, SWITCH_OFF);
	cr_assert_eq(cfg.latency, SWITCH_OFF);
	cr_assert_eq(cfg.backend.zswap.shrinker, SWITCH_ON);
	cr_assert_eq(cfg.backend.zswap.writeback, SWITCH_OFF);
	cr_assert_str_eq(option_format(&cfg, id_named("zswap-shrinker"), buf, sizeof(buf)), "on");
	j = options_to_json(&cfg);
	cr_assert_str_eq(json_object_get_string(json_object_object_get(j, "mglru")), "off");
	cr_assert_str_eq(json_object_get_string(json_object_object_get(j, "zswap-shrinker")), "on");
	json_object_put(j);
	cr_assert_eq(parse(msg, &cfg, 3, ARGS("--mglru", "yes")), OPTIONS_USAGE);
	cr_assert_str_eq(msg, "--mglru 'yes': not on or off");
	config_free(&cfg);
}

/* A command's words, parsed as main.c would parse them. */
static enum options_result parse_as(const char *word, char *msg, struct config *cfg, int argc,
				    char **argv)
{
	config_free(cfg);
	return options_parse(command_of(word), argc, argv, cfg, msg, 512);
}

/* getopt takes a unique prefix; a prefix of several options is said to be one, naming them. */
Test(options, an_ambiguous_prefix_names_its_candidates)
{
	struct config cfg = { 0 };
	char msg[512];

	cr_assert_eq(parse(msg, &cfg, 3, ARGS("--lim", "5M")), OPTIONS_USAGE);
	cr_assert_str_eq(msg, "option '--lim' is ambiguous: --limit, --limit-mode");
	cr_assert_eq(parse(msg, &cfg, 3, ARGS("--zram-w", "idle")), OPTIONS_RUN, "%s",
		     msg); /* --zram-writeback alone: --zswap-writeback starts otherwise */
	cr_assert_eq(parse(msg, &cfg, 3, ARGS("--trial", "3")), OPTIONS_RUN, "%s", msg);
	cr_assert_eq(cfg.trials, 3, "a unique prefix is the option");
	cr_assert_eq(parse(msg, &cfg, 2, ARGS("--limit=5M")), OPTIONS_RUN,
		     "an exact name with its prefixes among the others: %s", msg);
	cr_assert_eq(parse_as("show", msg, &cfg, 3, (char *[]){ "show", "--no", "a.json", NULL }),
		     OPTIONS_USAGE);
	cr_assert_str_eq(msg, "option '--no' is ambiguous: --noheadings, --noise-threshold");
	cr_assert_eq(parse(msg, &cfg, 2, ARGS("--h")), OPTIONS_USAGE);
	cr_assert_str_eq(msg, "option '--h' is ambiguous: --hogger, --help",
			 "a hidden option named where it makes the difference");
	cr_assert_eq(parse(msg, &cfg, 3, ARGS("--s", "x")), OPTIONS_USAGE);
	cr_assert_null(strstr(msg, "--sysroot"), "%s", msg);
	cr_assert_not_null(strstr(msg, "--swap, --swap-limit"), "%s", msg);
	cr_assert_eq(parse(msg, &cfg, 2, ARGS("--bogus")), OPTIONS_USAGE);
	cr_assert_str_eq(msg, "unknown option '--bogus'");
	config_free(&cfg);
}

/* Words after "--" are the command's; one that is ours is found, so the run can say so. */
Test(options, an_option_of_ours_after_the_separator_is_found)
{
	const struct command_info *run = command_of(NULL);

	cr_assert_str_eq(options_in_command(run, (char *[]){ "tar", "--dry-run", NULL }),
			 "--dry-run");
	cr_assert_str_eq(options_in_command(run, (char *[]){ "x", "-f", "--trials=3", NULL }),
			 "--trials=3");
	cr_assert_null(options_in_command(run, (char *[]){ "tar", "-n", "--exclude=x", NULL }),
		       "short names and others' options are the command's business");
	cr_assert_null(options_in_command(run, (char *[]){ "x", "--dry", "--", NULL }),
		       "only a whole name of ours");
	cr_assert_null(options_in_command(run, (char *[]){ "x", "--sysroot", NULL }),
		       "a hidden option is not offered to users, nor warned about");
	cr_assert_null(options_in_command(run, NULL));
}

Test(options, ignore_failure_is_a_flag_with_a_short_name)
{
	struct config cfg = { 0 };
	char msg[512];

	cr_assert_eq(parse(msg, &cfg, 4, ARGS("-i", "--", "false")), OPTIONS_RUN, "%s", msg);
	cr_assert(cfg.ignore_failure);
	cr_assert_eq(parse(msg, &cfg, 1, ARGS(NULL)), OPTIONS_RUN, "%s", msg);
	cr_assert_not(cfg.ignore_failure, "the run stops at a failed command by default");
	config_free(&cfg);
}

/* A folder's trailing '/' is dropped: the plots' paths are then printed with one slash. */
Test(options, a_directory_keeps_no_trailing_slash)
{
	struct config cfg = { 0 };
	char msg[512];

	cr_assert_eq(parse_as("plot", msg, &cfg, 4,
			      (char *[]){ "plot", "-o", "/tmp/plots//", "a.json", NULL }),
		     OPTIONS_RUN, "%s", msg);
	cr_assert_str_eq(cfg.view.plot_dir, "/tmp/plots");
	cr_assert_eq(parse(msg, &cfg, 3, ARGS("--plot", "/")), OPTIONS_RUN, "%s", msg);
	cr_assert_str_eq(cfg.view.plot_dir, "/", "the root stays the root");
	cr_assert_eq(parse(msg, &cfg, 3, ARGS("--output", "a/")), OPTIONS_RUN, "%s", msg);
	cr_assert_str_eq(cfg.output, "a/", "a file's path is left as typed");
	config_free(&cfg);
}

/* sysinfo prints a list of facts: it offers and takes the two formats it has. */
Test(options, sysinfo_takes_only_its_formats)
{
	struct config cfg = { 0 };
	char msg[512];

	cr_assert_eq(parse_as("sysinfo", msg, &cfg, 3,
			      (char *[]){ "sysinfo", "--format", "csv", NULL }),
		     OPTIONS_USAGE);
	cr_assert_str_eq(msg, "--format 'csv': not table or json");
	cr_assert_eq(parse_as("sysinfo", msg, &cfg, 3,
			      (char *[]){ "sysinfo", "--format", "json", NULL }),
		     OPTIONS_RUN, "%s", msg);
	cr_assert_eq(cfg.view.format, FORMAT_JSON);
	cr_assert_eq(parse_as("show", msg, &cfg, 4,
			      (char *[]){ "show", "--format", "csv", "a.json", NULL }),
		     OPTIONS_RUN, "%s", msg);
	cr_assert_eq(cfg.view.format, FORMAT_CSV);
	config_free(&cfg);
}

/* Every command's --help within 80 columns; the experiment's in the README's groups, in
 * their order, each group once. */
Test(options, every_help_fits_80_columns_and_the_run_is_grouped)
{
	for (size_t c = 0; c < ncommands; c++) {
		char *text = NULL, *at, *save = NULL;
		size_t len = 0;
		FILE *out = open_memstream(&text, &len);

		cr_assert_not_null(out);
		options_help(out, &commands[c], commands, ncommands);
		fclose(out);
		at = text;
		for (int g = 0; commands[c].options & CMD_EXPERIMENT && g < G_COUNT; g++) {
			char heading[64];
			snprintf(heading, sizeof(heading), "\n%s:\n", option_group_names[g]);
			/* calibrate prints nothing: it has no group of what is printed */
			if (!commands[c].implicit && !strstr(text, heading))
				continue;
			cr_assert_not_null(strstr(at, heading),
					   "%s: no group '%s' after the one before",
					   commands[c].name, option_group_names[g]);
			at = strstr(at, heading) + 1;
			cr_assert_null(strstr(at, heading), "%s: '%s' twice", commands[c].name,
				       option_group_names[g]);
		}
		if (!(commands[c].options & CMD_EXPERIMENT))
			cr_assert_null(strstr(text, option_group_names[G_PRINTED]));
		if (commands[c].options & CMD_SYSINFO) {
			cr_assert_not_null(strstr(text, "table or json"));
			cr_assert_null(strstr(text, "csv"),
				       "sysinfo --help offers only its formats");
		}
		for (char *line = strtok_r(text, "\n", &save); line;
		     line = strtok_r(NULL, "\n", &save))
			cr_assert_leq(strlen(line), 80, "%s --help: %s", commands[c].name, line);
		free(text);
	}
}

/* compare says a duration with its unit: the option table knows which options are durations;
 * one that is not, or unknown, is said as stored. */
Test(options, a_views_durations_are_the_option_tables)
{
	struct config cfg = { 0 };
	struct report_opts o;

	options_defaults(&cfg);
	o = report_opts_of(&cfg);
	cr_assert_not_null(o.is_duration);
	cr_assert(o.is_duration("interval"));
	cr_assert(o.is_duration("timeout"));
	cr_assert(o.is_duration("ready-timeout"));
	cr_assert_not(o.is_duration("swappiness"));
	cr_assert_not(o.is_duration("settle"));
	cr_assert_not(o.is_duration("no-such-option"));
	cr_assert_eq(o.value_kind("interval"), VALUE_DURATION);
	cr_assert_eq(o.value_kind("limit"), VALUE_SIZE);
	cr_assert_eq(o.value_kind("swappiness"), VALUE_PLAIN);
	cr_assert_not(o.alpha_given);
	cr_assert_not(o.noise_given);
	config_free(&cfg);
}

/* A view decides with the file's own alpha and noise threshold unless the command line names
 * one: each flag is its own option's. */
Test(options, a_views_alpha_and_noise_are_given_each_by_its_own)
{
	struct config cfg = { 0 };
	char msg[256];
	struct report_opts o;

	options_defaults(&cfg);
	cr_assert_eq(option_apply(&cfg, O_NOISE, "5", msg, sizeof(msg)), 0, "%s", msg);
	o = report_opts_of(&cfg);
	cr_assert(o.noise_given);
	cr_assert_not(o.alpha_given, "--noise-threshold is no --alpha");
	cr_assert_float_eq(o.cmp.noise_pct, 5, 1e-12);
	config_free(&cfg);
	options_defaults(&cfg);
	cr_assert_eq(option_apply(&cfg, O_ALPHA, "0.01", msg, sizeof(msg)), 0, "%s", msg);
	o = report_opts_of(&cfg);
	cr_assert(o.alpha_given);
	cr_assert_not(o.noise_given, "--alpha is no --noise-threshold");
	cr_assert_float_eq(o.cmp.alpha, 0.01, 1e-12);
	config_free(&cfg);
}

/* --min-trials: at most --trials, two whole rounds at least, never with a sequential order,
 * and --trials within the looks' simulation. */
Test(options, min_trials_and_what_it_needs)
{
	struct config cfg = { 0 };
	char msg[512];

	cr_assert_eq(parse(msg, &cfg, 5, ARGS("--trials", "5", "--min-trials", "5")), OPTIONS_RUN,
		     "%s", msg);
	cr_assert_eq(cfg.min_trials, 5);
	config_free(&cfg);
	cr_assert_eq(parse(msg, &cfg, 5, ARGS("--trials", "5", "--min-trials", "6")),
		     OPTIONS_USAGE);
	cr_assert(strstr(msg, "--min-trials '6': more than --trials"), "%s", msg);
	cr_assert_eq(parse(msg, &cfg, 3, ARGS("--min-trials", "1")), OPTIONS_USAGE, "%s", msg);
	cr_assert_eq(parse(msg, &cfg, 5, ARGS("--min-trials", "3", "--order", "sequential")),
		     OPTIONS_USAGE);
	cr_assert(strstr(msg, "not with --order sequential"), "%s", msg);
	cr_assert_eq(parse(msg, &cfg, 5, ARGS("--min-trials", "3", "--order", "shuffled")),
		     OPTIONS_RUN, "%s", msg);
	config_free(&cfg);
	cr_assert_eq(parse(msg, &cfg, 5, ARGS("--trials", "101", "--min-trials", "3")),
		     OPTIONS_USAGE);
	cr_assert(strstr(msg, "--trials '101': at most 100 with --min-trials"), "%s", msg);
	cr_assert_eq(parse(msg, &cfg, 5, ARGS("--trials", "100", "--min-trials", "3")), OPTIONS_RUN,
		     "%s", msg);
	config_free(&cfg);
	cr_assert_eq(parse(msg, &cfg, 1, ARGS("zswapbench")), OPTIONS_RUN, "%s", msg);
	cr_assert_eq(cfg.min_trials, 0, "off by default");
	config_free(&cfg);
}
