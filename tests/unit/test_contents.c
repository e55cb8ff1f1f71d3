/* What a process's private pages hold (profile/contents.c), on a fixture tree: a temporary root
 * stands in for /proc (kernel/proc_pid.c opens under the sysfs root), its /proc/PID/pagemap and
 * /proc/PID/mem regular sparse files, each page's entry at (address / 4096) * 8 and its bytes at
 * its address. A page sizer of the test's own says what each algorithm keeps of a page by its
 * first byte. Zero and same-filled pages are counted and never sized; shared and file pages,
 * pages not in RAM, shared memory and regions with nothing resident at the last sample are not
 * read; pages in swap are counted, not read. */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runner/kernel/proc_pid.h"
#include "runner/kernel/sysfs.h"
#include "runner/profile/contents.h"
#include "tools.h"

#define PID 4242
#define PAGE 4096

static char *root;
static int pagemap_fd = -1, mem_fd = -1;
static struct profile p;

static void tree(void)
{
	char path[PATH_MAX];

	root = temp_dir("zsb-unit-contents");
	snprintf(path, sizeof(path), "%s/proc", root);
	cr_assert_eq(mkdir(path, 0700), 0);
	snprintf(path, sizeof(path), "%s/proc/%d", root, PID);
	cr_assert_eq(mkdir(path, 0700), 0);
	snprintf(path, sizeof(path), "%s/proc/%d/pagemap", root, PID);
	pagemap_fd = open(path, O_RDWR | O_CREAT, 0600);
	snprintf(path, sizeof(path), "%s/proc/%d/mem", root, PID);
	mem_fd = open(path, O_RDWR | O_CREAT, 0600);
	cr_assert(pagemap_fd >= 0 && mem_fd >= 0);
	sysfs_set_root(root);
	profile_init(&p);
	p.pid = PID;
	p.page_size = PAGE;
	/* Two samples: only the last one's resident regions are read. */
	cr_assert_not_null(profile_add_sample(&p));
	cr_assert_not_null(profile_add_sample(&p));
}

static void gone(void)
{
	profile_free(&p);
	close(pagemap_fd);
	close(mem_fd);
	sysfs_set_root(NULL);
	remove_dir(root);
}

TestSuite(contents, .init = tree, .fini = gone);

/* The page at addr: its pagemap entry, and (when fill is not -1) its bytes, all fill but the
 * first (first) and the last (last). */
static void page_at(uint64_t addr, uint64_t entry, int first, int fill, int last)
{
	unsigned char bytes[PAGE];

	cr_assert_eq(pwrite(pagemap_fd, &entry, sizeof(entry), (off_t)(addr / PAGE * 8)), 8);
	if (fill < 0)
		return;
	memset(bytes, fill, sizeof(bytes));
	bytes[0] = (unsigned char)first;
	bytes[PAGE - 1] = (unsigned char)last;
	cr_assert_eq(pwrite(mem_fd, bytes, PAGE, (off_t)addr), PAGE);
}

/* A private page in RAM whose first byte is b, the rest 0: data (b = 0 has its last byte 1). */
static void data_at(uint64_t addr, int b)
{
	page_at(addr, PAGEMAP_PRESENT, b, 0, b ? 0 : 1);
}

static struct profile_region *region(uint64_t start, size_t pages, enum region_kind kind,
				     const char *name, uint64_t rss_last)
{
	struct profile_region *r = profile_region(&p, start, start + pages * PAGE, kind, name);

	cr_assert_not_null(r);
	r->rss[0] = pages * PAGE;
	r->rss[1] = rss_last;
	return r;
}

/* The test's sizer: algorithm 0 keeps 64 bytes per unit of the page's first byte; algorithm 1
 * 128, or the page whole when the first byte is 3; a first byte of fail_on fails. */
struct sizer_state {
	size_t calls[2];
	int fail_on;
};

static int fake_size(void *arg, size_t algo, const void *page, uint64_t *bytes, char *why,
		     size_t len)
{
	struct sizer_state *s = arg;
	unsigned b = ((const unsigned char *)page)[0];

	cr_assert_lt(algo, 2);
	s->calls[algo]++;
	if (s->fail_on >= 0 && b == (unsigned)s->fail_on) {
		snprintf(why, len, "the sizer's own reason");
		return -EIO;
	}
	*bytes = algo == 0 ? 64 * b : b == 3 ? PAGE : 128 * b;
	return 0;
}

static struct sizer_state state;
static struct page_sizer sizer = { .size = fake_size, .arg = &state, .nalgo = 2 };

static int measure(char *why, size_t len)
{
	state = (struct sizer_state){ .fail_on = -1 };
	why[0] = '\0';
	return contents_measure(&p, &sizer, why, len);
}

