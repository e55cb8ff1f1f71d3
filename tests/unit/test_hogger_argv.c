#include <criterion/criterion.h>
#include <getopt.h>
#include <string.h>

#include "common/hogger_options.h"
#include "runner/trial/hogger_argv.h"

static const struct option *option_named(const char *word)
{
	for (const struct option *o = hogger_options; o->name; o++)
		if (strncmp(word, "--", 2) == 0 && strcmp(word + 2, o->name) == 0)
			return o;
	return NULL;
}

static const char *value_after(const struct hogger_argv *v, const char *flag)
{
	for (size_t i = 1; v->argv[i]; i++)
		if (strcmp(v->argv[i], flag) == 0)
			return v->argv[i + 1];
	return NULL;
}

/* The runner writes only what the hogger reads: with every option of hogger_args set, each
 * word is an option of the hogger's own table (with its value where it takes one), and the
 * hogger's getopt takes the whole line. */
Test(hogger_argv, every_option_is_one_the_hogger_knows)
{
	struct hogger_args a = { .path = "/x/zswapbench-hogger",
				 .alloc = 1ULL << 30,
				 .chunk = 2ULL << 20,
				 .data = "random",
				 .access = "reread:2",
				 .threads = HOGGER_THREADS_MAX,
				 .no_seccomp = 1,
				 .prefault = 1,
				 .madvise_hugepage = 1,
				 .hold = 1,
				 .no_latency = 1 };
	struct hogger_argv v;
	char *copy[24];
	int argc = 0, k, options = 0;

	hogger_argv_build(&v, &a);
	cr_assert_str_eq(v.argv[0], a.path);
	for (size_t i = 1; v.argv[i]; i++) {
		const struct option *o = option_named(v.argv[i]);
		cr_assert_not_null(o, "'%s' is no option of the hogger", v.argv[i]);
		if (o->has_arg == required_argument)
			cr_assert_not_null(v.argv[++i], "--%s without its value", o->name);
		options++;
	}
	cr_assert_eq(options, 10, "each field of hogger_args is one option");
	cr_assert_str_eq(value_after(&v, "--alloc"), "1073741824");
	cr_assert_str_eq(value_after(&v, "--chunk"), "2097152");
	cr_assert_str_eq(value_after(&v, "--threads"), "256");
	cr_assert_str_eq(value_after(&v, "--data"), "random");

	while (v.argv[argc]) {
		copy[argc] = v.argv[argc];
		argc++;
	}
	copy[argc] = NULL;
	opterr = 0;
	optind = 0;
	while ((k = getopt_long(argc, copy, HOGGER_SHORT_OPTIONS, hogger_options, NULL)) != -1)
		cr_assert(k != '?' && k != ':', "the hogger refuses '%s'", copy[optind - 1]);
	cr_assert_eq(optind, argc, "no word left over");
}

/* Its short names are options of its table, with ':' where they take a value. */
Test(hogger_argv, the_short_names_are_options_of_the_table)
{
	for (const char *p = HOGGER_SHORT_OPTIONS; *p; p++) {
		const struct option *o = NULL;
		for (const struct option *k = hogger_options; k->name; k++)
			if (k->val == *p)
				o = k;
		cr_assert_not_null(o, "-%c", *p);
		cr_assert_eq(p[1] == ':', o->has_arg == required_argument, "-%c", *p);
		p += p[1] == ':';
	}
}

static void argv_is(const struct hogger_args *a, const char *const *expect)
{
	struct hogger_argv v;
	size_t i = 0;

	hogger_argv_build(&v, a);
	for (; expect[i]; i++) {
		cr_assert_not_null(v.argv[i], "word %zu missing: %s", i, expect[i]);
		cr_assert_str_eq(v.argv[i], expect[i], "word %zu", i);
	}
	cr_assert_null(v.argv[i], "a word more: %s", v.argv[i]);
}

/* A field left at 0 leaves its option to the hogger's default; each switch is its own word. */
Test(hogger_argv, each_field_is_its_own_option_and_zero_leaves_it_out)
{
	struct hogger_args a = { .path = "h", .alloc = 4096, .data = "zero" };
	static const char *const bare[] = { "h", "--alloc", "4096", "--data", "zero", NULL };
	static const char *const hold[] = {
		"h", "--alloc", "4096", "--data", "zero", "--hold", NULL
	};
	static const char *const prefault[] = { "h",	"--alloc",    "4096", "--data",
						"zero", "--prefault", NULL };
	static const char *const madvise_hugepage[] = { "h",	  "--alloc", "4096",
							"--data", "zero",    "--madvise-hugepage",
							NULL };
	static const char *const no_seccomp[] = { "h",	  "--alloc",	  "4096", "--data",
						  "zero", "--no-seccomp", NULL };
	static const char *const no_latency[] = { "h",	  "--alloc",	  "4096", "--data",
						  "zero", "--no-latency", NULL };
	static const char *const threads[] = { "h",    "--alloc",   "4096", "--data",
					       "zero", "--threads", "3",    NULL };

	argv_is(&a, bare);
	a.hold = 1;
	argv_is(&a, hold);
	a.hold = 0;
	a.prefault = 1;
	argv_is(&a, prefault);
	a.prefault = 0;
	a.madvise_hugepage = 1;
	argv_is(&a, madvise_hugepage);
	a.madvise_hugepage = 0;
	a.no_seccomp = 1;
	argv_is(&a, no_seccomp);
	a.no_seccomp = 0;
	a.no_latency = 1;
	argv_is(&a, no_latency);
	a.no_latency = 0;
	a.threads = 3;
	argv_is(&a, threads);
}
