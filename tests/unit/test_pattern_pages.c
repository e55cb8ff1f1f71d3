/* The hogger's pages: pattern (a replayed profile's pages): its grammar, each class's page,
 * the classes' proportions, the segments in turn, the kernel's page boundaries. */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/pattern.h"

#define PAGE 4096

/* The random bytes at the start of a page: up to its last non-zero byte. */
static size_t prefix_of(const unsigned char *p)
{
	size_t n = PAGE;

	while (n > 0 && p[n - 1] == 0)
		n--;
	return n;
}

static int same_filled(const unsigned char *p)
{
	uint64_t first, w;

	memcpy(&first, p, sizeof(first));
	for (size_t i = 0; i < PAGE; i += sizeof(w)) {
		memcpy(&w, p + i, sizeof(w));
		if (w != first)
			return 0;
	}
	return first != 0;
}

/* npages pages of spec, filled from a page-aligned buffer. */
static unsigned char *fill(const char *spec, size_t npages)
{
	struct pattern pat;
	unsigned char *buf = NULL;

	cr_assert_eq(pattern_parse(spec, &pat), 0, "%s", spec);
	cr_assert_eq(posix_memalign((void **)&buf, PAGE, npages * PAGE), 0);
	memset(buf, 0, npages * PAGE);
	pattern_fill(&pat, buf, npages * PAGE, PAGE);
	return buf;
}

Test(pattern_pages, grammar)
{
	static const char *const good[] = { "pages:1@0", "pages:3@s,2@100,1@4096",
					    "pages:10/1@0;1@4096", "pages:2/1@s;3/1@0;1@10" };
	static const char *const bad[] = {
		"pages:",      "pages:1",	  "pages:@0",	"pages:1@",    "pages:1@x",
		"pages:0@0",   "pages:1@0,",	  "pages:1@0;", "pages:0/1@0", "pages:1@0;;1@0",
		"pages:x/1@0", "pages:1@2000000", "pages:1@0 ", "pages:-1@0",  "pages:4294967296@0",
	};
	struct pattern pat;

	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++)
		cr_expect_eq(pattern_parse(good[i], &pat), 0, "%s", good[i]);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		cr_expect_neq(pattern_parse(bad[i], &pat), 0, "%s", bad[i]);
	cr_assert_eq(pattern_parse("pages:4294967295@1", &pat), 0);
}

Test(pattern_pages, each_class_is_its_prefix_of_random_bytes_then_zeros)
{
	unsigned char *buf = fill("pages:1@1000", 8);

	for (size_t i = 0; i < 8; i++) {
		size_t n = prefix_of(buf + i * PAGE);
		/* random bytes may end in a zero byte or two */
		cr_expect(n <= 1000 && n > 990, "page %zu: prefix %zu", i, n);
	}
	free(buf);
	buf = fill("pages:1@s", 4);
	for (size_t i = 0; i < 4; i++)
		cr_expect(same_filled(buf + i * PAGE), "page %zu not same-filled", i);
	free(buf);
	buf = fill("pages:1@0", 4);
	for (size_t i = 0; i < 4; i++)
		cr_expect_eq(prefix_of(buf + i * PAGE), 0, "page %zu not zero", i);
	free(buf);
	buf = fill("pages:1@4096", 2);
	cr_expect_gt(prefix_of(buf), 4090);
	free(buf);
}

Test(pattern_pages, classes_come_in_their_proportions_in_any_stretch)
{
	unsigned char *buf = fill("pages:1@0,2@s,7@4096", 1000);
	size_t zero = 0, same = 0, whole = 0, first_hundred_zero = 0;

	for (size_t i = 0; i < 1000; i++) {
		const unsigned char *p = buf + i * PAGE;
		size_t n = prefix_of(p);
		int z = n == 0, s = same_filled(p);
		zero += z;
		same += s;
		whole += !z && !s && n > 4000;
		first_hundred_zero += i < 100 && z;
	}
	cr_expect(zero >= 99 && zero <= 101, "zero %zu of 1000", zero);
	cr_expect(same >= 199 && same <= 201, "same %zu of 1000", same);
	cr_expect(whole >= 699 && whole <= 701, "whole %zu of 1000", whole);
	cr_expect(first_hundred_zero >= 9 && first_hundred_zero <= 11, "the first 100: %zu zero",
		  first_hundred_zero);
	free(buf);
}

Test(pattern_pages, segments_in_turn_the_last_one_going_on)
{
	unsigned char *buf = fill("pages:3/1@0;2/1@s;1@4096", 10);

	for (size_t i = 0; i < 10; i++) {
		const unsigned char *p = buf + i * PAGE;
		if (i < 3)
			cr_expect_eq(prefix_of(p), 0, "page %zu", i);
		else if (i < 5)
			cr_expect(same_filled(p), "page %zu", i);
		else
			cr_expect_gt(prefix_of(p), 4090, "page %zu", i);
	}
	free(buf);
}

/* A chunk from malloc starts past its header: the classes start at the next page boundary,
 * the bytes before it left zero, so a same-filled class is same-filled in the kernel's page. */
Test(pattern_pages, classes_sit_on_the_kernels_pages)
{
	struct pattern pat;
	unsigned char *buf = NULL;

	cr_assert_eq(posix_memalign((void **)&buf, PAGE, 5 * PAGE), 0);
	memset(buf, 0, 5 * PAGE);
	cr_assert_eq(pattern_parse("pages:1@s", &pat), 0);
	pattern_fill(&pat, buf + 16, 4 * PAGE, PAGE);
	for (size_t i = 16; i < PAGE; i++)
		cr_assert_eq(buf[i], 0, "byte %zu before the first boundary written", i);
	for (size_t i = 1; i < 4; i++)
		cr_expect(same_filled(buf + i * PAGE), "page %zu", i);
	cr_expect_eq(prefix_of(buf + 4 * PAGE), 0, "past the chunk's end written");
	free(buf);
}

Test(pattern_pages, expected_ratio_follows_the_prefixes)
{
	struct pattern pat;

	cr_assert_eq(pattern_parse("pages:1@1000", &pat), 0);
	/* 4096 / (1000 x 1.04 + 24) */
	cr_expect_float_eq(pattern_expected_ratio(&pat), 4096.0 / 1064.0, 1e-9);
	cr_assert_eq(pattern_parse("pages:1@0,1@1000", &pat), 0);
	cr_expect_float_eq(pattern_expected_ratio(&pat), 2 * 4096.0 / 1064.0, 1e-9);
	cr_assert_eq(pattern_parse("pages:1@4096", &pat), 0);
	cr_expect_float_eq(pattern_expected_ratio(&pat), 1.0, 1e-9);
	cr_assert_eq(pattern_parse("pages:1@0", &pat), 0);
	cr_expect_float_eq(pattern_expected_ratio(&pat), 50.0, 1e-9);
}
