#include <criterion/criterion.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/pattern.h"
#include "common/util.h"

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
	free(buf);
	/* Buffers start zeroed (the hogger callocs): zero must keep them zero. */
	buf = calloc(1, 8192);
	cr_assert_eq(pattern_parse("zero", &pat), 0);
	pattern_fill(&pat, buf, 8192, 4096);
	cr_assert_eq(zero_bytes(buf, 8192), 8192);
	free(buf);
}

Test(pattern, parse_errors)
{
	struct pattern pat;
	static const char *const bad[] = { "",
					   "seq:1",
					   "compressible",
					   "compressible:",
					   "compressible:x",
					   "compressible:101",
					   "compressible:-1",
					   "rand" };
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++)
		cr_assert_eq(pattern_parse(bad[i], &pat), -EINVAL, "accepted '%s'", bad[i]);
	cr_assert_eq(pattern_parse("compressible:0", &pat), 0);
	cr_assert_eq(pattern_parse("compressible:100", &pat), 0);
}

Test(pattern, hex_bytes_in_order_as_fio_reads_them)
{
	struct pattern pat;
	unsigned char buf[4096] = { 0 };
	static const unsigned char want[] = { 0x0b, 0xad, 0xc0, 0xff, 0xee, 0x0b, 0xad };
	cr_assert_eq(pattern_parse("pattern:0xbadc0ffee", &pat), 0);
	pattern_fill(&pat, buf, sizeof(buf), 4096);
	cr_assert_eq(memcmp(buf, want, sizeof(want)), 0);
	cr_assert_eq(pattern_parse("pattern:0x", &pat), -EINVAL);
	cr_assert_eq(pattern_parse("pattern:12g4", &pat), -EINVAL);
}

Test(pattern, mixed_cycles_ten_kinds_of_page)
{
	struct pattern pat;
	unsigned char *buf = calloc(10, 4096);
	cr_assert_eq(pattern_parse("mixed", &pat), 0);
	pattern_fill(&pat, buf, 10 * 4096, 4096);
	cr_assert_eq(zero_bytes(buf, 2 * 4096), 2 * 4096, "pages 0-1 are zero");
	cr_assert_eq(zero_bytes(buf + 2 * 4096, 4096), 0, "pages 2-4 are text");
	cr_assert_eq(zero_bytes(buf + 5 * 4096 + 2048, 2048), 2048, "pages 5-7 are half random");
	cr_assert_lt(zero_bytes(buf + 8 * 4096, 4096), 40, "pages 8-9 are random");
	free(buf);
}

Test(pattern, threads_start_where_their_bytes_start)
{
	struct pattern base, t0, t1;
	cr_assert_eq(pattern_parse("pattern:0x0102030405", &base), 0);
	t0 = pattern_for_thread(&base, 0, 0, 4096);
	t1 = pattern_for_thread(&base, 1, 4096 * 3, 4096);
	cr_assert_eq(t0.phase, 0);
	cr_assert_eq(t1.phase, (4096 * 3) % 5);
	cr_assert_eq(t1.page_index, 3);
	cr_assert_neq(t0.rng, t1.rng, "each thread has its own random stream");
}

/* compressible:PCT is PCT% zeros after the random bytes, not the other way round. */
Test(pattern, compressible_25_is_a_quarter_zero)
{
	struct pattern pat;
	unsigned char *buf = malloc(2 * 4096);

	cr_assert_eq(pattern_parse("compressible:25", &pat), 0);
	pattern_fill(&pat, buf, 2 * 4096, 4096);
	for (int page = 0; page < 2; page++) {
		const unsigned char *p = buf + page * 4096;
		cr_assert_eq(zero_bytes(p + 3072, 1024), 1024, "the last quarter is zero");
		cr_assert_lt(zero_bytes(p, 3072), 40, "the first three quarters are random");
	}
	free(buf);
}

/* A repeated pattern continues across pages and wraps at its own length. */
Test(pattern, hex_wraps_at_its_length_across_pages)
{
	struct pattern pat;
	unsigned char buf[2 * 4096] = { 0 };

	cr_assert_eq(pattern_parse("pattern:0x010203", &pat), 0);
	pattern_fill(&pat, buf, 4096, 4096);
	pattern_fill(&pat, buf + 4096, 4096, 4096);
	for (size_t i = 0; i < sizeof(buf); i++)
		cr_assert_eq(buf[i], i % 3 + 1, "byte %zu", i);
}

