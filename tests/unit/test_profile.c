/* A profile's samples and regions grown together (profile/profile.c): a new sample gives every
 * region's columns a 0, a region first seen late has zeros before, a region is found again by
 * its range, kind and name, and the bounds; an algorithm's histogram of compressed sizes at its
 * bucket edges, its ratio as zram's mm_stat gives one, and the algorithms' names. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "runner/profile/profile.h"

static struct profile p;

static void fresh(void)
{
	profile_init(&p);
}

static void drop(void)
{
	profile_free(&p);
}

TestSuite(profile, .init = fresh, .fini = drop);

Test(profile, a_new_sample_grows_every_region_with_zero)
{
	struct profile_region *a, *b;

	cr_assert_not_null(profile_add_sample(&p));
	a = profile_region(&p, 0x1000, 0x5000, REGION_ANON, "[heap]");
	b = profile_region(&p, 0x9000, 0xa000, REGION_FILE, "/lib/x.so");
	cr_assert(a && b);
	a->rss[0] = 11;
	a->referenced[0] = 12;
	b->rss[0] = 21;
	b->referenced[0] = 22;
	for (size_t s = 1; s < 5; s++) {
		struct profile_sample *smp = profile_add_sample(&p);
		cr_assert_not_null(smp);
		cr_assert_eq(smp, &p.samples[s]);
		cr_assert_eq(p.nsamples, s + 1);
		cr_assert_eq(smp->t, 0);
		cr_assert_eq(smp->anon + smp->file + smp->shmem + smp->swap + smp->referenced, 0);
		for (size_t r = 0; r < p.nregions; r++) {
			cr_expect_eq(p.regions[r].rss[s], 0, "region %zu sample %zu", r, s);
			cr_expect_eq(p.regions[r].referenced[s], 0, "region %zu sample %zu", r, s);
			p.regions[r].rss[s] = 100 * (r + 1) + s;
			p.regions[r].referenced[s] = 1000 * (r + 1) + s;
		}
	}
	/* What was set before stays. */
	cr_expect_eq(p.regions[0].rss[0], 11);
	cr_expect_eq(p.regions[0].referenced[0], 12);
	cr_expect_eq(p.regions[1].rss[0], 21);
	cr_expect_eq(p.regions[1].referenced[0], 22);
	cr_expect_eq(p.regions[1].rss[4], 204);
	cr_expect_eq(p.regions[1].referenced[4], 2004);
}

Test(profile, a_region_first_seen_late_has_zeros_before)
{
	struct profile_region *r;

	for (int s = 0; s < 3; s++) {
		profile_add_sample(&p);
		r = profile_region(&p, 0x1000, 0x2000, REGION_ANON, "[heap]");
		r->rss[s] = 7;
		r->referenced[s] = 8;
	}
	r = profile_region(&p, 0x7000, 0x8000, REGION_ANON, "");
	cr_assert_not_null(r);
	cr_assert_eq(p.nregions, 2);
	for (int s = 0; s < 3; s++) {
		cr_expect_eq(r->rss[s], 0, "sample %d", s);
		cr_expect_eq(r->referenced[s], 0, "sample %d", s);
	}
	r->rss[2] = 5;
	cr_assert_not_null(profile_add_sample(&p));
	r = &p.regions[1];
	cr_expect_eq(r->rss[2], 5);
	cr_expect_eq(r->rss[3], 0);
	cr_expect_eq(r->referenced[3], 0);
}

/* Made before any sample (a file of no sample read back), a region's columns hold one value;
 * the first sample is a new one, its value 0 like every sample's. */
Test(profile, a_region_before_any_sample_then_samples)
{
	struct profile_region *r = profile_region(&p, 0x1000, 0x2000, REGION_SHMEM, "/memfd:x");

	cr_assert_not_null(r);
	r->rss[0] = 3;
	cr_assert_not_null(profile_add_sample(&p));
	cr_expect_eq(p.regions[0].rss[0], 0);
	p.regions[0].rss[0] = 4;
	cr_assert_not_null(profile_add_sample(&p));
	cr_expect_eq(p.regions[0].rss[0], 4);
	cr_expect_eq(p.regions[0].rss[1], 0);
}

