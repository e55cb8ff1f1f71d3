/*
 * gen-docs: the man page zswapbench(8) and the bash completion, both written from the option
 * table (src/runner/cli/option_table.c) and the table of commands main.c dispatches from
 * (src/runner/commands/commands.c; the run is its row without a word), so neither can name an
 * option or a command the parser does not take, or miss one it does.
 *
 *   gen-docs man     the man page, roff with man(7) macros, on stdout
 *   gen-docs bash    the bash completion script, on stdout
 *   gen-docs zsh     the zsh completion function (_zswapbench), on stdout
 *   gen-docs fish    the fish completions, on stdout
 *
 * It links the runner's own objects: the tables, the backends' names, and the parser, which
 * checks every example before the man page prints it.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/access.h"
#include "common/pattern.h"
#include "runner/profile/replay.h"
#include "common/util.h"
#include "runner/cli/config_file.h"
#include "runner/cli/options.h"
#include "runner/base/log.h"
#include "runner/commands/commands.h"
#include "runner/fio/job.h"
#include "runner/kernel/run_as.h"
#include "runner/report/columns.h"
#include "runner/result/metrics.h"
#include "runner/swap/backend.h"
#include "runner/base/rundir.h"

/* The README's usage lines. Each is parsed as zswapbench would parse it before it is printed
 * (example_ok), so an example cannot outlive an option it uses. NULL about: the defaults. */
static const struct example {
	const char *line, *about;
} examples[] = {
	{ "zswapbench", NULL },
	{ "zswapbench --limit 50M --alloc 300M --swap zram",
	  "a 300M hogger in a 50M cgroup, zram alone" },
	{ "zswapbench --swap disk,zram --trials 5", "disk swap against zram, 5 trials each" },
	{ "zswapbench --swap zram --comp lzo-rle,lz4", "one cell per compressor" },
	{ "zswapbench --swap none --limit 16M --alloc 64M", "no swap: the OOM kill is recorded" },
	{ "zswapbench --swap disk,zram,zswap --comp lzo,lzo-rle --jobs 1,2,4 --limit 50M,100M",
	  "a sweep: one cell per backend, compressor, job count and limit" },
	{ "zswapbench --swap zswap --comp deflate --zswap-pool 10",
	  "zswap with deflate and a 10% pool" },
	{ "zswapbench --swap zram --data mixed --access hot:10:20:zipf --jobs 4 --threads 2",
	  "a workload closer to real memory: mixed pages, a hot set touched again" },
	{ "zswapbench --swap disk,zram --limit 512M -- tar xf linux.tar",
	  "any command in place of the hogger, run without a shell" },
	{ "zswapbench --background 4G --swap zram",
	  "memory held outside the cgroup for the whole run" },
	{ "zswapbench --target block --swap zram,disk --jobs 1-4",
	  "zram and the disk as block devices under fio: one cell per job count and mode" },
	{ "zswapbench --target block --swap zram --modes seq-write,seq-read --data "
	  "pattern:0xbadc0ffee",
	  "the zram kit's static-buffer template, two modes" },
	{ "zswapbench --target fs --swap zram --comp all -- tar xf ../pkg.tar",
	  "ext4 on zram for every algorithm, a package unpacked into it (--read-back times reading "
	  "it out)" },
	{ "zswapbench show results/a.json", "a saved run, printed as the run printed it" },
	{ "zswapbench show -v results/a.json", "every metric of every cell" },
	{ "zswapbench compare results/a.json results/b.json",
	  "two kernels, two machines, before and after" },
	{ "zswapbench show --format csv results/*.json > all.csv",
	  "every trial of every run, one table" },
	{ "zswapbench --swap disk,zram --dry-run",
	  "the plan and every change it would make; nothing runs" },
	{ "zswapbench list-configs", "the preset experiments, for --config" },
	{ "zswapbench cleanup", "undo what a killed run left changed" },
};

/* ---- roff ---------------------------------------------------------------------------- */

/* Plain text as roff: '-' is written \- so options render as the ASCII that can be pasted and
 * searched, '\' is \e, and a line never starts with '.' or '\'' (a request). */
static void text_n(FILE *out, const char *s, size_t n)
{
	for (size_t i = 0; i < n && s[i]; i++) {
		if ((i == 0 || s[i - 1] == '\n') && (s[i] == '.' || s[i] == '\''))
			fputs("\\&", out);
		if (s[i] == '-')
			fputs("\\-", out);
		else if (s[i] == '\\')
			fputs("\\e", out);
		else
			fputc(s[i], out);
	}
}

static void text(FILE *out, const char *s)
{
	text_n(out, s, strlen(s));
}

static void font(FILE *out, char f, const char *s)
{
	fprintf(out, "\\f%c", f);
	text(out, s);
	fputs("\\fR", out);
}

/* ---- what the table says ------------------------------------------------------------- */

static unsigned option_mask(const struct option_desc *o)
{
	return o->commands ? o->commands : CMD_EXPERIMENT;
}

static int takes_value(const struct option_desc *o)
{
	return o->type != OT_FLAG && o->type != OT_ACTION;
}

/* As the parser decides: a short name belongs to the first option of the command that
 * claims it (-o is --output for every command, a row of its own for plot's folder). */
static int owns_short(const struct option_desc *o, unsigned set)
{
	if (!o->short_name || !option_for(o, set))
		return 0;
	for (size_t pos = 0; pos < option_count(); pos++) {
		const struct option_desc *r = option_row(option_at(pos));
		if (r->short_name == o->short_name && option_for(r, set))
			return r == o;
	}
	return 0;
}

/* The commands of mask for which o has its short name. */
static unsigned short_mask(const struct option_desc *o, unsigned mask)
{
	unsigned owned = 0;
	for (size_t c = 0; c < ncommands; c++)
		if ((commands[c].options & mask) && owns_short(o, commands[c].options))
			owned |= commands[c].options;
	return owned;
}

/* "run, show and compare": the commands of a mask, in the table's order. */
static void command_names(char *buf, size_t len, unsigned mask)
{
	size_t n = 0, k = 0;

	for (size_t c = 0; c < ncommands; c++)
		n += (commands[c].options & mask) != 0;
	buf[0] = '\0';
	for (size_t c = 0; c < ncommands; c++)
		if (commands[c].options & mask)
			snprintf(buf + strlen(buf), len - strlen(buf), "%s%s",
				 k++ == 0	  ? ""
					 : k == n ? " and "
						  : ", ",
				 commands[c].name);
}

/* The default as --help says it: as typed (durations with their unit), or in words. */
static const char *default_text(const struct option_desc *o, char *buf, size_t len)
{
	if (o->def && o->type != OT_FLAG)
		snprintf(buf, len, "%s%s", o->def, o->type == OT_DURATION ? o->noun : "");
	else if (o->def_help)
		snprintf(buf, len, "%s", o->def_help);
	else
		return NULL;
	return buf;
}

/* The names a list option takes, "a, b, c", from where the code keeps them: the backends of
 * --swap, the table columns of --columns (typed in lower case, as its example is), fio's modes
 * of --modes. NULL: the values are to be typed. */
