/* Every view prints tables through report/table.c, which honours the three options; what is
 * refused here is the views that print no table or a table that cannot take the option. */
#include "runner/cli/view_checks.h"

#include <errno.h>
#include <stdio.h>

#include <string.h>

#include "common/util.h"
#include "runner/cli/option_table.h"
#include "runner/report/formats/formats.h"

static const enum option_id table_options[] = { O_COLUMNS, O_RAW,	 O_NOHEADINGS,
						O_BYTES,   O_TABLE_JSON, O_OUTPUT_ALL };

/* Why the view refuses option id; NULL: it honours it. */
static const char *refusal(const struct config *cfg, enum option_id id, char *buf, size_t len)
{
	const struct format_def *f = format_def_of(cfg->view.format);

	if (!f->tables) {
		snprintf(buf, len, "is for tables, and --format %s prints none", f->name);
		return buf;
	}
	if (cfg->view.quiet)
		return "is for tables, and --quiet prints the verdict's words alone";
	if (id == O_RAW && !f->aligned)
		return "needs --format table: csv and markdown are never aligned";
	if (id == O_TABLE_JSON && !f->aligned)
		return "needs --format table: csv and markdown tables are not libsmartcols'";
	/* A list without + names every column to print: there is nothing left to add. */
	if (id == O_OUTPUT_ALL && cfg->view.columns.n && !cfg->view.columns.add)
		return "adds to each table's columns, and --columns LIST replaces them: give "
		       "--columns +LIST";
	if (id == O_NOHEADINGS && f->needs_headings) {
		snprintf(buf, len, "cannot drop a %s table's heading: %s needs it", f->name,
			 f->name);
		return buf;
	}
	return NULL;
}

/* A format that the command's view has no writer for: compare's view, or the answer's. */
static int view_written(const struct config *cfg, const char *command, char *why, size_t len)
{
	const struct format_def *f = format_def_of(cfg->view.format);
	int compare = command && strcmp(command, "compare") == 0;

	if (compare ? f->compare != NULL : f->answer != NULL)
		return 0;
	snprintf(why, len, "%s%s--format %s: %s", command ? command : "", command ? ": " : "",
		 f->name, compare ? "compare does not write it" : "only compare writes it");
	return -EINVAL;
}

int options_view_check(const struct config *cfg, const char *command, char *why, size_t len)
{
	char buf[128];

	if (view_written(cfg, command, why, len))
		return -EINVAL;
	for (size_t i = 0; i < ARRAY_SIZE(table_options); i++) {
		enum option_id id = table_options[i];
		const char *reason = config_given(cfg, id) ? refusal(cfg, id, buf, sizeof(buf))
							   : NULL;
		if (reason) {
			snprintf(why, len, "%s%s--%s %s", command ? command : "",
				 command ? ": " : "", option_row(id)->name, reason);
			return -EINVAL;
		}
	}
	return 0;
}
