#include "runner/result/config_diff.h"

#include <json.h>
#include <stdio.h>
#include <string.h>

#include "common/util.h"
#include "runner/system/fact_table.h"

/* How a file is printed or tested, the axes cells are matched by, and the trials' count. */
static const char *const not_a_condition[] = {
	"output",     "suffix",	 "format", "columns",  "raw",
	"noheadings", "verbose", "all",	   "alpha",    "noise-threshold",
	"hogger",     "sysroot", "quiet",  "group-by", "plot",
	"report",     "png",	 "json",   "dry-run",  "config",
	"runs",	      "swap",	 "comp",   "jobs",     "limit",
	"trials",
};

static int left_out(const char *option)
{
	for (size_t i = 0; i < ARRAY_SIZE(not_a_condition); i++)
		if (strcmp(option, not_a_condition[i]) == 0)
			return 1;
	for (size_t i = 0; i < sysinfo_nfacts; i++)
		if (sysinfo_fact_table[i].compare.option &&
		    strcmp(sysinfo_fact_table[i].compare.option, option) == 0)
			return 1;
	return 0;
}

/* How many of a unit a second holds; 0 for a unit this does not know. */
static double per_second(const char *unit)
{
	if (strcmp(unit, "ms") == 0)
		return 1000;
	if (strcmp(unit, "s") == 0)
		return 1;
	return 0;
}

/* An option left unset runs as the tool's or the kernel's default. A duration is stored in
 * seconds and printed in the unit its bare number is typed in, with that unit: 0.1 reads as
 * 100 ms, never as the 0.1 that --interval would take for milliseconds. */
static void text_of(json_object *v, const char *unit, char *buf, size_t len)
{
	double scale = unit ? per_second(unit) : 0;

	if (v && scale > 0 &&
	    (json_object_is_type(v, json_type_double) || json_object_is_type(v, json_type_int)))
		snprintf(buf, len, "%.15g %s", json_object_get_double(v) * scale, unit);
	else if (v && json_object_is_type(v, json_type_double))
		snprintf(buf, len, "%.15g", json_object_get_double(v));
	else
		snprintf(buf, len, "%s", v ? json_object_get_string(v) : "unset");
}

size_t config_differences(const struct results *base, const struct results *other,
			  duration_unit_fn unit_of, struct env_difference *out, size_t max)
{
	size_t n = 0;

	if (!base->config || !other->config)
		return 0;
	json_object_object_foreach(base->config, key, value)
	{
		json_object *theirs;
		if (n >= max || left_out(key) ||
		    !json_object_object_get_ex(other->config, key, &theirs))
			continue;
		if (config_value_same(value, theirs))
			continue;
		const char *unit = unit_of ? unit_of(key) : NULL;
		text_of(value, unit, out[n].base, sizeof(out[n].base));
		text_of(theirs, unit, out[n].now, sizeof(out[n].now));
		out[n].fact = key;
		out[n].condition = 0;
		n++;
	}
	return n;
}
