/* A profile's summary, as `zswapbench show PROFILE` prints it: what was recorded, the footprint,
 * the memory touched per interval (the working set), and how the pages compress under each
 * algorithm. */
#ifndef ZSB_PROFILE_SUMMARY_H
#define ZSB_PROFILE_SUMMARY_H
#include <stdio.h>

#include "runner/profile/profile.h"

void profile_summary(const struct profile *p, FILE *out);

#endif
