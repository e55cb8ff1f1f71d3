#include "runner/cli/mthp_option.h"

#include <errno.h>
#include <json.h>
#include <stdio.h>
#include <string.h>

#include "runner/cli/config.h"
#include "runner/cli/option_parse.h"
#include "runner/kernel/mthp.h"

/* One size and the modes it was given, in the order given. */
struct size_modes {
	unsigned kb;
	const char *modes[MTHP_SETTINGS_MAX];
	size_t n;
};

/* One SIZE:MODE item into s. Whether this kernel has the size and offers the mode is
 * preflight's; here only what no kernel could take, the item named. */
static int parse_item(const char *text, size_t n, struct mthp_setting *s, char *why, size_t len)
{
	const char *colon = memchr(text, ':', n);
	size_t slen = colon ? (size_t)(colon - text) : n, mlen = colon ? n - slen - 1 : 0;

	if (!colon)
		return -EINVAL;
	if (mthp_size_parse(text, slen, &s->kb)) {
		snprintf(why, len,
			 "'%.*s' is no folio size (a power of two from 8K: 16K, 64K, 2M, or the "
			 "kernel's 64kB)",
			 (int)slen, text);
		return -EINVAL;
	}
	snprintf(s->mode, sizeof(s->mode), "%.*s", (int)mlen, colon + 1);
	if (mlen >= sizeof(s->mode) || !mthp_mode_known(s->mode)) {
		snprintf(why, len, "'%.*s' is no mode (always, inherit, madvise or never)",
			 (int)mlen, colon + 1);
		return -EINVAL;
	}
	return 0;
}

/* Every item of v into items; a size may come back with another mode, not the same one. */
static int parse_items(const char *v, struct mthp_settings *items, char *why, size_t len)
{
	char size[16];

	snprintf(why, len, "not a list of SIZE:MODE (e.g. 16K:always,64K:inherit)");
	items->n = 0;
	if (!list_well_formed(v))
		return -EINVAL;
	for (struct list_item it = list_first(v); it.ok; it = list_next(v, it)) {
		struct mthp_setting *s = &items->v[items->n];
		if (items->n == MTHP_SETTINGS_MAX) {
			snprintf(why, len, "more than %d items", MTHP_SETTINGS_MAX);
			return -EINVAL;
		}
		if (parse_item(it.text, it.len, s, why, len))
			return -EINVAL;
		for (size_t i = 0; i < items->n; i++)
			if (items->v[i].kb == s->kb && strcmp(items->v[i].mode, s->mode) == 0) {
				snprintf(why, len, "%s:%s given twice",
					 mthp_size_name(s->kb, size, sizeof(size)), s->mode);
				return -EINVAL;
			}
		items->n++;
	}
	return 0;
}

/* The sizes, first given first, each with its modes; how many sizes. */
static size_t group_sizes(const struct mthp_settings *items, struct size_modes *out)
{
	size_t n = 0, k;

	for (size_t i = 0; i < items->n; i++) {
		for (k = 0; k < n && out[k].kb != items->v[i].kb; k++)
			;
		if (k == n)
			out[n++] = (struct size_modes){ .kb = items->v[i].kb };
		out[k].modes[out[k].n++] = items->v[i].mode;
	}
	return n;
}

/* Combination c of the sizes' modes (the last size's varying fastest) as typed. */
static int combination_text(const struct size_modes *g, size_t n, size_t c, char *buf, size_t len)
{
	size_t pick[MTHP_SETTINGS_MAX], at = 0;
	char size[16];

	for (size_t i = n; i-- > 0;) {
		pick[i] = c % g[i].n;
		c /= g[i].n;
	}
	buf[0] = '\0';
	for (size_t i = 0; i < n && at < len; i++)
		at += (size_t)snprintf(buf + at, len - at, "%s%s:%s", i > 0 ? "," : "",
				       mthp_size_name(g[i].kb, size, sizeof(size)),
				       g[i].modes[pick[i]]);
	return at < len ? 0 : -ENAMETOOLONG;
}

/* The sizes given more than one mode as an axis of the run, a value per combination. */
static int make_axis(struct config *cfg, const struct size_modes *g, size_t n, char *why,
		     size_t len)
{
	struct knob_axis x = { .id = O_MTHP };
	size_t combinations = 1;

	for (size_t i = 0; i < n; i++)
		combinations *= g[i].n;
	if (combinations > KNOB_VALUES_MAX) {
		snprintf(why, len, "%zu combinations of modes, more than %d cells of an axis",
			 combinations, KNOB_VALUES_MAX);
		return -EINVAL;
	}
	for (x.n = 0; x.n < combinations; x.n++)
		if (combination_text(g, n, x.n, x.values[x.n], KNOB_VALUE_LEN)) {
			snprintf(why, len,
				 "a combination longer than an axis's value may be (%d "
				 "characters)",
				 KNOB_VALUE_LEN - 1);
			return -EINVAL;
		}
	if (knob_axes_put(&cfg->knobs, &x)) {
		snprintf(why, len,
			 "a sweep of more than %d settings besides swap, comp, jobs and "
			 "limit",
			 KNOB_AXES_MAX);
		return -EINVAL;
	}
	return 0;
}

int mthp_option_parse(void *scope, const char *v, char *why, size_t len)
{
	struct config *cfg = scope;
	struct mthp_settings items;
	struct size_modes sizes[MTHP_SETTINGS_MAX];
	size_t n;

	if (parse_items(v, &items, why, len))
		return -EINVAL;
	n = group_sizes(&items, sizes);
	knob_axes_remove(&cfg->knobs, O_MTHP);
	if (n < items.n && make_axis(cfg, sizes, n, why, len))
		return -EINVAL;
	/* The run's own setting: each size's first mode. */
	cfg->mthp.n = n;
	for (size_t i = 0; i < n; i++) {
		cfg->mthp.v[i].kb = sizes[i].kb;
		snprintf(cfg->mthp.v[i].mode, MTHP_MODE_LEN, "%s", sizes[i].modes[0]);
	}
	return 0;
}

/* As it would be typed, sizes in K or M: "64K:always,2M:inherit". */
void mthp_option_format(const void *scope, char *buf, size_t len)
{
	const struct config *cfg = scope;
	size_t at = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < cfg->mthp.n && at < len; i++) {
		char size[16];
		at += (size_t)snprintf(buf + at, len - at, "%s%s:%s", i ? "," : "",
				       mthp_size_name(cfg->mthp.v[i].kb, size, sizeof(size)),
				       cfg->mthp.v[i].mode);
	}
}

struct json_object *mthp_option_json(const void *scope)
{
	const struct config *cfg = scope;
	char text[MTHP_SETTINGS_MAX * 24];

	if (!cfg->mthp.n)
		return NULL;
	mthp_option_format(scope, text, sizeof(text));
	return json_object_new_string(text);
}
