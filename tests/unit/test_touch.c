/* hogger/touch.c: which pages each access mode reads, how many, and how each read is timed. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "hogger/touch.h"

#define PAGE 4096
#define PER_CHUNK 4

/* npages pages in chunks of 4, page p's first word mark(p): the sum of a pass says which pages
 * it read. */
static struct memory memory_of(size_t npages, uint64_t (*mark)(size_t))
{
	struct memory m = { .chunk = PER_CHUNK * PAGE, .page = PAGE, .npages = npages };

	m.nchunks = (npages + PER_CHUNK - 1) / PER_CHUNK;
	m.chunks = calloc(m.nchunks, sizeof(*m.chunks));
	for (size_t c = 0; c < m.nchunks; c++)
		m.chunks[c] = calloc(1, m.chunk);
	for (size_t p = 0; p < npages; p++) {
		uint64_t v = mark(p);
		memcpy(m.chunks[p / PER_CHUNK] + (p % PER_CHUNK) * PAGE, &v, sizeof(v));
	}
	return m;
}

static void memory_free(struct memory *m)
{
	for (size_t c = 0; c < m->nchunks; c++)
		free(m->chunks[c]);
	free(m->chunks);
}

static uint64_t its_number(size_t p)
{
	return p + 1;
}

Test(touch, all_and_reread_read_every_page_once)
{
	struct memory m = memory_of(20, its_number);
	struct access a = { .kind = ACCESS_REREAD, .passes = 1 };
	struct histogram lat;
	uint64_t rng = 1;

	hist_init(&lat);
	cr_assert_eq(touch_all(&m), 210);
	cr_assert_eq(touch_pass(&m, &a, &rng, 1, &lat), 210);
	cr_assert_eq(touch_reads(&m, &a, 1), 20);
	cr_assert_eq(touch_reads(&m, &a, 4), 20, "a thread rereads its own chunks whole");
	cr_assert_eq(hist_count(&lat), 20, "one latency per read");
	memory_free(&m);
}

static uint64_t last_of_20_marked(size_t p)
{
	return p == 19 ? 1ULL << 32 : 1;
}

/* random: npages / parts uniform draws over every page, the last one included. */
Test(touch, random_draws_over_all_pages)
{
	struct memory m = memory_of(20, last_of_20_marked);
	struct access a = { .kind = ACCESS_RANDOM, .passes = 1 };
	struct histogram lat;
	uint64_t rng = 7, sum = 0;

	hist_init(&lat);
	cr_assert_eq(touch_reads(&m, &a, 2), 10);
	cr_assert_eq(touch_reads(&m, &a, 1), 20);
	for (int pass = 0; pass < 100; pass++)
		sum += touch_pass(&m, &a, &rng, 2, &lat);
	cr_assert_eq(hist_count(&lat), 1000, "10 reads a pass");
	cr_assert_gt(sum >> 32, 0, "the last page is drawn too");
	cr_assert_eq((sum >> 32) + (sum & 0xffffffff), 1000);
	memory_free(&m);
}

/* Pages 0-9 are the hot set of hot:10 over 100 pages: 1 each, page 9 1 << 20; the cold
 * pages 1 << 32. */
static uint64_t hot_tenth(size_t p)
{
	return p >= 10 ? 1ULL << 32 : p == 9 ? 1ULL << 20 : 1;
}

Test(touch, hot_reads_only_the_hot_set_and_all_of_it)
{
	struct memory m = memory_of(100, hot_tenth);
	struct access a = { .kind = ACCESS_HOT, .passes = 1, .hot_pct = 10 };
	struct histogram lat;
	uint64_t rng = 3, sum = 0;

	hist_init(&lat);
	cr_assert_eq(touch_reads(&m, &a, 1), 10);
	cr_assert_eq(touch_reads(&m, &a, 3), 4, "a share rounded up");
	for (int pass = 0; pass < 100; pass++)
		sum += touch_pass(&m, &a, &rng, 3, &lat);
	cr_assert_eq(hist_count(&lat), 400);
	cr_assert_eq(sum >> 32, 0, "a cold page was read");
	cr_assert_gt(sum >> 20, 0, "the hot set's last page is read too");
	memory_free(&m);
}

/* hot:10:1:last over 100 pages: pages 90-99 the hot set, 1 each, page 90 1 << 20; the
 * others 1 << 32. */
