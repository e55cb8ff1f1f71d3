/*
 * Latency histogram of fixed size, log-linear as HdrHistogram's with 2 significant digits. The
 * hogger records into it while it measures (no allocation, no system call: it runs under
 * seccomp) and sends the struct whole to the runner; the runner checks it (hist_check: the
 * sender is sandboxed and not trusted), keeps the non-empty buckets in the result file and
 * merges trials and jobs exactly.
 *
 * Layout. Values are nanoseconds. 0..255 ns have a bucket each. Above, each power of two
 * [2^k, 2^(k+1)) is cut into 128 buckets (HIST_SUB_BITS) of width 2^(k-7), so a bucket is
 * never wider than 1/128 of its lower edge: any value is within 0.78% (1/128) of its bucket's
 * upper edge, which is what hist_percentile reports. The top is 2^37 - 1 ns (137 s); a value
 * above it is counted in the top bucket and as overflow. 31 x 128 = 3968 buckets of 32-bit
 * counts: sizeof(struct histogram) is 15920 bytes. HIST_SUB_BITS 6 would halve that, at
 * 1.56%; the 0.78% keeps a percentile's quantisation well inside the 2% noise threshold.
 *
 * A bucket holds up to 2^32 - 1 values: beyond that hist_record wraps its count (no branch on
 * the measuring path), and hist_check reports the wrap as counts that do not add up.
 * Not thread-safe: one histogram per thread, merged afterwards.
 */
#ifndef ZSB_HISTOGRAM_H
#define ZSB_HISTOGRAM_H
#include <stddef.h>
#include <stdint.h>

#define HIST_SUB_BITS 7
#define HIST_TOP_BITS 37
#define HIST_MAX_VALUE ((UINT64_C(1) << HIST_TOP_BITS) - 1)
#define HIST_BUCKETS ((HIST_TOP_BITS - HIST_SUB_BITS + 1) << HIST_SUB_BITS)
/* The worst relative distance of a value below its bucket's upper edge (strictly less). */
#define HIST_REL_ERROR (1.0 / (1 << HIST_SUB_BITS))
/* In every histogram, so one from another build (a stale installed hogger) is refused. */
#define HIST_LAYOUT (UINT32_C(0x48490000) | (HIST_SUB_BITS << 8) | HIST_TOP_BITS)

/* Plain integers only, no pointer and no implicit padding: any bytes received are memory-safe
 * to read, and hist_check says whether they are consistent. */
struct histogram {
	uint32_t layout; /* HIST_LAYOUT */
	uint32_t zero; /* explicit padding, so every byte sent is defined */
	uint64_t total; /* values recorded */
	uint64_t sum; /* of the values, those above the top counted as HIST_MAX_VALUE */
	uint64_t min, max; /* exact, also above the top; UINT64_MAX and 0 when empty */
	uint64_t overflow; /* values above HIST_MAX_VALUE, all in the top bucket */
	uint32_t counts[HIST_BUCKETS];
};
_Static_assert(sizeof(struct histogram) == 48 + 4 * HIST_BUCKETS, "struct histogram has padding");

/* One bucket: the values lower..upper (inclusive) and how many were recorded there. */
struct hist_bucket {
	uint64_t lower, upper, count;
};

/* The bucket of a value at most HIST_MAX_VALUE: below 2^(SUB_BITS+1) the value itself, above
 * it the power of two (from clz) and the SUB_BITS bits that follow the leading one. */
static inline unsigned hist_index(uint64_t v)
{
	unsigned shift =
		(63 - HIST_SUB_BITS) - (unsigned)__builtin_clzll(v | ((2ULL << HIST_SUB_BITS) - 1));
	return (shift << HIST_SUB_BITS) + (unsigned)(v >> shift);
}

/* Inline: the hogger records once per page access, and a call would cost as much as the
 * record. No division and no branch beyond conditional moves. */
static inline void hist_record(struct histogram *h, uint64_t ns)
{
	uint64_t v = ns < HIST_MAX_VALUE ? ns : HIST_MAX_VALUE;

	h->counts[hist_index(v)]++;
	h->total++;
	h->sum += v;
	h->overflow += ns > HIST_MAX_VALUE;
	h->min = ns < h->min ? ns : h->min;
	h->max = ns > h->max ? ns : h->max;
}

void hist_init(struct histogram *h);
/* Adds from to into, exactly: the same as having recorded both into one. 0; -EINVAL when
 * either fails hist_check; -ERANGE when a count or the sum would overflow (into unchanged). */
int hist_merge(struct histogram *into, const struct histogram *from);
uint64_t hist_count(const struct histogram *h);
uint64_t hist_overflow(const struct histogram *h);
/* The nearest-rank percentile (the smallest recorded value with at least pct% of the values at
 * or below it), reported as HdrHistogram does, as its bucket's upper edge ("highest equivalent
 * value"), but never outside the exact min..max: so it is at most 0.78% above the exact
 * percentile, never below it, and a single value comes back exactly. Values above the top
 * report as HIST_MAX_VALUE (or as min, when all are above it). pct is clamped to [0, 100];
 * 0 when empty. */
uint64_t hist_percentile(const struct histogram *h, double pct);
/* Exact; 0 when empty. */
uint64_t hist_min(const struct histogram *h);
uint64_t hist_max(const struct histogram *h);
/* Exact unless values overflowed (counted as HIST_MAX_VALUE); 0 when empty. */
double hist_mean(const struct histogram *h);
/* The bucket that holds ns (count 0); values above the top are in the top bucket. */
struct hist_bucket hist_bucket_of(uint64_t ns);
/* The non-empty buckets in ascending order, at most max of them into out; returns how many
 * there are (more than max: out was too small). At most HIST_BUCKETS. */
size_t hist_buckets(const struct histogram *h, struct hist_bucket *out, size_t max);
/* Reading a file back: count values somewhere in the bucket of value. min and max become the
 * bucket's edges, the sum counts them at its midpoint, until hist_set_exact gives the exact
 * ones. 0; -EINVAL for a value above HIST_MAX_VALUE or an uninitialised h; -ERANGE when a
 * count or the sum would overflow (h unchanged). */
int hist_add_bucket(struct histogram *h, uint64_t value_in_bucket, uint64_t count);
/* After the buckets, the exact values a file keeps beside them (hist_min, hist_max, h->sum,
 * hist_overflow). 0, or -EINVAL when they do not fit the buckets (h unchanged). */
int hist_set_exact(struct histogram *h, uint64_t min, uint64_t max, uint64_t sum,
		   uint64_t overflow);
/* NULL when h is consistent (its layout, counts that add up to the total, min and max in the
 * lowest and highest non-empty buckets, a sum between count x min and count x max, overflow
 * within the top bucket); the first inconsistency found otherwise. */
const char *hist_check(const struct histogram *h);

#endif