Test(profile, the_same_key_is_the_same_region_another_is_another)
{
	struct profile_region *r;

	profile_add_sample(&p);
	r = profile_region(&p, 0x1000, 0x2000, REGION_FILE, "/usr/lib/libc.so.6");
	cr_assert_not_null(r);
	cr_expect_eq(r->start, 0x1000);
	cr_expect_eq(r->end, 0x2000);
	cr_expect_eq(r->kind, REGION_FILE);
	cr_expect_str_eq(r->name, "/usr/lib/libc.so.6");
	cr_assert_eq(profile_region(&p, 0x1000, 0x2000, REGION_FILE, "/usr/lib/libc.so.6"), r);
	cr_assert_eq(p.nregions, 1);
	profile_region(&p, 0x1000, 0x2000, REGION_SHMEM, "/usr/lib/libc.so.6");
	cr_assert_eq(p.nregions, 2, "another kind");
	profile_region(&p, 0x1000, 0x2000, REGION_FILE, "/usr/lib/libc.so.7");
	cr_assert_eq(p.nregions, 3, "another name, the same first letters");
	profile_region(&p, 0x1000, 0x2000, REGION_FILE, "/usr/lib/libc.so");
	cr_assert_eq(p.nregions, 4, "a prefix of the name");
	profile_region(&p, 0x1000, 0x3000, REGION_FILE, "/usr/lib/libc.so.6");
	cr_assert_eq(p.nregions, 5, "another end");
	profile_region(&p, 0x0000, 0x2000, REGION_FILE, "/usr/lib/libc.so.6");
	cr_assert_eq(p.nregions, 6, "another start");
	cr_assert_eq(profile_region(&p, 0x1000, 0x2000, REGION_SHMEM, "/usr/lib/libc.so.6"),
		     &p.regions[1]);
}

/* An anonymous mapping, then named by prctl(PR_SET_VMA_ANON_NAME) at the same range: another
 * region, not the unnamed one ("" is a prefix of every name). */
Test(profile, a_name_after_none_is_another_region)
{
	struct profile_region *unnamed, *named;

	profile_add_sample(&p);
	unnamed = profile_region(&p, 0x7000, 0x9000, REGION_ANON, "");
	cr_assert_not_null(unnamed);
	named = profile_region(&p, 0x7000, 0x9000, REGION_ANON, "[anon:jemalloc]");
	cr_assert_not_null(named);
	cr_expect_eq(p.nregions, 2);
	cr_expect_str_eq(p.regions[1].name, "[anon:jemalloc]");
	cr_expect_str_eq(p.regions[0].name, "");
}

Test(profile, a_long_name_is_cut_and_ended)
{
	char name[200];
	struct profile_region *r;

	memset(name, 'n', sizeof(name) - 1);
	name[sizeof(name) - 1] = '\0';
	r = profile_region(&p, 0, 0x1000, REGION_FILE, name);
	cr_assert_not_null(r);
	cr_expect_eq(strlen(r->name), sizeof(r->name) - 1);
}

Test(profile, regions_past_the_most_are_counted_not_kept)
{
	profile_add_sample(&p);
	for (uint64_t i = 0; i < PROFILE_REGIONS_MAX; i++)
		cr_assert_not_null(profile_region(&p, i << 12, (i + 1) << 12, REGION_ANON, ""),
				   "region %llu", (unsigned long long)i);
	cr_assert_eq(p.nregions, PROFILE_REGIONS_MAX);
	cr_assert_eq(p.regions_dropped, 0);
	cr_assert_null(profile_region(&p, 1ULL << 40, (1ULL << 40) + 4096, REGION_ANON, ""));
	cr_assert_null(profile_region(&p, 1ULL << 41, (1ULL << 41) + 4096, REGION_ANON, ""));
	cr_assert_eq(p.nregions, PROFILE_REGIONS_MAX);
	cr_assert_eq(p.regions_dropped, 2);
	cr_assert_not_null(profile_region(&p, 5 << 12, 6 << 12, REGION_ANON, ""),
			   "one kept is still found");
	cr_assert_eq(p.regions_dropped, 2);
}

Test(profile, samples_past_the_most_are_refused)
{
	for (int i = 0; i < PROFILE_SAMPLES_MAX; i++)
		cr_assert_not_null(profile_add_sample(&p), "sample %d", i);
	cr_assert_null(profile_add_sample(&p));
	cr_assert_eq(p.nsamples, PROFILE_SAMPLES_MAX);
}

Test(profile, free_leaves_an_empty_profile)
{
	profile_add_sample(&p);
	profile_region(&p, 0, 4096, REGION_ANON, "");
	p.pid = 7;
	profile_free(&p);
	cr_assert_eq(p.nsamples + p.nregions + (size_t)p.pid, 0);
	cr_assert_null(p.samples);
	cr_assert_null(p.regions);
}

