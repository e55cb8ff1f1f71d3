/* What report/ needs of a config: how tables render, what a significant change is, and how an
 * option's value in a result file is written back as it was typed. */
#ifndef ZSB_REPORT_OPTS_H
#define ZSB_REPORT_OPTS_H

#include "runner/base/escape.h"
#include "runner/cli/config.h"
#include "runner/report/report.h"

struct report_opts report_opts_of(const struct config *cfg);
/* How the view's output is escaped: its format's way, JSON's for -J's tables. */
enum escape_kind view_escape(const struct config *cfg);

#endif
