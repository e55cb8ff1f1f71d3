/* common/hogger_options.c: the table both ends of the hogger's command line read. */
#include <criterion/criterion.h>
#include <getopt.h>
#include <string.h>

#include "common/hogger_options.h"
#include "common/util.h"

/* Each option's name by its id, the runner's messages use it; no id is another's. */
Test(hogger_options, each_id_names_its_own_option)
{
	static const struct {
		int id;
		const char *name;
	} want[] = {
		{ HOGGER_ALLOC, "alloc" },
		{ HOGGER_CHUNK, "chunk" },
		{ HOGGER_DATA, "data" },
		{ HOGGER_ACCESS, "access" },
		{ HOGGER_THREADS, "threads" },
		{ HOGGER_NO_SECCOMP, "no-seccomp" },
		{ HOGGER_PROBE_SANDBOX, "probe-sandbox" },
		{ HOGGER_HOLD, "hold" },
		{ HOGGER_VERIFY, "verify" },
		{ HOGGER_PREFAULT, "prefault" },
		{ HOGGER_MADVISE_HUGEPAGE, "madvise-hugepage" },
		{ HOGGER_NO_LATENCY, "no-latency" },
		{ HOGGER_HELP, "help" },
	};
	size_t n = 0;

	for (size_t i = 0; i < ARRAY_SIZE(want); i++) {
		const char *name = hogger_option_name(want[i].id);
		cr_assert_not_null(name, "-%c", want[i].id);
		cr_assert_str_eq(name, want[i].name);
	}
	for (const struct option *o = hogger_options; o->name; o++)
		n++;
	cr_assert_eq(n, ARRAY_SIZE(want), "an option without its id, or an id twice");
	cr_assert_null(hogger_option_name(0));
	cr_assert_null(hogger_option_name('z'));
}

/* What takes a value and what is a flag, as the hogger's getopt reads them. */
Test(hogger_options, flags_take_no_value)
{
	static const char *const flags[] = { "no-seccomp", "probe-sandbox", "hold",
					     "verify",	   "prefault",	    "madvise-hugepage",
					     "no-latency", "help" };
	static const char *const valued[] = { "alloc", "chunk", "data", "access", "threads" };

	for (size_t i = 0; i < ARRAY_SIZE(flags); i++)
		for (const struct option *o = hogger_options; o->name; o++)
			if (strcmp(o->name, flags[i]) == 0)
				cr_assert_eq(o->has_arg, no_argument, "--%s", o->name);
	for (size_t i = 0; i < ARRAY_SIZE(valued); i++)
		for (const struct option *o = hogger_options; o->name; o++)
			if (strcmp(o->name, valued[i]) == 0)
				cr_assert_eq(o->has_arg, required_argument, "--%s", o->name);
}
