/* The facts as JSON, from the fact table (fact_table.c): every key always there, an unknown
 * fact null, so a reader can tell "unknown" from "no" or zero; the warnings last. */
#include <json.h>
#include <stdio.h>
#include <string.h>

#include "runner/system/fact_table.h"

/* The object the fact goes in: the top, or its section's (made when the section's first
 * fact comes: the sections keep the table's order). Its own key into name. */
static json_object *parent(json_object *top, const char *key, char *name, size_t len)
{
	const char *slash = strchr(key, '/');
	json_object *section;
	char sec[64];

	if (!slash) {
		snprintf(name, len, "%s", key);
		return top;
	}
	snprintf(name, len, "%s", slash + 1);
	snprintf(sec, sizeof(sec), "%.*s", (int)(slash - key), key);
	if (!json_object_object_get_ex(top, sec, &section)) {
		section = json_object_new_object();
		json_object_object_add(top, sec, section);
	}
	return section;
}

static json_object *warnings_json(const struct sysinfo_facts *s)
{
	char warnings[SYSINFO_MAX_WARNINGS][SYSINFO_WARNING_LEN];
	size_t n = sysinfo_warnings(s, warnings, SYSINFO_MAX_WARNINGS);
	json_object *a = json_object_new_array();

	for (size_t i = 0; i < n; i++)
		json_object_array_add(a, json_object_new_string(warnings[i]));
	return a;
}

struct json_object *sysinfo_to_json(const struct sysinfo_facts *s)
{
	json_object *o = json_object_new_object();
	char name[64];

	if (!o)
		return NULL;
	for (size_t i = 0; i < sysinfo_nfacts; i++) {
		const struct sysinfo_fact *f = &sysinfo_fact_table[i];
		json_object *in = parent(o, f->key, name, sizeof(name));
		json_object_object_add(in, name, sysinfo_fact_json(f, s));
	}
	json_object_object_add(o, "warnings", warnings_json(s));
	return o;
}
