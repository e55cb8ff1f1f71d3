/* Latency histograms: hist_record, hist_add_bucket, hist_merge, hist_set_exact and the readers
 * on two histograms driven by the input, 17 bytes an operation (an opcode, a value, a count).
 * After each: hist_check passes (or, after a bucket's count wrapped, must fail), the counts add
 * up to a model kept beside, percentiles are monotonic in pct and inside min..max, and the
 * buckets with the exact values rebuild the histogram byte for byte. */
#include <errno.h>

#include "common/histogram.h"
#include "common/util.h"
#include "fuzz.h"

/* Static: three histograms are 48 KB, and a fresh start costs only hist_init. */
static struct histogram a, b, copy;
static struct hist_bucket list[HIST_BUCKETS];

struct op {
	uint8_t code;
	uint64_t value, count;
};

static uint64_t take64(const uint8_t *p)
{
	uint64_t v;
	memcpy(&v, p, sizeof(v));
	return v;
}

/* The opcode's high bits shift the raw value down, so values land inside the range (up to
 * 2^37) as often as outside. The count's low bits choose small, just under a bucket's 2^32,
 * any magnitude, or raw: the counts that overflow a bucket are hard to reach by chance. */
static struct op decode(const uint8_t *p)
{
	struct op o = { .code = p[0], .value = take64(p + 1), .count = take64(p + 9) };

	o.value >>= (o.code >> 3) * 2;
	switch (o.count & 3) {
	case 0:
		o.count >>= 56;
		break;
	case 1:
		o.count = UINT32_MAX - (o.count >> 56);
		break;
	case 2:
		o.count >>= (o.count >> 2) & 63;
		break;
	}
	return o;
}

/* The readers that do not walk the buckets. */
static void check_readers(const struct histogram *h, uint64_t value)
{
	struct hist_bucket bk = hist_bucket_of(value);
	uint64_t v = value < HIST_MAX_VALUE ? value : HIST_MAX_VALUE;
	double mean = hist_mean(h);

	FUZZ_ASSERT(bk.lower <= v && v <= bk.upper && bk.count == 0);
	FUZZ_ASSERT((double)(bk.upper - bk.lower) < HIST_REL_ERROR * (double)bk.lower + 1);
	FUZZ_ASSERT(hist_overflow(h) <= hist_count(h));
	if (hist_count(h) == 0) {
		FUZZ_ASSERT(mean == 0 && hist_min(h) == 0 && hist_max(h) == 0);
		return;
	}
	/* The sum counts values above the top as the top; the mean is rounded once. */
	v = hist_min(h) < HIST_MAX_VALUE ? hist_min(h) : HIST_MAX_VALUE;
	FUZZ_ASSERT(mean >= (double)v * (1 - 1e-12));
	v = hist_max(h) < HIST_MAX_VALUE ? hist_max(h) : HIST_MAX_VALUE;
	FUZZ_ASSERT(mean <= (double)v * (1 + 1e-12));
}

static void check_percentiles(const struct histogram *h, double extra)
{
	static const double pcts[] = { 0, 0.1, 1, 10, 25, 50, 75, 90, 99, 99.9, 99.99, 100 };
	uint64_t prev = 0, at_extra = hist_percentile(h, extra);

	for (size_t i = 0; i < ARRAY_SIZE(pcts); i++) {
		uint64_t v = hist_percentile(h, pcts[i]);
		FUZZ_ASSERT(v >= prev);
		if (hist_count(h))
			FUZZ_ASSERT(hist_min(h) <= v && v <= hist_max(h));
		else
			FUZZ_ASSERT(v == 0);
		if (pcts[i] <= extra)
			FUZZ_ASSERT(v <= at_extra);
		else
			FUZZ_ASSERT(v >= at_extra);
		prev = v;
	}
	if (hist_count(h))
		FUZZ_ASSERT(hist_min(h) <= hist_percentile(h, 50) &&
			    hist_percentile(h, 50) <= hist_max(h));
}

/* The buckets add up to the count; with the exact values they rebuild h exactly. */
static void check_buckets(const struct histogram *h, uint64_t model)
{
	size_t n = hist_buckets(h, list, HIST_BUCKETS);
	uint64_t sum = 0;
	int ret;

	FUZZ_ASSERT(n <= HIST_BUCKETS);
	FUZZ_ASSERT(hist_count(h) == model);
	hist_init(&copy);
	for (size_t i = 0; i < n; i++) {
		FUZZ_ASSERT(list[i].count > 0 && list[i].lower <= list[i].upper);
		FUZZ_ASSERT(i == 0 || list[i].lower > list[i - 1].upper);
		sum += list[i].count;
		ret = hist_add_bucket(&copy, list[i].upper, list[i].count);
		/* Counted at their midpoints, recorded values can sum past 2^64 where they did
		 * not. */
		if (ret == -ERANGE && h->sum > UINT64_MAX / 2)
			return;
		FUZZ_ASSERT(ret == 0);
	}
	FUZZ_ASSERT(sum == model);
	FUZZ_ASSERT(hist_check(&copy) == NULL);
	if (n) {
		FUZZ_ASSERT(hist_set_exact(&copy, h->min, h->max, h->sum, h->overflow) == 0);
		FUZZ_ASSERT(memcmp(&copy, h, sizeof(*h)) == 0);
	}
}

