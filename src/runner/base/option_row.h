/*
 * A row of the option table: an option's names, type, where its value lands, range, default,
 * unit, the commands it belongs to and its help line. cli/ holds the core rows (their fields
 * in struct config) and assembles the whole table from them and the rows other layers give,
 * as fio's engines add their options: swap/ gives the swap areas' and each backend's, their
 * fields in struct swap_settings; trial/drivers/ the device targets' and each workload
 * driver's, their fields in struct driver_settings. A row says which struct its field is in
 * (its scope); its callbacks are given that struct, never the whole config.
 */
#ifndef ZSB_OPTION_ROW_H
#define ZSB_OPTION_ROW_H
#include <stddef.h>
#include <stdint.h>

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
	OPT_KNOB = 1 << 7, /* a setting that takes a comma list as a sweep axis (knob_axes.h) */
	OPT_AXIS_OWN = 1 << 8, /* a setting whose own parser makes its axis (--mthp), in a
				* section too */
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

/* The sets of options the commands take, as bits: an option's row names the sets it is in, a
 * command's row (commands/commands.c) the set it parses. */
enum command {
	CMD_RUN = 1 << 0,
	CMD_SHOW = 1 << 1,
	CMD_COMPARE = 1 << 2,
	CMD_SYSINFO = 1 << 3,
	CMD_PLOT = 1 << 4,
	CMD_REPORT = 1 << 5,
	CMD_CALIBRATE = 1 << 6,
	CMD_SAVINGS = 1 << 7,
	CMD_RECORD = 1 << 8,
	CMD_ALL = (1 << 9) - 1,
	/* The commands that run the experiment: they take its options (those of no set in
	 * particular), a config file, and a COMMAND after "--". */
	CMD_EXPERIMENT = CMD_RUN | CMD_CALIBRATE | CMD_SAVINGS,
};

/* The struct a row's field is in, and what its callbacks are given: struct config for the
 * core rows (cli/), struct swap_settings for the rows swap/ gives (the config holds one, its
 * backend member), struct driver_settings for those of trial/drivers/ (its driver member). */
enum option_scope {
	SCOPE_CONFIG,
	SCOPE_SWAP,
	SCOPE_DRIVER,
	SCOPE_COUNT
};

/* An option that sets others when given, as a zram-generator.conf picks the run's backend and
 * its algorithm: a list option of the table by name, and its one value ("": none). */
#define OPTION_IMPLIED_MAX 4
struct option_implied {
	const char *option;
	char value[32];
};

/* The offset and size of a field f of a scope's struct, for a row: OPTION_FIELD(struct
 * swap_settings, zram.size). */
#define OPTION_FIELD(type, f) offsetof(type, f), sizeof(((type *)0)->f)

struct option_desc {
	const char *name;
	char short_name;
	enum option_type type;
	size_t offset, size; /* the field in the scope's struct */
	uint64_t min, max; /* counts, ints, sizes (bytes), durations (ms); OT_TEXT: its length */
	const char *def; /* default as it would be typed; NULL: not set */
	const char *def_help; /* the default in words when it is computed */
	const char *arg; /* SIZE, LIST, N in --help */
	const char *noun; /* "trials" in "not a number of trials from 1 to 10000" */
	const char *const *choices; /* OT_ENUM, OT_CHOICE: NULL-terminated (OT_SWITCH: its own) */
	unsigned flags;
	/* OT_CUSTOM, and extra validation for strings: -EINVAL with why filled. Each is given
	 * the struct of the row's scope. */
	int (*parse)(void *scope, const char *value, char *why, size_t len);
	struct json_object *(*to_json)(const void *scope);
	/* OT_CUSTOM: the value as it would be typed, for messages; NULL: from to_json. */
	void (*format)(const void *scope, char *buf, size_t len);
	/* Once the value is taken: the options it sets besides its own, into out (at most
	 * OPTION_IMPLIED_MAX); returns how many. NULL: none. */
	size_t (*implies)(const void *scope, struct option_implied *out);
	const char *example; /* a valid value, for the man page and the table's tests */
	const char *help;
	double dmin, dmax; /* OT_REAL */
	unsigned commands; /* the CMD_* sets it is in; 0: the experiment's (run, calibrate) */
	enum option_group group;
	enum option_scope scope; /* the struct its field is in; SCOPE_CONFIG unless said */
};

/* Of rows (ended by a row without a name; NULL: none), the k-th of group; NULL past its last,
 * with *k less the rows of group there were, so that one count goes on over the next set: a
 * layer's walk over its own rows and those of each of its backends or drivers. */
const struct option_desc *option_rows_nth(const struct option_desc *rows, enum option_group group,
					  size_t *k);

#endif
