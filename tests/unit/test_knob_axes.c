/* Any setting as a sweep axis (cli/knob_axes.c): the list's bounds (12 values, 47 characters, 4
 * axes), each value refused by name, the order of the combinations (the last axis fastest), a
 * section's axes over the run's; on the command line and in a config file, the field holding
 * the first value, one value taking an axis out, and the cross checks run for every value. */
#include <criterion/criterion.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runner/cli/config_file.h"
#include "runner/cli/knob_axes.h"
#include "runner/cli/option_checks.h"
#include "runner/cli/option_parse.h"
#include "runner/cli/option_set.h"
#include "runner/cli/options.h"
#include "runner/commands/commands.h"

/* The option's parser, as a knob_check_fn: "bad" and anything starting with "x" refused. */
static int check_calls;

static int fake_check(void *scope, int id, const char *value, char *why, size_t len)
{
	(void)scope;
	(void)id;
	check_calls++;
	if (strcmp(value, "bad") == 0 || value[0] == 'x') {
		snprintf(why, len, "not a value of the option");
		return -EINVAL;
	}
	return 0;
}

static int set(struct knob_axes *a, int id, const char *value, char *why)
{
	return knob_axes_set(a, id, value, fake_check, NULL, why, 256);
}

/* "1,2,...,n" */
static void numbers(char *buf, size_t len, unsigned n)
{
	size_t at = 0;

	buf[0] = '\0';
	for (unsigned i = 1; i <= n && at < len; i++)
		at += (size_t)snprintf(buf + at, len - at, "%s%u", i > 1 ? "," : "", i);
}

Test(knob_axes, a_list_is_an_axis_of_its_values_in_order)
{
	struct knob_axes a = { 0 };
	const struct knob_axis *x;
	char why[256] = "";

	cr_assert_not(knob_is_list("10"));
	cr_assert(knob_is_list("10,60"));
	cr_assert_eq(set(&a, 7, "10,60,100", why), 0, "%s", why);
	cr_assert_eq(a.n, 1);
	x = knob_axes_find(&a, 7);
	cr_assert_not_null(x);
	cr_assert_eq(x->id, 7);
	cr_assert_eq(x->n, 3);
	cr_assert_str_eq(x->values[0], "10");
	cr_assert_str_eq(x->values[1], "60");
	cr_assert_str_eq(x->values[2], "100");
	cr_assert_null(knob_axes_find(&a, 8));
	/* A value that begins as another does is not that one. */
	cr_assert_eq(set(&a, 7, "1,10,100", why), 0, "%s", why);
	cr_assert_eq(knob_axes_find(&a, 7)->n, 3);
	cr_assert_str_eq(knob_axes_find(&a, 7)->values[2], "100");
}

Test(knob_axes, twelve_values_are_an_axis_thirteen_are_refused)
{
	struct knob_axes a = { 0 };
	char list[128], why[256] = "";

	numbers(list, sizeof(list), 12);
	cr_assert_eq(set(&a, 3, list, why), 0, "%s", why);
	cr_assert_eq(knob_axes_find(&a, 3)->n, 12);
	cr_assert_str_eq(knob_axes_find(&a, 3)->values[11], "12");
	numbers(list, sizeof(list), 13);
	cr_assert_eq(set(&a, 4, list, why), -EINVAL);
	cr_assert_str_eq(why, "more than 12 values");
	cr_assert_eq(a.n, 1, "a refused list makes no axis");
	cr_assert_null(knob_axes_find(&a, 4));
}

Test(knob_axes, a_value_of_47_characters_is_taken_48_are_refused)
{
	struct knob_axes a = { 0 };
	char list[128], want[128], why[256] = "";

	memset(list, 'a', 47);
	snprintf(list + 47, sizeof(list) - 47, ",b");
	cr_assert_eq(set(&a, 1, list, why), 0, "%s", why);
	cr_assert_eq(strlen(knob_axes_find(&a, 1)->values[0]), 47);
	memset(list, 'c', 48);
	snprintf(list + 48, sizeof(list) - 48, ",b");
	cr_assert_eq(set(&a, 2, list, why), -EINVAL);
	snprintf(want, sizeof(want), "'%.48s': longer than an axis's value may be (47 characters)",
		 list);
	cr_assert_str_eq(why, want);
	cr_assert_null(knob_axes_find(&a, 2));
}

