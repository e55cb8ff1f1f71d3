#include <criterion/criterion.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/common/pattern.h"

static size_t zero_bytes(const unsigned char *p, size_t n)
{
	size_t z = 0;
	for (size_t i = 0; i < n; i++)
		z += p[i] == 0;
	return z;
}

Test(pattern, compressible_percent_is_the_zero_share_of_each_page)
{
	struct pattern pat;
	unsigned char *buf = malloc(4 * 4096);
	cr_assert_eq(pattern_parse("compressible:50", &pat), 0);
	pattern_fill(&pat, buf, 4 * 4096, 4096);
	for (int page = 0; page < 4; page++) {
		const unsigned char *p = buf + page * 4096;
		cr_assert_eq(zero_bytes(p + 2048, 2048), 2048, "second half must be zero");
		cr_assert_lt(zero_bytes(p, 2048), 40, "first half must be random");
	}
	free(buf);
}

Test(pattern, seq_is_the_seed_experiment)
{
	struct pattern pat;
	unsigned *buf = malloc(8192);
	cr_assert_eq(pattern_parse("seq", &pat), 0);
	pattern_fill(&pat, (unsigned char *)buf, 8192, 4096);
	for (unsigned i = 0; i < 2048; i++)
		cr_assert_eq(buf[i], i);
	free(buf);
}

Test(pattern, random_pages_differ_and_zero_is_zero)
{
	struct pattern pat;
	unsigned char *buf = malloc(8192);
	cr_assert_eq(pattern_parse("random", &pat), 0);
	pattern_fill(&pat, buf, 8192, 4096);
	cr_assert_neq(memcmp(buf, buf + 4096, 4096), 0);
	cr_assert_eq(pattern_parse("zero", &pat), 0);
	memset(buf, 0xff, 8192);
	pattern_fill(&pat, buf, 8192, 4096);
	cr_assert_eq(zero_bytes(buf, 8192), 8192);
	free(buf);
}

Test(pattern, parse_errors)
{
	struct pattern pat;
	static const char *const bad[] = { "", "seq:1", "compressible", "compressible:", "compressible:x",
					   "compressible:101", "compressible:-1", "rand" };
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		cr_assert_eq(pattern_parse(bad[i], &pat), -EINVAL, "accepted '%s'", bad[i]);
	cr_assert_eq(pattern_parse("compressible:0", &pat), 0);
	cr_assert_eq(pattern_parse("compressible:100", &pat), 0);
}