#define HEAP 0x100000
#define LIB 0x200000
#define COLD 0x300000
#define SHM 0x400000

/* The heap, a library's private pages and the rest, page by page. */
static void process(void)
{
	region(HEAP, 9, REGION_ANON, "[heap]", 6 * PAGE);
	page_at(HEAP + 0 * PAGE, PAGEMAP_PRESENT, 0, 0, 0); /* zero */
	page_at(HEAP + 1 * PAGE, PAGEMAP_PRESENT, 0xab, 0xab, 0xab); /* one word repeated */
	data_at(HEAP + 2 * PAGE, 1);
	/* shared (a page of shared memory mapped here): not the process's own */
	page_at(HEAP + 3 * PAGE, PAGEMAP_PRESENT | PAGEMAP_FILE_OR_SHARED, 7, 0, 0);
	page_at(HEAP + 4 * PAGE, PAGEMAP_SWAPPED, 7, 0, 0); /* in swap: counted, not read */
	page_at(HEAP + 5 * PAGE, 0, 7, 0, 0); /* not in RAM: not read */
	data_at(HEAP + 6 * PAGE, 2);
	data_at(HEAP + 7 * PAGE, 0); /* zero but its very last byte */
	/* shared memory in swap, seen through this mapping: not the process's own to count */
	page_at(HEAP + 8 * PAGE, PAGEMAP_SWAPPED | PAGEMAP_FILE_OR_SHARED, 7, 0, 0);

	region(LIB, 4, REGION_FILE, "/usr/lib/libx.so", 3 * PAGE);
	data_at(LIB + 0 * PAGE, 3); /* copied on write: the process's own */
	page_at(LIB + 1 * PAGE, PAGEMAP_PRESENT | PAGEMAP_FILE_OR_SHARED, 7, 0, 0); /* the file's */
	page_at(LIB + 2 * PAGE, PAGEMAP_SWAPPED, 7, 0, 0);
	page_at(LIB + 3 * PAGE, PAGEMAP_PRESENT, 0, 0, 0);

	/* Resident at the first sample, not at the last: not read. */
	region(COLD, 2, REGION_ANON, "", 0);
	data_at(COLD, 5);
	page_at(COLD + PAGE, PAGEMAP_SWAPPED, 7, 0, 0);

	/* Shared memory: never the process's own to swap, whatever its pagemap says. */
	region(SHM, 2, REGION_SHMEM, "/memfd:pool (deleted)", 2 * PAGE);
	data_at(SHM, 9);
	page_at(SHM + PAGE, PAGEMAP_SWAPPED, 9, 0, 0);
}

Test(contents, private_resident_pages_counted_by_what_they_hold)
{
	const struct profile_contents *c = &p.contents;
	char why[128];

	process();
	cr_assert_eq(measure(why, sizeof(why)), 0, "%s", why);
	cr_expect(c->measured);
	cr_expect_eq(c->pages, 7, "pages read: %llu", (unsigned long long)c->pages);
	cr_expect_eq(c->zero, 2, "zero: %llu", (unsigned long long)c->zero);
	cr_expect_eq(c->same, 1, "same: %llu", (unsigned long long)c->same);
	cr_expect_eq(c->swapped, 2, "swapped: %llu", (unsigned long long)c->swapped);
	cr_expect(c->seconds >= 0 && c->seconds < 60);
	cr_expect_eq(state.calls[0], 4, "the data pages sized, and only they");
	cr_expect_eq(state.calls[1], 4);
}

Test(contents, each_algorithm_s_sizes_in_its_own_histogram)
{
	const struct profile_algo *a0 = &p.contents.algo[0], *a1 = &p.contents.algo[1];
	char why[128];

	process();
	cr_assert_eq(measure(why, sizeof(why)), 0, "%s", why);
	/* First bytes 1, 2, 0 and 3: algorithm 0 keeps 64, 128, 0 and 192 bytes. */
	cr_expect_eq(a0->pages, 4);
	cr_expect_eq(a0->compressed, 64 + 128 + 0 + 192);
	cr_expect_eq(a0->huge, 0);
	cr_expect_eq(a0->hist[0] + a0->hist[1] + a0->hist[2] + a0->hist[3], 4);
	cr_expect(a0->hist[0] == 1 && a0->hist[1] == 1 && a0->hist[2] == 1 && a0->hist[3] == 1);
	/* Algorithm 1: 128, 256, 0 and the page whole. */
	cr_expect_eq(a1->pages, 4);
	cr_expect_eq(a1->compressed, 128 + 256 + 0 + PAGE);
	cr_expect_eq(a1->huge, 1);
	cr_expect(a1->hist[0] == 1 && a1->hist[2] == 1 && a1->hist[4] == 1 && a1->hist[64] == 1);
	cr_expect_eq(a1->hist[1] + a1->hist[3], 0);
	cr_expect_eq(p.contents.algo[2].pages, 0, "no third algorithm");
}