Test(knob_axes, an_empty_value_or_one_twice_is_refused)
{
	static const char *const empty[] = { "1,,2", ",1", "1,", "" };
	struct knob_axes a = { 0 };
	char why[256] = "";

	for (size_t i = 0; i < sizeof(empty) / sizeof(empty[0]); i++) {
		cr_assert_eq(set(&a, 1, empty[i], why), -EINVAL, "'%s' taken", empty[i]);
		cr_assert_str_eq(why, "not a comma list of values (an empty one in it)");
	}
	cr_assert_eq(set(&a, 1, "1,2,1", why), -EINVAL);
	cr_assert_str_eq(why, "'1' twice: each value is one cell");
	cr_assert_eq(a.n, 0);
}

/* The option's own parser sees each value, and its reason comes with the value it refused. */
Test(knob_axes, each_value_is_checked_and_a_refused_one_is_named)
{
	struct knob_axes a = { 0 };
	char why[256] = "";

	check_calls = 0;
	cr_assert_eq(set(&a, 1, "1,2,3", why), 0, "%s", why);
	cr_assert_eq(check_calls, 3);
	cr_assert_eq(set(&a, 2, "1,bad,3", why), -EINVAL);
	cr_assert_str_eq(why, "'bad': not a value of the option");
	cr_assert_eq(set(&a, 2, "xyz,1", why), -EINVAL);
	cr_assert_str_eq(why, "'xyz': not a value of the option");
	cr_assert_eq(a.n, 1);
}

Test(knob_axes, four_axes_and_a_fifth_is_refused)
{
	struct knob_axes a = { 0 };
	char why[256] = "";

	for (int id = 1; id <= 4; id++)
		cr_assert_eq(set(&a, id, "1,2", why), 0, "axis %d: %s", id, why);
	cr_assert_eq(a.n, 4);
	cr_assert_eq(set(&a, 5, "1,2", why), -EINVAL);
	cr_assert_str_eq(why, "a sweep of more than 4 settings besides swap, comp, jobs and limit");
	cr_assert_eq(a.n, 4);
	/* A new list of one of the four replaces it: still four. */
	cr_assert_eq(set(&a, 2, "7,8,9", why), 0, "%s", why);
	cr_assert_eq(a.n, 4);
	cr_assert_eq(knob_axes_find(&a, 2)->n, 3);
	cr_assert_str_eq(knob_axes_find(&a, 2)->values[0], "7");
}

Test(knob_axes, removed_the_others_keep_their_order)
{
	struct knob_axes a = { 0 };
	char why[256] = "";

	for (int id = 1; id <= 4; id++)
		cr_assert_eq(set(&a, id, "1,2", why), 0, "%s", why);
	knob_axes_remove(&a, 9);
	cr_assert_eq(a.n, 4, "no axis of that option: nothing taken out");
	knob_axes_remove(&a, 2);
	cr_assert_eq(a.n, 3);
	cr_assert_eq(a.v[0].id, 1);
	cr_assert_eq(a.v[1].id, 3);
	cr_assert_eq(a.v[2].id, 4);
	cr_assert_null(knob_axes_find(&a, 2));
	knob_axes_remove(&a, 4);
	cr_assert_eq(a.n, 2);
	cr_assert_eq(a.v[1].id, 3);
	knob_axes_remove(&a, 1);
	cr_assert_eq(a.n, 1);
	cr_assert_eq(a.v[0].id, 3);
	cr_assert_str_eq(a.v[0].values[1], "2");
}

/* A section's axes over the run's: one of the same option replaces it, the others come after. */
Test(knob_axes, merge_replaces_the_same_option_and_appends_the_others)
{
	struct knob_axes run = { 0 }, section = { 0 }, full = { 0 };
	char why[256] = "";

	cr_assert_eq(set(&run, 1, "a,b", why), 0);
	cr_assert_eq(set(&run, 2, "c,d", why), 0);
	cr_assert_eq(set(&section, 2, "x1", why), -EINVAL, "x refused by the fake");
	cr_assert_eq(set(&section, 2, "e", why), 0);
	cr_assert_eq(set(&section, 3, "f,g,h", why), 0);
	cr_assert_eq(knob_axes_merge(&run, &section), 0);
	cr_assert_eq(run.n, 3);
	cr_assert_eq(run.v[0].id, 1);
	cr_assert_eq(run.v[0].n, 2);
	cr_assert_eq(run.v[1].id, 2);
	cr_assert_eq(run.v[1].n, 1, "the section's one value, not the run's two");
	cr_assert_str_eq(run.v[1].values[0], "e");
	cr_assert_eq(run.v[2].id, 3);
	cr_assert_str_eq(run.v[2].values[2], "h");
	/* Four in all is fine; a fifth is refused. */
	cr_assert_eq(set(&full, 4, "i,j", why), 0);
	cr_assert_eq(knob_axes_merge(&run, &full), 0);
	cr_assert_eq(run.n, 4);
	cr_assert_eq(set(&full, 5, "k,l", why), 0);
	cr_assert_eq(knob_axes_merge(&run, &full), -EINVAL);
}

