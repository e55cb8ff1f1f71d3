/* profile/replay.c: a profile made the hogger's pages: pattern and access. */
#include <criterion/criterion.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/access.h"
#include "common/pattern.h"
#include "runner/profile/profile_json.h"
#include "runner/profile/replay.h"

#define PAGE 4096

Test(replay, prefix_for_a_size_inverts_zrams_fit)
{
	/* (size - 24) / 1.04, rounded; at least a byte, at most the page */
	cr_expect_eq(replay_prefix_for(1064, PAGE), 1000);
	cr_expect_eq(replay_prefix_for(24, PAGE), 1);
	cr_expect_eq(replay_prefix_for(0, PAGE), 1);
	cr_expect_eq(replay_prefix_for(4400, PAGE), PAGE);
	cr_expect_eq(replay_prefix_for(2104, PAGE), 2000);
	cr_expect_eq(replay_prefix_for(77, PAGE), 51, "50.96 rounded, not cut");
}

/* Two regions of 100 pages over 4 samples: a cold one of random pages (stored whole), a hot
 * one of zero and same-filled pages and 40 pages of ~1000 bytes, 90, 50 and 40 of its pages
 * touched in the three intervals (the median, half of it: neither the first, the last nor the
 * most). */
static void two_regions(struct profile *p)
{
	struct profile_region *cold, *hot;

	profile_init(p);
	p->page_size = PAGE;
	for (int k = 0; k < 4; k++)
		cr_assert_not_null(profile_add_sample(p));
	profile_name_algorithms(p, "lzo-rle lz4");
	p->contents.measured = 1;
	/* The second region may move the first: both taken after. */
	cr_assert_not_null(profile_region(p, 0x1000, 0x65000, REGION_ANON, ""));
	cr_assert_not_null(profile_region(p, 0x100000, 0x164000, REGION_ANON, "[heap]"));
	cold = &p->regions[0];
	hot = &p->regions[1];
	cr_assert_eq(profile_region_hist(cold, 2), 0);
	cr_assert_eq(profile_region_hist(hot, 2), 0);
	cold->pages = 100;
	cold->hist[64] = 100; /* lzo-rle: stored whole */
	cold->hist[65 + 64] = 100; /* lz4 too */
	hot->pages = 100;
	hot->zero = 40;
	hot->same = 20;
	hot->hist[16] = 40; /* lzo-rle: 1024-1087 bytes */
	hot->hist[65 + 20] = 40; /* lz4: 1280-1343 */
	for (int k = 0; k < 4; k++)
		cold->rss[k] = hot->rss[k] = 100 * PAGE;
	hot->referenced[0] = 100 * PAGE;
	hot->referenced[1] = 90 * PAGE;
	hot->referenced[2] = 50 * PAGE;
	hot->referenced[3] = 40 * PAGE;
	cold->referenced[0] = 100 * PAGE; /* before the recording: not heat */
	p->contents.pages = 200;
}

Test(replay, cold_region_first_then_the_hot_ones_hot_part_last)
{
	struct profile p;
	char *spec = NULL, access[64];
	struct pattern pat;
	struct access a;

	two_regions(&p);
	cr_assert_eq(replay_spec(&p, NULL, &spec, access, sizeof(access)), 0);
	/* The cold region (none of it touched after the first sample), then the heap's cold
	 * half, then its hot half, going on; each class of the heap's mix: zero, same, 40 pages
	 * at the middle of bucket 16 (1056 bytes: 992 random), whole. */
	cr_expect_str_eq(spec, "pages:100/100@4096;50/40@0,20@s,40@992;40@0,20@s,40@992");
	cr_expect_str_eq(access, "hot:25:3:last");
	cr_expect_eq(pattern_parse(spec, &pat), 0);
	cr_expect_eq(access_parse(access, &a), 0);
	free(spec);
	/* Under lz4, its own sizes: bucket 20, 1312 bytes, 1238 random. */
	cr_assert_eq(replay_spec(&p, "lz4", &spec, access, sizeof(access)), 0);
	cr_expect(strstr(spec, "40@1238") != NULL, "%s", spec);
	free(spec);
	cr_expect_eq(replay_spec(&p, "zstd", &spec, access, sizeof(access)), -ENOENT);
	cr_expect_eq(replay_bytes(&p), 200 * PAGE);
	profile_free(&p);
}

Test(replay, nothing_touched_after_the_first_sample_is_a_fill)
{
	struct profile p;
	char *spec = NULL, access[64];

	two_regions(&p);
	for (int k = 0; k < 4; k++)
		p.regions[1].referenced[k] = 0;
	cr_assert_eq(replay_spec(&p, NULL, &spec, access, sizeof(access)), 0);
	cr_expect_str_eq(access, "fill");
	cr_expect_str_eq(spec, "pages:100/100@4096;40@0,20@s,40@992");
	free(spec);
	profile_free(&p);
}

/* A region whose pages were not read (a file's, shared) is no segment. */
Test(replay, regions_without_pages_read_are_left_out)
{
	struct profile p;
	char *spec = NULL, access[64];

	two_regions(&p);
	cr_assert_not_null(profile_region(&p, 0x200000, 0x300000, REGION_FILE, "/usr/lib/x.so"));
	cr_assert_eq(replay_spec(&p, NULL, &spec, access, sizeof(access)), 0);
	cr_expect_str_eq(spec, "pages:100/100@4096;50/40@0,20@s,40@992;40@0,20@s,40@992");
	free(spec);
	profile_free(&p);
}

static void write_profile(const char *path, const struct profile *p)
{
	char *text = profile_to_json(p);
	FILE *f = fopen(path, "w");

	cr_assert(text && f);
	fputs(text, f);
	fclose(f);
	free(text);
}

Test(replay, load_refuses_what_it_cannot_replay)
{
	char dir[] = "/tmp/zsb-replay-XXXXXX", path[64], why[160];
	struct profile p, q;

	cr_assert_not_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/p.json", dir);
	two_regions(&p);
	write_profile(path, &p);
	cr_expect_eq(replay_load(path, &q, why, sizeof(why)), 0, "%s", why);
	cr_expect_eq(q.contents.nalgo, 2);
	cr_expect_eq(q.regions[1].hist[16], 40, "the regions' contents read back");
	profile_free(&q);
	p.contents.measured = 0;
	write_profile(path, &p);
	cr_expect_eq(replay_load(path, &q, why, sizeof(why)), -EINVAL);
	cr_expect_str_eq(why, "its pages were not measured (the recording ended first)");
	p.contents.measured = 1;
	p.page_size = 2 * PAGE;
	write_profile(path, &p);
	cr_expect_eq(replay_load(path, &q, why, sizeof(why)), -EINVAL);
	cr_expect_str_eq(why, "recorded with 8192-byte pages, this machine's are 4096");
	snprintf(path, sizeof(path), "%s/none.json", dir);
	cr_expect_eq(replay_load(path, &q, why, sizeof(why)), -ENOENT);
	p.page_size = PAGE;
	profile_free(&p);
	snprintf(path, sizeof(path), "rm -rf %s", dir);
	cr_assert_eq(system(path), 0);
}
