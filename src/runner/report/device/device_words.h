/*
 * A device's answer in words: what may be said of a leader (the best setup of a row, the
 * fastest filesystem, the smallest in RAM) against its rivals, as the answer called it
 * (result/answer.h), in words that follow the direction of the quantity (more bandwidth is
 * better, less time and RAM); and the legend under a device's table.
 */
#ifndef ZSB_DEVICE_WORDS_H
#define ZSB_DEVICE_WORDS_H
#include <stddef.h>
#include <stdio.h>

#include "runner/result/answer.h"

/* How a view words a call: the comparative of more of m and of less ("higher", "lower";
 * "longer", "shorter"), and a cell's name. */
struct device_words {
	const char *more, *less;
	const char *(*name)(const struct result_cell *c, char *buf, size_t len);
};
/* The call in words, of the leader against its rivals (each compared by m): "zram higher than
 * disk (significant, p = 0.004)", "zram and disk too close to call (3 vs 3 trials are too few
 * for a test)"; nothing for CALL_ALONE. */
void device_call_words(const struct results *r, const char *leader, const struct call *c,
		       enum metric_id m, const struct device_words *w, FILE *out);
/* The legend under a table of a device's comparisons: the marks and what the correction ran
 * over (ntests: the primary family's tests). */
void device_legend(size_t ntests, FILE *out);
/* How many pairs of the answer compare m in the primary family: the tests a device's table
 * states. */
size_t device_primary_tests(const struct answer *a, enum metric_id m);

#endif