Test(knob_axes, combinations_are_the_product_and_the_last_axis_varies_fastest)
{
	struct knob_axes a = { 0 };
	unsigned pick[KNOB_AXES_MAX];
	char why[256] = "";

	cr_assert_eq(knob_axes_combinations(&a), 1, "no axis: one combination");
	cr_assert_eq(set(&a, 1, "a,b", why), 0);
	cr_assert_eq(knob_axes_combinations(&a), 2);
	cr_assert_eq(set(&a, 2, "c,d,e", why), 0);
	cr_assert_eq(set(&a, 3, "f,g", why), 0);
	cr_assert_eq(knob_axes_combinations(&a), 12);
	knob_axes_pick(&a, 0, pick);
	cr_assert(pick[0] == 0 && pick[1] == 0 && pick[2] == 0);
	knob_axes_pick(&a, 1, pick);
	cr_assert(pick[0] == 0 && pick[1] == 0 && pick[2] == 1, "%u %u %u", pick[0], pick[1],
		  pick[2]);
	knob_axes_pick(&a, 2, pick);
	cr_assert(pick[0] == 0 && pick[1] == 1 && pick[2] == 0, "%u %u %u", pick[0], pick[1],
		  pick[2]);
	/* 7 = 1 x 6 + 0 x 2 + 1 */
	knob_axes_pick(&a, 7, pick);
	cr_assert(pick[0] == 1 && pick[1] == 0 && pick[2] == 1, "%u %u %u", pick[0], pick[1],
		  pick[2]);
	knob_axes_pick(&a, 11, pick);
	cr_assert(pick[0] == 1 && pick[1] == 2 && pick[2] == 1, "%u %u %u", pick[0], pick[1],
		  pick[2]);
}

/* ---- the options that take a list, on the command line ---- */

static struct config cfg;
static char msg[1024];

static void gone(void)
{
	config_free(&cfg);
}

TestSuite(knob_options, .fini = gone);

#define NARGS(...) (int)(sizeof((char *[]){ "zswapbench", __VA_ARGS__ }) / sizeof(char *))
#define PARSE(...)                                                                                 \
	({                                                                                         \
		char *argv_[] = { "zswapbench", __VA_ARGS__, NULL };                               \
		config_free(&cfg);                                                                 \
		options_parse(command_of(NULL), NARGS(__VA_ARGS__), argv_, &cfg, msg,              \
			      sizeof(msg));                                                        \
	})

static int id_named(const char *name)
{
	return option_id_of(option_find(name));
}

Test(knob_options, a_list_is_an_axis_and_the_field_holds_its_first_value)
{
	const struct knob_axis *x;

	cr_assert_eq(PARSE("--swappiness", "10,60,100"), OPTIONS_RUN, "%s", msg);
	cr_assert_eq(cfg.swappiness, 10, "the first value, not %d", cfg.swappiness);
	cr_assert_eq(cfg.knobs.n, 1);
	x = knob_axes_find(&cfg.knobs, O_SWAPPINESS);
	cr_assert_not_null(x);
	cr_assert_eq(x->n, 3);
	cr_assert_str_eq(x->values[2], "100");
	cr_assert(cfg.given[O_SWAPPINESS]);
	cr_assert_eq(PARSE("--thp", "never,always"), OPTIONS_RUN, "%s", msg);
	cr_assert_str_eq(cfg.thp, "never");
	cr_assert_eq(PARSE("--access", "reread:2,fill"), OPTIONS_RUN, "%s", msg);
	cr_assert_str_eq(cfg.access, "reread:2");
	cr_assert_eq(PARSE("--zram-size", "1G,256M"), OPTIONS_RUN, "%s", msg);
	cr_assert_eq(cfg.backend.zram.size, 1ULL << 30);
	cr_assert_not_null(knob_axes_find(&cfg.knobs, id_named("zram-size")));
}

