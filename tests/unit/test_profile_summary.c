/* A profile's summary as `zswapbench show PROFILE` prints it (profile/summary.c): the footprint
 * at the end and at its most, the median of the memory touched an interval (the first sample,
 * which counts what was touched before the recording began, left out), what the pages hold and
 * each algorithm's ratio; every line within 100 columns. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/profile/summary.h"

#define MIB (1024ULL * 1024)

static struct profile p;
static char *text;

static void made(void)
{
	static const uint64_t touched[] = { 900, 10, 30, 20, 40 }; /* MiB */
	static const uint64_t anon[] = { 100, 300, 250, 200, 150 };

	profile_init(&p);
	text = NULL;
	p.pid = 4194304;
	snprintf(p.comm, sizeof(p.comm), "a-long-comm-name");
	snprintf(p.kernel, sizeof(p.kernel), "6.18.44-fc-v1272-generic-with-a-long-local-version");
	snprintf(p.started, sizeof(p.started), "2026-12-07T23:21:58Z");
	snprintf(p.ended, sizeof(p.ended), "interrupted");
	snprintf(p.heat_source, sizeof(p.heat_source), "clear_refs");
	p.page_size = 4096;
	p.duration_s = 86400;
	p.interval_s = 0.25;
	for (size_t i = 0; i < 5; i++) {
		struct profile_sample *s = profile_add_sample(&p);
		cr_assert_not_null(s);
		s->anon = anon[i] * MIB;
		s->file = 2 * MIB;
		s->shmem = 3 * MIB;
		s->swap = 4 * MIB;
		s->referenced = touched[i] * MIB;
	}
	p.contents.measured = 1;
	p.contents.pages = 2000;
	p.contents.zero = 500;
	p.contents.same = 100;
	p.contents.swapped = 42;
	p.contents.seconds = 1.5;
	profile_name_algorithms(&p, "lz4 zstd");
	/* lz4: the 1400 data pages in 1400 * 1024 bytes; zstd in 1400 * 512, 70 stored whole. */
	p.contents.algo[0].pages = 1400;
	p.contents.algo[0].compressed = 1400 * 1024;
	p.contents.algo[1].pages = 1400;
	p.contents.algo[1].compressed = 1400 * 512;
	p.contents.algo[1].huge = 70;
}

static void dropped(void)
{
	profile_free(&p);
	free(text);
}

TestSuite(profile_summary, .init = made, .fini = dropped);

static const char *summary(void)
{
	size_t len = 0;
	FILE *out;

	free(text);
	text = NULL;
	out = open_memstream(&text, &len);
	cr_assert_not_null(out);
	profile_summary(&p, out);
	fclose(out);
	return text;
}

/* The line that starts with start (after its indentation), or NULL. */
static const char *line_of(const char *all, const char *start)
{
	static char line[512];

	for (const char *l = all; l && *l;) {
		const char *end = strchrnul(l, '\n'), *s = l;
		while (*s == ' ')
			s++;
		if (strncmp(s, start, strlen(start)) == 0) {
			snprintf(line, sizeof(line), "%.*s", (int)(end - l), l);
			return line;
		}
		l = *end ? end + 1 : end;
	}
	return NULL;
}

static void within_100_columns(const char *all)
{
	for (const char *l = all; *l;) {
		const char *end = strchrnul(l, '\n');
		cr_expect_leq(end - l, 100, "%zu columns: %.*s", (size_t)(end - l), (int)(end - l),
			      l);
		l = *end ? end + 1 : end;
	}
}

/* Its first line wrapped (the kernel's release is long): each piece on one line or another. */
Test(profile_summary, what_was_recorded)
{
	const char *all = summary(), *l = line_of(all, "profile of PID");

	cr_assert_not_null(l, "%s", all);
	cr_expect_not_null(strstr(all, "PID 4194304 (a-long-comm-name)"), "%s", all);
	cr_expect_not_null(strstr(all, "6.18.44-fc-v1272-generic-with-a-long-local-version"), "%s",
			   all);
	cr_expect_not_null(strstr(all, "from 2026-12-07T23:21:58Z: 86400 s"), "%s", all);
	cr_expect_not_null(strstr(all, "every 0.25 s"), "%s", all);
	cr_expect_not_null(strstr(all, "ended by interrupted"), "%s", all);
}

