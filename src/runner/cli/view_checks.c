/* Every view prints tables through report/table.c, which honours the three options; what is
 * refused here is the views that print no table or a table that cannot take the option. */
#include "runner/cli/view_checks.h"

#include <errno.h>
#include <stdio.h>

#include "common/util.h"
#include "runner/cli/option_table.h"

static const enum option_id table_options[] = { O_COLUMNS, O_RAW, O_NOHEADINGS };

/* Why the view refuses option id; NULL: it honours it. */
static const char *refusal(const struct config *cfg, enum option_id id)
{
	if (cfg->format == FORMAT_JSON)
		return "is for tables, and --format json prints none";
	if (cfg->quiet)
		return "is for tables, and --quiet prints the verdict's words alone";
	if (id == O_RAW && cfg->format != FORMAT_TABLE)
		return "needs --format table: csv and markdown are never aligned";
	if (id == O_NOHEADINGS && cfg->format == FORMAT_MARKDOWN)
		return "cannot drop a markdown table's heading: markdown needs it";
	return NULL;
}

int options_view_check(const struct config *cfg, const char *command, char *why, size_t len)
{
	for (size_t i = 0; i < ARRAY_SIZE(table_options); i++) {
		enum option_id id = table_options[i];
		const char *reason = config_given(cfg, id) ? refusal(cfg, id) : NULL;
		if (reason) {
			snprintf(why, len, "%s%s--%s %s", command ? command : "",
				 command ? ": " : "", option_table[id].name, reason);
			return -EINVAL;
		}
	}
	return 0;
}
