/* One option's value into a config: a parser per option type, as the option table gives it. */
#include "runner/cli/option_set.h"

#include <errno.h>
#include <limits.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/size.h"
#include "common/util.h"
#include "runner/base/words.h"
#include "runner/cli/knob_axes.h"
#include "runner/cli/option_parse.h"
#include "runner/cli/option_table.h"
#include "runner/swap/backend.h"

static void *field(struct config *cfg, const struct option_desc *o)
{
	return option_field(cfg, o);
}

/* 2^56: the user half of the largest address space any kernel has (x86-64's five-level
 * paging); no memory, swap area or file of a run can be larger. Refused as the option is read,
 * not an hour later when the run gets there. */
#define SIZE_BEYOND_ANY_KERNEL (1ULL << 56)

static int parse_size(const struct option_desc *o, const char *v, size_t n, uint64_t *out,
		      char *why, size_t len)
{
	uint64_t max = o->max ? o->max : SIZE_BEYOND_ANY_KERNEL;
	char a[32];
	int ret = size_parse_n(v, n, out);

	if (ret == -ERANGE || (!ret && *out > max)) {
		snprintf(why, len, "too large (at most %s%s)", size_format(max, a, sizeof(a)),
			 o->max ? "" : ", more than any kernel can map");
		return -EINVAL;
	}
	if (ret) {
		snprintf(why, len, "not a size above zero (e.g. 512K, 50M, 2G)");
		return -EINVAL;
	}
	if (*out < o->min) {
		snprintf(why, len, "below %s, the smallest --%s", size_format(o->min, a, sizeof(a)),
			 o->name);
		return -EINVAL;
	}
	return 0;
}

static int parse_size_list(const struct option_desc *o, struct size_list *l, const char *v,
			   char *why, size_t len)
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
static int add_name(const struct option_desc *o, struct name_list *l, struct list_item it,
		    char *why, size_t len)
{
	static const char allowed[] =
		"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.";

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

static int parse_name_list(const struct option_desc *o, struct name_list *l, const char *v,
			   char *why, size_t len)
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
			snprintf(why, len, "unknown backend '%s' (known: %s)", l->v[l->n - 1],
				 backend_names());
			return -EINVAL;
		}
	}
	return 0;
}

static int parse_number(const struct option_desc *o, const char *v, uint64_t *n, char *why,
			size_t len)
{
	if (parse_u64_n(v, strlen(v), n) == 0 && *n >= o->min && *n <= o->max)
		return 0;
	if (o->type == OT_PERCENT)
		snprintf(why, len, "not a percentage from %llu to %llu", (unsigned long long)o->min,
			 (unsigned long long)o->max);
	else
		snprintf(why, len, "not %s %s from %llu to %llu",
			 o->type == OT_COUNT ? "a number of" : "a", o->noun,
			 (unsigned long long)o->min, (unsigned long long)o->max);
	return -EINVAL;
}

static int choice_index(const struct option_desc *o, const char *v, char *why, size_t len)
{
	const char *const *choices = option_choices(o);
	char names[256];
	size_t n = 0;

	for (; choices[n]; n++)
		if (strcmp(choices[n], v) == 0)
			return (int)n;
	snprintf(why, len, "not %s", words_or(choices, n, names, sizeof(names)));
	return -EINVAL;
}

/* 10ms, 2s, 10m, 1h; a bare number is seconds, for every option (as timeout(1) and sleep(1)
 * read one); 0 means off. */
static int parse_duration(const struct option_desc *o, const char *v, uint64_t *ms, char *why,
			  size_t len)
{
	static const struct {
		const char *suffix;
		uint64_t ms;
	} units[] = {
		{ "ms", 1 },
		{ "s", 1000 },
		{ "m", 60000 },
		{ "h", 3600000 },
	};
	size_t digits = strspn(v, "0123456789");
	const char *unit = v[digits] ? v + digits : "s";
	uint64_t n;

	for (size_t i = 0; i < ARRAY_SIZE(units); i++)
		if (strcmp(unit, units[i].suffix) == 0 && parse_u64_n(v, digits, &n) == 0 &&
		    n <= UINT64_MAX / units[i].ms) {
			*ms = n * units[i].ms;
			if (*ms == 0 || (*ms >= o->min && *ms <= o->max))
				return 0;
		}
	snprintf(why, len,
		 "not 0 (off) or a duration from %llu%s to %llu%s (10ms, 2s, 10m; a bare number is "
		 "seconds)",
		 (unsigned long long)(o->min % 1000 ? o->min : o->min / 1000),
		 o->min % 1000 ? "ms" : "s",
		 (unsigned long long)(o->max % 1000 ? o->max : o->max / 1000),
		 o->max % 1000 ? "ms" : "s");
	return -EINVAL;
}

