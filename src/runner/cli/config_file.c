#include "runner/cli/config_file.h"

#include <errno.h>
#include <libgen.h>
#include <ini.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "common/util.h"
#include "runner/base/sizes.h"
#include "runner/base/ini_line.h"
#include "runner/base/command_words.h"
#include "runner/cli/option_echo.h"
#include "runner/cli/option_parse.h"
#include "runner/cli/option_set.h"
#include "runner/cli/option_table.h"
#include "runner/swap/backend.h"

#ifndef ZSB_DATADIR
#define ZSB_DATADIR "/usr/local/share/zswapbench"
#endif

struct load {
	char dir[PATH_MAX]; /* the file's directory: what ${CONFIG_DIR} stands for */
	struct config *cfg;
	struct config *scratch; /* a section's value is parsed here, then copied */
	char why[MSG_LEN]; /* the first error, without its line */
};

static char tree[PATH_LEN], beside[PATH_LEN];
static const char *dirs[] = { tree, beside, ZSB_DATADIR "/configs", "/usr/share/zswapbench/configs",
			      NULL };

void config_preset_dirs_from(const char *bindir)
{
	/* Without /proc, the installed folder stands in for both (found again, it adds
	 * nothing): never a folder relative to where we run. */
	if (!bindir) {
		snprintf(tree, sizeof(tree), "%s", dirs[2]);
		snprintf(beside, sizeof(beside), "%s", dirs[2]);
		return;
	}
	snprintf(tree, sizeof(tree), "%s/" CONFIG_PRESETS_TREE, bindir);
	snprintf(beside, sizeof(beside), "%s/" CONFIG_PRESETS_BESIDE, bindir);
}

/* The source tree's presets when run from it, then the installed ones: beside the binary
 * (PREFIX/share from PREFIX/bin), at the compiled-in PREFIX, and the distribution's. The first
 * two are found from the binary, never from the current directory: under sudo a directory
 * anyone can write in would hand root its command = and setup = lines. */
const char *const *config_preset_dirs(void)
{
	char self[PATH_MAX];
	ssize_t n;

	if (!tree[0]) {
		n = readlink("/proc/self/exe", self, sizeof(self) - 1);
		self[n > 0 ? n : 0] = '\0';
		config_preset_dirs_from(n > 0 ? dirname(self) : NULL);
	}
	return dirs;
}

/* command = CMD ARGS: the workload instead of the hogger, as "-- CMD ARGS" would be; the
 * command line's own "--" wins. */
static int set_command(struct config *cfg, const char *value, char *why, size_t len)
{
	char text[COMMAND_TEXT_MAX + 1], *words[COMMAND_WORDS_MAX + 1], reason[256];

	if (cfg->command)
		return 1;
	if (strlen(value) > COMMAND_TEXT_MAX) {
		snprintf(why, len, "command: longer than %d characters", COMMAND_TEXT_MAX);
		return 0;
	}
	memcpy(text, value, strlen(value) + 1);
	if (command_words(text, words, COMMAND_WORDS_MAX + 1, reason, sizeof(reason)) < 0) {
		snprintf(why, len, "command: '%.200s': %s", value, reason);
		return 0;
	}
	if (config_set_command(cfg, words)) {
		snprintf(why, len, "command: out of memory");
		return 0;
	}
	return 1;
}

int config_preset_is_file(const char *name)
{
	return strchr(name, '/') ||
		(strlen(name) > 5 && strcmp(name + strlen(name) - 5, ".conf") == 0);
}

int config_preset_path(const char *name, char *out, size_t len)
{
	if (config_preset_is_file(name)) {
		snprintf(out, len, "%s", name);
		return access(out, R_OK) == 0 ? 0 : -errno;
	}
	for (const char *const *d = config_preset_dirs(); *d; d++) {
		snprintf(out, len, "%s/%s.conf", *d, name);
		if (access(out, R_OK) == 0)
			return 0;
	}
	snprintf(out, len, "%s", name);
	return -ENOENT;
}

/* A flag in a file says yes or no; on the command line its presence says yes. */
static int flag_value(const char *value, int *on)
{
	static const char *const yes[] = { "", "1", "yes", "true", "on" },
				 *const no[] = { "0", "no", "false", "off" };
	for (size_t i = 0; i < ARRAY_SIZE(yes); i++)
		if (strcasecmp(value, yes[i]) == 0)
			return *on = 1, 0;
	for (size_t i = 0; i < ARRAY_SIZE(no); i++)
		if (strcasecmp(value, no[i]) == 0)
			return *on = 0, 0;
	return -EINVAL;
}

static int set_run_key(struct load *l, const struct option_desc *o, const char *value, char *why,
		       size_t len)
{
	int id = option_id_of(o);
	char reason[OPTION_REASON_LEN];
	int on;

	if (o->type == OT_FLAG) {
		if (flag_value(value, &on)) {
			snprintf(why, len, "%s: '%.200s': not yes or no", o->name, value);
			return 0;
		}
		*(int *)option_field(l->cfg, o) = on;
		l->cfg->given[id] = on;
		return 1;
	}
	if (option_set(l->cfg, id, value, reason, sizeof(reason))) {
		snprintf(why, len, "%s: '%.200s': %s", o->name, value, reason);
		return 0;
	}
	return 1;
}

