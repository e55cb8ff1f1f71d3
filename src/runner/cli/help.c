/* --help, written from the option table so it cannot drift from what the parser takes. */
#include "runner/cli/help.h"

#include <string.h>

#include "common/access.h"
#include "common/pattern.h"
#include "runner/profile/replay.h"
#include "runner/cli/option_table.h"

/* --help fits a terminal of 80 columns: each option's text is wrapped at words under itself,
 * after the option column. */
#define HELP_WIDTH 80
#define OPTION_COLUMN 26

/* The words of text from column col on, a line broken before a word that would pass the width,
 * each new line indented to indent. */
static void wrap(FILE *out, const char *text, int col, int indent)
{
	int first = 1;

	while (*text) {
		size_t n = strcspn(text, " ");
		if (!first && col + 1 + (int)n > HELP_WIDTH) {
			col = fprintf(out, "\n%*s", indent, "") - 1;
		} else if (!first) {
			fputc(' ', out);
			col++;
		}
		fwrite(text, 1, n, out);
		col += (int)n;
		first = 0;
		text += n;
		text += strspn(text, " ");
	}
	fputc('\n', out);
}

static void option_line(FILE *out, const struct option_desc *o, int has_short)
{
	char left[64], text[512], def[160] = "";
	int has_arg = o->type != OT_FLAG && o->type != OT_ACTION;
	const int indent = 2 + OPTION_COLUMN + 1;

	if (has_short)
		snprintf(left, sizeof(left), "-%c, --%s%s%s", o->short_name, o->name,
			 has_arg ? " " : "", has_arg ? o->arg : "");
	else
		snprintf(left, sizeof(left), "    --%s%s%s", o->name, has_arg ? " " : "",
			 has_arg ? o->arg : "");
	if (o->def && o->type != OT_FLAG)
		snprintf(def, sizeof(def), " (default %s)", o->def);
	else if (o->def_help)
		snprintf(def, sizeof(def), " (default %s)", o->def_help);
	snprintf(text, sizeof(text), "%s%s", o->help, def);
	if (strlen(left) > OPTION_COLUMN)
		fprintf(out, "  %s\n%*s", left, indent, "");
	else
		fprintf(out, "  %-*s ", OPTION_COLUMN, left);
	wrap(out, text, indent, indent);
}

/* "       zswapbench show FILE...  |  compare BASE.json NEW.json...  |": the other commands,
 * wrapped at words. */
static void command_list(FILE *out, const struct command_info *table, size_t n)
{
	int col = fprintf(out, "       zswapbench ");
	int first = 1;

	for (size_t i = 0; i < n; i++) {
		char item[128];
		int len;
		if (table[i].implicit)
			continue;
		len = snprintf(item, sizeof(item), "%s%s%s", table[i].name,
			       table[i].brief ? " " : "", table[i].brief ? table[i].brief : "");
		if (!first && col + 5 + len > HELP_WIDTH) {
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

/* Does the option at place pos of the table have its short name in c's set? The first option
 * of the set to claim it does. */
static int owns_short(const struct command_info *c, size_t pos)
{
	const struct option_desc *o = option_row(option_at(pos));

	for (size_t k = 0; o->short_name && k < pos; k++)
		if (option_row(option_at(k))->short_name == o->short_name &&
		    option_for(option_row(option_at(k)), c->options))
			return 0;
	return o->short_name != 0;
}

static int shown(const struct command_info *c, const struct option_desc *o)
{
	return !(o->flags & OPT_HIDDEN) && option_for(o, c->options);
}

/* "These settings take a LIST as well: swappiness, page-cluster, ...": the rows with
 * OPT_KNOB, named without their dashes (a line of --help that starts with an option is that
 * option's own). */
static void knob_note(char *buf, size_t len)
{
	size_t at =
		(size_t)snprintf(buf, len,
				 "These settings take a LIST as well as one value, one cell per "
				 "value (an axis of the sweep): ");
	int first = 1;

	for (size_t pos = 0; pos < option_count() && at < len; pos++) {
		const struct option_desc *o = option_row(option_at(pos));
		if (o->flags & OPT_KNOB) {
			at += (size_t)snprintf(buf + at, len - at, "%s%s", first ? "" : ", ",
					       o->name);
			first = 0;
		}
	}
	if (at < len)
		snprintf(buf + at, len - at,
			 "; mthp too, where a size is given more than one mode.");
}

void options_help(FILE *out, const struct command_info *c, const struct command_info *table,
		  size_t n)
{
	/* The experiment has some eighty options: in the README's groups; a command's few are
	 * listed as they come. */
	int grouped = (c->options & CMD_EXPERIMENT) != 0;
	char line[1024];

	usage(out, c, table, n);
	for (int g = 0; g < (grouped ? G_COUNT : 1); g++) {
		int heading = 0;
		for (size_t pos = 0; c->options && pos < option_count(); pos++) {
			const struct option_desc *o = option_row(option_at(pos));
			if (!shown(c, o) || (grouped && o->group != (enum option_group)g))
				continue;
			if (!heading++)
				fprintf(out, grouped ? "\n%s:\n" : "\n", option_group_names[g]);
			option_line(out, o, owns_short(c, pos));
		}
	}
	if (!c->implicit)
		return;

	fputc('\n', out);
	wrap(out,
	     "SIZE: a number with K, M, G or T (binary; KB, MB, GB: decimal), a fraction allowed "
	     "(0.5G). LIST: comma-separated. TIME: 10ms, 2s, 10m or 1h.",
	     0, 4);
	knob_note(line, sizeof(line));
	wrap(out, line, 0, 4);
	snprintf(line, sizeof(line), "PATTERN: %s.", replay_data_help());
	wrap(out, line, 0, 4);
	snprintf(line, sizeof(line), "MODE: %s.", access_help());
	wrap(out, line, 0, 4);
	wrap(out,
	     "Exit status: 0 ok, 1 runtime failure, 2 bad usage, 3 unsupported here, 4 some trials "
	     "failed (OOM, a failed COMMAND), 128+N stopped by signal N (130: Ctrl-C).",
	     0, 4);
}
