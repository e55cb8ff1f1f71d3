/*
 * How much memory a swap setup saves: the smallest memory limit at which a workload's primary
 * metric stays within a slowdown the user accepts of its run without a limit. Per backend, a
 * bisection over limits between nothing and the workload's footprint; each step is one run of
 * two interleaved cells (the workload with no limit and no swap, and with the backend at the
 * step's limit), so the comparison is within a run, trials as the unit. A step passes only when
 * its trials are significantly within the target (a Mann-Whitney test of the backend's trials
 * against the reference's moved to the target: times by 1 + target, a throughput by 1 - target),
 * fails when they are significantly beyond it, and is otherwise decided by its median and marked
 * so. The same test, at the looks' level of --min-trials, ends a step's run as soon as it
 * settles (run.c). Pure: the caller runs the steps.
 */
#ifndef ZSB_SAVINGS_H
#define ZSB_SAVINGS_H
#include <stddef.h>
#include <stdint.h>

#include "runner/result/compare.h"
#include "runner/result/results.h"

#define SAVINGS_STEPS_MAX 12

enum step_verdict {
	STEP_PASS, /* significantly within the target */
	STEP_FAIL, /* significantly beyond it, or a trial failed (OOM) */
	STEP_PASS_BY_MEDIAN, /* neither: the median decided */
	STEP_FAIL_BY_MEDIAN,
};

struct savings_step {
	uint64_t limit;
	double slowdown_pct, lo_pct, hi_pct; /* of the primary metric; NaN: not measured */
	double p_target; /* the test against the target, two-sided; NaN: none (an older file) */
	unsigned trials; /* the backend's measured trials; 0: not known (an older file) */
	enum step_verdict verdict;
	char file[256]; /* the step's result file */
	char note[128]; /* a failed trial's reason */
};

struct savings_search {
	double target_pct;
	uint64_t footprint; /* the workload's peak with no limit: the median over its trials */
	uint64_t footprint_lo, footprint_hi; /* the smallest and largest of those trials */
	uint64_t granule; /* limits are multiples of this (1 MiB) */
	unsigned max_steps;
	uint64_t pass_limit, fail_limit; /* the bracket: pass_limit passed (or is the footprint) */
	struct savings_step steps[SAVINGS_STEPS_MAX];
	unsigned nsteps;
	int by_median; /* a step was decided by its median */
	int metric; /* the primary metric the steps compared (enum metric_id); -1: none yet */
};

#define SAVINGS_BACKENDS_MAX 8

/* The whole answer: the reference run's footprint and each backend's search. */
struct savings_report {
	double target_pct;
	uint64_t footprint, footprint_lo, footprint_hi;
	char reference_file[256];
	char names[SAVINGS_BACKENDS_MAX][16];
	struct savings_search backends[SAVINGS_BACKENDS_MAX];
	size_t nbackends;
	unsigned trials; /* run in all */
};

/* The answer's file: its "kind" tells it from a result file. */
#define SAVINGS_KIND "savings"
/* The largest answer file read; a search writes less than 100 KiB. */
#define SAVINGS_FILE_MAX (1 << 20)

struct json_object;

/* The report as JSON, written whole (a temporary file renamed): 0 or -errno. */
int savings_json_write(const struct savings_report *r, const char *path);
/* The document it writes (to json_object_put). */
struct json_object *savings_to_json(const struct savings_report *r);
/* The file read back ("-": standard input): every member typed as the writer writes it, a
 * null slowdown NaN; the answers' shares are not read (savings_answer gives them from the
 * steps). 0, or -errno / -EINVAL with why one line ("backends[0].steps[1].verdict: not a
 * step's verdict"); r is then zeroed. */
int savings_json_read(const char *path, struct savings_report *r, char *why, size_t len);
/* The same from a parsed document. */
int savings_from_json(struct json_object *doc, struct savings_report *r, char *why, size_t len);
/* Is doc a savings answer (its "kind")? */
int savings_json_is(struct json_object *doc);

/* The search for one backend, before its first step. */
void savings_init(struct savings_search *s, uint64_t footprint, uint64_t footprint_lo,
		  uint64_t footprint_hi, double target_pct, unsigned max_steps);
/* The next limit to run, or 0 when the answer is decided (the bracket is one granule or the
 * steps are spent). */
uint64_t savings_next(const struct savings_search *s);
/* What a step's run measured: base is the cell with no limit, cell the backend's at limit. */
void savings_step_judge(struct savings_search *s, uint64_t limit, const struct result_cell *base,
			const struct result_cell *cell, const struct compare_opts *o);
/* The backend's trials (cell) against the reference's (base) moved to the target, on metric m
 * (a lower time or a higher throughput better): -1 significantly within the target at level, 1
 * significantly beyond it, 0 neither; the test's two-sided p into *p (NaN: no test). -ENOMEM. */
int savings_against_target(const struct result_cell *base, const struct result_cell *cell,
			   enum metric_id m, double target_pct, double level, double *p);
/* Has a trial of the backend failed (the OOM killer, a timeout)? A step is beyond the target
 * then, whatever the others do: its run need not wait for its first look. */
int savings_step_broke(const struct result_cell *cell);
/* Has a step's run settled at o's alpha: a trial of the backend failed, or its trials are
 * significantly within or beyond the target? 1 yes, 0 no, -ENOMEM. */
int savings_step_settled(const struct result_cell *base, const struct result_cell *cell,
			 const struct compare_opts *o, double target_pct);
/* The answer: memory saved as a share of the footprint (0..1) and its interval, from the
 * bracket and the footprint's spread. */
void savings_answer(const struct savings_search *s, double *saved, double *lo, double *hi);
/* The trials the search takes at most: a reference run of reference_trials, then per backend
 * its steps, each of two cells of at most trials. */
unsigned savings_max_trials(unsigned backends, unsigned max_steps, unsigned reference_trials,
			    unsigned trials);
const char *step_verdict_name(enum step_verdict v);
/* The metric the steps compared, by its key: the first backend's that ran a step. */
const char *savings_metric_name(const struct savings_report *r);

#endif
