#include "common/histogram.h"

#include <errno.h>
#include <string.h>

#define SUB_COUNT (1u << HIST_SUB_BITS)

static uint64_t clamp_top(uint64_t v)
{
	return v < HIST_MAX_VALUE ? v : HIST_MAX_VALUE;
}

/* The inverse of hist_index: the first 2 x SUB_COUNT buckets have width 1; after them every
 * SUB_COUNT buckets double the width. */
static struct hist_bucket bucket_at(unsigned i)
{
	unsigned shift = i < SUB_COUNT ? 0 : (i >> HIST_SUB_BITS) - 1;
	uint64_t lower = i < SUB_COUNT ? i : (uint64_t)((i & (SUB_COUNT - 1)) | SUB_COUNT) << shift;

	return (struct hist_bucket){ .lower = lower, .upper = lower + (UINT64_C(1) << shift) - 1 };
}

void hist_init(struct histogram *h)
{
	memset(h, 0, sizeof(*h));
	h->layout = HIST_LAYOUT;
	h->min = UINT64_MAX;
}

uint64_t hist_count(const struct histogram *h)
{
	return h->total;
}

uint64_t hist_overflow(const struct histogram *h)
{
	return h->overflow;
}

uint64_t hist_min(const struct histogram *h)
{
	return h->total ? h->min : 0;
}

uint64_t hist_max(const struct histogram *h)
{
	return h->total ? h->max : 0;
}

double hist_mean(const struct histogram *h)
{
	return h->total ? (double)h->sum / (double)h->total : 0.0;
}

struct hist_bucket hist_bucket_of(uint64_t ns)
{
	return bucket_at(hist_index(clamp_top(ns)));
}

/* The 1-based rank of the nearest-rank percentile, monotonic in pct. pct / 100 x total in
 * floating point lands a hair above an integer (99.9% of 100000 is 99900.00000000001): that is
 * the integer, not the next rank, so a relative 1e-12 above one counts as on it. */
static uint64_t percentile_rank(uint64_t total, double pct)
{
	double want;
	uint64_t rank;

	if (!(pct > 0.0)) /* also NaN */
		return 1;
	want = pct / 100.0 * (double)total;
	if (pct >= 100.0 || want >= (double)total)
		return total;
	rank = (uint64_t)want;
	if (want - (double)rank > want * 1e-12)
		rank++;
	if (rank == 0) /* a pct so small that pct / 100 x total underflows to 0 */
		return 1;
	return rank < total ? rank : total;
}

uint64_t hist_percentile(const struct histogram *h, double pct)
{
	uint64_t rank, seen = 0;

	if (h->total == 0)
		return 0;
	rank = percentile_rank(h->total, pct);
	for (unsigned i = 0; i < HIST_BUCKETS; i++) {
		seen += h->counts[i];
		if (seen >= rank) {
			uint64_t v = bucket_at(i).upper;
			v = v < h->max ? v : h->max;
			return v > h->min ? v : h->min; /* only when every value is above the top */
		}
	}
	return h->max; /* counts short of the total: hist_check says so */
}

size_t hist_buckets(const struct histogram *h, struct hist_bucket *out, size_t max)
{
	size_t n = 0;

	for (unsigned i = 0; i < HIST_BUCKETS; i++) {
		if (!h->counts[i])
			continue;
		if (n < max) {
			out[n] = bucket_at(i);
			out[n].count = h->counts[i];
		}
		n++;
	}
	return n;
}

int hist_add_bucket(struct histogram *h, uint64_t value_in_bucket, uint64_t count)
{
	struct hist_bucket b;
	uint64_t add, sum;
	unsigned i;

	if (h->layout != HIST_LAYOUT || value_in_bucket > HIST_MAX_VALUE)
		return -EINVAL;
	if (count == 0)
		return 0;
	i = hist_index(value_in_bucket);
	b = bucket_at(i);
	if (count > UINT32_MAX - h->counts[i] || count > UINT64_MAX - h->total ||
	    __builtin_mul_overflow(count, b.lower + (b.upper - b.lower) / 2, &add) ||
	    __builtin_add_overflow(h->sum, add, &sum))
		return -ERANGE;
	h->counts[i] += (uint32_t)count;
	h->total += count;
	h->sum = sum;
	if (b.lower < h->min)
		h->min = b.lower;
	if (b.upper > h->max)
		h->max = b.upper;
	return 0;
}

int hist_set_exact(struct histogram *h, uint64_t min, uint64_t max, uint64_t sum, uint64_t overflow)
{
	uint64_t old[4] = { h->min, h->max, h->sum, h->overflow };

	h->min = min;
	h->max = max;
	h->sum = sum;
	h->overflow = overflow;
	if (h->total == 0 || hist_check(h)) {
		h->min = old[0];
		h->max = old[1];
		h->sum = old[2];
		h->overflow = old[3];
		return -EINVAL;
	}
	return 0;
}

int hist_merge(struct histogram *into, const struct histogram *from)
{
	uint64_t sum;

	if (hist_check(into) || hist_check(from))
		return -EINVAL;
	if (from->total > UINT64_MAX - into->total ||
	    __builtin_add_overflow(into->sum, from->sum, &sum))
		return -ERANGE;
	for (unsigned i = 0; i < HIST_BUCKETS; i++)
		if (from->counts[i] > UINT32_MAX - into->counts[i])
			return -ERANGE;
	for (unsigned i = 0; i < HIST_BUCKETS; i++)
		into->counts[i] += from->counts[i];
	into->total += from->total;
	into->sum = sum;
	into->overflow += from->overflow; /* at most total, which did not overflow */
	if (from->min < into->min)
		into->min = from->min;
	if (from->max > into->max)
		into->max = from->max;
	return 0;
}

/* min, max, sum and overflow against the buckets of a non-empty histogram. */
static const char *check_exact(const struct histogram *h, unsigned first, unsigned last)
{
	unsigned __int128 lo = (unsigned __int128)h->total * clamp_top(h->min);
	unsigned __int128 hi = (unsigned __int128)h->total * clamp_top(h->max);

	if (h->min > h->max)
		return "min is above max";
	if (hist_index(clamp_top(h->min)) != first)
		return "min is not in the lowest non-empty bucket";
	if (hist_index(clamp_top(h->max)) != last)
		return "max is not in the highest non-empty bucket";
	if (h->overflow > h->counts[HIST_BUCKETS - 1])
		return "more overflows than values in the top bucket";
	if ((h->overflow > 0) != (h->max > HIST_MAX_VALUE))
		return "overflow count and max disagree";
	if (h->min > HIST_MAX_VALUE && h->overflow != h->total)
		return "min is above the top but not every value overflowed";
	if (h->sum < lo || h->sum > hi)
		return "sum is outside count x min .. count x max";
	return NULL;
}

const char *hist_check(const struct histogram *h)
{
	uint64_t counted = 0;
	unsigned first = HIST_BUCKETS, last = 0;

	if (h->layout != HIST_LAYOUT)
		return "not a histogram of this build's layout";
	if (h->zero != 0)
		return "padding is not zero";
	for (unsigned i = 0; i < HIST_BUCKETS; i++) {
		if (!h->counts[i])
			continue;
		counted += h->counts[i];
		if (first == HIST_BUCKETS)
			first = i;
		last = i;
	}
	if (counted != h->total)
		return "bucket counts do not add up to the total";
	if (h->total == 0)
		return h->min != UINT64_MAX || h->max || h->sum || h->overflow
			? "empty, yet with a min, max, sum or overflow"
			: NULL;
	return check_exact(h, first, last);
}
