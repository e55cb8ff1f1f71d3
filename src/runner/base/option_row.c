/* The walk over a set of rows another layer gives (base/option_row.h). */
#include "runner/base/option_row.h"

const struct option_desc *option_rows_nth(const struct option_desc *rows, enum option_group group,
					  size_t *k)
{
	for (; rows && rows->name; rows++) {
		if (rows->group != group)
			continue;
		if (*k == 0)
			return rows;
		(*k)--;
	}
	return NULL;
}
