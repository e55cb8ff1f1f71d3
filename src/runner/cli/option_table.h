/*
 * The option table: for each option its names, type, where it lands in struct config, range,
 * default, unit, which backends use it, and its help line. One generic parser walks it
 * (getopt_long, range checks, the one-line error), and the same table writes --help and the
 * result file's config object, as fio's and stress-ng's option tables do.
 */
#ifndef ZSB_OPTIONS_H
#define ZSB_OPTIONS_H
#include <stddef.h>
#include <stdint.h>

#include "runner/cli/config.h"

struct json_object;

enum option_type {
	OT_SIZE,        /* uint64_t bytes: 512K, 50M, 2G */
	OT_SIZE_LIST,   /* struct size_list: 50M,100M */
	OT_COUNT,       /* unsigned, min..max */
	OT_INT,         /* int, min..max; -1 when not given and without default */
	OT_PERCENT,     /* unsigned 1..100; 0 when not given */
	OT_NAME_LIST,   /* struct name_list: lzo,lz4 */
	OT_BACKEND_LIST,/* struct name_list of known backends */
	OT_ENUM,        /* int: index into choices */
	OT_CHOICE,      /* char[]: one of choices, empty when not given */
	OT_PATH,        /* char[] */
	OT_STRING,      /* char[] */
	OT_USER,        /* struct user_id, looked up in the user database */
	OT_DURATION,    /* uint64_t milliseconds: 10ms, 2s, 10m; a bare number is in .unit */
	OT_REAL,        /* double, dmin..dmax; a trailing % is allowed where noun is "%" */
	OT_FLAG,        /* int 1 when given */
	OT_ACTION,      /* --help, --version: handled by the parser */
	OT_CUSTOM,      /* .parse and .to_json do the work */
};

enum option_flag {
	OPT_SWEEP = 1 << 0,      /* a sweep axis: one cell per value */
	OPT_HOGGER_ONLY = 1 << 1,/* means nothing for a command after "--" */
	OPT_HIDDEN = 1 << 2,     /* for tests and developers: parsed, not in --help */
	OPT_NO_ECHO = 1 << 3,    /* an alias of another option: not in the result's config */
};

struct option_desc {
	const char *name;
	char short_name;
	enum option_type type;
	size_t offset, size;          /* the field in struct config */
	uint64_t min, max;            /* counts, ints, sizes (bytes), durations (ms) */
	const char *def;              /* default as it would be typed; NULL: not set */
	const char *def_help;         /* the default in words when it is computed */
	const char *arg;              /* SIZE, LIST, N in --help */
	const char *noun;             /* "trials" in "not a number of trials from 1 to 10000";
				       * for durations the unit of a bare number ("ms", "s") */
	const char *const *choices;   /* OT_ENUM, OT_CHOICE: NULL-terminated */
	unsigned flags;
	/* OT_CUSTOM, and extra validation for strings: -EINVAL with why filled. */
	int (*parse)(struct config *cfg, const char *value, char *why, size_t len);
	struct json_object *(*to_json)(const struct config *cfg);
	/* OT_CUSTOM: the value as it would be typed, for messages; NULL: from to_json. */
	void (*format)(const struct config *cfg, char *buf, size_t len);
	const char *example;          /* a valid value, for the man page and the table's tests */
	const char *help;
	double dmin, dmax;            /* OT_REAL */
	unsigned commands;            /* CMD_* it belongs to; 0: the run alone */
};

extern const struct option_desc option_table[O_COUNT];

enum options_result { OPTIONS_RUN, OPTIONS_EXIT_OK, OPTIONS_USAGE };

/* Parses argv into cfg (defaults first) for a run. OPTIONS_USAGE: msg holds the one-line
 * error naming the option and its value. */
enum options_result options_parse(int argc, char **argv, struct config *cfg, char *msg, size_t len);
/* The same for a command: argv[0] is the command's name ("show"); show and compare keep the
 * arguments that are not options as cfg->files. */
enum options_result options_parse_command(enum command cmd, int argc, char **argv, struct config *cfg,
					  char *msg, size_t len);
/* Is the option one of this command's? */
int option_for(const struct option_desc *o, enum command cmd);
const char *command_name(enum command cmd);
void options_defaults(struct config *cfg);
/* Applies one option's value; -EINVAL with why holding the reason alone. */
int option_set(struct config *cfg, enum option_id id, const char *value, char *why, size_t len);
/* Applies one option's value, as the parser does: 0, or -EINVAL with msg filled. */
int option_apply(struct config *cfg, enum option_id id, const char *value, char *msg, size_t len);
/* Checks between options once all are known (option_checks.c); -EINVAL with msg. */
int options_cross_check(const struct config *cfg, char *msg, size_t len);
/* The value of an option in cfg as it would be typed ("50M,100M"), for messages. */
const char *option_format(const struct config *cfg, enum option_id id, char *buf, size_t len);
/* The config object of the result file: option name -> typed value. */
struct json_object *options_to_json(const struct config *cfg);
/* --help, generated from the table, for one command. */
void options_help(void *stream, enum command cmd);
const struct option_desc *option_find(const char *name);

#endif
