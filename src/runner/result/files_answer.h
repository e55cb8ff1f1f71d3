/*
 * compare's answer: the base file's cells against each later file's matched cell (match.h),
 * every metric, decided once, here, and only rendered by compare's views (the table, a device's
 * side by side, JSON, CSV, markdown, the HTML report).
 *
 * Between two runs the runs are the unit (compare.h): each pair is tested by its runs'
 * medians, with one run a side by this machine's calibrated run-to-run spread, and without one
 * not at all. A run's matched cells are a question each (did this setup change between the
 * files: the primary metric at alpha, the secondary ones Holm among themselves); a device's
 * rows are one question (which file's device moves more) and are decided together, Holm over
 * each family across the rows, so that a side-by-side table, its JSON and its CSV say one
 * thing.
 */
#ifndef ZSB_FILES_ANSWER_H
#define ZSB_FILES_ANSWER_H
#include <stddef.h>

#include "runner/result/calibration.h"
#include "runner/result/compare.h"
#include "runner/result/match.h"
#include "runner/result/results.h"

struct file_pair {
	size_t file; /* the later file, 1 ... n - 1 */
	size_t base_cell, cell; /* in sets[0] and sets[file] */
	struct compare_opts cmp; /* the answer's, between runs or not, the pair's spreads */
	double run_sd[M_COUNT], run_df[M_COUNT]; /* the calibrated spread; NaN and 0: none */
	const struct calibration_entry *used[M_COUNT];
	struct metric_comparison mc[M_COUNT];
	struct cell_key kb, kc; /* the cells' keys, told apart where --match left one out */
};

struct files_answer {
	struct compare_opts opts;
	unsigned match; /* the keys cells pair on */
	struct file_pair *pairs;
	size_t npairs;
};

/* sets[0]'s cells against each later set's (n >= 2), paired on match's keys, decided at o;
 * cal: this machine's calibrations, NULL: none. 0, -ENOMEM; files_answer_free it either way. */
int files_answer_compute(const struct results *const *sets, size_t n, const struct compare_opts *o,
			 const struct calibration *cal, unsigned match, struct files_answer *fa);
void files_answer_free(struct files_answer *fa);
/* The pair of sets[0]'s base_cell with a cell of file; NULL where file has none. */
const struct file_pair *files_answer_pair(const struct files_answer *fa, size_t file,
					  size_t base_cell);

#endif