Test(knob_options, one_value_is_a_setting_and_takes_the_axis_out)
{
	cr_assert_eq(PARSE("--swappiness", "30"), OPTIONS_RUN, "%s", msg);
	cr_assert_eq(cfg.swappiness, 30);
	cr_assert_eq(cfg.knobs.n, 0);
	cr_assert_eq(PARSE("--swappiness", "10,60", "--page-cluster", "0,3", "--swappiness", "30"),
		     OPTIONS_RUN, "%s", msg);
	cr_assert_eq(cfg.swappiness, 30);
	cr_assert_eq(cfg.knobs.n, 1, "page-cluster's axis alone");
	cr_assert_null(knob_axes_find(&cfg.knobs, O_SWAPPINESS));
	cr_assert_not_null(knob_axes_find(&cfg.knobs, O_PAGE_CLUSTER));
	cr_assert_eq(cfg.page_cluster, 0);
}

/* A list is refused by the value that is wrong, the option and the whole list named first. */
Test(knob_options, a_refused_value_is_named)
{
	cr_assert_eq(PARSE("--swappiness", "10,300"), OPTIONS_USAGE);
	cr_assert_str_eq(msg, "--swappiness '10,300': '300': not a swappiness from 0 to 200", "%s",
			 msg);
	cr_assert_eq(PARSE("--thp", "never,sometimes"), OPTIONS_USAGE);
	cr_assert(strncmp(msg, "--thp 'never,sometimes': 'sometimes': ", 38) == 0, "%s", msg);
	cr_assert_eq(PARSE("--swappiness", "10,10"), OPTIONS_USAGE);
	cr_assert_str_eq(msg, "--swappiness '10,10': '10' twice: each value is one cell");
	cr_assert_eq(PARSE("--swappiness", "1,2,3,4,5,6,7,8,9,10,11,12"), OPTIONS_RUN, "%s", msg);
	cr_assert_eq(PARSE("--swappiness", "1,2,3,4,5,6,7,8,9,10,11,12,13"), OPTIONS_USAGE);
	cr_assert_str_eq(msg, "--swappiness '1,2,3,4,5,6,7,8,9,10,11,12,13': more than 12 values");
	/* A setting that takes no list keeps its own reading of a comma. */
	cr_assert_eq(PARSE("--trials", "3,4"), OPTIONS_USAGE);
}

Test(knob_options, four_settings_as_axes_and_a_fifth_is_refused)
{
	cr_assert_eq(PARSE("--swappiness", "10,60", "--page-cluster", "0,3", "--thp",
			   "never,always", "--mglru", "on,off"),
		     OPTIONS_RUN, "%s", msg);
	cr_assert_eq(cfg.knobs.n, 4);
	cr_assert_eq(PARSE("--swappiness", "10,60", "--page-cluster", "0,3", "--thp",
			   "never,always", "--mglru", "on,off", "--zswap-pool", "10,20"),
		     OPTIONS_USAGE);
	cr_assert_str_eq(msg,
			 "--zswap-pool '10,20': a sweep of more than 4 settings besides swap, "
			 "comp, jobs and limit");
}

/* Each value is a run of its own to the cross checks: tabs:N wants --jobs 1 or N. */
Test(knob_options, the_cross_checks_see_every_value)
{
	cr_assert_eq(PARSE("--access", "fill,tabs:2:2", "--jobs", "2"), OPTIONS_RUN, "%s", msg);
	cr_assert_eq(PARSE("--access", "fill,tabs:4:2", "--jobs", "2"), OPTIONS_USAGE);
	cr_assert(strstr(msg, "tabs:N runs N processes, one per tab: leave --jobs out"), "%s", msg);
	cr_assert_eq(PARSE("--access", "tabs:4:2,fill", "--jobs", "2"), OPTIONS_USAGE,
		     "the first value, in the field");
	cr_assert_eq(PARSE("--access", "fill,reread:2,tabs:4:2", "--jobs", "2"), OPTIONS_USAGE,
		     "the last value");
}

/* One value is checked by the option's parser alone, a list never an axis there; the cross
 * checks see the run's values of its axes. */
