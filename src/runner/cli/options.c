/* The generic parser: one function per option type, getopt_long over the table. */
#include "runner/cli/options.h"

#include <errno.h>
#include <getopt.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/size.h"
#include "runner/cli/config_file.h"
#include "runner/cli/option_parse.h"
#include "runner/swap/backend.h"

static void *field(struct config *cfg, const struct option_desc *o)
{
	return (char *)cfg + o->offset;
}

static int parse_size(const struct option_desc *o, const char *v, size_t n, uint64_t *out, char *why,
		      size_t len)
{
	char a[32];
	int ret = size_parse_n(v, n, out);

	if (ret == -ERANGE || (!ret && o->max && *out > o->max)) {
		snprintf(why, len, "too large");
		return -EINVAL;
	}
	if (ret) {
		snprintf(why, len, "not a size above zero (e.g. 512K, 50M, 2G)");
		return -EINVAL;
	}
	if (*out < o->min) {
		snprintf(why, len, "below %s, the smallest --%s", size_format(o->min, a, sizeof(a)), o->name);
		return -EINVAL;
	}
	return 0;
}

static int parse_size_list(const struct option_desc *o, struct size_list *l, const char *v, char *why,
			   size_t len)
{
	l->n = 0;
	if (!list_well_formed(v)) {
		snprintf(why, len, "not a comma list of sizes");
		return -EINVAL;
	}
	for (struct list_item it = list_first(v); it.ok; it = list_next(v, it)) {
		uint64_t size;
		char item_why[128];
		if (parse_size(o, it.text, it.len, &size, item_why, sizeof(item_why))) {
			if (strchr(v, ','))
				snprintf(why, len, "'%.*s': %s", (int)it.len, it.text, item_why);
			else
				snprintf(why, len, "%s", item_why);
			return -EINVAL;
		}
		for (size_t i = 0; i < l->n; i++)
			if (l->v[i] == size) {
				snprintf(why, len, "%s is named twice", o->noun);
				return -EINVAL;
			}
		if (l->n == LIST_MAX) {
			snprintf(why, len, "more than %d values", LIST_MAX);
			return -EINVAL;
		}
		l->v[l->n++] = size;
	}
	return 0;
}