static struct cell_section *section_named(struct config *cfg, const char *name)
{
	struct cell_section *s;

	for (size_t i = 0; i < cfg->nsections; i++)
		if (strcmp(cfg->sections[i].name, name) == 0)
			return &cfg->sections[i];
	if (strlen(name) >= NAME_LEN || !(s = config_add_section(cfg)))
		return NULL;
	snprintf(s->name, NAME_LEN, "%s", name);
	return s;
}

/* A setting of a section (OPT_KNOB), one value or a list: its cells' own, over [run]'s. */
static int set_section_knob(struct load *l, struct cell_section *s, const struct option_desc *o,
			    const char *value, char *why, size_t len)
{
	char reason[OPTION_REASON_LEN];

	if (knob_axes_set(&s->knobs, option_id_of(o), value, option_value_check, l->scratch, reason,
			  sizeof(reason))) {
		snprintf(why, len, "%s: '%.200s': %s", o->name, value, reason);
		return 0;
	}
	/* Not given to the run, whose field keeps its own value: the checks see each of the
	 * section's values in a copy of the run (option_checks.c), and name it. */
	return 1;
}

/* A section's --mthp: its own parser says whether it is an axis (a size given two modes) or
 * one setting, which is then an axis of one value, the section's. */
static int set_section_own_axis(struct load *l, struct cell_section *s, const struct option_desc *o,
				const char *value, char *why, size_t len)
{
	int id = option_id_of(o);
	char reason[OPTION_REASON_LEN];
	struct knob_axis one = { .id = id, .n = 1 };
	const struct knob_axis *x;

	if (option_set(l->scratch, id, value, reason, sizeof(reason))) {
		snprintf(why, len, "%s: '%.200s': %s", o->name, value, reason);
		return 0;
	}
	x = knob_axes_find(&l->scratch->knobs, id);
	if (!x)
		option_format(l->scratch, id, one.values[0], sizeof(one.values[0]));
	if (knob_axes_put(&s->knobs, x ? x : &one)) {
		snprintf(why, len,
			 "%s: a sweep of more than %d settings besides swap, comp, jobs "
			 "and limit ([%s])",
			 o->name, KNOB_AXES_MAX, s->name);
		return 0;
	}
	knob_axes_remove(&l->scratch->knobs, id);
	return 1;
}

/* Only the sweep's axes and the settings that can be axes differ between sections: the rest is
 * the run's, in [run]. */
static int set_section_key(struct load *l, const char *section, const struct option_desc *o,
			   const char *value, char *why, size_t len)
{
	static const int axes[AXIS_COUNT] = { O_SWAP, O_COMP, O_JOBS, O_LIMIT };
	int id = option_id_of(o);
	struct cell_section *s = section_named(l->cfg, section);
	char reason[OPTION_REASON_LEN];
	int axis = -1;

	for (int a = 0; a < AXIS_COUNT; a++)
		if (axes[a] == id)
			axis = a;
	if (s && (o->flags & OPT_AXIS_OWN))
		return set_section_own_axis(l, s, o, value, why, len);
	if (s && (o->flags & OPT_KNOB))
		return set_section_knob(l, s, o, value, why, len);
	if (axis < 0 || !s) {
		snprintf(why, len,
			 axis < 0 ? "%s: only swap, comp, jobs, limit and the settings that take "
				    "a list (options.md) can differ per section ([%s]); put it in "
				    "[run]"
				  : "%s: too many sections (at most 16) or a name too long ([%s])",
			 o->name, section);
		return 0;
	}
	if (option_set(l->scratch, id, value, reason, sizeof(reason))) {
		snprintf(why, len, "%s: '%.200s': %s", o->name, value, reason);
		return 0;
	}
	if (axis == AXIS_SWAP)
		s->swap = l->scratch->swap;
	else if (axis == AXIS_COMP)
		s->comp = l->scratch->comp;
	else if (axis == AXIS_JOBS)
		s->jobs = l->scratch->jobs;
	else
		s->limit = l->scratch->limit;
	s->set[axis] = 1;
	l->cfg->given[id] = 1;
	return 1;
}

/* The file's directory, absolute: the setup and the command run in the work directory. */
static void config_dir_of(const char *file, char *dir, size_t len)
{
	char copy[PATH_MAX], real[PATH_MAX];

	snprintf(copy, sizeof(copy), "%s", file);
	snprintf(dir, len, "%s", realpath(dirname(copy), real) ? real : dirname(copy));
}

/* ${CONFIG_DIR} in a command: a preset's own scripts, wherever it is installed, the folder one
 * word of the command whatever its name holds. */
