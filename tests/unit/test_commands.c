#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "runner/cli/help.h"
#include "runner/cli/options.h"
#include "runner/commands/commands.h"

static char *help_of(const struct command_info *c)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	cr_assert_not_null(f);
	options_help(f, c, commands, ncommands);
	fclose(f);
	return text;
}

/* One row a command: a word of its own, one entry point that fits what it takes. */
Test(commands, the_table_is_whole)
{
	size_t implicit = 0;

	for (size_t i = 0; i < ncommands; i++) {
		const struct command_info *c = &commands[i];
		cr_assert(c->name && c->name[0]);
		for (size_t k = 0; k < i; k++)
			cr_assert_str_neq(commands[k].name, c->name, "two rows for %s", c->name);
		implicit += c->implicit != 0;
		cr_assert((c->run != NULL) != (c->main != NULL), "%s: one entry point", c->name);
		cr_assert_eq(c->run != NULL, c->options != 0,
			     "%s: run takes the parsed options, main its words", c->name);
		cr_assert(c->usage && c->about && c->about[0], "%s: its usage and paragraph",
			  c->name);
		cr_assert_neq(c->about[strlen(c->about) - 1], '\n', "%s", c->name);
		cr_assert(!c->files || c->brief, "%s takes files: the list of commands names them",
			  c->name);
	}
	cr_assert_eq(implicit, 1, "one run, the command without a word");
}

Test(commands, a_word_finds_its_row_and_anything_else_the_run)
{
	for (size_t i = 0; i < ncommands; i++)
		if (!commands[i].implicit)
			cr_assert_eq(command_of(commands[i].name), &commands[i]);
	cr_assert(command_of(NULL)->implicit);
	cr_assert(command_of("--limit")->implicit);
	cr_assert(command_of("frobnicate")->implicit,
		  "the run then says it is an unexpected argument");
}

/* --help: the usage line, the paragraph of the row, and the run's lists every other word. */
Test(commands, each_help_is_its_rows_text)
{
	char *run = help_of(command_of(NULL));

	cr_assert(strncmp(run,
			  "Usage: zswapbench [options] [-- COMMAND [ARG...]]\n       zswapbench "
			  "show FILE...  |  ",
			  strlen("Usage: zswapbench [options] [-- COMMAND [ARG...]]\n       "
				 "zswapbench show FILE...  |  ")) == 0,
		  "%s", run);
	for (size_t i = 0; i < ncommands; i++) {
		const struct command_info *c = &commands[i];
		char *text = help_of(c), usage[256];
		if (!c->implicit) {
			snprintf(usage, sizeof(usage), "Usage: zswapbench %s%s%s\n", c->name,
				 c->usage[0] ? " " : "", c->usage);
			cr_assert(strncmp(text, usage, strlen(usage)) == 0, "%s", text);
			cr_assert(strstr(run, c->name), "the run's help lists %s", c->name);
		}
		cr_assert(strstr(text, c->about), "%s: its paragraph", c->name);
		if (!c->options)
			cr_assert_str_eq(strstr(text, c->about) + strlen(c->about), "\n",
					 "%s: nothing after it", c->name);
		free(text);
	}
	free(run);
}

/* The result files a command needs, said by its word when they are missing. */
Test(commands, files_are_counted_by_the_row)
{
	static const struct {
		const char *word;
		int argc;
		const char *want;
	} cases[] = {
		{ "show", 1, "show needs a result file" },
		{ "compare", 2, "compare needs two result files or more: BASE.json NEW.json..." },
		{ "sysinfo", 2, "unexpected argument 'a.json'" },
	};
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		char *argv[] = { (char *)cases[i].word, "a.json", NULL };
		struct config cfg;
		char msg[512] = "";
		cr_assert_eq(options_parse(command_of(cases[i].word), cases[i].argc, argv, &cfg,
					   msg, sizeof(msg)),
			     OPTIONS_USAGE);
		cr_assert_str_eq(msg, cases[i].want);
		config_free(&cfg);
	}
}
