#include <criterion/criterion.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "common/histogram.h"
#include "common/util.h"

/* Big enough that the stack of a Criterion worker is no concern. */
static struct histogram a, b, c;
static struct hist_bucket list[HIST_BUCKETS];

static int by_value(const void *x, const void *y)
{
	uint64_t u = *(const uint64_t *)x, v = *(const uint64_t *)y;
	return (u > v) - (u < v);
}

/* splitmix64, as the hogger's: reproducible inputs without libc's rand state. */
static uint64_t next(uint64_t *s)
{
	uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

/* Latency-like: log-uniform from 1 ns to about 2^30 ns (one second). */
static uint64_t latency(uint64_t *s)
{
	uint64_t r = next(s);
	return (r >> 34) >> (r & 31);
}

/* The exact nearest-rank percentile of sorted values: rank ceil(pmille / 100000 x n), in
 * integers, so it does not share the floating point of the code under test. */
static uint64_t exact(const uint64_t *sorted, size_t n, unsigned pmille)
{
	uint64_t rank = ((uint64_t)pmille * n + 99999) / 100000;
	return sorted[(rank ? rank : 1) - 1];
}

/* What hist_percentile must give for an exact value v: its bucket's upper edge, capped at max. */
static uint64_t reported(uint64_t v, uint64_t max)
{
	uint64_t upper = hist_bucket_of(v).upper;
	return upper < max ? upper : max;
}

static void assert_percentiles(const struct histogram *h, uint64_t *values, size_t n)
{
	static const unsigned pmilles[] = { 0,	   1000,  25000, 50000, 90000,
					    99000, 99900, 99990, 100000 };
	uint64_t max;

	qsort(values, n, sizeof(values[0]), by_value);
	max = values[n - 1];
	for (size_t i = 0; i < ARRAY_SIZE(pmilles); i++) {
		uint64_t want = exact(values, n, pmilles[i]);
		uint64_t got = hist_percentile(h, pmilles[i] / 1000.0);
		cr_assert_eq(got, reported(want, max), "p%g: %lu, exact %lu", pmilles[i] / 1000.0,
			     (unsigned long)got, (unsigned long)want);
		cr_assert(got >= want &&
				  (double)(got - want) < HIST_REL_ERROR * (double)want + 1e-9,
			  "p%g: %lu is not within %g of %lu", pmilles[i] / 1000.0,
			  (unsigned long)got, HIST_REL_ERROR, (unsigned long)want);
	}
}

Test(histogram, size_is_fixed_and_stated)
{
	cr_assert_eq(sizeof(struct histogram), 15920);
	cr_assert_eq(HIST_BUCKETS, 3968);
	cr_assert_geq(HIST_MAX_VALUE, 100000000000ULL, "the top must reach 100 s");
}

Test(histogram, empty)
{
	hist_init(&a);
	cr_assert_eq(hist_count(&a), 0);
	cr_assert_eq(hist_percentile(&a, 50), 0);
	cr_assert_eq(hist_percentile(&a, 100), 0);
	cr_assert_eq(hist_min(&a), 0);
	cr_assert_eq(hist_max(&a), 0);
	cr_assert_eq(hist_mean(&a), 0.0);
	cr_assert_eq(hist_buckets(&a, list, HIST_BUCKETS), 0);
	cr_assert_null(hist_check(&a));
	cr_assert_eq(hist_set_exact(&a, 0, 0, 0, 0), -EINVAL, "nothing to be exact about");
}

Test(histogram, single_value_comes_back_exactly)
{
	hist_init(&a);
	hist_record(&a, 1000003);
	cr_assert_eq(hist_count(&a), 1);
	for (double p = 0; p <= 100; p += 12.5)
		cr_assert_eq(hist_percentile(&a, p), 1000003, "p%g", p);
	cr_assert_eq(hist_min(&a), 1000003);
	cr_assert_eq(hist_max(&a), 1000003);
	cr_assert_eq(hist_mean(&a), 1000003.0);
	cr_assert_null(hist_check(&a));
}

Test(histogram, uniform_1_to_100000)
{
	static uint64_t values[100000];
	size_t n = ARRAY_SIZE(values);
	uint64_t s = 1;

	for (size_t i = 0; i < n; i++)
		values[i] = i + 1;
	for (size_t i = n - 1; i > 0; i--) { /* recorded in a random order */
		size_t j = next(&s) % (i + 1);
		uint64_t t = values[i];
		values[i] = values[j];
		values[j] = t;
	}
	hist_init(&a);
	for (size_t i = 0; i < n; i++)
		hist_record(&a, values[i]);
	cr_assert_eq(hist_count(&a), n);
	cr_assert_eq(hist_min(&a), 1);
	cr_assert_eq(hist_max(&a), 100000);
	cr_assert_eq(hist_mean(&a), 50000.5);
	assert_percentiles(&a, values, n);
	cr_assert_null(hist_check(&a));
}

Test(histogram, latency_like_against_sorting)
{
	static uint64_t values[200000];
	size_t n = ARRAY_SIZE(values);
	uint64_t s = 42;

	hist_init(&a);
	for (size_t i = 0; i < n; i++) {
		values[i] = latency(&s);
		hist_record(&a, values[i]);
	}
	assert_percentiles(&a, values, n);
	cr_assert_null(hist_check(&a));
}

Test(histogram, rank_is_not_pushed_up_by_rounding)
{
	/* 99.9 / 100 x 100000 is 99900.00000000001 in doubles: rank 99900 still, value 1. */
	hist_init(&a);
	cr_assert_eq(hist_add_bucket(&a, 1, 99900), 0);
	cr_assert_eq(hist_add_bucket(&a, 2, 100), 0);
	cr_assert_eq(hist_percentile(&a, 99.9), 1);
	cr_assert_eq(hist_percentile(&a, 99.90001), 2);
}

Test(histogram, percentile_is_monotonic_and_within_min_max)
{
	uint64_t s = 7, prev = 0;

	hist_init(&a);
	for (int i = 0; i < 10000; i++)
		hist_record(&a, latency(&s));
	for (double p = -1; p <= 101; p += 0.01) {
		uint64_t v = hist_percentile(&a, p);
		cr_assert_geq(v, prev, "p%g", p);
		cr_assert(v >= hist_min(&a) && v <= hist_max(&a), "p%g", p);
		prev = v;
	}
	cr_assert_eq(hist_percentile(&a, 100), hist_max(&a));
	cr_assert_eq(hist_percentile(&a, 0), hist_percentile(&a, -5));
	cr_assert_eq(hist_percentile(&a, 0), hist_percentile(&a, 5e-324),
		     "a pct that underflows is rank 1");
	cr_assert_eq(hist_percentile(&a, 100), hist_percentile(&a, 1e9));
}

Test(histogram, boundaries)
{
	hist_init(&a);
	hist_record(&a, 0);
	cr_assert_eq(hist_buckets(&a, list, HIST_BUCKETS), 1);
	cr_assert_eq(list[0].lower, 0);
	cr_assert_eq(list[0].upper, 0, "0 has a bucket of its own, the lowest");
	cr_assert_eq(hist_bucket_of(1).lower, 1);
	cr_assert_eq(hist_bucket_of(1).upper, 1);
	cr_assert_eq(hist_bucket_of(255).upper, 255, "below 256 every value is exact");
	cr_assert_eq(hist_bucket_of(256).upper, 257);
	cr_assert_eq(hist_bucket_of(100000000000ULL).upper - hist_bucket_of(100000000000ULL).lower +
			     1,
		     1u << 29, "100 s is inside the range");

	hist_record(&a, HIST_MAX_VALUE);
	cr_assert_eq(hist_overflow(&a), 0, "the top itself is in range");
	hist_record(&a, HIST_MAX_VALUE + 1);
	hist_record(&a, UINT64_MAX);
	cr_assert_eq(hist_overflow(&a), 2);
	cr_assert_eq(hist_count(&a), 4);
	cr_assert_eq(hist_buckets(&a, list, HIST_BUCKETS), 2);
	cr_assert_eq(list[1].upper, HIST_MAX_VALUE);
	cr_assert_eq(list[1].count, 3, "above the top clamps into the top bucket");
	cr_assert_eq(hist_max(&a), UINT64_MAX, "max stays exact");
	cr_assert_eq(hist_percentile(&a, 100), HIST_MAX_VALUE,
		     "a percentile never goes above the top");
	cr_assert_eq(hist_mean(&a), 3.0 * (double)HIST_MAX_VALUE / 4.0);
	cr_assert_null(hist_check(&a));

	hist_init(&a);
	hist_record(&a, HIST_MAX_VALUE + 100);
	hist_record(&a, HIST_MAX_VALUE + 200);
	cr_assert_eq(hist_percentile(&a, 50), HIST_MAX_VALUE + 100,
		     "all above the top: never below min");
	cr_assert_null(hist_check(&a));
}

Test(histogram, relative_error_bound_over_a_sweep)
{
	uint64_t s = 3;

	/* Every value up to 2^20, then random steps of about 1/512 of the value up to the top;
	 * then every bucket, edge to edge. */
	for (uint64_t v = 0; v <= HIST_MAX_VALUE;
	     v += v < (1 << 20) ? 1 : 1 + next(&s) % (v >> 8)) {
		struct hist_bucket bk = hist_bucket_of(v);
		cr_assert(bk.lower <= v && v <= bk.upper, "%lu", (unsigned long)v);
		cr_assert_lt((double)(bk.upper - v), HIST_REL_ERROR * (double)v + 1e-9, "%lu",
			     (unsigned long)v);
	}
	for (unsigned i = 0; i < HIST_BUCKETS; i++) {
		hist_init(&a);
		cr_assert_eq(hist_add_bucket(&a, i == 0 ? 0 : list[0].upper + 1, 1), 0);
		cr_assert_eq(hist_buckets(&a, list, 1), 1);
		cr_assert_eq(hist_bucket_of(list[0].lower).upper, list[0].upper, "bucket %u", i);
		cr_assert_lt((double)(list[0].upper - list[0].lower),
			     HIST_REL_ERROR * (double)list[0].lower + 1e-9);
	}
	cr_assert_eq(list[0].upper, HIST_MAX_VALUE, "the buckets tile 0 .. the top with no gap");
}

Test(histogram, merge_equals_recording_everything_in_one)
{
	uint64_t s = 11;

	hist_init(&a);
	hist_init(&b);
	hist_init(&c);
	for (int i = 0; i < 50000; i++) {
		uint64_t v = latency(&s) + 1000,
			 w = latency(&s) >> 5; /* b holds the min, a the max */
		hist_record(&a, v);
		hist_record(&b, w);
		hist_record(&c, v);
		hist_record(&c, w);
	}
	hist_record(&b, UINT64_MAX - 1);
	hist_record(&c, UINT64_MAX - 1);
	cr_assert_eq(hist_merge(&a, &b), 0);
	cr_assert_eq(memcmp(&a, &c, sizeof(a)), 0);
	hist_init(&b);
	cr_assert_eq(hist_merge(&a, &b), 0, "merging an empty one changes nothing");
	cr_assert_eq(memcmp(&a, &c, sizeof(a)), 0);
}

Test(histogram, merge_refuses_overflow_and_inconsistency)
{
	hist_init(&a);
	hist_init(&b);
	cr_assert_eq(hist_add_bucket(&a, 5000, UINT32_MAX), 0);
	hist_record(&b, 5000);
	memcpy(&c, &a, sizeof(a));
	cr_assert_eq(hist_merge(&a, &b), -ERANGE);
	cr_assert_eq(memcmp(&a, &c, sizeof(a)), 0, "a refused merge leaves into as it was");
	b.counts[0]++;
	cr_assert_eq(hist_merge(&c, &b), -EINVAL);

	/* Two buckets apart, each near 1.5 x 2^63 ns in all: only the sum overflows. */
	hist_init(&a);
	hist_init(&b);
	cr_assert_eq(hist_add_bucket(&a, 3ULL << 30, UINT32_MAX), 0);
	cr_assert_eq(hist_add_bucket(&b, (3ULL << 30) + (1 << 24), UINT32_MAX), 0);
	memcpy(&c, &a, sizeof(a));
	cr_assert_eq(hist_merge(&a, &b), -ERANGE);
	cr_assert_eq(memcmp(&a, &c, sizeof(a)), 0);
}

Test(histogram, buckets_round_trip)
{
	uint64_t s = 5;
	size_t n;

	hist_init(&a);
	for (int i = 0; i < 100000; i++)
		hist_record(&a, latency(&s));
	hist_record(&a, HIST_MAX_VALUE + 12345);
	n = hist_buckets(&a, list, HIST_BUCKETS);
	cr_assert_gt(n, 100);
	hist_init(&b);
	for (size_t i = 0; i < n; i++) /* any value in the bucket will do: the middle one */
		cr_assert_eq(hist_add_bucket(&b,
					     list[i].lower + (list[i].upper - list[i].lower) / 2,
					     list[i].count),
			     0);
	cr_assert_null(hist_check(&b), "%s", hist_check(&b));
	cr_assert_eq(hist_count(&b), hist_count(&a));
	cr_assert_eq(memcmp(a.counts, b.counts, sizeof(a.counts)), 0);
	cr_assert_eq(hist_set_exact(&b, a.min, a.max, a.sum, a.overflow), 0);
	cr_assert_eq(memcmp(&a, &b, sizeof(a)), 0,
		     "buckets and the exact values give the whole histogram");
	for (double p = 0; p <= 100; p += 0.1)
		cr_assert_eq(hist_percentile(&b, p), hist_percentile(&a, p), "p%g", p);
}

Test(histogram, add_bucket_without_exact_values_bounds_them)
{
	hist_init(&a);
	cr_assert_eq(hist_add_bucket(&a, 1001, 3), 0);
	cr_assert_eq(hist_add_bucket(&a, 300, 1), 0);
	cr_assert_eq(hist_min(&a), 300);
	cr_assert_eq(hist_max(&a), hist_bucket_of(1001).upper);
	cr_assert_eq(hist_percentile(&a, 50), hist_bucket_of(1001).upper);
	cr_assert_null(hist_check(&a));
}

Test(histogram, add_bucket_rejects)
{
	hist_init(&a);
	hist_record(&a, 77);
	memcpy(&b, &a, sizeof(a));
	cr_assert_eq(hist_add_bucket(&a, HIST_MAX_VALUE + 1, 1), -EINVAL);
	cr_assert_eq(hist_add_bucket(&a, UINT64_MAX, 1), -EINVAL);
	cr_assert_eq(hist_add_bucket(&a, 77, (uint64_t)UINT32_MAX), -ERANGE,
		     "the bucket holds one already");
	cr_assert_eq(hist_add_bucket(&a, 78, UINT64_MAX), -ERANGE);
	cr_assert_eq(hist_add_bucket(&a, 78, 0), 0, "nothing to add");
	cr_assert_eq(memcmp(&a, &b, sizeof(a)), 0,
		     "a refused bucket leaves the histogram as it was");
	memset(&c, 0, sizeof(c));
	cr_assert_eq(hist_add_bucket(&c, 78, 1), -EINVAL, "not initialised");
}

Test(histogram, set_exact_rejects_what_does_not_fit)
{
	hist_init(&a);
	hist_record(&a, 1000);
	hist_record(&a, 50000);
	memcpy(&b, &a, sizeof(a));
	cr_assert_eq(hist_set_exact(&a, 999, 50000, 51000, 0), -EINVAL, "min in another bucket");
	cr_assert_eq(hist_set_exact(&a, 1000, 60000, 51000, 0), -EINVAL, "max in another bucket");
	cr_assert_eq(hist_set_exact(&a, 1000, 50000, 200000, 0), -EINVAL, "sum above count x max");
	cr_assert_eq(hist_set_exact(&a, 1000, 50000, 51000, 1), -EINVAL,
		     "overflow without a max above the top");
	cr_assert_eq(memcmp(&a, &b, sizeof(a)), 0);
	cr_assert_eq(hist_set_exact(&a, 1001, 50001, 51002, 0), 0,
		     "other values in the same buckets");
	cr_assert_eq(hist_min(&a), 1001);
}

Test(histogram, check_catches_corruption)
{
	uint64_t s = 9;

	hist_init(&a);
	for (int i = 0; i < 1000; i++)
		hist_record(&a, latency(&s));
	cr_assert_null(hist_check(&a));

	memcpy(&b, &a, sizeof(a));
	b.counts[hist_index(500)]++;
	cr_assert_str_eq(hist_check(&b), "bucket counts do not add up to the total");
	memcpy(&b, &a, sizeof(a));
	b.total--;
	cr_assert_not_null(hist_check(&b));
	memcpy(&b, &a, sizeof(a));
	b.layout ^= 1;
	cr_assert_not_null(hist_check(&b));
	memcpy(&b, &a, sizeof(a));
	b.zero = 1;
	cr_assert_not_null(hist_check(&b));
	memcpy(&b, &a, sizeof(a));
	b.min = b.max + 1;
	cr_assert_not_null(hist_check(&b));
	memcpy(&b, &a, sizeof(a));
	b.max = HIST_MAX_VALUE + 1;
	cr_assert_not_null(hist_check(&b));
	memcpy(&b, &a, sizeof(a));
	b.sum = UINT64_MAX;
	cr_assert_not_null(hist_check(&b));
	memcpy(&b, &a, sizeof(a));
	b.overflow = 1;
	cr_assert_not_null(hist_check(&b));
	hist_init(&b);
	b.sum = 1;
	cr_assert_not_null(hist_check(&b), "empty with a sum");
}

Test(histogram, check_catches_a_wrapped_bucket)
{
	hist_init(&a);
	cr_assert_eq(hist_add_bucket(&a, 3000, UINT32_MAX), 0);
	cr_assert_null(hist_check(&a));
	hist_record(&a, 3000);
	cr_assert_not_null(hist_check(&a), "2^32 values in one bucket wrap its count");
}

/* Each exact value refused alone: the histogram keeps the one it had, not the one refused. */
Test(histogram, a_refused_set_exact_keeps_each_value_it_had)
{
	static const uint64_t bad[][4] = {
		{ 999, 50000, 51000, 0 }, /* min in another bucket */
		{ 1000, 60000, 51000, 0 }, /* max in another bucket */
		{ 1000, 50000, 200000, 0 }, /* sum above count x max */
		{ 1000, 50000, 51000, 1 }, /* an overflow without a max above the top */
	};

	hist_init(&a);
	hist_record(&a, 1000);
	hist_record(&a, 50000);
	memcpy(&b, &a, sizeof(a));
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		cr_assert_eq(hist_set_exact(&a, bad[i][0], bad[i][1], bad[i][2], bad[i][3]),
			     -EINVAL);
		cr_assert_eq(memcmp(&a, &b, sizeof(a)), 0, "case %zu: min %lu max %lu sum %lu", i,
			     (unsigned long)a.min, (unsigned long)a.max, (unsigned long)a.sum);
	}
}
