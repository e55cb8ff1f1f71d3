/* --help, written from the option table so it cannot drift from what the parser takes. */
#include "runner/cli/help.h"

#include <string.h>

#include "common/access.h"
#include "common/pattern.h"
#include "runner/cli/option_table.h"

static void option_line(FILE *out, const struct option_desc *o, int has_short)
{
	char left[64], def[96] = "";
	int has_arg = o->type != OT_FLAG && o->type != OT_ACTION;

	if (has_short)
		snprintf(left, sizeof(left), "-%c, --%s%s%s", o->short_name, o->name,
			 has_arg ? " " : "", has_arg ? o->arg : "");
	else
		snprintf(left, sizeof(left), "    --%s%s%s", o->name, has_arg ? " " : "",
			 has_arg ? o->arg : "");
	if (o->def && o->type != OT_FLAG)
		snprintf(def, sizeof(def), " (default %s%s)", o->def,
			 o->type == OT_DURATION ? o->noun : "");
	else if (o->def_help)
		snprintf(def, sizeof(def), " (default %s)", o->def_help);
	if (strlen(left) > 26)
		fprintf(out, "  %s\n  %-26s %s%s\n", left, "", o->help, def);
	else
		fprintf(out, "  %-26s %s%s\n", left, o->help, def);
}

/* Long lines of the footer, wrapped at words, the rest indented. */
static void wrapped(FILE *out, const char *text)
{
	const int width = 92;
	int col = 0;

	while (*text) {
		size_t n = strcspn(text, " ");
		if (col && col + 1 + (int)n > width) {
			fputs("\n    ", out);
			col = 4;
		} else if (col) {
			fputc(' ', out);
			col++;
		}
		fwrite(text, 1, n, out);
		col += (int)n;
		text += n + (text[n] == ' ');
	}
	fputc('\n', out);
}

/* "       zswapbench show FILE...  |  compare BASE.json NEW.json...  |": the other commands,
 * wrapped at words. */
static void command_list(FILE *out, const struct command_info *table, size_t n)
{
	const int width = 92;
	int col = fprintf(out, "       zswapbench ");
	int first = 1;

	for (size_t i = 0; i < n; i++) {
		char item[128];
		int len;
		if (table[i].implicit)
			continue;
		len = snprintf(item, sizeof(item), "%s%s%s", table[i].name,
			       table[i].brief ? " " : "", table[i].brief ? table[i].brief : "");
		if (!first && col + 5 + len > width) {
			fprintf(out, "  |\n");
			col = fprintf(out, "       ");
		} else if (!first) {
			col += fprintf(out, "  |  ");
		}
		col += fprintf(out, "%s", item);
		first = 0;
	}
	fputc('\n', out);
}

/* The usage line, the run's list of the other commands, then the command's paragraph. */
static void usage(FILE *out, const struct command_info *c, const struct command_info *table,
		  size_t n)
{
	fprintf(out, "Usage: zswapbench%s%s%s%s\n", c->implicit ? "" : " ",
		c->implicit ? "" : c->name, c->usage[0] ? " " : "", c->usage);
	if (c->implicit)
		command_list(out, table, n);
	fprintf(out, "%s\n", c->about);
}

void options_help(FILE *out, const struct command_info *c, const struct command_info *table,
		  size_t n)
{
	char line[1024];

	usage(out, c, table, n);
	if (c->options)
		fputc('\n', out);
	for (int id = 0; c->options && id < O_COUNT; id++) {
		const struct option_desc *o = &option_table[id];
		int owner = 1;
		if ((o->flags & OPT_HIDDEN) || !option_for(o, c->options))
			continue;
		for (int k = 0; o->short_name && k < id; k++)
			if (option_table[k].short_name == o->short_name &&
			    option_for(&option_table[k], c->options))
				owner = 0;
		option_line(out, o, o->short_name && owner);
	}
	if (!c->implicit)
		return;

	fprintf(out,
		"\nSIZE: a number with K, M, G or T (binary; KB, MB, GB: decimal). LIST: "
		"comma-separated.\n"
		"TIME: 10ms, 2s, 10m or 1h.\n");
	snprintf(line, sizeof(line), "PATTERN: %s.", pattern_help());
	wrapped(out, line);
	snprintf(line, sizeof(line), "MODE: %s.", access_help());
	wrapped(out, line);
	fprintf(out,
		"Exit status: 0 ok, 1 runtime failure, 2 bad usage, 3 unsupported here,\n"
		"4 some trials failed (OOM), 128+N stopped by signal N (130: Ctrl-C).\n");
}
