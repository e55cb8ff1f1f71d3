/* --help, written from the option table so it cannot drift from what the parser takes. */
#include <stdio.h>
#include <string.h>

#include "common/access.h"
#include "common/pattern.h"
#include "runner/cli/options.h"

static void option_line(FILE *out, const struct option_desc *o)
{
	char left[64], def[96] = "";
	int has_arg = o->type != OT_FLAG && o->type != OT_ACTION;

	if (o->short_name)
		snprintf(left, sizeof(left), "-%c, --%s%s%s", o->short_name, o->name, has_arg ? " " : "",
			 has_arg ? o->arg : "");
	else
		snprintf(left, sizeof(left), "    --%s%s%s", o->name, has_arg ? " " : "", has_arg ? o->arg : "");
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

void options_help(void *stream)
{
	FILE *out = stream;
	char line[1024];

	fprintf(out, "Usage: zswapbench [options] [-- COMMAND [ARG...]]\n"
		     "       zswapbench cleanup\n"
		     "Measures a workload that does not fit in memory under disk swap, zram or zswap:\n"
		     "a memory cgroup per trial, a swap backend of its own, a hogger inside\n"
		     "(or COMMAND, run without a shell, in its place).\n\n");
	for (int id = 0; id < O_COUNT; id++)
		if (!(option_table[id].flags & OPT_HIDDEN))
			option_line(out, &option_table[id]);

	fprintf(out, "\nSIZE: a number with K, M, G or T (binary; KB, MB, GB: decimal). LIST: comma-separated.\n"
		     "TIME: 10ms, 2s, 10m or 1h.\n");
	snprintf(line, sizeof(line), "PATTERN: %s.", pattern_help());
	wrapped(out, line);
	snprintf(line, sizeof(line), "MODE: %s.", access_help());
	wrapped(out, line);
	fprintf(out, "Exit status: 0 ok, 1 runtime failure, 2 bad usage, 3 unsupported here,\n"
		     "4 some trials failed (OOM), 128+N stopped by signal N (130: Ctrl-C).\n");
}
