/* What the user reads: the short answer (hyperfine's shape), every metric with --verbose, or
 * the long CSV; for a run, for `show` and, through compare_view.h, for `compare`. */
#ifndef ZSB_REPORT_H
#define ZSB_REPORT_H
#include <stdio.h>

#include "runner/report/table.h"
#include "runner/result/answer.h"
#include "runner/result/calibration.h"
#include "runner/result/compare.h"
#include "runner/result/config_diff.h"
#include "runner/result/files_answer.h"
#include "runner/result/match.h"
#include "runner/result/results.h"

/* How a value of a result file's config is written back as it was typed: the report does not
 * know the options, the command line does (cli/report_opts.c tells). */
enum value_kind {
	VALUE_PLAIN,
	VALUE_SIZE,
	VALUE_DURATION
};

struct report_opts {
	struct render_opts render;
	int verbose;
	int quiet; /* the verdict alone */
	struct compare_opts cmp;
	/* A file's views decide with the file's own alpha and noise threshold, those it printed
	 * when it ran, unless the command line names one (compare's are always the command
	 * line's: it asks a question of its own). */
	int alpha_given, noise_given;
	const char *file; /* the result file's name, for the CSV's FILE column */
	const struct calibration *calibration; /* compare: this machine's noise; NULL: none */
	enum value_kind (*value_kind)(const char *option); /* NULL: every value as stored */
	is_duration_fn is_duration; /* compare's differences say a duration with its unit */
	unsigned match; /* compare --match: the cell keys cells pair on (result/match.h); 0: all */
};

/* The keys compare pairs cells on: --match's, or all of them. */
static inline unsigned match_mask(const struct report_opts *o)
{
	return o->match ? o->match : MATCH_ALL;
}

/* The writers of the table, json, markdown and csv formats (report/formats/formats.c picks
 * one): every comparison the answer's (result/answer.h), decided once with the file's alpha
 * and noise threshold; json: the result document; csv: the long table, which decides
 * nothing. */
int answer_text(const struct results *r, const struct report_opts *o, FILE *out);
int answer_json(const struct results *r, const struct report_opts *o, FILE *out);
int answer_markdown(const struct results *r, const struct report_opts *o, FILE *out);
int answer_csv(const struct results *r, const struct report_opts *o, FILE *out);
/* The answer of r as report_print decides it. 0, -ENOMEM; answer_free it either way. */
int report_answer_of(const struct results *r, const struct report_opts *o, struct answer *a);
/* Per cell: its primary metric (elapsed; a service's throughput), CPU, swap, the latencies,
 * and what makes a trial doubtful (short.c). */
int report_cells(const struct results *r, const struct report_opts *o, FILE *out);
/* The column of the short answer's and the sweep's tables that holds primary metric m. */
enum column_id report_primary_column(enum metric_id m);
/* The verdict: which is better by the primary metric (faster; a service: more throughput) by
 * how much with its uncertainty, what swap cost in RAM; for a sweep, a summary against the
 * first cell (verdict.c). The views below render a's decisions, and decide none. */
int report_verdict(const struct results *r, const struct answer *a, const struct report_opts *o,
		   FILE *out);
/* A sweep: one row per cell against the first, and the best cell per key metric (sweep.c). */
int report_sweep(const struct results *r, const struct answer *a, const struct report_opts *o,
		 FILE *out);
/* A device measured itself (--target block or fs): judged by what it moved and held, not by
 * elapsed time. A block device's rows by jobs and fio's mode, the setups compared per row
 * (device_block.c); a filesystem's phases per cell, the cells compared (device_fs.c); what
 * each setup's device held and the RAM it cost (device_held.c). */
int report_device_block(const struct results *r, const struct answer *a,
			const struct report_opts *o, FILE *out);
int report_device_fs(const struct results *r, const struct answer *a, const struct report_opts *o,
		     FILE *out);
void report_device_held(const struct results *r, FILE *out);
/* compare of such files side by side: a row per jobs and mode (per cell and phase for a
 * filesystem), each file's median, each later file's change against sets[0], the pairs of
 * fa (device_compare.c). */
int report_device_compare(const struct results *const *sets, const char *const *files, size_t n,
			  const struct files_answer *fa, const struct report_opts *o, FILE *out);
/* Every metric of every cell, and every pair of the answer (full.c). */
int report_full(const struct results *r, const struct answer *a, const struct report_opts *o,
		FILE *out);
/* One row per trial and metric of each results set, with its cell's configuration (long_csv.c). */
int report_long_table(const struct results *const *sets, const char *const *files, size_t n,
		      const struct render_opts *o, FILE *out);
/* mTHP's counters are a metric per size and counter (result/metrics.h): a size none of whose
 * counters moved in any trial of a (and of b, unless NULL) is still, its rows left out of a
 * table and named in one line instead (full.c). */
void report_mthp_still(const struct result_cell *a, const struct result_cell *b,
		       unsigned char still[MTHP_SIZES]);
/* Whether m is a counter of a still size. */
int report_mthp_hidden(const unsigned char still[MTHP_SIZES], enum metric_id m);
/* "  WHAT, their rows left out: 8K 16K": the still sizes of which c has a counter. */
void report_mthp_still_line(const struct result_cell *c, const unsigned char still[MTHP_SIZES],
			    const char *what, FILE *out);
/* One metric of a comparison as a row of a table with METRIC BASE CHANGE NEW P SIG (full.c). */
int report_comparison_row(struct table *t, enum metric_id m, const struct metric_comparison *mc);
/* swap_stored / swap_ram: what the RAM held against what it cost (short.c); 0 without. */
int report_ram_ratio(const struct result_cell *c, double *ratio);
/* The machine's warnings before the run (the file's system facts' "warnings": a load, a
 * governor...), a line each after indent (out NULL: none written); how many (short.c). */
size_t report_run_warnings(const struct results *r, FILE *out, const char *indent);
/* The machine's warnings before the run, then every cell's trial failures and warnings, each
 * line naming its cell (short.c). */
void report_all_warnings(const struct results *r, FILE *out);
/* Each trial's failure and validity warnings under its cell (short.c). */
void report_warnings(const struct result_cell *c, FILE *out, const char *indent);

#endif