/* 0.05, or 2% where the option is a percentage. */
static int parse_real(const struct option_desc *o, const char *v, double *out, char *why,
		      size_t len)
{
	char *end;
	double d;

	errno = 0;
	d = strtod(v, &end);
	if (strcmp(o->noun, "%") == 0 && *end == '%')
		end++;
	if (v[0] && (v[0] >= '0' && v[0] <= '9') && !*end && !errno && d >= o->dmin &&
	    d <= o->dmax) {
		*out = d;
		return 0;
	}
	snprintf(why, len, "not %s from %g to %g%s",
		 strcmp(o->noun, "%") == 0 ? "a percentage" : "a number", o->dmin, o->dmax,
		 strcmp(o->noun, "%") == 0 ? "%" : "");
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

/* A path or a text the config owns (char *), or a short one held in place (char[]). */
static int parse_text(struct config *cfg, const struct option_desc *o, const char *v, char *why,
		      size_t len)
{
	int ret;

	if (!v[0]) {
		snprintf(why, len, o->type == OT_PATH ? "an empty path" : "an empty value");
		return -EINVAL;
	}
	if (o->parse && o->parse(option_scope(cfg, o), v, why, len))
		return -EINVAL;
	if (o->type == OT_STRING)
		return copy_text(field(cfg, o), o->size, v, why, len);
	ret = set_text(field(cfg, o), o->type == OT_PATH ? PATH_MAX - 1 : o->max, v, why, len);
	if (!ret && (o->flags & OPT_DIR))
		path_trim_slashes(*(char **)field(cfg, o));
	return ret;
}

static int parse_value(struct config *cfg, const struct option_desc *o, const char *v, char *why,
		       size_t len)
{
	uint64_t n;
	int i;

	switch (o->type) {
	case OT_SIZE:
		/* A size's own rule (a multiple of 512) is checked once it is a size. */
		if (parse_size(o, v, strlen(v), field(cfg, o), why, len))
			return -EINVAL;
		return o->parse ? o->parse(option_scope(cfg, o), v, why, len) : 0;
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
		return choice_index(o, v, why, len) < 0
			? -EINVAL
			: copy_text(field(cfg, o), o->size, v, why, len);
	case OT_SWITCH:
		if (choice_index(o, v, why, len) < 0)
			return -EINVAL;
		*(enum switch_state *)field(cfg, o) = switch_of(v);
		return 0;
	case OT_PATH:
	case OT_TEXT:
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
		return o->parse(option_scope(cfg, o), v, why, len);
	case OT_ACTION:
		return 0;
	}
	return -EINVAL;
}

/* What a row sets besides its own field (a zram-generator.conf: the run's backend and its
 * algorithm): each a list option of the table, which becomes that one name, or none. */
static int set_implied(struct config *cfg, const struct option_desc *o, char *why, size_t len)
{
	struct option_implied implied[OPTION_IMPLIED_MAX];
	size_t n = o->implies ? o->implies(option_scope_const(cfg, o), implied) : 0;

	for (size_t i = 0; i < n && i < OPTION_IMPLIED_MAX; i++) {
		const struct option_desc *to = option_find(implied[i].option);
		struct name_list *l;
		if (!to || (to->type != OT_NAME_LIST && to->type != OT_BACKEND_LIST)) {
			snprintf(why, len, "sets --%s, which is no list", implied[i].option);
			return -EINVAL;
		}
		l = field(cfg, to);
		l->n = 0;
		if (implied[i].value[0])
			snprintf(l->v[l->n++], NAME_LEN, "%s", implied[i].value);
	}
	return 0;
}

int option_value_check(void *cfg, int id, const char *value, char *why, size_t len)
{
	return parse_value(cfg, option_row(id), value, why, len);
}

/* A knob given a comma list: an axis of the run (knob_axes.h), its field holding the first
 * value, which the run-wide checks see; one value: a setting, any axis it had taken out. */
static int set_knob(struct config *cfg, const struct option_desc *o, int id, const char *value,
		    char *why, size_t len)
{
	knob_axes_remove(&cfg->knobs, id);
	if (!knob_is_list(value))
		return parse_value(cfg, o, value, why, len);
	if (knob_axes_set(&cfg->knobs, id, value, option_value_check, cfg, why, len))
		return -EINVAL;
	/* The values were each set in turn: the field goes back to the first. */
	return parse_value(cfg, o, knob_axes_find(&cfg->knobs, id)->values[0], why, len);
}

int option_set(struct config *cfg, int id, const char *value, char *why, size_t len)
{
	const struct option_desc *o = option_row(id);
	int ret = o->flags & OPT_KNOB ? set_knob(cfg, o, id, value ? value : "", why, len)
				      : parse_value(cfg, o, value ? value : "", why, len);

	if (!ret)
		ret = set_implied(cfg, o, why, len);
	if (ret)
		return ret == -ENOMEM ? ret : -EINVAL;
	cfg->given[id] = 1;
	return 0;
}

int option_apply(struct config *cfg, int id, const char *value, char *why, size_t len)
{
	char reason[OPTION_REASON_LEN] = "";
	int ret = option_set(cfg, id, value, reason, sizeof(reason));

	if (ret)
		snprintf(why, len, "--%s '%s': %s", option_row(id)->name, value ? value : "",
			 reason);
	return ret;
}

void options_defaults(struct config *cfg)
{
	char msg[512];

	config_init(cfg);
	for (size_t pos = 0; pos < option_count(); pos++) {
		int id = option_at(pos);
		const struct option_desc *o = option_row(id);
		if (o->type == OT_INT && !o->def)
			*(int *)field(cfg, o) = -1;
		/* The table's defaults go through the parser too (a unit test checks each one). */
		if (o->def)
			option_apply(cfg, id, o->def, msg, sizeof(msg));
	}
	memset(cfg->given, 0, sizeof(cfg->given));
}
