/*
 * One sample of a process (profile.h): its mappings read from smaps into the profile's next
 * sample and its regions, then its pages' referenced bits cleared, so that the next sample's
 * Referenced counts what the process touched in between (the heat of each region).
 */
#ifndef ZSB_SAMPLER_H
#define ZSB_SAMPLER_H
#include <stddef.h>

#include "runner/profile/profile.h"

/* At t seconds since the recording began. -ESRCH when the process is gone; other -errno with
 * why filled. */
int sampler_take(struct profile *p, double t, char *why, size_t len);

#endif
