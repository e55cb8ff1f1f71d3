/* The names of every table column, so -o is checked when it is typed, before a run. */
#ifndef ZSB_COLUMNS_H
#define ZSB_COLUMNS_H

int report_column_known(const char *name);
/* "METRIC, UNIT, ...", for the error message. */
const char *report_column_names(void);

#endif