/* 300 pages: a batch of 256, then 44; the pages past the region's end, resident too, are
 * another mapping's. */
Test(contents, a_region_not_a_multiple_of_the_batch)
{
	const uint64_t start = 0x1000000;
	const struct profile_contents *c = &p.contents;
	uint64_t want = 0;
	char why[128];

	region(start, 300, REGION_ANON, "", 300 * PAGE);
	for (size_t i = 0; i < 312; i++)
		data_at(start + i * PAGE, 1 + (int)(i % 50));
	for (size_t i = 0; i < 300; i++)
		want += 64 * (1 + i % 50);
	cr_assert_eq(measure(why, sizeof(why)), 0, "%s", why);
	cr_expect_eq(c->pages, 300, "%llu pages", (unsigned long long)c->pages);
	cr_expect_eq(c->algo[0].pages, 300);
	cr_expect_eq(c->algo[0].compressed, want);
	cr_expect_eq(c->zero + c->same + c->swapped, 0);
}

/* pagemap ends before the region does (a mapping shrunk since the sample): what is there is
 * read, the rest is not there. */
Test(contents, a_pagemap_shorter_than_the_region)
{
	char why[128];

	region(0x2000000, 600, REGION_ANON, "", 600 * PAGE);
	data_at(0x2000000, 1);
	data_at(0x2000000 + 257 * PAGE, 2);
	cr_assert_eq(measure(why, sizeof(why)), 0, "%s", why);
	cr_expect_eq(p.contents.pages, 2);
	cr_expect_eq(p.contents.algo[0].compressed, 64 + 128);
}

Test(contents, a_sizer_s_failure_stops_it_with_its_reason)
{
	char why[128];

	process();
	state = (struct sizer_state){ .fail_on = 2 };
	why[0] = '\0';
	cr_assert_eq(contents_measure(&p, &sizer, why, sizeof(why)), -EIO);
	cr_expect_str_eq(why, "the sizer's own reason");
	cr_expect_not(p.contents.measured);
}

Test(contents, no_pagemap_or_no_mem_is_said)
{
	char path[PATH_MAX], why[128];

	process();
	snprintf(path, sizeof(path), "%s/proc/%d/mem", root, PID);
	cr_assert_eq(unlink(path), 0);
	cr_assert_eq(measure(why, sizeof(why)), -ENOENT);
	cr_expect_str_eq(why, "/proc/4242/mem");
	cr_expect_not(p.contents.measured);
	snprintf(path, sizeof(path), "%s/proc/%d/pagemap", root, PID);
	cr_assert_eq(unlink(path), 0);
	cr_assert_eq(measure(why, sizeof(why)), -ENOENT);
	cr_expect_str_eq(why, "/proc/4242/pagemap");
}

Test(contents, no_sample_nothing_to_read)
{
	char why[128];

	profile_free(&p);
	p.pid = PID;
	p.page_size = PAGE;
	cr_assert_eq(measure(why, sizeof(why)), -ENODATA);
	cr_expect_not(p.contents.measured);
}

/* The words of a page as zram's page_same_filled() reads them. */
Test(contents, a_page_s_fill_by_machine_words)
{
	static unsigned long words[PAGE / sizeof(unsigned long)];
	unsigned char *bytes = (unsigned char *)words;

	memset(words, 0, sizeof(words));
	cr_expect_eq(page_fill_of(words, PAGE), PAGE_ZERO);
	bytes[PAGE - 1] = 1;
	cr_expect_eq(page_fill_of(words, PAGE), PAGE_DATA, "a byte at the very end");
	bytes[PAGE - 1] = 0;
	bytes[0] = 1;
	cr_expect_eq(page_fill_of(words, PAGE), PAGE_DATA, "a byte at the very start");
	memset(words, 0x5a, sizeof(words));
	cr_expect_eq(page_fill_of(words, PAGE), PAGE_SAME);
	for (size_t i = 0; i < PAGE / sizeof(words[0]); i++)
		words[i] = 0x0102030405060708UL;
	cr_expect_eq(page_fill_of(words, PAGE), PAGE_SAME, "one word repeated, its bytes unlike");
	bytes[PAGE / 2] ^= 0xff;
	cr_expect_eq(page_fill_of(words, PAGE), PAGE_DATA);
	memset(words, 0, sizeof(words));
	words[PAGE / sizeof(words[0]) - 1] = 1;
	cr_expect_eq(page_fill_of(words, PAGE), PAGE_DATA, "the last word");
}
