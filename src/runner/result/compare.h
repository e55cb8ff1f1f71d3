/*
 * One sample of trials against another, metric by metric: two cells of a run, or one cell in
 * two result files. Each metric gets one decision, computed here once and only rendered by the
 * views (table, JSON, CSV, markdown, the verdict's sentences): its estimate (the change of the
 * median with its interval and p), what it was tested with, its family, and its mark.
 *
 * Within one run the trials of two cells share the run's conditions, and the trials are the
 * unit. Between runs (two files) they are not: a run's trials agree within a few percent while
 * two runs of one setup can differ by a quarter, so the runs are the unit. With several runs a
 * side the test takes each run's median; with one a side only a run-to-run spread measured
 * elsewhere (calibrate) can tell a change from a different day; with neither there is no test.
 *
 * One question (question.h), one primary metric tested at full alpha (elapsed for a swap run, a
 * service's throughput, bandwidth for a block device, the total time for a filesystem); the
 * secondary metrics Holm-corrected among themselves; every other metric exploratory,
 * uncorrected and marked so.
 */
#ifndef ZSB_COMPARE_H
#define ZSB_COMPARE_H
#include "runner/result/question.h"
#include "runner/result/results.h"
#include "runner/result/statistics.h"

/* The bootstrap's seed: fixed, so a comparison gives the same interval every time. */
#define COMPARE_SEED 20261130UL

struct compare_opts {
	double alpha; /* significant only at p < alpha ... */
	double noise_pct; /* ... and with the whole interval beyond +-noise_pct */
	int between_runs; /* the cells come from different runs: the runs are the unit */
	/* Between runs: this machine's run-to-run spread of log(median) per metric and its
	 * degrees of freedom (M_COUNT entries each, NaN and 0 where none); NULL: none. */
	const double *run_sd_log, *run_df;
	size_t resamples; /* the bootstrap's; 0: STAT_BOOTSTRAP_RESAMPLES */
};

enum metric_family {
	FAMILY_PRIMARY, /* the question's one metric: full alpha */
	FAMILY_SECONDARY, /* Holm among themselves */
	FAMILY_EXPLORATORY, /* uncorrected: a lead, never a finding */
};

/* What a decision was tested with. */
enum replication {
	BY_TRIALS, /* within one run: the trials (Mann-Whitney, bootstrap of the medians) */
	BY_RUNS, /* between runs: each run's median (t on the logs) */
	BY_CALIBRATION, /* between runs, one a side: the calibrated run-to-run spread */
	BY_NOTHING, /* between runs, one a side, nothing measured how runs differ: no test */
};

struct metric_comparison {
	int have; /* both sides have the metric */
	enum metric_family family;
	enum replication by;
	struct two_sample ts; /* the trials; between runs a description only */
	struct run_test runs; /* between runs */
	struct estimate est; /* what the decision and every sentence are made of */
	double p_raw; /* the test's p before its family's correction */
	double base_median, new_median;
	double base_rsd, new_rsd; /* %stddev of the trials: a spread, not an uncertainty */
	/* Between runs: the smallest rise and fall (< 0) these runs could call significant
	 * under the rule (p and the interval beyond the noise threshold); NaN without a test. */
	double needed_up_pct, needed_down_pct;
	enum significance sig;
};

/* The family of m for these two cells: the question is set by what they measured. */
enum metric_family metric_family_of(const struct result_cell *base, const struct result_cell *cell,
				    enum metric_id m);
/* The primary metric of these cells' question. */
enum metric_id compare_primary(const struct result_cell *base, const struct result_cell *cell);
/* The M_COUNT metrics of a comparison (out, from compare_cells) in the order it is read: its
 * primary first, as elapsed always came first, then the others in the metric table's order. */
void comparison_order(const struct metric_comparison *out, enum metric_id *order);
/* Every metric of cell against base, decided; out has M_COUNT entries. 0 or -ENOMEM. */
int compare_cells(const struct result_cell *base, const struct result_cell *cell,
		  const struct compare_opts *o, struct metric_comparison *out);
/* The same in two steps, for an answer that compares several pairs at once (a sweep's cells
 * against the first, a device's against the best of each row, two files' matched cells):
 * each pair measured and given its families, then every pair decided together, Holm over
 * each family across the set, so that more pairs cost each its share of alpha. set[i] has
 * M_COUNT entries. Each 0 or -ENOMEM. */
int compare_measure(const struct result_cell *base, const struct result_cell *cell,
		    const struct compare_opts *o, struct metric_comparison *out);
int compare_decide_set(struct metric_comparison *const *set, size_t n,
		       const struct compare_opts *o);
/* One metric alone, decided at o's alpha as if alone (a sweep's claim of the best at its own
 * level, a savings step): its family is FAMILY_PRIMARY, its p raw. 0 or -ENOMEM; out->have
 * says whether both cells had the metric. */
int compare_metric(const struct result_cell *base, const struct result_cell *cell, enum metric_id m,
		   const struct compare_opts *o, struct metric_comparison *out);
/* The smallest two-sided exact Mann-Whitney p without ties at these sizes: below alpha (over
 * the tests a correction divides it among), a test can decide; otherwise nothing is told. */
double compare_min_p(size_t nb, size_t nn);
/* The options a results set was made with (within its run). */
struct compare_opts compare_opts_of(const struct results *r);
/* (b - a) / |a| in percent; NaN when a is 0. */
double change_pct(double a, double b);
/* "*", "+", "~", "?", "e" or "" for a decision; and the legend line that explains them. */
const char *significance_mark(enum significance s);
const char *comparison_mark(const struct metric_comparison *mc);

/* What a CI gate makes of a comparison of metric m: a finding (significant, not a lead) that
 * moves m the wrong way is a regression; nothing tested (too few trials, one run a side, a
 * side without m) is untested; anything else passes. */
enum comparison_outcome {
	OUTCOME_PASS,
	OUTCOME_REGRESSION,
	OUTCOME_UNTESTED
};
enum comparison_outcome comparison_outcome_of(const struct metric_comparison *mc, enum metric_id m);
/* A significant change, the primary metric's or a secondary one's, either way: not a lead. */
int comparison_is_finding(const struct metric_comparison *mc);
/* "pass", "regression", "untested": the outcome in compare's JSON. */
const char *comparison_outcome_name(enum comparison_outcome o);
const char *significance_legend(void);
/* The decision in the result and comparison files' words. */
const char *comparison_significance_name(const struct metric_comparison *mc);
const char *metric_family_name(enum metric_family f);
const char *replication_name(enum replication by);

#endif
