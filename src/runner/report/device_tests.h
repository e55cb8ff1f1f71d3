/*
 * The comparisons a device view makes: each cell against its reference (the best setup of
 * its row, or the first file's cell), the exact Mann-Whitney test and the bootstrap interval
 * of the change of the median (result/statistics.h), Holm over the tests of the primary
 * quantity (bandwidth, a filesystem's total time) and apart over the secondary (RAM), and
 * compare.h's rule: significant only at p < alpha with the whole interval beyond the noise
 * threshold; too few trials for a test falls back to the ranges.
 * Then what may be said of a leader against its rivals, in words that follow the direction
 * of the quantity (more bandwidth is better, less time and RAM).
 */
#ifndef ZSB_DEVICE_TESTS_H
#define ZSB_DEVICE_TESTS_H
#include <stddef.h>
#include <stdio.h>

#include "runner/report/device.h"
#include "runner/result/compare.h"

struct device_test {
	const struct result_cell *ref, *cell;
	struct device_qty q;
	int have; /* both sides have q */
	struct two_sample ts; /* cell against ref: change_pct > 0 is more of q in cell */
	double p; /* Holm-adjusted over the family */
	enum significance sig;
};

/* Runs every test of the family and decides each; 0, -ENOMEM. */
int device_tests_run(struct device_test *t, size_t n, const struct compare_opts *o);
/* The legend under a table of them: the marks and what the correction ran over. */
void device_legend(size_t ntests, FILE *out);

/* What may be said of a leader (the best median) against its rivals. */
enum device_call {
	CALL_AHEAD, /* significant against every rival */
	CALL_APART, /* beyond every rival in every trial, some too few trials for a test */
	CALL_NONE, /* a rival tested and not significantly behind */
	CALL_CLOSE, /* a rival too few trials for a test, the ranges overlapping or near */
	CALL_ALONE /* no rival with the quantity: nothing to say */
};
enum device_call device_call_of(struct device_test *const *rivals, size_t n);

/* How a view words a call: the comparative of more of q and of less ("higher", "lower";
 * "longer", "shorter"), and a cell's name. */
struct device_words {
	const char *more, *less;
	const char *(*name)(const struct result_cell *c, char *buf, size_t len);
};
/* The call in words, of the leader against its rivals, the closest first: "zram higher than
 * disk (significant, p = 0.004)", "zram and disk too close to call (3 vs 3 trials are too few
 * for a test)"; nothing for CALL_ALONE. */
void device_call_words(const char *leader, struct device_test *const *rivals, size_t n,
		       const struct device_words *w, FILE *out);

#endif
