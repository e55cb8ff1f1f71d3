/*
 * The answer of one run: every comparison any view of it shows, decided once, here, and only
 * rendered by the views (the short answer, the verdict's sentences, a sweep's summary, a
 * device's table, --verbose, JSON, CSV, markdown, the HTML report, the result file itself).
 *
 * What a run asks sets which cells are compared with which:
 * - two cells: the second against the first, every metric;
 * - a sweep (more than two): every cell against the first, which the plan named before the
 *   run, every metric; and the claims "fastest" (a service: the most throughput), "least CPU",
 *   "least RAM for swap", each the leader against every other cell at its own level;
 * - a block device: each cell against the best setup of its jobs and mode (io_bw);
 * - a filesystem: each cell against the fastest (fs_total_time), and its RAM against the
 *   smallest.
 * All pairs of an answer are decided together (compare.h's compare_decide_set): Holm over each
 * family across the pairs, so that a sweep of twenty cells does not find what a pair of
 * identical cells would not. A claim of the best of k holds only ahead of every other, each test
 * at 2 alpha / k two-sided: whichever cell came out on top, a false claim stays below alpha.
 */
#ifndef ZSB_ANSWER_H
#define ZSB_ANSWER_H
#include <stddef.h>

#include "runner/result/compare.h"
#include "runner/result/results.h"

enum answer_kind {
	ANSWER_NONE, /* one cell, or none: nothing to compare */
	ANSWER_PAIR,
	ANSWER_SWEEP,
	ANSWER_BLOCK,
	ANSWER_FS,
};

/* What a pair of the answer compares. */
enum pair_role {
	ROLE_PAIR, /* the second cell against the first */
	ROLE_VS_FIRST, /* a sweep's cell against its first */
	ROLE_VS_BEST, /* a device's cell against the best of its row (block) or the fastest (fs) */
	ROLE_RAM_VS_LEAST, /* a filesystem's RAM against the smallest: swap_ram only */
};

/* One cell against its reference, every metric (ROLE_RAM_VS_LEAST: swap_ram alone). */
struct answer_pair {
	enum pair_role role;
	size_t ref, cell; /* cells of the results */
	struct metric_comparison mc[M_COUNT];
};

enum claim_id {
	CLAIM_BEST, /* by the primary metric: fastest, most throughput */
	CLAIM_LEAST_CPU,
	CLAIM_LEAST_RAM,
	CLAIM_COUNT
};

/* A sweep's claim that one cell is the best of those that compete by m. */
struct answer_claim {
	enum metric_id m;
	int positive; /* only cells with more than 0 of m compete (RAM: disk holds none) */
	double alpha; /* the claim's share of alpha */
	double pair_alpha; /* each rival's test: 2 alpha / k */
	int leader; /* the best median of those that compete; -1: fewer than two do */
	size_t competing;
	struct metric_comparison *vs; /* per cell: the leader against it (ncells entries) */
	int holds; /* significant ahead of every rival */
	double worst_p; /* the largest p of the rivals' tests */
	int rival; /* where it does not hold: the closest rival not beaten */
};

struct answer {
	enum answer_kind kind;
	struct compare_opts opts; /* what it was decided with */
	enum metric_id primary; /* the run's question's */
	struct answer_pair *pairs;
	size_t npairs;
	struct answer_claim claims[CLAIM_COUNT]; /* a sweep's */
	size_t ncells;
};

/* What a results set's views decide with: its own alpha and noise threshold (those it printed
 * when it ran), each replaced where the caller names one (given: the command line's). */
struct compare_opts answer_opts(const struct results *r, const struct compare_opts *given,
				int alpha_given, int noise_given);
/* Every comparison of r decided at o. 0, -ENOMEM; a free answer either way. */
int answer_compute(const struct results *r, const struct compare_opts *o, struct answer *a);
void answer_free(struct answer *a);

/* The pair of role whose cell is cell (and, for ROLE_PAIR and ROLE_VS_FIRST, whose reference is
 * the first cell); NULL: the answer does not compare that cell so. */
const struct answer_pair *answer_pair_of(const struct answer *a, enum pair_role role, size_t cell);
/* A device's best of the row of cell (its jobs and mode), by io_bw; -1 where none has it. */
int answer_best_of_row(const struct results *r, size_t cell);
/* The claim's name: "fastest", "most throughput", "least CPU", "least RAM for swap". */
const char *answer_claim_name(const struct answer *a, enum claim_id id, char *buf, size_t len);

/* What may be said of a device's leader against its rivals, each compared by m. */
enum answer_call {
	CALL_AHEAD, /* significant against every rival */
	CALL_APART, /* beyond every rival in every trial, some too few trials for a test */
	CALL_NONE, /* a rival tested and not significantly behind */
	CALL_CLOSE, /* a rival too few trials for a test, the ranges overlapping or near */
	CALL_ALONE /* no rival with the quantity: nothing to say */
};

struct call {
	enum answer_call call;
	const struct answer_pair *about; /* the rival it is about; NULL for CALL_ALONE */
	size_t tested; /* rivals with a comparison */
	double largest_p;
};

/* The leader (the ref of every pair given) against its rivals, the closest first: the weakest
 * call of any, since a leader is only as far ahead as its closest doubt. */
struct call answer_call_of(const struct answer_pair *const *rivals, size_t n, enum metric_id m);
/* The pairs of role whose reference is ref, the closest to it by m first; how many. rivals
 * holds a->npairs. */
size_t answer_rivals(const struct answer *a, const struct results *r, enum pair_role role,
		     size_t ref, enum metric_id m, const struct answer_pair **rivals);

#endif
