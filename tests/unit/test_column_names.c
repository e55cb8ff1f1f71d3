/* A column is named whole, its numbers right-aligned, the list of names as --help gives it. */
#include <criterion/criterion.h>
#include <string.h>

#include "runner/report/columns.h"

Test(column_names, a_prefix_names_no_column)
{
	cr_assert_eq(column_find("MED"), -1);
	cr_assert_eq(column_find("ME"), -1);
	cr_assert_eq(column_find("MEDIAN"), COL_MEDIAN);
	cr_assert_eq(column_find("MEDIAN-CI"), COL_MEDIAN_CI);
	cr_assert_eq(column_find("METRIC"), COL_METRIC);
}

Test(column_names, numbers_right_words_left)
{
	cr_assert_eq(column_info(COL_SIG)->right, 0);
	cr_assert_eq(column_info(COL_P)->right, 1);
	cr_assert_eq(column_info(COL_CELL)->right, 0);
	cr_assert_eq(column_info(COL_VALUE)->right, 1);
}

Test(column_names, the_list_starts_without_a_comma)
{
	const char *list = report_column_names();

	cr_assert(strncmp(list, "METRIC, UNIT, N, MEAN, STDDEV, %STDDEV, ", 40) == 0, "%s", list);
	cr_assert(strlen(list) > 11 && strcmp(list + strlen(list) - 11, ", PER-TRIAL") == 0, "%s",
		  list);
}
