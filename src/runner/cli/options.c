/* The command line of a command: getopt_long over the option table, each value through the
 * per-option parser, a config file read first, the checks between options last. */
#include "runner/cli/options.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "runner/cli/config_file.h"
#include "runner/cli/option_table.h"
#include "runner/cli/view_checks.h"

/* Everything after "--" is a command to run instead of the hogger, untouched by getopt. */
static int split_command(int *argc, char **argv, struct config *cfg, char *why, size_t len)
{
	for (int i = 1; i < *argc; i++)
		if (strcmp(argv[i], "--") == 0) {
			if (i + 1 == *argc) {
				snprintf(why, len, "'--' must be followed by a command to run");
				return -EINVAL;
			}
			if (config_set_command(cfg, argv + i + 1)) {
				snprintf(why, len, "out of memory");
				return -ENOMEM;
			}
			*argc = i;
			break;
		}
	return 0;
}

/* A short name belongs to the first option of the command that claims it. Every command that
 * has one gives it the same long name (-o is --output: a run's result file, plot's folder,
 * report's page, show's and compare's text); several rows differ in what it holds. */
static int short_owner(unsigned set, char c)
{
	for (size_t pos = 0; c && pos < option_count(); pos++) {
		int id = option_at(pos);
		if (option_row(id)->short_name == c && option_for(option_row(id), set))
			return id;
	}
	return -1;
}

static void getopt_tables(unsigned set, struct option *longopts, char *shortopts)
{
	size_t s = 0, n = 0;

	*shortopts = '\0';
	/* A run: "+" stops at the first non-option, so a forgotten "--" is an error, not a
	 * reordering. The commands that take files take options after them too ("plot a.json
	 * -o dir"). ":": a missing value is reported as such. */
	if (set & CMD_EXPERIMENT)
		shortopts[s++] = '+';
	shortopts[s++] = ':';
	for (size_t pos = 0; pos < option_count(); pos++) {
		int id = option_at(pos);
		const struct option_desc *o = option_row(id);
		int has_arg = o->type != OT_FLAG && o->type != OT_ACTION;
		if (!option_for(o, set))
			continue;
		longopts[n++] = (struct option){ o->name, has_arg ? required_argument : no_argument,
						 NULL, 256 + id };
		if (short_owner(set, o->short_name) == id) {
			shortopts[s++] = o->short_name;
			if (has_arg)
				shortopts[s++] = ':';
		}
	}
	shortopts[s] = '\0';
	longopts[n] = (struct option){ 0 };
}

static int option_of(unsigned set, int c)
{
	if (c >= 256 && c < 256 + OPTION_ID_MAX)
		return c - 256;
	return short_owner(set, (char)c);
}

/* getopt_long takes a prefix of one option ("--trial"); a prefix of several it refuses as it
 * refuses an unknown word. The candidates, "--limit, --limit-mode", or 0 when fewer than two.
 * The developers' hidden options are named only where they make the difference. */
static int candidates(const struct command_info *c, const char *name, size_t n, char *out,
		      size_t len)
{
	int found = 0, visible = 0;
	size_t at = 0;

	for (size_t pos = 0; pos < option_count(); pos++) {
		const struct option_desc *o = option_row(option_at(pos));
		if (!option_for(o, c->options) || strncmp(o->name, name, n) != 0)
			continue;
		if (strlen(o->name) == n)
			return 0; /* an exact name is never ambiguous */
		found++;
		visible += !(o->flags & OPT_HIDDEN);
	}
	out[0] = '\0';
	for (size_t pos = 0; found > 1 && pos < option_count(); pos++) {
		const struct option_desc *o = option_row(option_at(pos));
		if (!option_for(o, c->options) || strncmp(o->name, name, n) != 0 ||
		    ((o->flags & OPT_HIDDEN) && visible > 1) || at >= len)
			continue;
		at += (size_t)snprintf(out + at, len - at, "%s--%s", at ? ", " : "", o->name);
	}
	return found > 1 ? found : 0;
}

/* An option of another command: say whose it is rather than "unknown". */
static void unknown(const struct command_info *c, const char *arg, char *why, size_t len)
{
	const struct option_desc *o = NULL;
	char name[64], list[512];

	if (strncmp(arg, "--", 2) == 0) {
		snprintf(name, sizeof(name), "%.*s", (int)strcspn(arg + 2, "="), arg + 2);
		o = option_find(name);
		if (!o && name[0] && candidates(c, name, strlen(name), list, sizeof(list))) {
			snprintf(why, len, "option '--%s' is ambiguous: %s", name, list);
			return;
		}
	}
	if (o)
		snprintf(why, len, "'%s' is not an option of 'zswapbench%s%s'", arg,
			 c->implicit ? "" : " ", c->implicit ? "" : c->name);
	else
		snprintf(why, len, "unknown option '%s'", arg);
}

