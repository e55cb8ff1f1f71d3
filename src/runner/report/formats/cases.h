/* compare as a list of test cases, for the formats CI reads (TAP, JUnit): a case per pair of
 * cells and metric, its outcome the answer's (result/compare.h, comparison_outcome_of). */
#ifndef ZSB_CASES_H
#define ZSB_CASES_H
#include <stddef.h>

#include "runner/report/compare_view.h"

struct compare_case {
	const char *base_file, *file;
	const struct result_cell *base, *cell;
	enum metric_id m;
	const struct metric_comparison *mc;
	enum comparison_outcome outcome;
};

struct case_count {
	size_t cases, regressions, untested;
	size_t changes; /* significant findings, either way (a lead is none) */
};

typedef int (*case_fn)(const struct compare_case *c, void *arg);

/* The cases of the pairs with a cell of file (0: of every file), in the answer's order: each
 * pair's primary metric; with in->all, every other metric both cells have too. Stops at the
 * first fn that does not return 0, and returns that. */
int each_compare_case(const struct compare_input *in, size_t file, case_fn fn, void *arg);
/* The cases of file (0: every file), counted by outcome. */
struct case_count compare_case_count(const struct compare_input *in, size_t file);
/* What the case found, in one line: "elapsed +30.0% [+25.1%, +35.2%], p = 0.008:
 * significant". */
const char *compare_case_finding(const struct compare_case *c, char *buf, size_t len);
/* "1.234 s against 1.604 s": the two medians in the metric's unit. */
const char *compare_case_medians(const struct compare_case *c, char *buf, size_t len);

#endif
