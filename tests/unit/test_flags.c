/* One meaning per flag (issue 25): a short letter names one long option in every command, -o
 * is where a command writes and "-" standard output only where one stream is written, and a
 * run's config object has one output, its result file. */
#include <criterion/criterion.h>
#include <json.h>
#include <stdio.h>
#include <string.h>

#include "runner/cli/option_echo.h"
#include "runner/cli/options.h"
#include "runner/commands/commands.h"

static enum options_result parse_as(const char *word, struct config *cfg, char *msg, size_t len,
				    int argc, char **argv)
{
	return options_parse(command_of(word), argc, argv, cfg, msg, len);
}

/* The option of command c that a short letter means, or NULL. */
static const struct option_desc *short_of(const struct command_info *c, char letter)
{
	for (size_t pos = 0; pos < option_count(); pos++) {
		const struct option_desc *o = option_row(option_at(pos));
		if (o->short_name == letter && option_for(o, c->options))
			return o;
	}
	return NULL;
}

Test(flags, a_short_letter_is_one_long_option_in_every_command)
{
	for (size_t pos = 0; pos < option_count(); pos++) {
		const struct option_desc *o = option_row(option_at(pos));
		for (size_t c = 0; o->short_name && c < ncommands; c++) {
			const struct option_desc *mine = short_of(&commands[c], o->short_name);
			if (commands[c].run && mine)
				cr_expect_str_eq(mine->name, o->name,
						 "-%c is --%s in %s, --%s elsewhere", o->short_name,
						 mine->name, commands[c].name, o->name);
		}
	}
	cr_expect_eq(option_row(O_COLUMNS)->short_name, 'C');
	cr_expect_str_eq(short_of(command_of("show"), 'o')->name, "output");
	cr_expect_str_eq(short_of(command_of("compare"), 'o')->name, "output");
}

Test(flags, columns_is_C_and_output_is_o_for_show)
{
	char *argv[] = { "show", "-C", "cell,elapsed", "-o", "t.txt", "x.json", NULL };
	struct config cfg;
	char msg[512] = "";

	cr_assert_eq(parse_as("show", &cfg, msg, sizeof(msg), 6, argv), OPTIONS_RUN, "%s", msg);
	cr_expect_eq(cfg.view.columns.n, 2);
	cr_expect_str_eq(cfg.output, "t.txt");
	config_free(&cfg);
}

/* "-": standard output for what writes one stream; refused in one line where it cannot be. */
Test(flags, a_dash_is_standard_output_only_for_one_stream)
{
	static const struct {
		const char *word;
		int ok;
		const char *said;
	} cases[] = {
		{ "show", 1, NULL },
		{ "compare", 1, NULL },
		{ "report", 1, NULL },
		{ "plot", 0, "--output '-': the plots are several files: give a folder" },
		{ NULL, 0,
		  "--output '-': a run prints its answer on standard output: give a file" },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *argv[] = { cases[i].word ? (char *)cases[i].word : "zswapbench",
				 "-o",
				 "-",
				 "a.json",
				 "b.json",
				 NULL };
		struct config cfg;
		char msg[512] = "";
		int argc = cases[i].word ? 5 : 3;
		enum options_result r = parse_as(cases[i].word, &cfg, msg, sizeof(msg), argc, argv);

		cr_expect_eq(r, cases[i].ok ? OPTIONS_RUN : OPTIONS_USAGE, "%s: %s", argv[0], msg);
		if (cases[i].said)
			cr_expect_str_eq(msg, cases[i].said);
		config_free(&cfg);
	}
}

/* plot's and report's --output share the run's name: the echo once wrote three "output" keys,
 * the last (report's) winning, so a result file's output was null. */
Test(flags, a_runs_config_has_one_output_its_result_file)
{
	char *argv[] = { "zswapbench", "-o", "r.json", "--plot", "p", "--report", "r.html", NULL };
	struct config cfg;
	char msg[512] = "";
	json_object *j, *v;
	size_t outputs = 0;

	cr_assert_eq(parse_as(NULL, &cfg, msg, sizeof(msg), 7, argv), OPTIONS_RUN, "%s", msg);
	j = options_to_json(&cfg);
	cr_assert(json_object_object_get_ex(j, "output", &v));
	cr_expect_str_eq(json_object_get_string(v), "r.json");
	json_object_object_foreach(j, key, value)
	{
		(void)value;
		outputs += strcmp(key, "output") == 0;
	}
	cr_expect_eq(outputs, 1);
	for (size_t pos = 0; pos < option_count(); pos++) {
		int id = option_at(pos);
		if (strcmp(option_row(id)->name, "output") == 0 && id != O_OUTPUT)
			cr_expect(option_row(id)->flags & OPT_NO_ECHO, "row %d echoes output", id);
	}
	json_object_put(j);
	config_free(&cfg);
}
