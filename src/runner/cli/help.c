/* --help, written from the option table so it cannot drift from what the parser takes. */
#include <stdio.h>
#include <string.h>

#include "common/access.h"
#include "common/pattern.h"
#include "runner/cli/options.h"

static void option_line(FILE *out, const struct option_desc *o, int has_short)
{
	char left[64], def[96] = "";
	int has_arg = o->type != OT_FLAG && o->type != OT_ACTION;

	if (has_short)
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

static void usage(FILE *out, enum command cmd)
{
	if (cmd == CMD_SHOW)
		fprintf(out, "Usage: zswapbench show [options] FILE...\n"
			     "Prints saved result files as a run prints its results: the short answer, or with\n"
			     "--verbose every metric; --format csv gives one long table of every trial of every file.\n\n");
	else if (cmd == CMD_COMPARE)
		fprintf(out, "Usage: zswapbench compare [options] BASE.json NEW.json [MORE.json...]\n"
			     "Compares the cells that two or more result files have in common (same backend,\n"
			     "compressor, jobs, limit, limit mode, data, access and allocation), metric by metric,\n"
			     "with the uncertainty of each change: two kernels, two machines, before and after.\n\n");
	else if (cmd == CMD_PLOT)
		fprintf(out, "Usage: zswapbench plot [options] FILE...\n"
			     "Draws saved result files with gnuplot: memory and PSI over time per cell, the fill\n"
			     "curve, every trial per cell, and sweeps against their axis; several files, one colour\n"
			     "each. Each picture comes with its gnuplot script (NAME.gp) to edit and redraw.\n\n");
	else if (cmd == CMD_REPORT)
		fprintf(out, "Usage: zswapbench report [options] FILE...\n"
			     "One self-contained HTML file: the verdict, the cells with their uncertainty, the\n"
			     "plots, the warnings, the machine and the configuration; for several files, their\n"
			     "comparison. It opens anywhere, from a mail attachment or a CI artifact.\n\n");
	else if (cmd == CMD_CALIBRATE)
		fprintf(out, "Usage: zswapbench calibrate [--runs K] [options] [-- COMMAND [ARG...]]\n"
			     "Runs the configuration the options describe K times as independent runs and measures\n"
			     "how far apart their medians land on this machine. compare then calls a change real\n"
			     "only beyond that noise, for files of this host and configuration.\n\n");
	else if (cmd == CMD_SYSINFO)
		fprintf(out, "Usage: zswapbench sysinfo [options]\n"
			     "What this machine offers a swap benchmark and what would disturb one: cgroups, zram,\n"
			     "zswap, the swap areas in use, memory and CPU settings, and the swapfile's disk.\n"
			     "Changes nothing; every result file keeps the same facts.\n\n");
	else
		fprintf(out, "Usage: zswapbench [options] [-- COMMAND [ARG...]]\n"
			     "       zswapbench show FILE...  |  compare BASE.json NEW.json...  |  plot FILE...  |\n"
			     "       report FILE...  |  calibrate  |  sysinfo  |  list-configs  |  cleanup\n"
			     "Measures a workload that does not fit in memory under disk swap, zram or zswap:\n"
			     "a memory cgroup per trial, a swap backend of its own, a hogger inside\n"
			     "(or COMMAND, run without a shell, in its place).\n\n");
}

void options_help(void *stream, enum command cmd)
{
	FILE *out = stream;
	char line[1024];

	usage(out, cmd);
	for (int id = 0; id < O_COUNT; id++) {
		const struct option_desc *o = &option_table[id];
		int owner = 1;
		if ((o->flags & OPT_HIDDEN) || !option_for(o, cmd))
			continue;
		for (int k = 0; o->short_name && k < id; k++)
			if (option_table[k].short_name == o->short_name && option_for(&option_table[k], cmd))
				owner = 0;
		option_line(out, o, o->short_name && owner);
	}
	if (cmd != CMD_RUN)
		return;

	fprintf(out, "\nSIZE: a number with K, M, G or T (binary; KB, MB, GB: decimal). LIST: comma-separated.\n"
		     "TIME: 10ms, 2s, 10m or 1h.\n");
	snprintf(line, sizeof(line), "PATTERN: %s.", pattern_help());
	wrapped(out, line);
	snprintf(line, sizeof(line), "MODE: %s.", access_help());
	wrapped(out, line);
	fprintf(out, "Exit status: 0 ok, 1 runtime failure, 2 bad usage, 3 unsupported here,\n"
		     "4 some trials failed (OOM), 128+N stopped by signal N (130: Ctrl-C).\n");
}