Test(profile_summary, the_footprint_at_the_end_and_at_its_most)
{
	const char *l = line_of(summary(), "footprint");

	cr_assert_not_null(l, "%s", text);
	cr_expect_str_eq(l,
			 "  footprint  anon 150M, file 2M, shmem 3M, swap 4M at the end; anon at "
			 "most 300M");
}

/* Touched 10, 30, 20 and 40 MiB an interval after the first sample's 900: the median of four is
 * the third of them in order (30M), the most 40M. */
Test(profile_summary, touches_without_the_first_sample)
{
	const char *l = line_of(summary(), "touched");

	cr_assert_not_null(l, "%s", text);
	cr_expect_str_eq(l, "  touched    30M an interval (median of 4), at most 40M (clear_refs)");
}

Test(profile_summary, touches_of_an_odd_count)
{
	const char *l;

	p.samples[4].referenced = 5 * MIB;
	p.nsamples = 4; /* 10, 30, 20 */
	l = line_of(summary(), "touched");
	p.nsamples = 5;
	cr_assert_not_null(l, "%s", text);
	cr_expect_str_eq(l, "  touched    20M an interval (median of 3), at most 30M (clear_refs)");
}

Test(profile_summary, one_sample_no_interval)
{
	const char *l;

	p.nsamples = 1;
	l = line_of(summary(), "touched");
	p.nsamples = 5;
	cr_assert_not_null(l, "%s", text);
	cr_expect_str_eq(l, "  touched    one sample: no interval to count touches in");
	cr_expect_not_null(line_of(text, "footprint  anon 100M"), "%s", text);
}

Test(profile_summary, no_sample)
{
	p.nsamples = 0;
	summary();
	p.nsamples = 5;
	cr_expect_not_null(line_of(text, "no sample"), "%s", text);
	cr_expect_null(line_of(text, "footprint"), "%s", text);
	cr_expect_null(line_of(text, "pages"), "%s", text);
}

/* 500 zero and 100 same-filled pages of 2000; zram sees the 1500 that are not zero (the swap
 * layer keeps those out): lz4 keeps 1400 KiB of them (6000 KiB, 4.29x as its mm_stat would say),
 * zstd 700 KiB (8.57x). */
Test(profile_summary, the_pages_and_each_algorithm_s_ratio)
{
	const char *all = summary(), *l = line_of(all, "pages");

	cr_assert_not_null(l, "%s", all);
	cr_expect_str_eq(l,
			 "  pages      2000 private pages read in 1.50 s: 25.0% zero, 5.0% one "
			 "word repeated");
	cr_expect_not_null(line_of(all, "42 more in swap, not read"), "%s", all);
	l = line_of(all, "lz4");
	cr_assert_not_null(l, "%s", all);
	cr_expect_str_eq(l,
			 "  lz4        4.29x as zram stores them; 0.0% of the other pages whole");
	l = line_of(all, "zstd");
	cr_assert_not_null(l, "%s", all);
	cr_expect_str_eq(l,
			 "  zstd       8.57x as zram stores them; 5.0% of the other pages whole");
}

Test(profile_summary, not_measured_says_why)
{
	const char *l;

	p.contents.measured = 0;
	p.contents.pages = 0;
	l = line_of(summary(), "pages");
	cr_assert_not_null(l, "%s", text);
	cr_expect_str_eq(l,
			 "  pages      not measured (the process ended, or no zram to measure "
			 "with)");
	cr_expect_null(line_of(text, "lz4"), "no ratio of pages not measured");
	p.contents.pages = 10;
	l = line_of(summary(), "pages");
	cr_expect_str_eq(l, "  pages      not measured (cut short)");
}

Test(profile_summary, every_line_within_100_columns)
{
	within_100_columns(summary());
	/* Every size seven characters wide: 101 columns of footprint, wrapped. */
	for (size_t i = 0; i < p.nsamples; i++) {
		struct profile_sample *s = &p.samples[i];
		s->anon = s->file = s->shmem = s->swap = s->referenced = 1023 * MIB + MIB / 2;
	}
	within_100_columns(summary());
	cr_expect_not_null(strstr(text, "1023.5M"), "%s", text);
	p.contents.measured = 0;
	within_100_columns(summary());
	p.nsamples = 1;
	within_100_columns(summary());
	p.nsamples = 5;
}
