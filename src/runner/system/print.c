/* The facts as a table people read, from the fact table (fact_table.c): one fact per line,
 * "!" before a fact with a warning, the warnings' sentences after the table. */
#include <stdio.h>
#include <string.h>

#include "runner/system/fact_table.h"

/* The kernel's command line is up to 4 KiB. */
#define ROW_LEN 8192

static void row(FILE *out, const char *label, int warned, const char *text)
{
	fprintf(out, "%s %-24s %s\n", warned ? "!" : " ", label, text);
}

/* The rows of fact f: its own, then any more it has. */
static void fact_rows(const struct sysinfo_facts *s, const struct sysinfo_fact *f, FILE *out)
{
	char text[ROW_LEN];

	sysinfo_fact_text(f, s, text, sizeof(text));
	row(out, f->label, sysinfo_warned(s, f->key), text);
	for (size_t i = 0; f->each && f->each(s, i, text, sizeof(text)); i++)
		row(out, f->each_label, 0, text);
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
	for (size_t i = 0; i < n; i++)
		fprintf(out, "! %s\n", warnings[i]);
}
