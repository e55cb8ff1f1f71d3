#include "runner/result/config_diff.h"

#include <json.h>
#include <stdio.h>
#include <string.h>

#include "common/util.h"
#include "runner/system/fact_table.h"

/* How a file is printed or tested, the axes cells are matched by, and the trials' count. */
static const char *const not_a_condition[] = {
	"output",     "suffix",	 "format",     "columns",    "raw",
	"noheadings", "verbose", "all",	       "alpha",	     "noise-threshold",
	"hogger",     "sysroot", "quiet",      "group-by",   "plot",
	"report",     "png",	 "json",       "dry-run",    "config",
	"runs",	      "swap",	 "comp",       "jobs",	     "limit",
	"trials",     "bytes",	 "table-json", "output-all",
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

/* An option left unset runs as the tool's or the kernel's default. A duration is stored in
 * seconds and said with its unit, in milliseconds under a second: 0.1 reads as 100 ms. */
static void text_of(json_object *v, int duration, char *buf, size_t len)
{
	int number = v &&
		(json_object_is_type(v, json_type_double) || json_object_is_type(v, json_type_int));
	double d = number ? json_object_get_double(v) : 0;

	if (number && duration && d > 0 && d < 1)
		snprintf(buf, len, "%.15g ms", d * 1000);
	else if (number && duration)
		snprintf(buf, len, "%.15g s", d);
	else if (v && json_object_is_type(v, json_type_double))
		snprintf(buf, len, "%.15g", d);
	else
		snprintf(buf, len, "%s", v ? json_object_get_string(v) : "unset");
}

size_t config_differences(const struct results *base, const struct results *other,
			  is_duration_fn is_duration, struct env_difference *out, size_t max)
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
		int duration = is_duration && is_duration(key);
		text_of(value, duration, out[n].base, sizeof(out[n].base));
		text_of(theirs, duration, out[n].now, sizeof(out[n].now));
		out[n].fact = key;
		out[n].condition = 0;
		n++;
	}
	return n;
}