Test(knob_options, a_value_checked_alone_and_the_axes_with_the_run)
{
	char why[OPTION_REASON_LEN];

	options_defaults(&cfg);
	cr_assert_eq(option_value_check(&cfg, O_SWAPPINESS, "60", why, sizeof(why)), 0, "%s", why);
	cr_assert_eq(cfg.swappiness, 60);
	cr_assert_neq(option_value_check(&cfg, O_SWAPPINESS, "10,60", why, sizeof(why)), 0);
	cr_assert_eq(cfg.knobs.n, 0);
	cr_assert_eq(option_apply(&cfg, O_ACCESS, "fill,tabs:4:2", msg, sizeof(msg)), 0, "%s", msg);
	cr_assert_eq(option_apply(&cfg, O_JOBS, "2", msg, sizeof(msg)), 0, "%s", msg);
	cr_assert_str_eq(cfg.access, "fill");
	cr_assert_eq(options_cross_check(&cfg, msg, sizeof(msg)), -EINVAL);
	cr_assert_str_eq(msg, "--jobs '2': tabs:N runs N processes, one per tab: leave --jobs out");
	cr_assert_eq(option_apply(&cfg, O_ACCESS, "fill,tabs:2:2", msg, sizeof(msg)), 0, "%s", msg);
	cr_assert_eq(options_cross_check(&cfg, msg, sizeof(msg)), 0, "%s", msg);
}

/* ---- in a config file ---- */

static char path[64];

static void write_conf(const char *text)
{
	int fd;

	snprintf(path, sizeof(path), "/tmp/zsb-knobconf-XXXXXX");
	fd = mkstemp(path);
	cr_assert_geq(fd, 0);
	cr_assert_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
}

static enum options_result parse_conf(const char *text)
{
	char *argv[] = { "zswapbench", "--config", path, NULL };
	enum options_result r;

	write_conf(text);
	config_free(&cfg);
	r = options_parse(command_of(NULL), 3, argv, &cfg, msg, sizeof(msg));
	unlink(path);
	return r;
}

/* The message after the file's name: ":LINE: ..." */
static const char *after_path(void)
{
	cr_assert(strncmp(msg, path, strlen(path)) == 0, "%s", msg);
	return msg + strlen(path);
}

Test(knob_options, a_section_takes_a_setting_or_a_list_of_its_own)
{
	const struct knob_axes *s;

	/* b's one value a backend's setting: a machine-wide one of b alone would be refused
	 * (a_machine_setting_of_one_section_alone_is_refused). */
	cr_assert_eq(parse_conf("[run]\nswappiness = 30,40\n[a]\nswap = zram\nswappiness = "
				"10,60\n[b]\nswap = zram\nzram-size = 3M\n"),
		     OPTIONS_RUN, "%s", msg);
	cr_assert_eq(cfg.swappiness, 30);
	cr_assert_eq(cfg.knobs.n, 1);
	cr_assert_eq(cfg.nsections, 2);
	s = &cfg.sections[0].knobs;
	cr_assert_eq(s->n, 1);
	cr_assert_eq(s->v[0].id, O_SWAPPINESS);
	cr_assert_str_eq(s->v[0].values[1], "60");
	s = &cfg.sections[1].knobs;
	cr_assert_eq(s->n, 1, "one value is the section's own too");
	cr_assert_eq(s->v[0].n, 1);
	cr_assert_str_eq(s->v[0].values[0], "3M");
	cr_assert_not(cfg.given[option_id_of(option_find("zram-size"))],
		      "the run's field is the default");
	cr_assert_eq(cfg.backend.zram.size, 0);
}

/* A section's value the checks refuse is named, not the run's field it never was in. */
Test(knob_options, a_sections_value_refused_by_the_checks_is_the_one_named)
{
	cr_assert_eq(parse_conf("[a]\nswap = zram\nzswap-pool = 10,20\n"), OPTIONS_USAGE);
	cr_assert_str_eq(msg, "--zswap-pool '10': only zswap uses this option; add --swap zswap");
	cr_assert_eq(parse_conf("[run]\ncommand = true\n[a]\nswap = zram\naccess = reread:2\n"),
		     OPTIONS_USAGE);
	cr_assert_str_eq(msg,
			 "--access 'reread:2': only the hogger takes this option, not a "
			 "command");
	cr_assert_eq(parse_conf("[a]\nswap = zswap\nzswap-pool = 10,20\n[b]\nswap = zram\n"),
		     OPTIONS_RUN, "%s", msg);
}

