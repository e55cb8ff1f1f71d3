/*
 * The option table: for each option its names, type, where it lands in struct config, range,
 * default, unit, which backends use it, and its help line. One generic parser walks it
 * (option_set.c: one value; options.c: getopt_long over argv), and the same table writes
 * --help (help.c), the checks between options (option_checks.c) and the result file's config
 * object (option_echo.c), as fio's and stress-ng's option tables do.
 */
#ifndef ZSB_OPTION_TABLE_H
#define ZSB_OPTION_TABLE_H
#include <stddef.h>
#include <stdint.h>

#include "runner/cli/config.h"

struct json_object;

enum option_type {
	OT_SIZE, /* uint64_t bytes: 512K, 50M, 2G */
	OT_SIZE_LIST, /* struct size_list: 50M,100M */
	OT_COUNT, /* unsigned, min..max */
	OT_INT, /* int, min..max; -1 when not given and without default */
	OT_PERCENT, /* unsigned 1..100; 0 when not given */
	OT_NAME_LIST, /* struct name_list: lzo,lz4 */
	OT_BACKEND_LIST, /* struct name_list of known backends */
	OT_ENUM, /* int: index into choices */
	OT_CHOICE, /* char[]: one of choices, empty when not given */
	OT_SWITCH, /* enum switch_state: on or off; SWITCH_LEAVE when not given */
	OT_PATH, /* char *, the config's own: at most PATH_MAX - 1 characters */
	OT_TEXT, /* char *, the config's own: at most max characters */
	OT_STRING, /* char[]: a short text held in place */
	OT_USER, /* struct user_id, looked up in the user database */
	OT_DURATION, /* uint64_t milliseconds: 10ms, 2s, 10m; a bare number is seconds */
	OT_REAL, /* double, dmin..dmax; a trailing % is allowed where noun is "%" */
	OT_FLAG, /* int 1 when given */
	OT_ACTION, /* --help, --version: handled by the parser */
	OT_CUSTOM, /* .parse and .to_json do the work */
};

enum option_flag {
	OPT_SWEEP = 1 << 0, /* a sweep axis: one cell per value */
	OPT_HOGGER_ONLY = 1 << 1, /* means nothing for a command after "--" */
	OPT_HIDDEN = 1 << 2, /* for tests and developers: parsed, not in --help */
	OPT_NO_ECHO = 1 << 3, /* an alias of another option: not in the result's config */
	OPT_BLOCK = 1 << 4, /* means something only with --target block */
	OPT_FS = 1 << 5, /* means something only with --target fs */
	OPT_DIR = 1 << 6, /* a directory: given without its trailing '/', so the paths made in
			   * it have one slash */
};

/* What an option of the experiment decides, as --help, the man page and the README's Options
 * section group them, in this order. */
enum option_group {
	G_COMPARED,
	G_WORKLOAD,
	G_DEVICE,
	G_CGROUP,
	G_SWAP,
	G_RECORDED,
	G_PRINTED,
	G_GIVEN,
	G_COUNT
};
extern const char *const option_group_names[G_COUNT];

struct option_desc {
	const char *name;
	char short_name;
	enum option_type type;
	size_t offset, size; /* the field in struct config */
	uint64_t min, max; /* counts, ints, sizes (bytes), durations (ms); OT_TEXT: its length */
	const char *def; /* default as it would be typed; NULL: not set */
	const char *def_help; /* the default in words when it is computed */
	const char *arg; /* SIZE, LIST, N in --help */
	const char *noun; /* "trials" in "not a number of trials from 1 to 10000" */
	const char *const *choices; /* OT_ENUM, OT_CHOICE: NULL-terminated (OT_SWITCH: its own) */
	unsigned flags;
	/* OT_CUSTOM, and extra validation for strings: -EINVAL with why filled. */
	int (*parse)(struct config *cfg, const char *value, char *why, size_t len);
	struct json_object *(*to_json)(const struct config *cfg);
	/* OT_CUSTOM: the value as it would be typed, for messages; NULL: from to_json. */
	void (*format)(const struct config *cfg, char *buf, size_t len);
	const char *example; /* a valid value, for the man page and the table's tests */
	const char *help;
	double dmin, dmax; /* OT_REAL */
	unsigned commands; /* the CMD_* sets it is in; 0: the experiment's (run, calibrate) */
	enum option_group group;
};

extern const struct option_desc option_table[O_COUNT];

const struct option_desc *option_find(const char *name);
/* Is the option in the set a command takes (CMD_*)? */
int option_for(const struct option_desc *o, unsigned set);
/* The words an OT_ENUM, OT_CHOICE or OT_SWITCH option takes, NULL-terminated; NULL: none. */
const char *const *option_choices(const struct option_desc *o);
/* The --target an OPT_BLOCK or OPT_FS option needs ("block", "fs"); NULL: any. */
const char *option_target(const struct option_desc *o);
/* An OT_SWITCH's value as typed: "on", "off"; "" when left. */
const char *switch_word(enum switch_state s);
/* The value of one of its words; SWITCH_LEAVE for any other. */
enum switch_state switch_of(const char *word);

#endif
