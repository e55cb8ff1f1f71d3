#include "hogger/touch.h"

#include <math.h>

#include "common/clock.h"

static inline uint64_t read_page(const struct memory *m, size_t p)
{
	size_t per_chunk = m->chunk / m->page;
	return *(volatile uint64_t *)(m->chunks[p / per_chunk] + (p % per_chunk) * m->page);
}

/* splitmix64: one multiply-xorshift per draw, cheap beside a page fault. */
static inline uint64_t next(uint64_t *s)
{
	uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

static inline size_t uniform(uint64_t *rng, size_t n)
{
	return (size_t)(next(rng) % n);
}

/* Zipf with exponent 1 by inverting its continuous CDF: rank = (n+1)^u - 1, so rank 0 is the
 * hottest page and each decade of ranks is touched about as often as the one before. */
static inline size_t zipf(uint64_t *rng, size_t n, double log_n1)
{
	double u = (double)(next(rng) >> 11) / 9007199254740992.0;
	size_t r = (size_t)(exp(u * log_n1) - 1.0);
	return r < n ? r : n - 1;
}

/* One clock read per access: each access is timed from the end of the one before, so the
 * loop's own few nanoseconds count in, and a second read per access (20 ns) does not. */
struct timer {
	struct histogram *lat;
	uint64_t last;
	uint64_t delay; /* the test hook's; 0 in every real run */
};

static inline uint64_t timed(struct timer *t, uint64_t value)
{
	if (t->lat) {
		uint64_t now = clock_now_ns();
		/* A spin, not a sleep: no system call under the sandbox, and exact. */
		while (t->delay && now - t->last < t->delay)
			now = clock_now_ns();
		hist_record(t->lat, now - t->last);
		t->last = now;
	}
	return value;
}

uint64_t touch_all(const struct memory *m)
{
	uint64_t sum = 0;

	for (size_t p = 0; p < m->npages; p++)
		sum += read_page(m, p);
	return sum;
}

/* The hot set is the first PCT% of the pages: the oldest, so the first swapped out. */
static size_t hot_pages(const struct memory *m, const struct access *a)
{
	size_t hot = m->npages * a->hot_pct / 100;

	return hot ? hot : 1;
}

uint64_t touch_reads(const struct memory *m, const struct access *a, unsigned parts)
{
	switch (a->kind) {
	case ACCESS_REREAD:
		return m->npages;
	case ACCESS_RANDOM:
		return m->npages / parts;
	case ACCESS_HOT:
		return (hot_pages(m, a) + parts - 1) / parts;
	default:
		return 0;
	}
}

uint64_t touch_pass(const struct memory *m, const struct access *a, uint64_t *rng, unsigned parts,
		    struct histogram *lat)
{
	struct timer t = { lat, lat ? clock_now_ns() : 0, m->test_delay_ns };
	uint64_t sum = 0;

	switch (a->kind) {
	case ACCESS_FILL:
	case ACCESS_TABS:
		break;
	case ACCESS_REREAD:
		for (size_t p = 0; p < m->npages; p++)
			sum += timed(&t, read_page(m, p));
		break;
	case ACCESS_RANDOM:
		for (size_t i = 0; i < m->npages / parts; i++)
			sum += timed(&t, read_page(m, uniform(rng, m->npages)));
		break;
	case ACCESS_HOT: {
		size_t hot = hot_pages(m, a), first = a->hot_last ? m->npages - hot : 0;
		double log_n1 = log((double)hot + 1.0);
		for (size_t i = 0; i < (hot + parts - 1) / parts; i++)
			sum += timed(&t,
				     read_page(m,
					       first +
						       (a->zipf ? zipf(rng, hot, log_n1)
								: uniform(rng, hot))));
		break;
	}
	}
	return sum;
}
