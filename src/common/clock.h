#ifndef ZSB_CLOCK_H
#define ZSB_CLOCK_H
#include <stdint.h>
#include <time.h>

#include "common/util.h"

/* CLOCK_MONOTONIC in ns: the one clock both the runner and the hogger use. */
static inline uint64_t clock_now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * NSEC_PER_SEC + (uint64_t)ts.tv_nsec;
}

/* Nanoseconds (a difference of clock_now_ns) as seconds. */
static inline double ns_to_s(uint64_t ns)
{
	return (double)ns / (double)NSEC_PER_SEC;
}

/* Microseconds (PSI's totals, rusage's fractions) as seconds. */
static inline double us_to_s(double us)
{
	return us / (double)USEC_PER_SEC;
}

/* Seconds since t0, a clock_now_ns reading. */
static inline double seconds_since(uint64_t t0)
{
	return ns_to_s(clock_now_ns() - t0);
}

#endif
