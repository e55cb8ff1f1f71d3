/* The facts as a table people read, from the fact table (fact_table.c): one fact per line,
 * "!" before a fact with a warning, the warnings' sentences after the table; every line within
 * VIEW_COLUMNS (base/wrap.h). */
#include <stdio.h>
#include <string.h>

#include "runner/base/wrap.h"
#include "runner/system/fact_table.h"

/* The kernel's command line is up to 4 KiB. */
#define ROW_LEN 8192

/* A row's mark and label into line; returns where its text goes, the value's column. */
static size_t row_start(char *line, size_t len, const char *label, int warned)
{
	int n = snprintf(line, len, "%s %-24s ", warned ? "!" : " ", label);

	return n < 0 ? 0 : (size_t)n < len ? (size_t)n : len - 1;
}

/* A value too long for the line (the kernel's command line, a swap area's path) goes on under
 * itself, where the table's values are, not under the labels. */
static void row_out(const char *line, size_t value, FILE *out)
{
	wrap_hanging(line, strlen(line), VIEW_COLUMNS, value, out);
}

/* The rows of fact f: its own, then any more it has. */
static void fact_rows(const struct sysinfo_facts *s, const struct sysinfo_fact *f, FILE *out)
{
	char line[ROW_LEN];
	size_t at = row_start(line, sizeof(line), f->label, sysinfo_warned(s, f->key));

	sysinfo_fact_text(f, s, line + at, sizeof(line) - at);
	row_out(line, at, out);
	for (size_t i = 0; f->each; i++) {
		at = row_start(line, sizeof(line), f->each_label, 0);
		if (!f->each(s, i, line + at, sizeof(line) - at))
			break;
		row_out(line, at, out);
	}
}

/* Has a fact before the i-th one the same group (so the group is printed already)? */
static int group_done(size_t i, const char *group)
{
	char other[64];

	for (size_t j = 0; j < i; j++)
		if (strcmp(sysinfo_fact_group(&sysinfo_fact_table[j], other, sizeof(other)),
			   group) == 0)
			return 1;
	return 0;
}

void sysinfo_print(const struct sysinfo_facts *s, FILE *out)
{
	char warnings[SYSINFO_MAX_WARNINGS][SYSINFO_WARNING_LEN], group[64], other[64];
	size_t n = sysinfo_warnings(s, warnings, SYSINFO_MAX_WARNINGS);

	/* Each group where its first fact is, with all its facts in the table's order. */
	for (size_t i = 0; i < sysinfo_nfacts; i++) {
		sysinfo_fact_group(&sysinfo_fact_table[i], group, sizeof(group));
		if (group_done(i, group))
			continue;
		for (size_t j = i; j < sysinfo_nfacts; j++) {
			const struct sysinfo_fact *f = &sysinfo_fact_table[j];
			if (f->label &&
			    strcmp(sysinfo_fact_group(f, other, sizeof(other)), group) == 0)
				fact_rows(s, f, out);
		}
	}
	if (!n)
		return;
	fprintf(out, "\nwarnings:\n");
	for (size_t i = 0; i < n; i++) {
		char line[SYSINFO_WARNING_LEN + 2];
		snprintf(line, sizeof(line), "! %s", warnings[i]);
		wrap_line(line, strlen(line), VIEW_COLUMNS, out);
	}
}