/* 4 KiB pages: buckets of 64 bytes; 65 for a page stored whole. */
Test(profile, compressed_sizes_at_the_bucket_edges)
{
	struct profile_algo a = { .pages = 0 };

	cr_assert_eq(PROFILE_BUCKETS, 65);
	profile_algo_count(&a, 0, 4096);
	profile_algo_count(&a, 63, 4096);
	cr_expect_eq(a.hist[0], 2, "0 and width - 1 in the first bucket");
	profile_algo_count(&a, 64, 4096);
	cr_expect_eq(a.hist[1], 1, "width in the second");
	profile_algo_count(&a, 2047, 4096);
	cr_expect_eq(a.hist[31], 1);
	profile_algo_count(&a, 2048, 4096);
	cr_expect_eq(a.hist[32], 1);
	profile_algo_count(&a, 4095, 4096);
	cr_expect_eq(a.hist[63], 1, "a page less a byte in the last of the 64");
	cr_expect_eq(a.huge, 0, "no page stored whole yet");
	profile_algo_count(&a, 4096, 4096);
	cr_expect_eq(a.hist[64], 1, "the page itself: stored whole");
	cr_expect_eq(a.huge, 1);
	profile_algo_count(&a, 5000, 4096);
	cr_expect_eq(a.hist[64], 2, "more than the page: stored whole too");
	cr_expect_eq(a.huge, 2);
	cr_expect_eq(a.pages, 8);
	cr_expect_eq(a.compressed, 0 + 63 + 64 + 2047 + 2048 + 4095 + 4096 + 5000);
	for (size_t b = 0, sum = 0; b < PROFILE_BUCKETS; b++) {
		sum += a.hist[b];
		if (b == PROFILE_BUCKETS - 1)
			cr_expect_eq(sum, 8, "every page in one bucket");
	}
}

/* 16 KiB pages: buckets of 256 bytes. */
Test(profile, buckets_follow_the_page_size)
{
	struct profile_algo a = { .pages = 0 };

	profile_algo_count(&a, 255, 16384);
	profile_algo_count(&a, 256, 16384);
	profile_algo_count(&a, 16383, 16384);
	profile_algo_count(&a, 16384, 16384);
	cr_expect_eq(a.hist[0], 1);
	cr_expect_eq(a.hist[1], 1);
	cr_expect_eq(a.hist[63], 1);
	cr_expect_eq(a.hist[64], 1);
	cr_expect_eq(a.huge, 1);
}

Test(profile, the_ratio_counts_same_filled_pages_as_stored)
{
	struct profile_algo a = { .pages = 0 };

	profile_algo_count(&a, 1024, 4096);
	profile_algo_count(&a, 1024, 4096);
	/* 2 pages in 2048 bytes: 4x; with 2 same-filled pages more (no data kept), 8x. */
	cr_expect_float_eq(profile_algo_ratio(&a, 0, 4096), 4.0, 1e-12);
	cr_expect_float_eq(profile_algo_ratio(&a, 2, 4096), 8.0, 1e-12);
	cr_expect_float_eq(profile_algo_ratio(&a, 2, 16384), 32.0, 1e-12);
}

Test(profile, no_ratio_when_nothing_was_compressed)
{
	struct profile_algo a = { .pages = 0 };

	cr_expect_eq(profile_algo_ratio(&a, 0, 4096), 0);
	cr_expect_eq(profile_algo_ratio(&a, 5, 4096), 0, "same-filled pages alone: no bytes kept");
	cr_expect(isfinite(profile_algo_ratio(&a, 5, 4096)));
	profile_algo_count(&a, 0, 4096);
	cr_expect_eq(profile_algo_ratio(&a, 5, 4096), 0, "a page in no byte: still none kept");
}

Test(profile, algorithms_named_by_blank_separated_words)
{
	profile_name_algorithms(&p, "lzo lz4  zstd   ");
	cr_assert_eq(p.contents.nalgo, 3);
	cr_expect_str_eq(p.contents.algo[0].name, "lzo");
	cr_expect_str_eq(p.contents.algo[1].name, "lz4");
	cr_expect_str_eq(p.contents.algo[2].name, "zstd");
	profile_name_algorithms(&p, "   lz4hc");
	cr_assert_eq(p.contents.nalgo, 1, "named again: the list replaced");
	cr_expect_str_eq(p.contents.algo[0].name, "lz4hc");
	profile_name_algorithms(&p, "");
	cr_expect_eq(p.contents.nalgo, 0);
	profile_name_algorithms(&p, "   ");
	cr_expect_eq(p.contents.nalgo, 0);
}

Test(profile, at_most_eight_algorithms)
{
	profile_name_algorithms(&p, "a1 a2 a3 a4 a5 a6 a7 a8 a9 a10");
	cr_assert_eq(PROFILE_ALGOS_MAX, 8);
	cr_assert_eq(p.contents.nalgo, PROFILE_ALGOS_MAX);
	cr_expect_str_eq(p.contents.algo[7].name, "a8");
}

Test(profile, a_long_name_is_cut)
{
	profile_name_algorithms(&p, "an-algorithm-name-longer-than-thirty-one-bytes lz4");
	cr_assert_eq(p.contents.nalgo, 2);
	cr_expect_str_eq(p.contents.algo[0].name, "an-algorithm-name-longer-than-t");
	cr_expect_str_eq(p.contents.algo[1].name, "lz4");
}
