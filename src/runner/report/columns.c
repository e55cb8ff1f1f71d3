#include "runner/report/columns.h"

#include <stdio.h>
#include <string.h>

/* Every table's columns: the per-cell metrics (-v), the comparison, the sweep's summary, and
 * the long CSV form. A table shows those of -o that it has. */
static const char *const names[] = {
	"METRIC", "UNIT", "N", "MEAN", "STDDEV", "%STDDEV", "MIN", "MEDIAN", "MAX", "CI", "MEDIAN-CI",
	"BASE", "CHANGE", "NEW", "P", "SIG",
	"CELL", "ELAPSED", "CPU", "SWAP", "RAM", "RATIO", "VS-BEST",
	"FILE", "HOST", "KERNEL", "BACKEND", "COMP", "JOBS", "LIMIT", "LIMIT-MODE", "DATA", "ACCESS",
	"ALLOC", "TRIAL", "WARMUP", "STATUS", "VALUE",
};

int report_column_known(const char *name)
{
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strcmp(names[i], name) == 0)
			return 1;
	return 0;
}

const char *report_column_names(void)
{
	static char list[512];
	if (!list[0])
		for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
			snprintf(list + strlen(list), sizeof(list) - strlen(list), "%s%s", i ? ", " : "", names[i]);
	return list;
}