static const char *expand_dir(const struct load *l, const char *value, char *out, size_t len)
{
	static const char var[] = "${CONFIG_DIR}";
	const char *at = strstr(value, var);
	char dir[PATH_MAX + 256];

	/* Left as typed when it cannot be: its $ is then refused, naming the value. */
	if (!at || command_word_quoted(l->dir, dir, sizeof(dir)))
		return value;
	snprintf(out, len, "%.*s%s%s", (int)(at - value), value, dir, at + strlen(var));
	return out;
}

static int on_key(void *user, const char *section, const char *name, const char *value)
{
	struct load *l = user;
	const struct option_desc *o = option_find(name);
	char err[MSG_LEN] = "", expanded[MSG_LEN];
	int ok;

	/* Every command given as text (setup, read-back, a service's load, ready, load-warmup)
	 * takes the one check: that is how they are known, whichever layer gives its row. */
	if (strcmp(name, "command") == 0 || (o && o->parse == command_text_check))
		value = expand_dir(l, value, expanded, sizeof(expanded));
	if (strcmp(name, "command") == 0 && (!section[0] || strcmp(section, "run") == 0)) {
		ok = set_command(l->cfg, value, err, sizeof(err));
	} else if (!o || o->type == OT_ACTION || o == option_row(O_CONFIG) ||
		   !option_for(o, CMD_RUN)) {
		snprintf(err, sizeof(err), "%s: not an option of a run (see zswapbench --help)",
			 name);
		ok = 0;
	} else if (!section[0] || strcmp(section, "run") == 0) {
		ok = set_run_key(l, o, value, err, sizeof(err));
	} else {
		ok = set_section_key(l, section, o, value, err, sizeof(err));
	}
	/* inih goes on after an error and reports the first one's line: keep its message. */
	if (!ok && !l->why[0])
		snprintf(l->why, sizeof(l->why), "%s", err);
	return ok;
}

/* A section's compressor needs a backend of the section that takes one. */
static int check_sections(const struct config *cfg, const char *file, char *why, size_t len)
{
	for (size_t i = 0; i < cfg->nsections; i++) {
		const struct cell_section *s = &cfg->sections[i];
		const struct name_list *swap = s->set[AXIS_SWAP] ? &s->swap : &cfg->swap;
		char users[64];
		int takes = 0;
		if (!s->set[AXIS_COMP])
			continue;
		for (size_t k = 0; k < swap->n; k++)
			takes |= (backend_find(swap->v[k])->flags & BACKEND_COMP) != 0;
		if (!takes) {
			snprintf(why, len,
				 "%s: [%s]: comp: none of its backends uses a compressor; add one "
				 "of %s to its swap",
				 file, s->name, backends_of_option("comp", users, sizeof(users)));
			return -EINVAL;
		}
	}
	return 0;
}

/* The file at path into l->cfg: its keys through on_key, its sections checked last. */
static int load_file(struct load *l, const char *path, char *why, size_t len)
{
	struct config scratch;
	char file[PATH_MAX];
	int line, err;
	FILE *f;

	if ((err = config_preset_path(path, file, sizeof(file)))) {
		if (config_preset_is_file(path))
			snprintf(why, len, "--config '%s': %s", path, strerror(-err));
		else
			snprintf(why, len,
				 "--config '%s': no preset of that name (see zswapbench "
				 "list-configs); a file in this directory is ./%s",
				 path, path);
		return -EINVAL;
	}
	config_dir_of(file, l->dir, sizeof(l->dir));
	if ((line = config_open(file, &f)) != 0) {
		if (line > 0)
			snprintf(why, len,
				 "%s:%d: longer than %d characters, the most a line can be", file,
				 line, CONFIG_LINE_MAX);
		else
			snprintf(why, len, "%s: %s", file, config_open_error(line));
		return -EINVAL;
	}
	options_defaults(&scratch);
	l->scratch = &scratch;
	line = ini_parse_file(f, on_key, l);
	err = errno;
	fclose(f);
	config_free(&scratch);
	if (line == 0)
		return check_sections(l->cfg, file, why, len);
	if (line < 0)
		snprintf(why, len, "%s: %s", file, line == -1 ? strerror(err) : "out of memory");
	else if (l->why[0])
		snprintf(why, len, "%s:%d: %s", file, line, l->why);
	else
		snprintf(why, len, "%s:%d: not a key = value line, a [section] or a comment", file,
			 line);
	return -EINVAL;
}

int config_file_load(struct config *cfg, const char *path, char *why, size_t len)
{
	/* On the heap: the file's folder and its first error (9 KiB), beside the file's path and
	 * the scratch config, put the frame past the 16 KiB limit. */
	struct load *l = calloc(1, sizeof(*l));
	int ret;

	if (!l) {
		snprintf(why, len, "--config '%s': out of memory", path);
		return -ENOMEM;
	}
	l->cfg = cfg;
	ret = load_file(l, path, why, len);
	free(l);
	return ret;
}
