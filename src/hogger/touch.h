/* The access phase: touching pages after the fill, so what was swapped out comes back in. */
#ifndef ZSB_TOUCH_H
#define ZSB_TOUCH_H
#include <stddef.h>
#include <stdint.h>

#include "common/access.h"
#include "common/histogram.h"

struct memory {
	unsigned char **chunks;
	size_t nchunks, chunk, page;
	size_t npages;
	uint64_t test_delay_ns; /* a test hook: every timed access takes at least this long */
};

/* One pass of the access mode: npages reads (reread, random), or hot-set-size reads (hot),
 * of which this caller makes 1/parts (random and hot; threads share a pass). Each read's
 * latency goes into lat unless it is NULL. Returns a sum of what was read, so the reads
 * cannot be optimised away. */
uint64_t touch_pass(const struct memory *m, const struct access *a, uint64_t *rng, unsigned parts,
		    struct histogram *lat);
/* The reads one touch_pass makes with these arguments. */
uint64_t touch_reads(const struct memory *m, const struct access *a, unsigned parts);
/* Every page of the memory once, in order: a tab poked (tabs mode). Its latency is the
 * caller's to take, as one value. */
uint64_t touch_all(const struct memory *m);

#endif
