#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "common/util.h"
#include "runner/cli/options.h"
#include "runner/swap/zram_generator.h"
#include "runner/commands/commands.h"

static double eval(const char *expr, double ram)
{
	char why[256];
	double v = -1;
	cr_assert_eq(zram_size_eval(expr, ram, &v, why, sizeof(why)), 0, "%s: %s", expr, why);
	return v;
}

Test(zram_generator, size_expressions_as_the_generator_reads_them)
{
	cr_assert_float_eq(eval("min(ram / 2, 4096)", 16000), 4096, 1e-9);
	cr_assert_float_eq(eval("min(ram / 2, 4096)", 2000), 1000, 1e-9);
	cr_assert_float_eq(eval("ram", 1234), 1234, 1e-9);
	cr_assert_float_eq(eval("ram * 0.25 + 100", 4000), 1100, 1e-9);
	cr_assert_float_eq(eval("max(512, min(ram / 4, 8192))", 1024), 512, 1e-9);
	cr_assert_float_eq(eval(" ( 2 + 3 ) * 4 ", 0), 20, 1e-9);
	cr_assert_float_eq(eval("8192 - ram / 2", 4096), 6144, 1e-9);
}

/* The grammar is sum := product (('+' | '-') product)*, product := atom (('*' | '/') atom)*,
 * atom := number | ram | '-' atom | '(' sum ')' | min(...) | max(...): left to right within a
 * level, so each case below gives another number if one level groups to the right or the
 * levels swap. */
Test(zram_generator, precedence_and_left_associativity)
{
	static const struct {
		const char *expr;
		double want;
	} cases[] = {
		{ "10 - 4 + 1", 7 }, /* not 10 - (4 + 1) = 5 */
		{ "10 - 4 - 1", 5 }, /* not 10 - (4 - 1) = 7 */
		{ "ram - 100 + 50", 950 },
		{ "100 / 10 * 2", 20 }, /* not 100 / (10 * 2) = 5 */
		{ "64 / 4 / 2", 8 }, /* not 64 / (4 / 2) = 32 */
		{ "2 + 3 * 4", 14 }, /* not (2 + 3) * 4 = 20 */
		{ "3 * 4 + 2", 14 },
		{ "20 - 6 / 2", 17 }, /* not (20 - 6) / 2 = 7 */
		{ "(20 - 6) / 2", 7 },
		{ "2 * (3 + 4) * 5", 70 },
		{ "((ram))", 1000 },
		{ "-2 + 5", 3 }, /* the sign binds to its atom: not -(2 + 5) */
		{ "-2 * -3", 6 },
		{ "10 - -2", 12 },
		{ "- (1 - 3) * 4", 8 },
		{ "ram-1", 999 },
		{ "min(3, 1, 2)", 1 },
		{ "max(1, 3, 2)", 3 },
		{ "min(ram, 2000) + max(1, 2) * 2", 1004 },
		{ "max(min(ram / 2, 4096), 100)", 500 },
		{ "min(1 + 2, 2 * 3)", 3 },
		{ "1.5 * 2", 3 },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++)
		cr_assert_float_eq(eval(cases[i].expr, 1000), cases[i].want, 1e-9, "'%s'",
				   cases[i].expr);
}

static void nested(char *buf, size_t len, size_t depth)
{
	size_t at = 0;

	for (size_t i = 0; i < depth && at + 1 < len; i++)
		buf[at++] = '(';
	buf[at++] = '7';
	for (size_t i = 0; i < depth && at + 1 < len; i++)
		buf[at++] = ')';
	buf[at] = '\0';
}

/* The stack is bounded: an atom 64 deep is read, one deeper is refused. */
Test(zram_generator, nesting_is_bounded_at_64)
{
	char deep[200], why[256];
	double v;

	nested(deep, sizeof(deep), 63);
	cr_assert_float_eq(eval(deep, 1000), 7, 0);
	nested(deep, sizeof(deep), 64);
	cr_assert_neq(zram_size_eval(deep, 1000, &v, why, sizeof(why)), 0, "64 parentheses");
}

Test(zram_generator, expressions_it_cannot_read_are_refused)
{
	static const char *const bad[] = { "",		"ram /", "min(ram, )", "foo",	 "ram / 0",
					   "2 3",	"-5",	 "min(1, 2",   "rams",	 "5 - 5",
					   "max(1; 2)", "(1",	 "1)",	       "ram ram" };
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		char why[256];
		double v;
		cr_assert_neq(zram_size_eval(bad[i], 1000, &v, why, sizeof(why)), 0,
			      "accepted '%s'", bad[i]);
	}
}

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	cr_assert_not_null(f);
	fputs(text, f);
	fclose(f);
}

Test(zram_generator, the_zram0_section_becomes_the_runs_zram_cell)
{
	char path[] = "/tmp/zsb-zg-XXXXXX", msg[512];
	struct config cfg;
	int fd = mkstemp(path);
	char *argv[] = { "zswapbench", "--zram-generator", path, NULL };

	cr_assert_geq(fd, 0);
	close(fd);
	write_file(path,
		   "[zram1]\nzram-size = 100\n\n[zram0]\nzram-size = 1024\ncompression-algorithm = "
		   "zstd (type=idle)\n"
		   "swap-priority = 5\n");
	cr_assert_eq(options_parse(command_of(NULL), 3, argv, &cfg, msg, sizeof(msg)), OPTIONS_RUN,
		     "%s", msg);
	cr_assert_eq(cfg.swap.n, 1);
	cr_assert_str_eq(cfg.swap.v[0], "zram");
	cr_assert_str_eq(cfg.comp.v[0], "zstd");
	cr_assert_eq(cfg.backend.zram.size, 1024ULL << 20);
	cr_assert_eq(cfg.backend.priority, 5);
	config_free(&cfg);
	write_file(path, "[zram0]\nzram-size = ram / banana\n");
	cr_assert_eq(options_parse(command_of(NULL), 3, argv, &cfg, msg, sizeof(msg)),
		     OPTIONS_USAGE);
	cr_assert(strstr(msg, "line 2: zram-size: 'ram / banana' is not a size expression"), "%s",
		  msg);
	config_free(&cfg);
	write_file(path, "[zram1]\nzram-size = 100\n");
	cr_assert_eq(options_parse(command_of(NULL), 3, argv, &cfg, msg, sizeof(msg)),
		     OPTIONS_USAGE);
	cr_assert(strstr(msg, "no [zram0] section"), "%s", msg);
	config_free(&cfg);
	unlink(path);
}