/* Records value count times (a few), as the hogger would; 1 when a bucket's count wrapped. */
static int record(struct histogram *h, uint64_t *model, const struct op *o)
{
	uint64_t clamped = o->value < HIST_MAX_VALUE ? o->value : HIST_MAX_VALUE;
	unsigned i = hist_index(clamped);

	for (uint64_t k = 0; k <= (o->count & 7); k++) {
		int wraps = h->counts[i] == UINT32_MAX;
		hist_record(h, o->value);
		(*model)++;
		if (wraps) {
			FUZZ_ASSERT(hist_check(h) != NULL);
			return 1;
		}
	}
	return 0;
}

static void add_bucket(struct histogram *h, uint64_t *model, const struct op *o)
{
	int ret;

	memcpy(&copy, h, sizeof(*h));
	ret = hist_add_bucket(h, o->value, o->count);
	FUZZ_ASSERT(ret == 0 || ret == -EINVAL || ret == -ERANGE);
	FUZZ_ASSERT(ret != -EINVAL || o->value > HIST_MAX_VALUE);
	if (ret == 0)
		*model += o->count;
	else
		FUZZ_ASSERT(memcmp(&copy, h, sizeof(*h)) == 0);
}

static void merge(uint64_t *model_a, uint64_t model_b)
{
	int ret;

	memcpy(&copy, &a, sizeof(a));
	ret = hist_merge(&a, &b);
	FUZZ_ASSERT(ret == 0 || ret == -ERANGE);
	if (ret == 0) {
		*model_a += model_b;
		FUZZ_ASSERT(a.min == (copy.min < b.min ? copy.min : b.min));
		FUZZ_ASSERT(a.max == (copy.max > b.max ? copy.max : b.max));
		FUZZ_ASSERT(a.sum == copy.sum + b.sum && a.overflow == copy.overflow + b.overflow);
	} else {
		FUZZ_ASSERT(memcmp(&copy, &a, sizeof(a)) == 0);
	}
}

/* min, max, sum and overflow near a's own: sometimes they still fit, mostly not. */
static void set_exact(const struct op *o)
{
	uint64_t v = o->value;
	int ret;

	memcpy(&copy, &a, sizeof(a));
	ret = hist_set_exact(&a, a.min + (int8_t)v, a.max + (int8_t)(v >> 8),
			     a.sum + (int16_t)(v >> 16), a.overflow + (int8_t)(v >> 32));
	FUZZ_ASSERT(ret == 0 || ret == -EINVAL);
	if (ret == 0)
		FUZZ_ASSERT(hist_check(&a) == NULL);
	else
		FUZZ_ASSERT(memcmp(&copy, &a, sizeof(a)) == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint64_t model_a = 0, model_b = 0;

	hist_init(&a);
	hist_init(&b);
	for (; size >= 17; data += 17, size -= 17) {
		struct op o = decode(data);
		double pct = (double)(o.value % 100001) / 1000.0;

		switch (o.code & 7) {
		case 0:
			if (record(&a, &model_a, &o))
				return 0;
			break;
		case 1:
			add_bucket(&a, &model_a, &o);
			break;
		case 2:
			if (record(&b, &model_b, &o))
				return 0;
			break;
		case 3:
			add_bucket(&b, &model_b, &o);
			break;
		case 4:
			merge(&model_a, model_b);
			break;
		case 5:
			set_exact(&o);
			break;
		case 6:
			check_percentiles(&a, pct);
			check_percentiles(&b, pct);
			check_readers(&a, o.value);
			break;
		case 7:
			hist_init(&b);
			model_b = 0;
			break;
		}
		FUZZ_ASSERT(hist_check(&a) == NULL);
		FUZZ_ASSERT(hist_check(&b) == NULL);
		FUZZ_ASSERT(hist_count(&a) == model_a && hist_count(&b) == model_b);
	}
	check_percentiles(&a, 50);
	check_buckets(&a, model_a);
	check_buckets(&b, model_b);
	return 0;
}