Test(knob_options, a_sections_refused_value_is_named_with_its_line)
{
	cr_assert_eq(parse_conf("[a]\nswap = zram\nswappiness = 10,300\n"), OPTIONS_USAGE);
	cr_assert_str_eq(after_path(),
			 ":3: swappiness: '10,300': '300': not a swappiness from 0 to 200");
	cr_assert_eq(parse_conf("[a]\nswap = zram\nthp = never,never\n"), OPTIONS_USAGE);
	cr_assert_str_eq(after_path(),
			 ":3: thp: 'never,never': 'never' twice: each value is one "
			 "cell");
}

/* A section's values are checked with the run's settings, each of them, the first too. */
Test(knob_options, a_sections_values_meet_the_cross_checks)
{
	cr_assert_eq(parse_conf("[run]\njobs = 2\n[a]\nswap = zram\naccess = fill,tabs:2:2\n"),
		     OPTIONS_RUN, "%s", msg);
	cr_assert_eq(parse_conf("[run]\njobs = 2\n[a]\nswap = zram\naccess = fill,tabs:4:2\n"),
		     OPTIONS_USAGE);
	cr_assert(strstr(msg, "tabs:N runs N processes, one per tab: leave --jobs out"), "%s", msg);
	cr_assert_eq(parse_conf("[run]\njobs = 2\n[a]\nswap = zram\naccess = tabs:4:2,fill\n"),
		     OPTIONS_USAGE, "the first of a section's values is not in the run's field");
	cr_assert_eq(parse_conf("[run]\njobs = 2\n[a]\nswap = zram\naccess = tabs:4:2\n"),
		     OPTIONS_USAGE, "one value of a section's own");
}

/* A section's settings and the run's axes that it leaves are at most four. */
Test(knob_options, a_section_and_the_run_sweep_at_most_four_settings)
{
	static const char run3[] = "[run]\nswappiness = 10,60\npage-cluster = 0,3\nthp = "
				   "never,always\n";
	char text[512];

	snprintf(text, sizeof(text), "%s[a]\nswap = zram\nmglru = on,off\n", run3);
	cr_assert_eq(parse_conf(text), OPTIONS_RUN, "%s", msg);
	snprintf(text, sizeof(text), "%s[a]\nswap = zram\nswappiness = 5\nmglru = on,off\n", run3);
	cr_assert_eq(parse_conf(text), OPTIONS_RUN, "its own swappiness in place of the run's: %s",
		     msg);
	snprintf(text, sizeof(text),
		 "%s[a]\nswap = zram\nmglru = on,off\nzram-mem-limit = 64M,128M\n", run3);
	cr_assert_eq(parse_conf(text), OPTIONS_USAGE);
	cr_assert(strstr(msg,
			 "[a]: a sweep of more than 4 settings besides swap, comp, jobs and "
			 "limit"),
		  "%s", msg);
}

/* The command line overrides the file: a setting given there is every section's, in place of
 * a section's own (one value or a list); the sections' other settings stay. */
Test(knob_options, the_command_line_overrides_a_sections_setting)
{
	char *argv[] = { "zswapbench", "--config", path, "--swappiness", "30", NULL };
	char *list[] = { "zswapbench", "--config", path, "--swappiness", "1,2", NULL };
	static const char text[] = "[run]\npage-cluster = 1\n[a]\nswap = zram\nswappiness = "
				   "10,60\npage-cluster = 0,3\n"
				   "[b]\nswap = zram\nswappiness = 5\n";

	write_conf(text);
	config_free(&cfg);
	cr_assert_eq(options_parse(command_of(NULL), 5, argv, &cfg, msg, sizeof(msg)), OPTIONS_RUN,
		     "%s", msg);
	cr_assert_eq(cfg.nsections, 2);
	cr_assert_eq(cfg.swappiness, 30);
	cr_assert_null(knob_axes_find(&cfg.sections[0].knobs, O_SWAPPINESS));
	cr_assert_not_null(knob_axes_find(&cfg.sections[0].knobs, O_PAGE_CLUSTER));
	cr_assert_eq(cfg.sections[1].knobs.n, 0);
	config_free(&cfg);
	cr_assert_eq(options_parse(command_of(NULL), 5, list, &cfg, msg, sizeof(msg)), OPTIONS_RUN,
		     "%s", msg);
	cr_assert_null(knob_axes_find(&cfg.sections[1].knobs, O_SWAPPINESS));
	cr_assert_eq(knob_axes_find(&cfg.knobs, O_SWAPPINESS)->n, 2, "the command line's list");
	unlink(path);
}

