/* `zswapbench compare`: LKP's rows for each cell two or more result files share. */
#ifndef ZSB_COMPARE_VIEW_H
#define ZSB_COMPARE_VIEW_H
#include <stdio.h>

#include "runner/report/report.h"

/* What every format's compare writer is given: the files, sets[0] the base, and the answer
 * decided once for all of them (report/formats/formats.c computes it). */
struct compare_input {
	const struct results *const *sets;
	const char *const *files;
	size_t n;
	const struct files_answer *fa;
	const struct report_opts *o;
	int all; /* rows that did not change too */
};

/* -ENOENT with why filled when a later file shares no cell with sets[0], or pairs one
 * ambiguously on mask's keys: nothing can be compared then. */
int compare_check(const struct results *const *sets, const char *const *files, size_t n,
		  unsigned mask, char *why, size_t len);
/* The writers of the table, json, csv and markdown formats. */
int compare_text(const struct compare_input *in, FILE *out);
int compare_json(const struct compare_input *in, FILE *out);
int compare_csv(const struct compare_input *in, FILE *out);
int compare_markdown(const struct compare_input *in, FILE *out);

#endif
