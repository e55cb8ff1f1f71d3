/*
 * The machine as each file's trials met it: the reference probe (reference_time, a fixed
 * piece of work before every trial). Two runs minutes apart can differ by a quarter in CPU
 * time as well as elapsed, from the host alone; when the probe says the machine itself ran at
 * another speed, compare says so before any number, so a change is not taken for the setup's.
 */
#ifndef ZSB_REFERENCE_H
#define ZSB_REFERENCE_H

#include "runner/result/environment.h"

/* 1 and out filled when the probe's times differ between the files (Mann-Whitney p < 0.05
 * and at least 5% apart, medians); 0 when they do not, or a file has fewer than 3. */
int reference_differs(const struct results *base, const struct results *other,
		      struct env_difference *out);

#endif