/* A name needs no quoting in a sysfs file or a label: letters, digits, '-', '_' and '.'. */
static int add_name(const struct option_desc *o, struct name_list *l, struct list_item it, char *why,
		    size_t len)
{
	static const char allowed[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.";

	if (it.len == 0 || it.len >= NAME_LEN || strspn(it.text, allowed) < it.len) {
		snprintf(why, len, "not %s name", o->noun);
		return -EINVAL;
	}
	for (size_t i = 0; i < l->n; i++)
		if (strlen(l->v[i]) == it.len && memcmp(l->v[i], it.text, it.len) == 0) {
			snprintf(why, len, "%s is named twice", o->noun);
			return -EINVAL;
		}
	if (l->n == LIST_MAX) {
		snprintf(why, len, "more than %d names", LIST_MAX);
		return -EINVAL;
	}
	memcpy(l->v[l->n], it.text, it.len);
	l->v[l->n++][it.len] = '\0';
	return 0;
}

static int parse_name_list(const struct option_desc *o, struct name_list *l, const char *v, char *why,
			   size_t len)
{
	l->n = 0;
	if (!list_well_formed(v)) {
		snprintf(why, len, "not a comma list of names");
		return -EINVAL;
	}
	for (struct list_item it = list_first(v); it.ok; it = list_next(v, it)) {
		if (add_name(o, l, it, why, len))
			return -EINVAL;
		if (o->type == OT_BACKEND_LIST && !backend_find(l->v[l->n - 1])) {
			snprintf(why, len, "unknown backend '%s' (known: %s)", l->v[l->n - 1], backend_names());
			return -EINVAL;
		}
	}
	return 0;
}

static int parse_number(const struct option_desc *o, const char *v, uint64_t *n, char *why, size_t len)
{
	if (parse_u64_n(v, strlen(v), n) == 0 && *n >= o->min && *n <= o->max)
		return 0;
	if (o->type == OT_PERCENT)
		snprintf(why, len, "not a percentage from %llu to %llu", (unsigned long long)o->min,
			 (unsigned long long)o->max);
	else
		snprintf(why, len, "not %s %s from %llu to %llu", o->type == OT_COUNT ? "a number of" : "a",
			 o->noun, (unsigned long long)o->min, (unsigned long long)o->max);
	return -EINVAL;
}

static int choice_index(const struct option_desc *o, const char *v, char *why, size_t len)
{
	size_t at = 0;

	for (int i = 0; o->choices[i]; i++)
		if (strcmp(o->choices[i], v) == 0)
			return i;
	at += (size_t)snprintf(why, len, "not ");
	for (int i = 0; o->choices[i] && at < len; i++)
		at += (size_t)snprintf(why + at, len - at, "%s%s", o->choices[i],
				       !o->choices[i + 1] ? "" : !o->choices[i + 2] ? " or " : ", ");
	return -EINVAL;
}

/* 10ms, 2s, 10m, 1h; a bare number is in the option's own unit (ms or s); 0 means off. */
static int parse_duration(const struct option_desc *o, const char *v, uint64_t *ms, char *why, size_t len)
{
	static const struct { const char *suffix; uint64_t ms; } units[] = {
		{ "ms", 1 }, { "s", 1000 }, { "m", 60000 }, { "h", 3600000 },
	};
	size_t digits = strspn(v, "0123456789");
	const char *unit = v[digits] ? v + digits : o->noun;
	uint64_t n;

	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (strcmp(unit, units[i].suffix) == 0 && parse_u64_n(v, digits, &n) == 0 &&
		    n <= UINT64_MAX / units[i].ms) {
			*ms = n * units[i].ms;
			if (*ms == 0 || (*ms >= o->min && *ms <= o->max))
				return 0;
		}
	snprintf(why, len, "not 0 (off) or a duration from %llu%s to %llu%s (10ms, 2s, 10m; a bare number is in %s)",
		 (unsigned long long)(o->min % 1000 ? o->min : o->min / 1000), o->min % 1000 ? "ms" : "s",
		 (unsigned long long)(o->max % 1000 ? o->max : o->max / 1000), o->max % 1000 ? "ms" : "s", o->noun);
	return -EINVAL;
}

/* 0.05, or 2% where the option is a percentage. */
static int parse_real(const struct option_desc *o, const char *v, double *out, char *why, size_t len)
{
	char *end;
	double d;

	errno = 0;
	d = strtod(v, &end);
	if (strcmp(o->noun, "%") == 0 && *end == '%')
		end++;
	if (v[0] && (v[0] >= '0' && v[0] <= '9') && !*end && !errno && d >= o->dmin && d <= o->dmax) {
		*out = d;
		return 0;
	}
	snprintf(why, len, "not %s from %g to %g%s", strcmp(o->noun, "%") == 0 ? "a percentage" : "a number", o->dmin,
		 o->dmax, strcmp(o->noun, "%") == 0 ? "%" : "");
	return -EINVAL;
}

static int parse_user(struct user_id *u, const char *v, char *why, size_t len)
{
	struct passwd *pw = v[0] ? getpwnam(v) : NULL;

	if (!pw) {
		snprintf(why, len, "no such user");
		return -EINVAL;
	}
	if (copy_text(u->name, sizeof(u->name), v, why, len))
		return -EINVAL;
	u->uid = pw->pw_uid;
	u->gid = pw->pw_gid;
	return 0;
}

static int parse_text(struct config *cfg, const struct option_desc *o, const char *v, char *why, size_t len)
{
	if (!v[0]) {
		snprintf(why, len, o->type == OT_PATH ? "an empty path" : "an empty value");
		return -EINVAL;
	}
	if (o->parse && o->parse(cfg, v, why, len))
		return -EINVAL;
	return copy_text(field(cfg, o), o->size, v, why, len);
}

static int parse_value(struct config *cfg, const struct option_desc *o, const char *v, char *why, size_t len)
{
	uint64_t n;
	int i;

	switch (o->type) {
	case OT_SIZE:
		return parse_size(o, v, strlen(v), field(cfg, o), why, len);
	case OT_SIZE_LIST:
		return parse_size_list(o, field(cfg, o), v, why, len);
	case OT_NAME_LIST:
	case OT_BACKEND_LIST:
		return parse_name_list(o, field(cfg, o), v, why, len);
	case OT_COUNT:
	case OT_PERCENT:
		if (parse_number(o, v, &n, why, len))
			return -EINVAL;
		*(unsigned *)field(cfg, o) = (unsigned)n;
		return 0;
	case OT_INT:
		if (parse_number(o, v, &n, why, len))
			return -EINVAL;
		*(int *)field(cfg, o) = (int)n;
		return 0;
	case OT_ENUM:
		if ((i = choice_index(o, v, why, len)) < 0)
			return -EINVAL;
		*(int *)field(cfg, o) = i;
		return 0;
	case OT_CHOICE:
		return choice_index(o, v, why, len) < 0 ? -EINVAL : copy_text(field(cfg, o), o->size, v, why, len);
	case OT_PATH:
	case OT_STRING:
		return parse_text(cfg, o, v, why, len);
	case OT_USER:
		return parse_user(field(cfg, o), v, why, len);
	case OT_DURATION:
		return parse_duration(o, v, field(cfg, o), why, len);
	case OT_REAL:
		return parse_real(o, v, field(cfg, o), why, len);
	case OT_FLAG:
		*(int *)field(cfg, o) = 1;
		return 0;
	case OT_CUSTOM:
		return o->parse(cfg, v, why, len);
	case OT_ACTION:
		return 0;
	}
	return -EINVAL;
}

int option_set(struct config *cfg, enum option_id id, const char *value, char *why, size_t len)
{
	if (parse_value(cfg, &option_table[id], value ? value : "", why, len))
		return -EINVAL;
	cfg->given[id] = 1;
	return 0;
}

int option_apply(struct config *cfg, enum option_id id, const char *value, char *msg, size_t len)
{
	char why[512] = "";      /* room for -o's list of every column */

	if (option_set(cfg, id, value, why, sizeof(why))) {
		snprintf(msg, len, "--%s '%s': %s", option_table[id].name, value ? value : "", why);
		return -EINVAL;
	}
	return 0;
}

void options_defaults(struct config *cfg)
{
	char msg[512];

	memset(cfg, 0, sizeof(*cfg));
	for (int id = 0; id < O_COUNT; id++) {
		const struct option_desc *o = &option_table[id];
		if (o->type == OT_INT && !o->def)
			*(int *)field(cfg, o) = -1;
		/* The table's defaults go through the parser too (a unit test checks each one). */
		if (o->def)
			option_apply(cfg, (enum option_id)id, o->def, msg, sizeof(msg));
	}
	memset(cfg->given, 0, sizeof(cfg->given));
}

const struct option_desc *option_find(const char *name)
{
	for (int id = 0; id < O_COUNT; id++)
		if (strcmp(option_table[id].name, name) == 0)
			return &option_table[id];
	return NULL;
}

/* Everything after "--" is a command to run instead of the hogger, untouched by getopt. */
static int split_command(int *argc, char **argv, struct config *cfg, char *msg, size_t len)
{
	for (int i = 1; i < *argc; i++)
		if (strcmp(argv[i], "--") == 0) {
			if (i + 1 == *argc) {
				snprintf(msg, len, "'--' must be followed by a command to run");
				return -EINVAL;
			}
			cfg->command = argv + i + 1;
			*argc = i;
			break;
		}
	return 0;
}

int option_for(const struct option_desc *o, enum command cmd)
{
	/* An option of no command in particular describes the experiment: calibrate repeats the
	 * experiment, so it takes them all. */
	return ((o->commands ? o->commands : CMD_RUN | CMD_CALIBRATE) & cmd) != 0;
}

const char *command_name(enum command cmd)
{
	switch (cmd) {
	case CMD_SHOW:
		return "show";
	case CMD_COMPARE:
		return "compare";
	case CMD_SYSINFO:
		return "sysinfo";
	case CMD_PLOT:
		return "plot";
	case CMD_REPORT:
		return "report";
	case CMD_CALIBRATE:
		return "calibrate";
	default:
		return "run";
	}
}

/* A short name belongs to the first option of the command that claims it: -o is --output
 * for a run, --columns for show and compare. */
static int short_owner(enum command cmd, char c)
{
	for (int id = 0; c && id < O_COUNT; id++)
		if (option_table[id].short_name == c && option_for(&option_table[id], cmd))
			return id;
	return -1;
}

static void getopt_tables(enum command cmd, struct option *longopts, char *shortopts)
{
	size_t s = 0, n = 0;

	*shortopts = '\0';
	/* A run: "+" stops at the first non-option, so a forgotten "--" is an error, not a
	 * reordering. The commands that take files take options after them too ("plot a.json
	 * -o dir"). ":": a missing value is reported as such. */
	if (cmd == CMD_RUN || cmd == CMD_CALIBRATE)
		shortopts[s++] = '+';
	shortopts[s++] = ':';
	for (int id = 0; id < O_COUNT; id++) {
		const struct option_desc *o = &option_table[id];
		int has_arg = o->type != OT_FLAG && o->type != OT_ACTION;
		if (!option_for(o, cmd))
			continue;
		longopts[n++] = (struct option){ o->name, has_arg ? required_argument : no_argument, NULL, 256 + id };
		if (short_owner(cmd, o->short_name) == id) {
			shortopts[s++] = o->short_name;
			if (has_arg)
				shortopts[s++] = ':';
		}
	}
	shortopts[s] = '\0';
	longopts[n] = (struct option){ 0 };
}

static int option_of(enum command cmd, int c)
{
	if (c >= 256 && c < 256 + O_COUNT)
		return c - 256;
	return short_owner(cmd, (char)c);
}

/* An option of another command: say whose it is rather than "unknown". */
static void unknown(enum command cmd, const char *arg, char *msg, size_t len)
{
	const struct option_desc *o = NULL;
	char name[64];

	if (strncmp(arg, "--", 2) == 0) {
		snprintf(name, sizeof(name), "%.*s", (int)strcspn(arg + 2, "="), arg + 2);
		o = option_find(name);
	}
	if (o)
		snprintf(msg, len, "'%s' is not an option of 'zswapbench%s%s'", arg, cmd == CMD_RUN ? "" : " ",
			 cmd == CMD_RUN ? "" : command_name(cmd));
	else
		snprintf(msg, len, "unknown option '%s'", arg);
}

/* show and compare take files; a run and sysinfo take none. */
static int keep_files(enum command cmd, int argc, char **argv, struct config *cfg, char *msg, size_t len)
{
	if (cmd == CMD_RUN || cmd == CMD_SYSINFO || cmd == CMD_CALIBRATE) {
		if (optind < argc) {
			snprintf(msg, len, "unexpected argument '%s'", argv[optind]);
			return -EINVAL;
		}
		return 0;
	}
	cfg->files = argv + optind;
	cfg->nfiles = argc - optind;
	if (cfg->nfiles < (cmd == CMD_COMPARE ? 2 : 1)) {
		snprintf(msg, len, "%s needs %s", command_name(cmd),
			 cmd == CMD_COMPARE ? "two result files or more: BASE.json NEW.json..." : "a result file");
		return -EINVAL;
	}
	return 0;
}

/* The first pass: only --config, whose file is read before the command line overrides it.
 * Errors wait for the second pass, which reports them. */
static const char *config_arg(enum command cmd, int argc, char **argv, const struct option *longopts,
			      const char *shortopts)
{
	const char *file = NULL;
	int c;

	opterr = 0;
	optind = 0;
	while ((c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1)
		if (option_of(cmd, c) == O_CONFIG)
			file = optarg;
	return file;
}

/* A sweep option on the command line replaces the file's sections. */
static void settle_sections(struct config *cfg, const unsigned char *on_cmdline)
{
	if (on_cmdline[O_SWAP] || on_cmdline[O_COMP] || on_cmdline[O_JOBS] || on_cmdline[O_LIMIT])
		cfg->nsections = 0;
}

enum options_result options_parse_command(enum command cmd, int argc, char **argv, struct config *cfg,
					  char *msg, size_t len)
{
	struct option longopts[O_COUNT + 1];
	char shortopts[3 * O_COUNT + 3];
	unsigned char on_cmdline[O_COUNT] = { 0 };
	const char *file;
	int c, id;

	options_defaults(cfg);
	cfg->cmd = cmd;
	if ((cmd == CMD_RUN || cmd == CMD_CALIBRATE) && split_command(&argc, argv, cfg, msg, len))
		return OPTIONS_USAGE;
	getopt_tables(cmd, longopts, shortopts);
	file = cmd == CMD_RUN || cmd == CMD_CALIBRATE ? config_arg(cmd, argc, argv, longopts, shortopts) : NULL;
	if (file && config_file_load(cfg, file, msg, len))
		return OPTIONS_USAGE;
	opterr = 0;
	optind = 0; /* 0, not 1: glibc's getopt then forgets the state of any earlier parse */
	while ((c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
		if (c == '?')
			unknown(cmd, argv[optind - 1], msg, len);
		if (c == ':')
			snprintf(msg, len, "missing value for '%s'", argv[optind - 1]);
		if (c == '?' || c == ':')
			return OPTIONS_USAGE;
		id = option_of(cmd, c);
		if (id == O_HELP) {
			options_help(stdout, cmd);
			return OPTIONS_EXIT_OK;
		}
		if (id == O_VERSION) {
			printf("zswapbench %s\n", ZSB_VERSION);
			return OPTIONS_EXIT_OK;
		}
		if (id < 0 || option_apply(cfg, (enum option_id)id, optarg, msg, len))
			return OPTIONS_USAGE;
		on_cmdline[id] = 1;
	}
	if (keep_files(cmd, argc, argv, cfg, msg, len))
		return OPTIONS_USAGE;
	settle_sections(cfg, on_cmdline);
	if (cfg->json)
		cfg->format = FORMAT_JSON;
	return options_cross_check(cfg, msg, len) ? OPTIONS_USAGE : OPTIONS_RUN;
}

enum options_result options_parse(int argc, char **argv, struct config *cfg, char *msg, size_t len)
{
	return options_parse_command(CMD_RUN, argc, argv, cfg, msg, len);
}
