/* A list as a sentence says it (base/words.c): --format's refusal and --workload's names. */
#include <criterion/criterion.h>

#include "runner/base/words.h"

Test(words, a_list_said_with_its_or)
{
	const char *const w[] = { "table", "json", "csv" };
	char buf[64];

	cr_expect_str_eq(words_or(w, 3, buf, sizeof(buf)), "table, json or csv");
	cr_expect_str_eq(words_or(w, 2, buf, sizeof(buf)), "table or json");
	cr_expect_str_eq(words_or(w, 1, buf, sizeof(buf)), "table");
	cr_expect_str_eq(words_or(w, 0, buf, sizeof(buf)), "");
	cr_expect_str_eq(words_or(w, 3, buf, 9), "table, j", "cut to its buffer");
}
