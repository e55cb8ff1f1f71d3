/*
 * Trials that stop when the answer is known (--min-trials): two cells, run in interleaved
 * rounds, are compared by the primary metric's Mann-Whitney test after every round from the
 * min-th on, and the run ends at the first round that decides, or at --trials. Looking many
 * times would find a difference where there is none far more often than alpha, so each look
 * is tested at one lower level (Pocock's design), found by simulating the looks' rank tests
 * with no difference: under it the ranks are exchangeable whatever the metric's distribution,
 * so the level holds for any metric. The chance that any look decides with no difference is
 * then alpha; the verdict of such a run is made at the same level.
 */
#ifndef ZSB_SEQUENTIAL_H
#define ZSB_SEQUENTIAL_H
#include <stddef.h>

#include "runner/result/compare.h"
#include "runner/result/results.h"

/* Simulations of the looks under no difference: the level's own error is about
 * sqrt(alpha (1 - alpha) / SEQUENTIAL_REPS), 0.002 at alpha 0.05. */
#define SEQUENTIAL_REPS 10000
#define SEQUENTIAL_SEED 20261204UL

/* The level each look at min..max trials a side (min >= 2, max <= SEQUENTIAL_MAX) is tested
 * at, so that with no difference some look decides with probability at most alpha; NaN for
 * sizes outside those bounds. One look (min == max) gives the largest p below alpha that the
 * test can reach. */
#define SEQUENTIAL_MAX 100 /* --trials with --min-trials: option_checks.c says 100 */
double sequential_level(unsigned min, unsigned max, double alpha);

/* Does this look decide: base's and cell's primary metric apart at the look's level (with
 * o's noise threshold), in a direction? 1 yes, 0 no, -ENOMEM. */
int sequential_decided(const struct result_cell *base, const struct result_cell *cell, double level,
		       const struct compare_opts *o);

#endif
