#ifndef ZSB_CLOCK_H
#define ZSB_CLOCK_H
#include <stdint.h>
#include <time.h>

/* CLOCK_MONOTONIC in ns: the one clock both the runner and the hogger use. */
static inline uint64_t clock_now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

#endif