/* The words that are not options: the result files of the commands that take them. */
static int keep_files(const struct command_info *c, int argc, char **argv, struct config *cfg,
		      char *msg, size_t len)
{
	if (!c->files) {
		if (optind < argc) {
			snprintf(msg, len, "unexpected argument '%s'", argv[optind]);
			return -EINVAL;
		}
		return 0;
	}
	cfg->view.files = argv + optind;
	cfg->view.nfiles = argc - optind;
	if (cfg->view.nfiles < c->files) {
		if (c->files == 1)
			snprintf(msg, len, "%s needs a result file", c->name);
		else
			snprintf(msg, len, "%s needs %s result files or more: %s", c->name,
				 c->files == 2 ? "two" : "several", c->brief);
		return -EINVAL;
	}
	return 0;
}

/* The first pass: only --config, whose file is read before the command line overrides it.
 * Errors wait for the second pass, which reports them. */
static const char *config_arg(unsigned set, int argc, char **argv, const struct option *longopts,
			      const char *shortopts)
{
	const char *file = NULL;
	int c;

	opterr = 0;
	optind = 0;
	while ((c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1)
		if (option_of(set, c) == O_CONFIG)
			file = optarg;
	return file;
}

/* A sweep option on the command line replaces the file's sections; a setting that can be an
 * axis (OPT_KNOB) is every section's, in place of a section's own. */
static void settle_sections(struct config *cfg, const unsigned char *on_cmdline)
{
	if (on_cmdline[O_SWAP] || on_cmdline[O_COMP] || on_cmdline[O_JOBS] || on_cmdline[O_LIMIT])
		cfg->nsections = 0;
	for (int id = 0; id < OPTION_ID_MAX; id++) {
		if (!on_cmdline[id] || !(option_row(id)->flags & (OPT_KNOB | OPT_AXIS_OWN)))
			continue;
		for (size_t i = 0; i < cfg->nsections; i++)
			knob_axes_remove(&cfg->sections[i].knobs, id);
	}
}

/* Reads argv with getopt: an option's id, or -1 at the end; -2 with msg for a bad word. */
static int next_option(const struct command_info *c, int argc, char **argv,
		       const struct option *longopts, const char *shortopts, char *why, size_t len)
{
	int k = getopt_long(argc, argv, shortopts, longopts, NULL), id;

	if (k == -1)
		return -1;
	if (k == ':') {
		snprintf(why, len, "missing value for '%s'", argv[optind - 1]);
		return -2;
	}
	if (k == '?' || (id = option_of(c->options, k)) < 0) {
		unknown(c, argv[optind - 1], why, len);
		return -2;
	}
	return id;
}

enum options_result options_parse(const struct command_info *c, int argc, char **argv,
				  struct config *cfg, char *why, size_t len)
{
	struct option longopts[OPTION_ID_MAX + 1];
	char shortopts[3 * OPTION_ID_MAX + 3];
	unsigned char on_cmdline[OPTION_ID_MAX] = { 0 };
	const char *file;
	int id;

	options_defaults(cfg);
	if ((c->options & CMD_EXPERIMENT) && split_command(&argc, argv, cfg, why, len))
		return OPTIONS_USAGE;
	getopt_tables(c->options, longopts, shortopts);
	file = c->options & CMD_EXPERIMENT ? config_arg(c->options, argc, argv, longopts, shortopts)
					   : NULL;
	if (file && config_file_load(cfg, file, why, len))
		return OPTIONS_USAGE;
	opterr = 0;
	optind = 0; /* 0, not 1: glibc's getopt then forgets the state of any earlier parse */
	while ((id = next_option(c, argc, argv, longopts, shortopts, why, len)) != -1) {
		if (id == O_HELP)
			return OPTIONS_HELP;
		if (id == O_VERSION)
			return OPTIONS_VERSION;
		if (id == O_LIST_COLUMNS)
			return OPTIONS_LIST_COLUMNS;
		if (id < 0 || option_apply(cfg, id, optarg, why, len))
			return OPTIONS_USAGE;
		on_cmdline[id] = 1;
	}
	if (keep_files(c, argc, argv, cfg, why, len))
		return OPTIONS_USAGE;
	settle_sections(cfg, on_cmdline);
	if (cfg->view.json)
		cfg->view.format = FORMAT_JSON;
	if (options_cross_check(cfg, why, len) ||
	    options_view_check(cfg, c->implicit ? NULL : c->name, why, len))
		return OPTIONS_USAGE;
	return OPTIONS_RUN;
}

const char *options_in_command(const struct command_info *c, char *const *words)
{
	for (char *const *w = words; w && *w; w++) {
		/* The prefix first: past a word of one character is past its end. */
		const char *name = strncmp(*w, "--", 2) == 0 ? *w + 2 : "";
		size_t n = strcspn(name, "=");
		if (n == 0)
			continue;
		for (size_t pos = 0; pos < option_count(); pos++) {
			const struct option_desc *o = option_row(option_at(pos));
			if (option_for(o, c->options) && !(o->flags & OPT_HIDDEN) &&
			    strlen(o->name) == n && strncmp(o->name, name, n) == 0)
				return *w;
		}
	}
	return NULL;
}
