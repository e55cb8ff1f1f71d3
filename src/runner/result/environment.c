#include "runner/result/environment.h"

#include <json.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "common/util.h"
#include "runner/system/fact_table.h"

/* The one setting compared that is not a sysinfo fact: a key of the file's plan object. */
static const struct {
	const char *name, *plan_key;
} plan_settings[] = {
	{ "workload CPUs", "workload_cpus" },
};

static json_object *at(json_object *o, const char *path)
{
	char key[64];

	while (o && *path) {
		size_t n = strcspn(path, "/");
		snprintf(key, sizeof(key), "%.*s", (int)n, path);
		if (!json_object_object_get_ex(o, key, &o))
			return NULL;
		path += n + (path[n] == '/');
	}
	return o;
}

/* The value at path of o (a file's facts or plan) as text: "unknown" where the file has no
 * such value, or no such object at all (an older file, `facts: null`), so a fact one file
 * lacks is named, never taken for the same. */
static void text_at(json_object *o, const char *path, char *buf, size_t len)
{
	json_object *v = o ? at(o, path) : NULL;

	snprintf(buf, len, "%s", v ? json_object_get_string(v) : "unknown");
}

/* A switch reads "true" in one place and "on" in another: one word for both. */
static void same_words(char *buf, size_t len)
{
	if (strcmp(buf, "true") == 0)
		snprintf(buf, len, "on");
	else if (strcmp(buf, "false") == 0)
		snprintf(buf, len, "off");
}

/* The setting as the trials ran: the run's option where the file gave one (the facts are read
 * before the run applies it), else the kernel's value. */
static void as_run(const struct results *r, const struct sysinfo_fact *f, char *buf, size_t len)
{
	char option[64];

	text_at(r->system.facts, f->key, buf, len);
	same_words(buf, len);
	if (f->compare.option &&
	    results_config_text(r, f->compare.option, option, sizeof(option))[0]) {
		same_words(option, sizeof(option));
		snprintf(buf, len, "%.64s (--%.32s)", option, f->compare.option);
	}
}

/* A setting that differs: into out, which has room. */
static int fact_differs(const struct results *a, const struct results *b,
			const struct sysinfo_fact *f, struct env_difference *out)
{
	as_run(a, f, out->base, sizeof(out->base));
	as_run(b, f, out->now, sizeof(out->now));
	if (strcmp(out->base, out->now) == 0)
		return 0;
	out->fact = f->compare.name;
	out->condition = 0;
	return 1;
}

static int setting_differs(json_object *a, json_object *b, const char *path, const char *name,
			   struct env_difference *out)
{
	text_at(a, path, out->base, sizeof(out->base));
	text_at(b, path, out->now, sizeof(out->now));
	if (strcmp(out->base, out->now) == 0)
		return 0;
	out->fact = name;
	out->condition = 0;
	return 1;
}

/* The fact's number in a file's facts: the value, its .sub key, an array's first; NaN
 * when there is none. */
static double number(json_object *facts, const char *key, const char *sub)
{
	json_object *v = at(facts, key);

	if (v && sub)
		v = at(v, sub);
	if (v && json_object_is_type(v, json_type_array))
		v = json_object_array_get_idx(v, 0);
	return v &&
			(json_object_is_type(v, json_type_double) ||
			 json_object_is_type(v, json_type_int))
		? json_object_get_double(v)
		: NAN;
}

/* A condition of the moment that differs by more than the fact allows: into out. */
static int condition_differs(json_object *a, json_object *b, const struct sysinfo_fact *f,
			     struct env_difference *out)
{
	const struct fact_compare *c = &f->compare;
	double va = number(a, f->key, c->sub), vb = number(b, f->key, c->sub);
	double per = c->per ? number(a, c->per, NULL) : 1;
	const char *unit = c->unit ? c->unit : "";

	if (!(per >= 1))
		per = 1;
	if (!isfinite(va) || !isfinite(vb) || !(fabs(va - vb) / per > c->apart))
		return 0;
	*out = (struct env_difference){ .fact = c->name, .condition = 1 };
	snprintf(out->base, sizeof(out->base), "%.2f%s", va, unit);
	snprintf(out->now, sizeof(out->now), "%.2f%s", vb, unit);
	return 1;
}

size_t env_differences(const struct results *base, const struct results *other,
		       struct env_difference *out, size_t max)
{
	json_object *a = base->system.facts, *b = other->system.facts;
	size_t n = 0;

	/* The settings first, in the fact table's order, then the conditions (same host only). */
	for (size_t i = 0; i < sysinfo_nfacts && n < max; i++) {
		const struct sysinfo_fact *f = &sysinfo_fact_table[i];
		if (f->compare.name && f->compare.apart == 0)
			n += fact_differs(base, other, f, &out[n]);
	}
	for (size_t i = 0; i < ARRAY_SIZE(plan_settings) && n < max; i++)
		n += setting_differs(base->plan, other->plan, plan_settings[i].plan_key,
				     plan_settings[i].name, &out[n]);
	if (strcmp(base->system.hostname, other->system.hostname) != 0)
		return n;
	for (size_t i = 0; i < sysinfo_nfacts && n < max; i++) {
		const struct sysinfo_fact *f = &sysinfo_fact_table[i];
		if (f->compare.name && f->compare.apart > 0)
			n += condition_differs(a, b, f, &out[n]);
	}
	return n;
}