/* Up to 64 bytes (128 digits), as the pattern's buffer holds. */
Test(pattern, hex_up_to_64_bytes)
{
	struct pattern pat;
	char spec[160] = "pattern:0x";

	memset(spec + strlen(spec), 'a', 128);
	cr_assert_eq(pattern_parse(spec, &pat), 0);
	cr_assert_eq(pat.nbytes, 64);
	cr_assert_eq(pat.bytes[63], 0xaa);
	strcat(spec, "b");
	cr_assert_eq(pattern_parse(spec, &pat), -EINVAL, "129 digits are 65 bytes");
}

static char *temp_file(const char *text, size_t len)
{
	static char path[64];
	int fd;

	snprintf(path, sizeof(path), "/tmp/zsb-pattern-XXXXXX");
	fd = mkstemp(path);
	cr_assert_geq(fd, 0);
	cr_assert_eq(write(fd, text, len), (ssize_t)len);
	close(fd);
	return path;
}

/* file:PATH: the file's bytes cycled, from where a thread's share starts. */
Test(pattern, a_file_is_cycled_from_the_threads_offset)
{
	struct pattern base, t;
	unsigned char buf[16];
	char *path = temp_file("abcde", 5), spec[80];

	snprintf(spec, sizeof(spec), "file:%s", path);
	cr_assert_eq(pattern_parse(spec, &base), 0);
	cr_assert_eq(pattern_check(&base), 0);
	cr_assert_eq(pattern_open(&base), 0);
	cr_assert_geq(pattern_file_fd(&base), 0);
	pattern_fill(&base, buf, 12, 4);
	cr_assert_eq(memcmp(buf, "abcdeabcdeab", 12), 0, "%.12s", buf);
	t = pattern_for_thread(&base, 1, 3, 4);
	pattern_fill(&t, buf, 8, 4);
	cr_assert_eq(memcmp(buf, "deabcdea", 8), 0, "%.8s", buf);
	pattern_rewind(&base);
	pattern_fill(&base, buf, 4, 4);
	cr_assert_eq(memcmp(buf, "abcd", 4), 0, "rewound: from the start again");
	close(pattern_file_fd(&base));
	unlink(path);
}

/* An empty file, a directory, a missing file: refused before the run, each for its reason. */
Test(pattern, check_refuses_what_cannot_be_read)
{
	struct pattern pat;
	char *path = temp_file("", 0);
	char spec[80];

	snprintf(spec, sizeof(spec), "file:%s", path);
	cr_assert_eq(pattern_parse(spec, &pat), 0);
	cr_assert_eq(pattern_check(&pat), -ENODATA);
	unlink(path);
	cr_assert_eq(pattern_check(&pat), -ENOENT);
	cr_assert_eq(pattern_parse("file:/tmp", &pat), 0);
	cr_assert_eq(pattern_check(&pat), -EINVAL);
	cr_assert_eq(pattern_parse("file:", &pat), -EINVAL);
	cr_assert_eq(pattern_parse("random", &pat), 0);
	cr_assert_eq(pattern_check(&pat), 0);
	cr_assert_eq(pattern_file_fd(&pat), -1);
}

/* What zram's RAM is planned with: 1 / (1 - PCT/100) less 5%, all-but-zero pages as zero. */
Test(pattern, expected_ratios)
{
	struct pattern pat;

	cr_assert_eq(pattern_parse("compressible:50", &pat), 0);
	cr_assert_float_eq(pattern_expected_ratio(&pat), 1.9, 1e-12);
	cr_assert_eq(pattern_parse("compressible:75", &pat), 0);
	cr_assert_float_eq(pattern_expected_ratio(&pat), 3.8, 1e-12);
	cr_assert_eq(pattern_parse("compressible:97", &pat), 0);
	cr_assert_float_eq(pattern_expected_ratio(&pat), 100.0 / 3 * 0.95, 1e-9);
	cr_assert_eq(pattern_parse("compressible:98", &pat), 0);
	cr_assert_float_eq(pattern_expected_ratio(&pat), 50, 1e-12);
	cr_assert_eq(pattern_parse("zero", &pat), 0);
	cr_assert_float_eq(pattern_expected_ratio(&pat), 50, 1e-12);
	cr_assert_eq(pattern_parse("mixed", &pat), 0);
	cr_assert_float_eq(pattern_expected_ratio(&pat), 1.9, 1e-12);
	cr_assert_eq(pattern_parse("seq", &pat), 0);
	cr_assert_float_eq(pattern_expected_ratio(&pat), 1, 1e-12);
}