static uint64_t last_tenth(size_t p)
{
	return p < 90 ? 1ULL << 32 : p == 90 ? 1ULL << 20 : 1;
}

Test(touch, hot_last_reads_only_the_newest_pages_and_all_of_them)
{
	struct memory m = memory_of(100, last_tenth);
	struct access a = { .kind = ACCESS_HOT, .passes = 1, .hot_pct = 10, .hot_last = 1 };
	uint64_t rng = 3, sum = 0;

	cr_assert_eq(touch_reads(&m, &a, 1), 10);
	for (int pass = 0; pass < 100; pass++)
		sum += touch_pass(&m, &a, &rng, 1, NULL);
	cr_assert_eq(sum >> 32, 0, "a page before the hot set was read");
	cr_assert_gt(sum >> 20, 0, "the hot set's first page is read too");
	memory_free(&m);
}

/* The hot set's size: PCT% of the pages, rounded down, never none. */
Test(touch, the_hot_set_is_pct_of_the_pages_at_least_one)
{
	struct memory m = memory_of(10, its_number);
	struct access a = { .kind = ACCESS_HOT, .passes = 1, .hot_pct = 50 };
	uint64_t rng = 5;

	cr_assert_eq(touch_reads(&m, &a, 1), 5);
	a.hot_pct = 1;
	cr_assert_eq(touch_reads(&m, &a, 1), 1);
	cr_assert_eq(touch_pass(&m, &a, &rng, 1, NULL), 1, "only page 0");
	a.hot_pct = 100;
	cr_assert_eq(touch_reads(&m, &a, 1), 10);
	memory_free(&m);
}

static uint64_t first_marked(size_t p)
{
	return p == 0 ? 1ULL << 32 : 1;
}

/* zipf: page 0 is the hottest, drawn about log 2 / log 101 of the time over 100 pages (15%),
 * where uniform draws it 1% of the time. */
Test(touch, zipf_favours_the_first_pages)
{
	struct memory m = memory_of(100, first_marked);
	struct access a = { .kind = ACCESS_HOT, .passes = 1, .hot_pct = 100, .zipf = 1 };
	uint64_t rng = 11, sum = 0;

	for (int pass = 0; pass < 10; pass++)
		sum += touch_pass(&m, &a, &rng, 1, NULL);
	cr_assert(sum >> 32 > 100 && sum >> 32 < 200, "page 0 drawn %lu times in 1000",
		  (unsigned long)(sum >> 32));
	a.zipf = 0;
	sum = 0;
	for (int pass = 0; pass < 10; pass++)
		sum += touch_pass(&m, &a, &rng, 1, NULL);
	cr_assert_lt(sum >> 32, 40, "uniform: page 0 drawn %lu times", (unsigned long)(sum >> 32));
	memory_free(&m);
}

/* Each read timed from the end of the one before; the test hook's delay is a floor. */
Test(touch, latencies_are_per_read_and_at_least_the_delay)
{
	struct memory m = memory_of(20, its_number);
	struct access a = { .kind = ACCESS_REREAD, .passes = 1 };
	struct histogram lat;
	uint64_t rng = 1;

	m.test_delay_ns = 100000;
	hist_init(&lat);
	cr_assert_eq(touch_pass(&m, &a, &rng, 1, &lat), 210);
	cr_assert_eq(hist_count(&lat), 20);
	cr_assert_geq(hist_min(&lat), 100000);
	cr_assert_lt(hist_max(&lat), 1000000000, "the first read timed from the pass's start");
	memory_free(&m);
}

/* fill and tabs have no pass: the runner pokes tabs through touch_all. */
Test(touch, fill_and_tabs_read_nothing)
{
	struct memory m = memory_of(8, its_number);
	struct access a = { .kind = ACCESS_FILL };
	struct histogram lat;
	uint64_t rng = 1;

	hist_init(&lat);
	cr_assert_eq(touch_pass(&m, &a, &rng, 1, &lat), 0);
	cr_assert_eq(touch_reads(&m, &a, 1), 0);
	a.kind = ACCESS_TABS;
	cr_assert_eq(touch_pass(&m, &a, &rng, 1, &lat), 0);
	cr_assert_eq(touch_reads(&m, &a, 1), 0);
	cr_assert_eq(hist_count(&lat), 0);
	memory_free(&m);
}