/* A machine-wide setting one section sets and another leaves to the kernel, the run too:
 * refused, naming both (the other's cells would run under the first's last value). Set in
 * [run] too, or a cgroup's or backend's setting (made per trial), it is taken. */
Test(knob_options, a_machine_setting_of_one_section_alone_is_refused)
{
	cr_assert_eq(parse_conf("[a]\nswap = zram\nswappiness = 10,60\n[b]\nswap = disk\n"),
		     OPTIONS_USAGE);
	cr_assert(strstr(msg, "[b]: swappiness: set in [a] and left to the kernel here"), "%s",
		  msg);
	cr_assert_eq(parse_conf("[a]\nswap = disk\n[b]\nswap = zram\nthp = never\n"),
		     OPTIONS_USAGE);
	cr_assert(strstr(msg, "[a]: thp: set in [b] and left to the kernel here"), "%s", msg);
	cr_assert_eq(parse_conf("[run]\nswappiness = 30\n[a]\nswap = zram\nswappiness = 10,60\n"
				"[b]\nswap = disk\n"),
		     OPTIONS_RUN, "%s", msg);
	cr_assert_eq(parse_conf("[a]\nswap = zram\npage-cluster = 0\n[b]\nswap = disk\n"
				"page-cluster = 3\n"),
		     OPTIONS_RUN, "%s", msg);
	cr_assert_eq(parse_conf("[a]\nswap = zram\nzram-size = 64M,128M\n[b]\nswap = disk\n"),
		     OPTIONS_RUN, "%s", msg);
	cr_assert_eq(parse_conf("[a]\nswap = zram\nmglru = off\n[b]\nswap = disk\n"),
		     OPTIONS_USAGE);
}

/* --mthp in a section: a size given two modes an axis of the section's cells, one setting an
 * axis of one value; its own refusals named with the line; the command line's over it. */
Test(knob_options, a_sections_mthp_is_its_own_setting_or_axis)
{
	const struct knob_axis *x;
	char *argv[] = { "zswapbench", "--config", path, "--mthp", "16K:never", NULL };

	cr_assert_eq(parse_conf("[run]\nmthp = 2M:never\n[a]\nswap = zram\nmthp = "
				"64K:always,64K:never\n[b]\nswap = zram\nmthp = 64K:inherit\n"),
		     OPTIONS_RUN, "%s", msg);
	x = knob_axes_find(&cfg.sections[0].knobs, O_MTHP);
	cr_assert_not_null(x);
	cr_assert_eq(x->n, 2);
	cr_assert_str_eq(x->values[1], "64K:never");
	x = knob_axes_find(&cfg.sections[1].knobs, O_MTHP);
	cr_assert_not_null(x);
	cr_assert_eq(x->n, 1);
	cr_assert_str_eq(x->values[0], "64K:inherit");
	cr_assert_null(knob_axes_find(&cfg.knobs, O_MTHP), "the run's own is no axis");
	cr_assert_eq(cfg.mthp.n, 1);
	cr_assert_eq(cfg.mthp.v[0].kb, 2048);
	cr_assert_eq(parse_conf("[a]\nswap = zram\nmthp = 48K:always\n"), OPTIONS_USAGE);
	cr_assert(strstr(msg, ":3: mthp: '48K:always': '48K' is no folio size"), "%s", msg);
	cr_assert_eq(parse_conf("[a]\nswap = zram\nmthp = 64K:always\n[b]\nswap = disk\n"),
		     OPTIONS_USAGE);
	cr_assert(strstr(msg, "[b]: mthp: set in [a] and left to the kernel here"), "%s", msg);
	write_conf("[run]\nmthp = 2M:never\n[a]\nswap = zram\nmthp = 64K:always,64K:never\n");
	config_free(&cfg);
	cr_assert_eq(options_parse(command_of(NULL), 5, argv, &cfg, msg, sizeof(msg)), OPTIONS_RUN,
		     "%s", msg);
	cr_assert_null(knob_axes_find(&cfg.sections[0].knobs, O_MTHP), "the command line's wins");
	cr_assert_eq(cfg.mthp.v[0].kb, 16);
}