static const char *list_names(const struct option_desc *o, char *buf, size_t len)
{
	if (o->type == OT_BACKEND_LIST)
		snprintf(buf, len, "%s", backend_names());
	else if (o == option_row(O_COLUMNS))
		snprintf(buf, len, "%s", report_column_names());
	else if (o == option_find("modes"))
		snprintf(buf, len, "%s", fio_mode_names());
	else
		return NULL;
	for (char *p = buf; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	return buf;
}

/* ---- what a value completes to, for the three shells --------------------------------- */

enum value_kind {
	V_TYPED, /* a size, a count: nothing to offer */
	V_WORDS, /* one of words (a word ending in ':' takes more after it: compressible:) */
	V_LIST, /* a comma list of words */
	V_ALGORITHMS, /* a comma list of this kernel's compressors, asked when completing */
	V_CONFIG, /* a file, or a preset's name */
	V_FILE,
	V_DIR,
	V_USER,
};

struct value {
	enum value_kind kind;
	char words[1024]; /* V_WORDS, V_LIST: separated by single spaces */
};

/* "fill (only), reread:N (N ...), hot:PCT:N[:zipf] (...)": each item's word up to its first
 * ':' included ("reread:"), so a completion offers what is typed first. Commas inside the
 * parentheses do not split. */
static void help_list_words(const char *list, char *out, size_t len)
{
	const char *p = list;

	out[0] = '\0';
	while (*p) {
		size_t n = 0, term;
		int depth = 0;
		while (p[n] && !(depth == 0 && p[n] == ',' && p[n + 1] == ' ')) {
			depth += (p[n] == '(') - (p[n] == ')');
			n++;
		}
		term = strcspn(p, " (,:");
		if (term > n)
			term = n;
		snprintf(out + strlen(out), len - strlen(out), "%s%.*s%s", out[0] ? " " : "",
			 (int)term, p, p[term] == ':' ? ":" : "");
		p += n + (p[n] ? 2 : 0);
	}
}

/* What option o's value completes to: the table's choices, the code's own lists of names, the
 * patterns and access modes of their help, this kernel's algorithms, files. */
static struct value value_of(const struct option_desc *o)
{
	struct value v = { .kind = V_TYPED };
	const char *const *choices = option_choices(o);

	if (o == option_row(O_COMP)) {
		v.kind = V_ALGORITHMS;
	} else if (o == option_row(O_DATA) || o == option_row(O_ACCESS)) {
		v.kind = V_WORDS;
		help_list_words(o == option_row(O_DATA) ? replay_data_help() : access_help(),
				v.words, sizeof(v.words));
	} else if (choices) {
		v.kind = V_WORDS;
		for (size_t i = 0; choices[i]; i++)
			snprintf(v.words + strlen(v.words), sizeof(v.words) - strlen(v.words),
				 "%s%s", i ? " " : "", choices[i]);
	} else if (list_names(o, v.words, sizeof(v.words))) {
		char *w = v.words, *r = v.words;
		v.kind = V_LIST;
		for (; *r; r++) /* "a, b" as "a b" */
			if (!(*r == ',' && r[1] == ' '))
				*w++ = *r;
		*w = '\0';
	} else if (o == option_row(O_CONFIG)) {
		v.kind = V_CONFIG;
	} else if (o->type == OT_PATH) {
		v.kind = o->flags & OPT_DIR ? V_DIR : V_FILE;
	} else if (o->type == OT_USER) {
		v.kind = V_USER;
	}
	return v;
}

/* The compressors this kernel offers, for --comp: zram's list (of any device), else the
 * crypto API's compression algorithms, which zswap takes. sh runs it for the three shells: a
 * glob that matches nothing is the same to each (nullglob would leave cat reading stdin). */
static const char algorithms_sh[] =
	"{ cat /sys/block/zram*/comp_algorithm 2>/dev/null || "
	"awk '/^name/ { n = $3 } /^type.*comp/ { print n }' /proc/crypto; } 2>/dev/null | "
	"tr -d '[]' | tr ' ' '\\n' | grep . | sort -u";

/* s in single quotes as sh (bash, zsh) reads them: a quote is '\''. */
static void sh_quoted(FILE *out, const char *s)
{
	fputc('\'', out);
	for (; *s; s++)
		if (*s == '\'')
			fputs("'\\''", out);
		else
			fputc(*s, out);
	fputc('\'', out);
}

/* s in single quotes as fish reads them: \' and \\ inside. */
static void fish_quoted(FILE *out, const char *s)
{
	fputc('\'', out);
	for (; *s; s++) {
		if (*s == '\'' || *s == '\\')
			fputc('\\', out);
		fputc(*s, out);
	}
	fputc('\'', out);
}

/* ---- examples, checked by the parser ------------------------------------------------- */

/* Parses an example as main.c would, up to a shell redirection or pipe. */
static int example_ok(const char *line)
{
	struct config cfg;
	char copy[512], msg[1024] = "", *argv[32];
	const struct command_info *c;
	int argc = 0, ok = 0;

	snprintf(copy, sizeof(copy), "%s", line);
	for (char *t = strtok(copy, " "); t && argc < 31 && !strchr("<>|", t[0]);
	     t = strtok(NULL, " "))
		argv[argc++] = t;
	argv[argc] = NULL;
	c = command_of(argv[1]);
	if (!c->options && argc == 2)
		return 1; /* a command without options, as cleanup: it takes no argument */
	config_init(&cfg);
	if (!c->options)
		snprintf(msg, sizeof(msg), "%s takes no argument", c->name);
	else
		ok = options_parse(c, c->implicit ? argc : argc - 1, c->implicit ? argv : argv + 1,
				   &cfg, msg, sizeof(msg)) == OPTIONS_RUN;
	config_free(&cfg);
	if (!ok)
		fprintf(stderr, "gen-docs: example '%s' is refused: %s\n", line, msg);
	return ok;
}

/* "--limit 50M --alloc 300M ...": the defaults of the options that shape a run. */
static void defaults_line(char *buf, size_t len)
{
	static const enum option_id shown[] = { O_LIMIT, O_ALLOC, O_SWAP, O_TRIALS };
	char def[128];

	snprintf(buf, len, "the defaults (");
	for (size_t i = 0; i < ARRAY_SIZE(shown); i++)
		if (default_text(option_row(shown[i]), def, sizeof(def)))
			snprintf(buf + strlen(buf), len - strlen(buf), "%s--%s %s", i ? " " : "",
				 option_row(shown[i])->name, def);
	snprintf(buf + strlen(buf), len - strlen(buf), ")");
}

/* ---- the man page -------------------------------------------------------------------- */

/* SOURCE_DATE_EPOCH (reproducible builds) or today. */
static void man_date(char *buf, size_t len)
{
	const char *epoch = getenv("SOURCE_DATE_EPOCH");
	time_t t = epoch && epoch[0] ? (time_t)strtoll(epoch, NULL, 10) : time(NULL);
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(buf, len, "%Y-%m-%d", &tm);
}

/* A usage as the man page writes it: options in bold, "options" and the words to be replaced
 * (FILE, BASE.json) in italics, the brackets and "..." as they are. */
static void man_usage(FILE *out, const char *usage)
{
	for (const char *p = usage; *p;) {
		size_t n = 0;
		char f = 0;
		if (*p == '-') {
			n = strspn(p, "-abcdefghijklmnopqrstuvwxyz");
			f = 'B';
		} else if (isalpha((unsigned char)*p)) {
			n = strspn(
				p,
				"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.");
			while (p[n - 1] == '.')
				n--;
			f = 'I';
		}
		if (!f) {
			fputc(*p++, out);
			continue;
		}
		fprintf(out, "\\f%c", f);
		text_n(out, p, n);
		fputs("\\fR", out);
		p += n;
	}
}

static void man_synopsis_line(FILE *out, const struct command_info *c)
{
	const char *usage = c->man_usage ? c->man_usage : c->usage;

	fputs("\\fBzswapbench\\fR", out);
	if (!c->implicit) {
		fputc(' ', out);
		font(out, 'B', c->name);
	}
	fputs(usage[0] ? " " : "", out);
	man_usage(out, usage);
	fputc('\n', out);
}

static void man_header(FILE *out)
{
	char date[32];

	man_date(date, sizeof(date));
	fputs(".\\\" Generated by tools/gen-docs from the option and metric tables: do not "
	      "edit.\n",
	      out);
	fprintf(out, ".TH ZSWAPBENCH 8 \"%s\" \"zswapbench %s\" \"System Administration\"\n", date,
		ZSB_VERSION);
	/* No hyphenation: an option broken across lines could not be pasted or searched. */
	fputs(".nh\n.ad l\n", out);
	fputs(".SH NAME\nzswapbench \\- measure disk swap, zram and zswap on this machine's "
	      "kernel\n",
	      out);
	fputs(".SH SYNOPSIS\n.nf\n", out);
	for (size_t c = 0; c < ncommands; c++)
		man_synopsis_line(out, &commands[c]);
	fputs(".fi\n", out);
}

/* The command's paragraph, in the words of its --help unless the page has its own. */
static void man_about(FILE *out, const struct command_info *c)
{
	text(out, c->man_about ? c->man_about : c->about);
	fputc('\n', out);
}

static void man_description(FILE *out)
{
	fputs(".SH DESCRIPTION\n", out);
	text(out, command_of(NULL)->about);
	fputc('\n', out);
	fputs(".PP\n", out);
	text(out,
	     "A run needs root; show, compare, plot, report, sysinfo and --dry-run do not. Every "
	     "change it makes to the kernel's state (cgroups, swap areas, "
	     "zram "
	     "devices, swapfiles, parameters) is written to an undo journal before it is made, and "
	     "undone "
	     "when the run ends, fails or is stopped by a signal. Each run writes a JSON result "
	     "file that "
	     "zswapbench show prints again and zswapbench compare compares with others.\n");
	fputs(".SH COMMANDS\n", out);
	for (size_t c = 0; c < ncommands; c++) {
		fputs(".TP\n", out);
		man_synopsis_line(out, &commands[c]);
		man_about(out, &commands[c]);
	}
}

/* The backends, by the names --swap takes, with the backend's own help. */
static void man_backends(FILE *out)
{
	char names[256];

	fputs(".SH BACKENDS\n", out);
	snprintf(names, sizeof(names), "%s", backend_names());
	for (char *save, *n = strtok_r(names, ", ", &save); n; n = strtok_r(NULL, ", ", &save)) {
		const struct backend *b = backend_find(n);
		fputs(".TP\n", out);
		font(out, 'B', n);
		fputc('\n', out);
		text(out, b && b->help ? b->help : "");
		fputc('\n', out);
	}
}

/* "-l, --limit LIST": the short name where the option has it for one of the group's commands. */
static void man_option_names(FILE *out, const struct option_desc *o, unsigned mask)
{
	if (short_mask(o, mask))
		fprintf(out, "\\fB\\-%c\\fR, ", o->short_name);
	fputs("\\fB\\-\\-", out);
	text(out, o->name);
	fputs("\\fR", out);
	if (takes_value(o)) {
		fputs(" \\fI", out);
		text(out, o->arg ? o->arg : "VALUE");
		fputs("\\fR", out);
	}
	fputc('\n', out);
}

/* A list such as "zram,zswap" as "zram, zswap". */
static void man_list(FILE *out, const char *label, const char *list)
{
	fprintf(out, "%s: ", label);
	for (const char *p = list; *p; p++) {
		if (*p == ',')
			fputs(", ", out);
		else
			text_n(out, p, 1);
	}
	fputs(".\n", out);
}

static void man_choices(FILE *out, const char *const *choices)
{
	fputs("Values: ", out);
	for (size_t i = 0; choices[i]; i++) {
		fputs(i ? ", " : "", out);
		font(out, 'B', choices[i]);
	}
	fputs(".\n", out);
}

/* The facts below the help line; an example only where help and default do not show one. */
static void man_option_facts(FILE *out, const struct option_desc *o, unsigned mask)
{
	unsigned shorts = short_mask(o, mask);
	char buf[1024], backends[64];

	if (default_text(o, buf, sizeof(buf))) {
		fputs("Default: ", out);
		text(out, buf);
		fputs(".\n", out);
	}
	if (option_choices(o))
		man_choices(out, option_choices(o));
	if (list_names(o, buf, sizeof(buf)) && !strstr(o->help, buf)) {
		fputs("Names: ", out);
		text(out, buf);
		fputs(".\n", out);
	}
	if (backends_of_option(o->name, backends, sizeof(backends))[0])
		man_list(out, "Backends", backends);
	if (o->flags & OPT_SWEEP)
		fputs("A sweep axis: each value is a cell of its own.\n", out);
	if (o->flags & OPT_HOGGER_ONLY)
		text(out, "For the hogger: not with a COMMAND after --.\n");
	if (option_target(o)) {
		fputs("Only with \\fB\\-\\-target ", out);
		text(out, option_target(o));
		fputs("\\fR.\n", out);
	}
	if (shorts && shorts != mask) {
		command_names(buf, sizeof(buf), shorts);
		fprintf(out, "\\fB\\-%c\\fR only with ", o->short_name);
		text(out, buf);
		fputs(".\n", out);
	}
	if (o->example && !strstr(o->help, o->example) &&
	    !(o->def && strcmp(o->def, o->example) == 0)) {
		fputs("Example: \\fB\\-\\-", out);
		text(out, o->name);
		fputc(' ', out);
		text(out, o->example);
		fputs("\\fR.\n", out);
	}
}

static void man_option(FILE *out, const struct option_desc *o, unsigned mask)
{
	fputs(".TP\n", out);
	man_option_names(out, o, mask);
	text(out, o->help);
	fputs("\n.br\n", out);
	man_option_facts(out, o, mask);
}

/* One subsection per set of commands that share options, in the table's order. */
static void man_options(FILE *out)
{
	unsigned done[64]; /* every set of commands an option can belong to, with room */
	size_t ndone = 0;
	char names[128];

	fputs(".SH OPTIONS\n", out);
	for (size_t pos = 0; pos < option_count(); pos++) {
		unsigned mask = option_mask(option_row(option_at(pos)));
		size_t k = 0;
		if (option_row(option_at(pos))->flags & OPT_HIDDEN)
			continue; /* a group only where something shows */
		while (k < ndone && done[k] != mask)
			k++;
		if (k < ndone || ndone == ARRAY_SIZE(done))
			continue;
		done[ndone++] = mask;
		command_names(names, sizeof(names), mask);
		names[0] = (char)toupper((unsigned char)names[0]);
		fprintf(out, ".SS \"%s options\"\n", names);
		for (size_t j = pos; j < option_count(); j++)
			if (option_mask(option_row(option_at(j))) == mask &&
			    !(option_row(option_at(j))->flags & OPT_HIDDEN))
				man_option(out, option_row(option_at(j)), mask);
	}
}

/* "seq, zero, compressible:PCT (PCT% of each page zero, ...), ...": one tagged paragraph per
 * item, the words in parentheses its description. Commas inside them do not split. */
static void man_help_list(FILE *out, const char *list)
{
	const char *p = list;

	while (*p) {
		size_t n = 0;
		int depth = 0;
		while (p[n] && !(depth == 0 && p[n] == ',' && p[n + 1] == ' ')) {
			depth += (p[n] == '(') - (p[n] == ')');
			n++;
		}
		const char *open = memchr(p, '(', n);
		size_t term = open ? (size_t)(open - p) : n;
		while (term && p[term - 1] == ' ')
			term--;
		fputs(".TP\n\\fB", out);
		text_n(out, p, term);
		fputs("\\fR\n", out);
		if (open && n > (size_t)(open - p) + 2)
			text_n(out, open + 1, n - (size_t)(open - p) - 2);
		fputc('\n', out);
		p += n + (p[n] ? 2 : 0);
	}
}

/* Durations: the unit of a bare number is each duration option's own (its noun). */
static void man_values(FILE *out)
{
	fputs(".SH SIZES\n", out);
	text(out,
	     "A SIZE is a number with K, M, G or T, binary (1024), as KiB, MiB, GiB and TiB are; "
	     "KB, MB, GB and TB are decimal (1000). A fraction of a unit is taken, as util-linux "
	     "takes it: 0.5G is 512M, a size being whole bytes (the rest is cut). A LIST is "
	     "comma-separated: 50M,100M.\n");
	fputs(".SH SWEEPS\n", out);
	text(out,
	     "Besides the LIST options of what is compared, these settings take a comma list as "
	     "well as one value, each value a cell (an axis of the sweep, crossed with the "
	     "others; in a config file's section too):");
	for (size_t pos = 0, k = 0; pos < option_count(); pos++) {
		const struct option_desc *o = option_row(option_at(pos));
		if (!(o->flags & OPT_KNOB))
			continue;
		fputs(k++ ? "," : "", out);
		fputs(" \\fB\\-\\-", out);
		text(out, o->name);
		fputs("\\fR", out);
	}
	fputs("; and \\fB\\-\\-mthp\\fR where a size is given more than one mode (a cell per "
	      "combination).\n",
	      out);
	fputs(".SH DURATIONS\n", out);
	text(out,
	     "A TIME is a number with ms, s, m or h: 10ms, 2s, 10m, 1h. A bare number is in the "
	     "option's unit:");
	for (size_t pos = 0, k = 0; pos < option_count(); pos++) {
		const struct option_desc *o = option_row(option_at(pos));
		if (o->type != OT_DURATION || (o->flags & OPT_HIDDEN))
			continue;
		fputs(k++ ? "," : "", out);
		fputs(" \\fB\\-\\-", out);
		text(out, o->name);
		fprintf(out, "\\fR in %s", o->noun);
	}
	fputs(".\n.SH PATTERNS\nWhat every page holds (\\fB\\-\\-data\\fR):\n", out);
	man_help_list(out, replay_data_help());
	fputs(".SH \"ACCESS MODES\"\nWhat the hogger does after the fill (\\fB\\-\\-access\\fR):\n",
	      out);
	man_help_list(out, access_help());
}

/* Every metric of the result file, from the metric table: its key, its unit as the result file
 * writes it, and the clock or kernel counter behind it. */
static void man_metrics(FILE *out)
{
	fputs(".SH METRICS\n", out);
	text(out,
	     "Every number a trial records, under its key in the result file (--verbose prints "
	     "them all), with its unit there and the clock or kernel counter it comes from:\n");
	for (int m = 0; m < M_COUNT; m++) {
		const char *unit =
			metrics[m].unit == UNIT_BYTES ? "bytes" : metric_unit_name(metrics[m].unit);
		fputs(".TP\n\\fB", out);
		text(out, metrics[m].key);
		fputs("\\fR", out);
		if (*unit) {
			fputs(" (", out);
			text(out, unit);
			fputc(')', out);
		}
		fputc('\n', out);
		text(out, metrics[m].source);
		fputc('\n', out);
	}
}

/* What --user and --setup give the processes they start, as kernel/spawn.c and
 * kernel/run_as.c make them (PATH from the same macro). */
static void man_processes(FILE *out)
{
	fputs(".SH PROCESSES\n", out);
	text(out,
	     "Every program zswapbench runs (mkswap, mkfs.ext4, fio, gnuplot, the setup, the "
	     "workload) starts with every signal at its default disposition and none blocked, "
	     "whatever the runner ignores or handles itself (it ignores SIGPIPE), and with "
	     "/dev/null as its standard input: none reads the terminal.\n");
	fputs(".TP\n.B the workload\n", out);
	text(out,
	     "The hogger, -- COMMAND, or a block device's fio: in the trial's cgroup and the "
	     "run's work directory; a command's output goes to the runner, which keeps its "
	     "tail, the hogger's to stderr. COMMAND is found on zswapbench's PATH, where "
	     "--dry-run checks it. Without --user it runs as root with zswapbench's "
	     "environment, and the jobs share a process group in zswapbench's session. With "
	     "--user USER each job runs with USER's uid and gid from the passwd entry and the "
	     "supplementary groups initgroups(3) gives USER; in a session of its own (setsid), "
	     "so without a controlling terminal; with no_new_privs set (PR_SET_NO_NEW_PRIVS: "
	     "no set-user-ID program gives it more); and with only this environment: "
	     "PATH=" RUN_AS_PATH
	     ", HOME, USER, LOGNAME and SHELL from the passwd entry, LANG, LC_ALL, "
	     "TZ and TERM as zswapbench has them where set, and ZSWAPBENCH_WORKDIR. The work "
	     "directory then belongs to USER, except with --target block or fs, where root "
	     "makes files in it. A signal that stops the run is passed to every job, and "
	     "every job's group is killed at the end of the trial; a runner killed by SIGKILL "
	     "takes the jobs along (PR_SET_PDEATHSIG).\n");
	fputs(".TP\n.B the setup\n", out);
	text(out,
	     "--setup makes the command's data, so it runs as the command does: as root with "
	     "zswapbench's environment, or with --user as USER, with the groups, no_new_privs "
	     "and environment above. It runs once, outside any cgroup, in the work directory, "
	     "in a session of its own; a signal that stops the run is passed to it, and its "
	     "group is then killed; a runner killed by SIGKILL kills it (PR_SET_PDEATHSIG), but "
	     "not what it started.\n");
}

static void man_exit_status(FILE *out)
{
	static const struct {
		int status;
		const char *what;
	} statuses[] = {
		{ EXIT_OK, "success" },
		{ EXIT_RUNTIME, "a failure while running; the machine was restored" },
		{ EXIT_USAGE, "bad usage; nothing was changed" },
		{ EXIT_UNSUPPORTED,
		  "this kernel or machine cannot do what was asked; nothing was changed" },
		{ EXIT_TRIALS_FAILED,
		  "the run completed, some trials did not (an OOM kill, a timeout)" },
		{ EXIT_REGRESSION,
		  "compare --fail-on: a comparison is a regression (or, with change, any "
		  "significant finding)" },
	};

	fputs(".SH \"EXIT STATUS\"\n", out);
	for (size_t i = 0; i < ARRAY_SIZE(statuses); i++) {
		fprintf(out, ".TP\n.B %d\n", statuses[i].status);
		text(out, statuses[i].what);
		fputc('\n', out);
	}
	fprintf(out, ".TP\n.BI %d+ N\n", EXIT_SIGNAL_BASE);
	text(out,
	     "stopped by signal N (130 for Ctrl-C, 143 for SIGTERM); the machine was restored and "
	     "the completed trials kept.\n");
}

static void man_file(FILE *out, const char *path, const char *what)
{
	fputs(".TP\n\\fI", out);
	text(out, path);
	fputs("\\fR\n", out);
	text(out, what);
	fputc('\n', out);
}

/* The run directory as the code has it when ZSWAPBENCH_RUNDIR is not set. */
static void man_files(FILE *out)
{
	char path[4096];

	unsetenv("ZSWAPBENCH_RUNDIR");
	fputs(".SH FILES\n", out);
	man_file(out, rundir_file("journal", path, sizeof(path)),
		 "the undo journal: every change to the kernel's state, announced before it is "
		 "made; "
		 "zswapbench cleanup replays what a killed run left in it");
	/* Not runlock_path(): the page must not depend on the machine that builds it. */
	man_file(out, "/run/zswapbench/lock",
		 "held (flock) by the one run at a time on the machine, whatever "
		 "ZSWAPBENCH_RUNDIR says, in a folder only root can write "
		 "(/var/lib/zswapbench/lock where there is no /run)");
	man_file(out, option_row(O_OUTPUT)->def_help,
		 "the result file of a run, unless --output names another");
	man_file(out, option_find("swapfile")->def_help,
		 "the swapfile of disk and zswap, removed after the run");
	for (const char *const *d = config_preset_dirs(); *d; d++) {
		const char *const *seen = config_preset_dirs();
		while (seen < d && strcmp(*seen, *d))
			seen++;
		if (seen < d)
			continue; /* the compiled-in PREFIX is the distribution's */
		/* Not the path gen-docs itself runs from: the page would name the build
		 * directory, and two builds would differ. */
		if (d == config_preset_dirs())
			man_file(out, "BINDIR/" CONFIG_PRESETS_TREE "/NAME.conf",
				 "a preset that --config NAME reads, BINDIR being the directory "
				 "zswapbench is in: the source tree's presets, when it runs from "
				 "the tree it was built in; then the directories below. A value "
				 "with "
				 "a slash or ending in .conf is a file; any other is a preset's "
				 "name, "
				 "never looked for in the current directory");
		else if (d == config_preset_dirs() + 1)
			man_file(out, "BINDIR/" CONFIG_PRESETS_BESIDE "/NAME.conf",
				 "an installed preset beside the binary (a staged or moved tree)");
		else {
			snprintf(path, sizeof(path), "%s/NAME.conf", *d);
			man_file(out, path, "an installed preset");
		}
	}
	fputs(".SH ENVIRONMENT\n.TP\n.B ZSWAPBENCH_RUNDIR\n", out);
	snprintf(path, sizeof(path),
		 "the directory of the journal and calibration.json, instead of %s; it must be a "
		 "directory (not a symbolic link) owned by the user running zswapbench that no "
		 "other user can write to, or a run and cleanup refuse it",
		 rundir());
	text(out, path);
	fputs("\n.TP\n.BR SUDO_UID \", \" SUDO_GID\n", out);
	text(out,
	     "under sudo, the user whose files results/, the result file and the plots and "
	     "report of --plot and --report become, where they are written in a directory of "
	     "that user's; elsewhere they stay root's.\n");
	fputs(".TP\n.B ZSWAPBENCH_WORKDIR\n", out);
	text(out, "set by zswapbench for the setup and the workload: the run's work directory.\n");
}

/* The line as a shell takes it, wrapped before an option (" \\" at the end of the line) where
 * the option would pass column 60: with the page's indent it fits 80 columns. */
static void man_example_line(FILE *out, const char *line)
{
	const char *start = line, *p = line;

	while ((p = strstr(p + 1, " --")) && p[3] && p[3] != ' ') {
		const char *next = strstr(p + 1, " --");
		size_t end = next ? (size_t)(next - start) : strlen(start);
		if (end > 60 && p > start) {
			text_n(out, start, (size_t)(p - start));
			fputs(" \\e\n    ", out);
			start = p + 1;
		}
	}
	text(out, start);
}

static void man_example(FILE *out, const char *line, const char *about)
{
	char sentence[512];

	snprintf(sentence, sizeof(sentence), "%s", about);
	sentence[0] = (char)toupper((unsigned char)sentence[0]);
	fputs(".PP\n", out);
	text(out, sentence);
	fputs(":\n.RS\n.EX\n", out);
	man_example_line(out, line);
	fputs("\n.EE\n.RE\n", out);
}

/* The README's lines, then a sweep over every axis built from the axes' own examples. */
static int man_examples(FILE *out)
{
	char about[256], sweep[512] = "zswapbench";
	int ok = 1;

	fputs(".SH EXAMPLES\n", out);
	defaults_line(about, sizeof(about));
	for (size_t i = 0; i < ARRAY_SIZE(examples); i++) {
		ok &= example_ok(examples[i].line);
		man_example(out, examples[i].line, examples[i].about ? examples[i].about : about);
	}
	/* A target's own axis (fio's modes) needs that target: it has examples of its own. */
	for (size_t pos = 0; pos < option_count(); pos++) {
		const struct option_desc *o = option_row(option_at(pos));
		if ((o->flags & OPT_SWEEP) && o->example && !option_target(o))
			snprintf(sweep + strlen(sweep), sizeof(sweep) - strlen(sweep), " --%s %s",
				 o->name, o->example);
	}
	ok &= example_ok(sweep);
	man_example(out, sweep, "every sweep axis at once: one cell per combination");
	return ok;
}

static int man_page(FILE *out)
{
	int ok;

	man_header(out);
	man_description(out);
	man_backends(out);
	man_options(out);
	man_values(out);
	man_metrics(out);
	man_processes(out);
	man_exit_status(out);
	man_files(out);
	ok = man_examples(out);
	fputs(".SH \"SEE ALSO\"\n.BR zramctl (8),\n.BR swapon (8),\n.BR mkswap (8)\n", out);
	return ok;
}

/* ---- the bash completion ------------------------------------------------------------- */

/* Names go into single quotes, compgen -W (which expands them) and case patterns: none may
 * hold a blank, a quote or a character any of those would read. */
static int shell_word(const char *w)
{
	if (!w[0] || strpbrk(w, " \t\n'\"\\$`*?[]{}|&;<>()!~#")) {
		fprintf(stderr, "gen-docs: '%s' cannot be written into the completion as it is\n",
			w);
		return 0;
	}
	return 1;
}

static int bash_options(FILE *out)
{
	int ok = 1;

	fputs("# The options of a command, long and short.\n_zswapbench_options()\n{\n\tcase $1 "
	      "in\n",
	      out);
	for (size_t c = 0; c < ncommands; c++) {
		fprintf(out, "\t%s) echo '", commands[c].name);
		for (size_t pos = 0, k = 0; pos < option_count(); pos++) {
			const struct option_desc *o = option_row(option_at(pos));
			if ((o->flags & OPT_HIDDEN) || !(option_mask(o) & commands[c].options))
				continue;
			ok &= shell_word(o->name);
			fprintf(out, "%s--%s", k++ ? " " : "", o->name);
			if (owns_short(o, commands[c].options))
				fprintf(out, " -%c", o->short_name);
		}
		/* A command without options of the table takes --help alone. */
		fprintf(out, "%s' ;;\n", commands[c].options ? "" : "--help -h");
	}
	fputs("\tesac\n}\n\n", out);
	return ok;
}

/* "run:--swap|run:-s|...": the option under every command that takes it. */
static void bash_value_pattern(FILE *out, const struct option_desc *o)
{
	int k = 0;

	for (size_t c = 0; c < ncommands; c++) {
		if (!(option_mask(o) & commands[c].options))
			continue;
		fprintf(out, "%s%s:--%s", k++ ? "|" : "\t", commands[c].name, o->name);
		if (owns_short(o, commands[c].options))
			fprintf(out, "|%s:-%c", commands[c].name, o->short_name);
	}
	fputs(")", out);
}

/* Are the words of a value ones a shell may hold unquoted? Says which is not. */
static int words_ok(const char *words)
{
	char copy[1024];
	int ok = 1;

	snprintf(copy, sizeof(copy), "%s", words);
	for (char *save, *w = strtok_r(copy, " ", &save); w; w = strtok_r(NULL, " ", &save))
		ok &= shell_word(w);
	return ok;
}

/* What an option's value completes to; nothing for a value to be typed (a size, a count). */
static int bash_value_action(FILE *out, const struct option_desc *o)
{
	struct value v = value_of(o);

	switch (v.kind) {
	case V_WORDS:
		fprintf(out, " _zswapbench_words '%s' ;;\n", v.words);
		break;
	case V_LIST:
		fprintf(out, " _zswapbench_list '%s' ;;\n", v.words);
		break;
	case V_ALGORITHMS:
		fputs(" _zswapbench_algorithms ;;\n", out);
		break;
	case V_CONFIG:
		fputs(" _zswapbench_config ;;\n", out);
		break;
	case V_FILE:
		fputs(" _zswapbench_files ;;\n", out);
		break;
	case V_DIR:
		fputs(" _zswapbench_dirs ;;\n", out);
		break;
	case V_USER:
		fputs(" mapfile -t COMPREPLY < <(compgen -u -- \"$cur\") ;;\n", out);
		break;
	case V_TYPED:
		fputs(" ;;\n", out);
		break;
	}
	return words_ok(v.words);
}

static int bash_values(FILE *out)
{
	int ok = 1;

	fputs("# Completes the value of option $2 of command $1; fails when $2 takes no value.\n"
	      "_zswapbench_value()\n{\n\tcase $1:$2 in\n",
	      out);
	for (size_t pos = 0; pos < option_count(); pos++) {
		const struct option_desc *o = option_row(option_at(pos));
		if ((o->flags & OPT_HIDDEN) || !takes_value(o))
			continue;
		bash_value_pattern(out, o);
		ok &= bash_value_action(out, o);
	}
	fputs("\t*) return 1 ;;\n\tesac\n\treturn 0\n}\n\n", out);
	return ok;
}

/* Words that are not options: result files for show and compare, options for the rest. */
static void bash_args(FILE *out)
{
	char pattern[256] = "";

	fputs("# A word that is not an option, nor an option's "
	      "value.\n_zswapbench_args()\n{\n\tcase $1 in\n",
	      out);
	for (size_t c = 0; c < ncommands; c++)
		if (commands[c].files)
			snprintf(pattern + strlen(pattern), sizeof(pattern) - strlen(pattern),
				 "%s%s", pattern[0] ? "|" : "", commands[c].name);
	if (pattern[0])
		fprintf(out, "\t%s) _zswapbench_files '*.json' ;;\n", pattern);
	fputs("\t*) _zswapbench_words \"$(_zswapbench_options \"$1\")\" ;;\n\tesac\n}\n\n", out);
}

static const char bash_helpers[] =
	"# Completion of zswapbench(8) for bash.\n"
	"# Generated by tools/gen-docs from src/runner/cli/option_table.c: do not edit.\n\n"
	"# One of the words $1; after one that ends in ':' (compressible:) its value is typed.\n"
	"_zswapbench_words()\n{\n"
	"\tmapfile -t COMPREPLY < <(compgen -W \"$1\" -- \"$cur\")\n"
	"\t[[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == *: ]] && compopt -o nospace "
	"2>/dev/null\n"
	"\treturn 0\n}\n\n"
	"# The last item of a comma list from the words $1, less the items already in the list;\n"
	"# no space after it, so the list can go on with a comma.\n"
	"_zswapbench_list()\n{\n"
	"\tlocal prefix='' word words=''\n"
	"\t[[ $cur == *,* ]] && prefix=${cur%,*},\n"
	"\tfor word in $1; do\n"
	"\t\t[[ ,$prefix == *,$word,* ]] || words+=\" $word\"\n"
	"\tdone\n"
	"\tmapfile -t COMPREPLY < <(compgen -P \"$prefix\" -W \"$words\" -- \"${cur##*,}\")\n"
	"\tcompopt -o nospace 2>/dev/null\n}\n\n"
	"# Files, or the files matching the pattern $1 and the directories to look in.\n"
	"_zswapbench_files()\n{\n"
	"\tif [[ $1 ]]; then\n"
	"\t\tmapfile -t COMPREPLY < <(compgen -d -- \"$cur\"; compgen -f -X \"!$1\" -- \"$cur\")\n"
	"\telse\n"
	"\t\tmapfile -t COMPREPLY < <(compgen -f -- \"$cur\")\n"
	"\tfi\n"
	"\tcompopt -o filenames 2>/dev/null\n}\n\n"
	"_zswapbench_dirs()\n{\n"
	"\tmapfile -t COMPREPLY < <(compgen -d -- \"$cur\")\n"
	"\tcompopt -o filenames 2>/dev/null\n}\n\n"
	"# A config file, or a preset's name as the zswapbench being completed lists them.\n"
	"_zswapbench_config()\n{\n"
	"\tlocal presets\n"
	"\tpresets=$(\"${COMP_WORDS[0]}\" list-configs 2>/dev/null | cut -d' ' -f1)\n"
	"\t_zswapbench_files\n"
	"\tmapfile -t -O ${#COMPREPLY[@]} COMPREPLY < <(compgen -W \"$presets\" -- "
	"\"$cur\")\n}\n\n";

static const char bash_main[] =
	"_zswapbench()\n{\n"
	"\tlocal cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} cmd=run i\n"
	"\tCOMPREPLY=()\n"
	"\t# bash splits --swap=zr at '=': the option is then two words back.\n"
	"\tif [[ $cur == = ]]; then\n"
	"\t\tcur=\n"
	"\telif [[ $prev == = ]] && ((COMP_CWORD > 1)); then\n"
	"\t\tprev=${COMP_WORDS[COMP_CWORD-2]}\n"
	"\tfi\n"
	"\tcase ${COMP_WORDS[1]} in\n"
	"\t%s) cmd=${COMP_WORDS[1]} ;;\n"
	"\tesac\n"
	"\t# After a run's \"--\" the words are a command of their own.\n"
	"\tfor ((i = 1; i < COMP_CWORD; i++)); do\n"
	"\t\t[[ ($cmd == run || $cmd == calibrate) && ${COMP_WORDS[i]} == -- ]] || continue\n"
	"\t\tif declare -F _command_offset >/dev/null; then\n"
	"\t\t\t_command_offset $((i + 1))\n"
	"\t\telif ((i == COMP_CWORD - 1)); then\n"
	"\t\t\tmapfile -t COMPREPLY < <(compgen -c -- \"$cur\")\n"
	"\t\telse\n"
	"\t\t\t_zswapbench_files\n"
	"\t\tfi\n"
	"\t\treturn\n"
	"\tdone\n"
	"\t_zswapbench_value \"$cmd\" \"$prev\" && return\n"
	"\tif ((COMP_CWORD == 1)) && [[ $cur != -* ]]; then\n"
	"\t\t_zswapbench_words '%s'\n"
	"\telif [[ $cur == -* ]]; then\n"
	"\t\t_zswapbench_words \"$(_zswapbench_options \"$cmd\")\"\n"
	"\telse\n"
	"\t\t_zswapbench_args \"$cmd\"\n"
	"\tfi\n"
	"}\n\n"
	"complete -F _zswapbench zswapbench\n";

static int bash_completion(FILE *out)
{
	char pattern[256] = "", words[256] = "";
	int ok;

	fputs(bash_helpers, out);
	fputs("# --comp: all, or a list of what this kernel offers.\n_zswapbench_algorithms()\n{\n"
	      "\t_zswapbench_list \"all $(sh -c ",
	      out);
	sh_quoted(out, algorithms_sh);
	fputs(")\"\n}\n\n", out);
	ok = bash_options(out);
	ok &= bash_values(out);
	bash_args(out);
	for (size_t c = 0; c < ncommands; c++) {
		if (commands[c].implicit)
			continue;
		snprintf(pattern + strlen(pattern), sizeof(pattern) - strlen(pattern), "%s%s",
			 pattern[0] ? "|" : "", commands[c].name);
		snprintf(words + strlen(words), sizeof(words) - strlen(words), "%s%s",
			 words[0] ? " " : "", commands[c].name);
	}
	fprintf(out, bash_main, pattern, words);
	return ok;
}

/* ---- zsh and fish: the same table, in their own words --------------------------------- */

/* The first clause of a command's paragraph, for the list of command words: up to its first
 * ':', ';' or '.', on one line. */
static void command_gist(const struct command_info *c, char *buf, size_t len)
{
	size_t n = strcspn(c->about, ":;.");

	snprintf(buf, len, "%.*s", (int)n, c->about);
	for (char *p = buf; *p; p++)
		if (*p == '\n')
			*p = ' ';
}

/* Does command c take option o, and the "--" COMMAND that follows a run's options? */
static int takes(const struct command_info *c, const struct option_desc *o)
{
	return !(o->flags & OPT_HIDDEN) && (option_mask(o) & c->options);
}

/* Text inside an _arguments spec in single quotes: ' closes the quote, and the characters of
 * escape end a field unless a backslash precedes them. */
static void zsh_text(FILE *out, const char *s, const char *escape)
{
	for (; *s; s++) {
		if (*s == '\'')
			fputs("'\\''", out);
		else if (strchr(escape, *s))
			fprintf(out, "\\%c", *s);
		else
			fputc(*s, out);
	}
}

/* '(-l --limit)-l+[help]:LIST:action' and the same for --limit=: each name its own spec, so
 * no brace expansion is needed. */
static void zsh_option(FILE *out, const struct command_info *c, const struct option_desc *o)
{
	int has_short = owns_short(o, c->options);

	for (int form = has_short ? 0 : 1; form < 2; form++) {
		fputs(" \\\n\t\t'", out);
		if (has_short)
			fprintf(out, "(-%c --%s)", o->short_name, o->name);
		if (form == 0)
			fprintf(out, "-%c%s", o->short_name, takes_value(o) ? "+" : "");
		else
			fprintf(out, "--%s%s", o->name, takes_value(o) ? "=" : "");
		fputc('[', out);
		zsh_text(out, o->help, "[]");
		fputc(']', out);
		if (takes_value(o)) {
			fputc(':', out);
			zsh_text(out, o->arg ? o->arg : "VALUE", ":");
			fprintf(out, ":_zswapbench_value %s --%s", c->name, o->name);
		}
		fputc('\'', out);
	}
}

/* _zswapbench_value COMMAND --OPTION: the value's words, as value_of says. */
static int zsh_values(FILE *out)
{
	int ok = 1;

	fputs("# Completes the value of option $2 of command $1.\n"
	      "_zswapbench_value()\n{\n\tcase $1:$2 in\n",
	      out);
	for (size_t pos = 0; pos < option_count(); pos++) {
		const struct option_desc *o = option_row(option_at(pos));
		struct value v = value_of(o);
		int k = 0;
		if ((o->flags & OPT_HIDDEN) || !takes_value(o) || v.kind == V_TYPED)
			continue;
		for (size_t c = 0; c < ncommands; c++)
			if (takes(&commands[c], o))
				fprintf(out, "%s%s:--%s", k++ ? "|" : "\t", commands[c].name,
					o->name);
		ok &= words_ok(v.words);
		switch (v.kind) {
		case V_WORDS:
			fprintf(out, ") _zswapbench_words %s ;;\n", v.words);
			break;
		case V_LIST:
			fprintf(out, ") _values -s , %s %s ;;\n", o->arg, v.words);
			break;
		case V_ALGORITHMS:
			fputs(") _zswapbench_algorithms ;;\n", out);
			break;
		case V_CONFIG:
			fputs(") _zswapbench_config ;;\n", out);
			break;
		case V_FILE:
			fputs(") _files ;;\n", out);
			break;
		case V_DIR:
			fputs(") _files -/ ;;\n", out);
			break;
		case V_USER:
			fputs(") _users ;;\n", out);
			break;
		case V_TYPED:
			break;
		}
	}
	fputs("\t*) _message 'a value to type' ;;\n\tesac\n}\n\n", out);
	return ok;
}

static const char zsh_helpers[] =
	"#compdef zswapbench\n"
	"# Completion of zswapbench(8) for zsh.\n"
	"# Generated by tools/gen-docs from src/runner/cli/option_table.c: do not edit.\n\n"
	"# One of the words; after one that ends in ':' (compressible:) its value is typed.\n"
	"_zswapbench_words()\n{\n"
	"\tlocal w\n"
	"\tfor w in \"$@\"; do\n"
	"\t\tif [[ $w == *: ]]; then compadd -S '' -- \"$w\"; else compadd -- \"$w\"; fi\n"
	"\tdone\n}\n\n"
	"# A config file, or a preset's name as the zswapbench being completed lists them.\n"
	"_zswapbench_config()\n{\n"
	"\tlocal -a presets\n"
	"\tpresets=(${${(f)\"$(${words[1]} list-configs 2>/dev/null)\"}%% *})\n"
	"\t_alternative 'presets:preset:compadd -a presets' 'files:config file:_files'\n}\n\n";

static int zsh_completion(FILE *out)
{
	char gist[256];
	int ok;

	fputs(zsh_helpers, out);
	fputs("# --comp: all, or a list of what this kernel offers.\n_zswapbench_algorithms()\n{\n"
	      "\tlocal -a algos\n\talgos=(all ${(f)\"$(sh -c ",
	      out);
	sh_quoted(out, algorithms_sh);
	fputs(")\"})\n\t_values -s , algorithm $algos\n}\n\n", out);
	ok = zsh_values(out);
	fputs("_zswapbench()\n{\n\tlocal cmd=run i\n\tlocal -a cmds\n\tcmds=(", out);
	for (size_t c = 0; c < ncommands; c++) {
		if (commands[c].implicit)
			continue;
		command_gist(&commands[c], gist, sizeof(gist));
		fprintf(out, "\n\t\t'%s:", commands[c].name);
		zsh_text(out, gist, ":");
		fputc('\'', out);
	}
	fputs("\n\t)\n\tcase $words[2] in\n\t", out);
	for (size_t c = 0, k = 0; c < ncommands; c++)
		if (!commands[c].implicit)
			fprintf(out, "%s%s", k++ ? "|" : "", commands[c].name);
	fputs(") cmd=$words[2] ;;\n\tesac\n"
	      "\t# After the experiment's \"--\" the words are a command of its own.\n"
	      "\tif [[ $cmd == run || $cmd == calibrate ]]; then\n"
	      "\t\tfor ((i = 2; i < CURRENT; i++)); do\n"
	      "\t\t\t[[ $words[i] == -- ]] || continue\n"
	      "\t\t\tshift $i words\n\t\t\t((CURRENT -= i))\n\t\t\t_normal\n\t\t\treturn\n"
	      "\t\tdone\n\tfi\n"
	      "\tif ((CURRENT == 2)) && [[ $words[2] != -* ]]; then\n"
	      "\t\t_describe -t commands command cmds\n\t\treturn\n\tfi\n"
	      "\tif [[ $cmd != run ]]; then\n\t\tshift words\n\t\t((CURRENT--))\n\tfi\n"
	      "\tcase $cmd in\n",
	      out);
	for (size_t c = 0; c < ncommands; c++) {
		const struct command_info *cmd = &commands[c];
		fprintf(out, "\t%s)\n\t\t_arguments -s -S", cmd->name);
		for (size_t pos = 0; pos < option_count(); pos++)
			if (cmd->options ? takes(cmd, option_row(option_at(pos)))
					 : (option_at(pos) == O_HELP)) /* --help alone */
				zsh_option(out, cmd, option_row(option_at(pos)));
		if (cmd->files)
			fputs(" \\\n\t\t'*:result file:_files -g \"*.json(-.)\"'", out);
		fputs("\n\t\t;;\n", out);
	}
	fputs("\tesac\n}\n\n_zswapbench \"$@\"\n", out);
	return ok;
}

/* complete -c zswapbench -n '__zswapbench_for run calibrate' -s l -l limit ...: one line for
 * the commands where the option has its short name, one for those where it has not (a
 * command without -o takes no --output). */
static int fish_option(FILE *out, const struct option_desc *o)
{
	struct value v = value_of(o);

	for (int with_short = 1; with_short >= 0; with_short--) {
		int any = 0;
		for (size_t c = 0; c < ncommands; c++)
			if (takes(&commands[c], o) &&
			    !!owns_short(o, commands[c].options) == with_short) {
				fprintf(out, "%s %s",
					any++ ? "" : "complete -c zswapbench -n '__zswapbench_for",
					commands[c].name);
			}
		if (!any)
			continue;
		fputc('\'', out);
		if (with_short)
			fprintf(out, " -s %c", o->short_name);
		fprintf(out, " -l %s", o->name);
		switch (v.kind) {
		case V_WORDS:
			fprintf(out, " -x -a '%s'", v.words);
			break;
		case V_LIST:
			fprintf(out, " -x -a '(__zswapbench_list %s)'", v.words);
			break;
		case V_ALGORITHMS:
			fputs(" -x -a '(__zswapbench_algorithms)'", out);
			break;
		case V_CONFIG:
			fputs(" -r -F -a '(__zswapbench_presets)'", out);
			break;
		case V_FILE:
			fputs(" -r -F", out);
			break;
		case V_DIR:
			fputs(" -x -a '(__fish_complete_directories)'", out);
			break;
		case V_USER:
			fputs(" -x -a '(__fish_complete_users)'", out);
			break;
		case V_TYPED:
			if (takes_value(o))
				fputs(" -x", out);
			break;
		}
		fputs(" -d ", out);
		fish_quoted(out, o->help);
		fputc('\n', out);
	}
	return words_ok(v.words);
}

static const char fish_helpers[] =
	"# Completion of zswapbench(8) for fish.\n"
	"# Generated by tools/gen-docs from src/runner/cli/option_table.c: do not edit.\n\n"
	"# The command word being completed for: run (no word), show, compare...; after the\n"
	"# experiment's \"--\", none of ours.\n"
	"function __zswapbench_command\n"
	"\tset -l words (commandline -opc)\n"
	"\tset -l cmd run\n"
	"\tif contains -- \"$words[2]\" %s\n"
	"\t\tset cmd $words[2]\n"
	"\tend\n"
	"\tif contains -- $cmd run calibrate; and contains -- -- $words[2..-1]\n"
	"\t\tset cmd --\n"
	"\tend\n"
	"\techo $cmd\n"
	"end\n\n"
	"function __zswapbench_for\n"
	"\tcontains -- (__zswapbench_command) $argv\n"
	"end\n\n"
	"# The next item of a comma list of the words given, less those already in it.\n"
	"function __zswapbench_list\n"
	"\tset -l token (commandline -ct)\n"
	"\t# An empty list, not '', would make $prefix$w nothing at all.\n"
	"\tset -l prefix (string match -r '.*,' -- $token); or set prefix ''\n"
	"\tfor w in $argv\n"
	"\t\tstring match -q -- \"*,$w,*\" \",$prefix\"; or echo $prefix$w\n"
	"\tend\n"
	"end\n\n"
	"# The presets, as the zswapbench being completed lists them.\n"
	"function __zswapbench_presets\n"
	"\tset -l words (commandline -opc)\n"
	"\tcommand $words[1] list-configs 2>/dev/null | string replace -r ' .*' ''\n"
	"end\n\n";

static int fish_completion(FILE *out)
{
	char words[256] = "", gist[256];
	int ok = 1;

	for (size_t c = 0; c < ncommands; c++)
		if (!commands[c].implicit)
			snprintf(words + strlen(words), sizeof(words) - strlen(words), "%s%s",
				 words[0] ? " " : "", commands[c].name);
	fprintf(out, fish_helpers, words);
	fputs("function __zswapbench_algorithms\n\t__zswapbench_list all (sh -c ", out);
	fish_quoted(out, algorithms_sh);
	fputs(")\nend\n\n", out);
	fputs("# No file unless a value or a word takes one.\ncomplete -c zswapbench -f\n", out);
	for (size_t c = 0; c < ncommands; c++) {
		if (commands[c].implicit)
			continue;
		command_gist(&commands[c], gist, sizeof(gist));
		fprintf(out,
			"complete -c zswapbench -n 'test (count (commandline -opc)) -eq 1' -a %s "
			"-d ",
			commands[c].name);
		fish_quoted(out, gist);
		fputc('\n', out);
	}
	for (size_t pos = 0; pos < option_count(); pos++) {
		const struct option_desc *o = option_row(option_at(pos));
		int any = 0;
		for (size_t c = 0; c < ncommands; c++)
			any |= takes(&commands[c], o) ||
				(!commands[c].options && o == option_row(O_HELP));
		if (!any || (o->flags & OPT_HIDDEN))
			continue;
		ok &= fish_option(out, o);
	}
	fputs("complete -c zswapbench -n '__zswapbench_for", out);
	for (size_t c = 0; c < ncommands; c++)
		if (!commands[c].options)
			fprintf(out, " %s", commands[c].name);
	fputs("' -s h -l help -d 'show this help'\n", out);
	fputs("complete -c zswapbench -n '__zswapbench_for", out);
	for (size_t c = 0; c < ncommands; c++)
		if (commands[c].files)
			fprintf(out, " %s", commands[c].name);
	fputs("' -k -a '(__fish_complete_suffix .json)'\n", out);
	fputs("# A run's COMMAND after \"--\": a program, then its files.\n"
	      "complete -c zswapbench -n '__zswapbench_for --' -F\n",
	      out);
	return ok;
}

int main(int argc, char **argv)
{
	int ok;

	if (argc == 2 && strcmp(argv[1], "man") == 0)
		ok = man_page(stdout);
	else if (argc == 2 && strcmp(argv[1], "bash") == 0)
		ok = bash_completion(stdout);
	else if (argc == 2 && strcmp(argv[1], "zsh") == 0)
		ok = zsh_completion(stdout);
	else if (argc == 2 && strcmp(argv[1], "fish") == 0)
		ok = fish_completion(stdout);
	else {
		fprintf(stderr, "usage: gen-docs man|bash|zsh|fish\n");
		return 2;
	}
	if (fflush(stdout) || ferror(stdout)) {
		perror("gen-docs: stdout");
		return 1;
	}
	return ok ? 0 : 1;
}
