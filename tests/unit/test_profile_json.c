/* A profile's file (profile/profile_json.c): what record writes, show reads back field for field;
 * a file that is not one, of another format or version, or with a member that does not read is
 * refused with the member named, and nothing of it kept. */
#include <criterion/criterion.h>
#include <errno.h>
#include <json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/profile/profile_json.h"
#include "fixture.h"
#include "tools.h"

static struct profile p, back;

static void made(void)
{
	struct profile_contents *c = &p.contents;

	profile_init(&p);
	profile_init(&back);
	p.pid = 4321;
	snprintf(p.comm, sizeof(p.comm), "postgres");
	snprintf(p.kernel, sizeof(p.kernel), "6.18.44-fc-v1272");
	snprintf(p.started, sizeof(p.started), "2026-12-07T23:21:58Z");
	snprintf(p.ended, sizeof(p.ended), "duration");
	snprintf(p.heat_source, sizeof(p.heat_source), "clear_refs");
	p.page_size = 4096;
	p.duration_s = 30.25;
	p.interval_s = 0.5;
	p.regions_dropped = 3;
	for (int i = 0; i < 3; i++) {
		struct profile_sample *s = profile_add_sample(&p);
		cr_assert_not_null(s);
		s->t = 0.5 * i + 0.125;
		s->anon = 1000000 + (uint64_t)i;
		s->file = 2000000 + (uint64_t)i;
		s->shmem = 3000000 + (uint64_t)i;
		s->swap = 4000000 + (uint64_t)i;
		s->referenced = 5000000 + (uint64_t)i;
		s->cost_s = 0.001 * (i + 1);
	}
	cr_assert_not_null(
		profile_region(&p, 0x55d4c5a00000, 0x55d4c5a21000, REGION_ANON, "[heap]"));
	cr_assert_not_null(profile_region(&p, 0x7f3a1e000000, 0x7f3a1e100000, REGION_SHMEM,
					  "/memfd:x (deleted)"));
	for (size_t r = 0; r < 2; r++)
		for (size_t s = 0; s < 3; s++) {
			p.regions[r].rss[s] = 4096 * (10 * r + s + 1);
			p.regions[r].referenced[s] = 4096 * (100 * r + s);
		}
	c->measured = 1;
	c->pages = 1000;
	c->zero = 100;
	c->same = 50;
	c->swapped = 7;
	c->seconds = 2.75;
	profile_name_algorithms(&p, "lz4 zstd");
	for (size_t a = 0; a < 2; a++) {
		c->algo[a].pages = 850;
		c->algo[a].compressed = 1000000 + 1000 * a;
		c->algo[a].huge = 3 + a;
		for (size_t b = 0; b < PROFILE_BUCKETS; b++)
			c->algo[a].hist[b] = 100 * a + b;
	}
}

static void dropped(void)
{
	profile_free(&p);
	profile_free(&back);
}

TestSuite(profile_json, .init = made, .fini = dropped);

static void read_back(const char *text)
{
	char why[256] = "";

	cr_assert_eq(profile_from_json(text, &back, why, sizeof(why)), 0, "%s", why);
}

Test(profile_json, every_field_read_back)
{
	char *text = profile_to_json(&p);
	const struct profile_contents *c = &p.contents, *d = &back.contents;

	cr_assert_not_null(text);
	read_back(text);
	free(text);
	cr_expect_eq(back.pid, 4321);
	cr_expect_str_eq(back.comm, "postgres");
	cr_expect_str_eq(back.kernel, p.kernel);
	cr_expect_str_eq(back.started, p.started);
	cr_expect_str_eq(back.ended, "duration");
	cr_expect_str_eq(back.heat_source, "clear_refs");
	cr_expect_eq(back.page_size, 4096);
	cr_expect_eq(back.duration_s, 30.25);
	cr_expect_eq(back.interval_s, 0.5);
	cr_expect_eq(back.regions_dropped, 3);
	cr_assert_eq(back.nsamples, 3);
	for (size_t i = 0; i < 3; i++) {
		const struct profile_sample *s = &p.samples[i], *t = &back.samples[i];
		cr_expect_eq(t->t, s->t, "sample %zu", i);
		cr_expect_eq(t->anon, s->anon, "sample %zu", i);
		cr_expect_eq(t->file, s->file, "sample %zu", i);
		cr_expect_eq(t->shmem, s->shmem, "sample %zu", i);
		cr_expect_eq(t->swap, s->swap, "sample %zu", i);
		cr_expect_eq(t->referenced, s->referenced, "sample %zu", i);
		cr_expect_eq(t->cost_s, s->cost_s, "sample %zu", i);
	}
	cr_assert_eq(back.nregions, 2);
	for (size_t r = 0; r < 2; r++) {
		const struct profile_region *a = &p.regions[r], *b = &back.regions[r];
		cr_expect_eq(b->start, a->start, "region %zu", r);
		cr_expect_eq(b->end, a->end, "region %zu", r);
		cr_expect_eq(b->kind, a->kind, "region %zu", r);
		cr_expect_str_eq(b->name, a->name, "region %zu", r);
		for (size_t s = 0; s < 3; s++) {
			cr_expect_eq(b->rss[s], a->rss[s], "region %zu sample %zu", r, s);
			cr_expect_eq(b->referenced[s], a->referenced[s], "region %zu sample %zu", r,
				     s);
		}
	}
	cr_expect_eq(d->measured, 1);
	cr_expect_eq(d->pages, c->pages);
	cr_expect_eq(d->zero, c->zero);
	cr_expect_eq(d->same, c->same);
	cr_expect_eq(d->swapped, c->swapped);
	cr_expect_eq(d->seconds, c->seconds);
	cr_assert_eq(d->nalgo, 2);
	for (size_t a = 0; a < 2; a++) {
		cr_expect_str_eq(d->algo[a].name, c->algo[a].name);
		cr_expect_eq(d->algo[a].pages, c->algo[a].pages, "algorithm %zu", a);
		cr_expect_eq(d->algo[a].compressed, c->algo[a].compressed, "algorithm %zu", a);
		cr_expect_eq(d->algo[a].huge, c->algo[a].huge, "algorithm %zu", a);
		for (size_t b = 0; b < PROFILE_BUCKETS; b++)
			cr_expect_eq(d->algo[a].hist[b], c->algo[a].hist[b], "algorithm %zu: %zu",
				     a, b);
	}
}

Test(profile_json, a_profile_not_measured_reads_back_so)
{
	char *text;

	p.contents.measured = 0;
	p.contents.nalgo = 0;
	text = profile_to_json(&p);
	read_back(text);
	free(text);
	cr_expect_eq(back.contents.measured, 0);
	cr_expect_eq(back.contents.nalgo, 0);
}

Test(profile_json, written_once_written_the_same_again)
{
	char *once = profile_to_json(&p), *twice;

	read_back(once);
	twice = profile_to_json(&back);
	cr_expect_str_eq(twice, once);
	free(once);
	free(twice);
}

/* What docs and tools read: the format, addresses in hexadecimal, each algorithm's ratio as
 * zram's mm_stat gives one, the buckets' width. */
Test(profile_json, the_file_s_own_members)
{
	char *text = profile_to_json(&p);
	json_object *doc = json_tokener_parse(text), *v, *region, *algo;

	cr_assert_not_null(doc);
	cr_assert(json_object_object_get_ex(doc, "format", &v));
	cr_expect_str_eq(json_object_get_string(v), "zswapbench-profile");
	cr_assert(json_object_object_get_ex(doc, "format_version", &v));
	cr_expect_eq(json_object_get_int(v), 1);
	cr_assert(json_object_object_get_ex(doc, "regions", &v));
	region = json_object_array_get_idx(v, 0);
	cr_assert(json_object_object_get_ex(region, "start", &v));
	cr_expect_str_eq(json_object_get_string(v), "0x55d4c5a00000");
	cr_assert(json_object_object_get_ex(region, "end", &v));
	cr_expect_str_eq(json_object_get_string(v), "0x55d4c5a21000");
	cr_assert(json_object_object_get_ex(region, "kind", &v));
	cr_expect_str_eq(json_object_get_string(v), "anon");
	cr_assert(json_object_object_get_ex(doc, "contents", &v));
	cr_assert(json_object_object_get_ex(v, "bucket_bytes", &algo));
	cr_expect_eq(json_object_get_int(algo), 64);
	cr_assert(json_object_object_get_ex(v, "algorithms", &v));
	algo = json_object_array_get_idx(v, 1);
	cr_assert(json_object_object_get_ex(algo, "ratio", &v));
	/* zram keeps nothing of the 50 same-filled pages, and never sees the 100 zero ones (the
	 * swap layer keeps them out): (850 + 50) pages in the 1001000 bytes of zstd. */
	cr_expect_float_eq(json_object_get_double(v), 900.0 * 4096 / 1001000, 1e-9);
	json_object_put(doc);
	free(text);
}

Test(profile_json, what_is_a_profile)
{
	char *text = profile_to_json(&p), *result = slurp(FIXTURES "/results/disk-zram.json");

	cr_expect(profile_json_is_profile(text));
	cr_expect_not(profile_json_is_profile(result), "a run's result file");
	cr_expect_not(profile_json_is_profile("not json"));
	cr_expect_not(profile_json_is_profile("[\"zswapbench-profile\"]"));
	cr_expect_not(profile_json_is_profile("{\"format\": 1}"));
	cr_expect_not(profile_json_is_profile("{\"format\": \"zswapbench-profile-2\"}"));
	cr_expect(profile_json_is_profile("{\"format\": \"zswapbench-profile\"}"));
	free(text);
	free(result);
}

/* The profile's document with one member changed (path: up to three keys or indexes, the
 * last one set to v, or removed when v is NULL), as text to free. */
static char *changed(const char *const path[], json_object *v)
{
	char *text = profile_to_json(&p), *out;
	json_object *doc = json_tokener_parse(text), *at = doc;

	for (size_t i = 0; path[i + 1]; i++) {
		if (json_object_is_type(at, json_type_array))
			at = json_object_array_get_idx(at, (size_t)atoi(path[i]));
		else
			cr_assert(json_object_object_get_ex(at, path[i], &at), "%s", path[i]);
	}
	for (size_t i = 0; path[i]; i++)
		if (!path[i + 1]) {
			if (v)
				json_object_object_add(at, path[i], v);
			else
				json_object_object_del(at, path[i]);
		}
	out = strdup(json_object_to_json_string(doc));
	json_object_put(doc);
	free(text);
	return out;
}

#define PATH(...) ((const char *const[]){ __VA_ARGS__, NULL })

/* Refused with why; nothing kept of what was read. */
static void refused(char *text, const char *want)
{
	char why[256] = "";

	cr_expect_eq(profile_from_json(text, &back, why, sizeof(why)), -EINVAL, "%s", want);
	cr_expect_str_eq(why, want);
	cr_expect_eq(back.nsamples + back.nregions + back.contents.nalgo, 0, "%s: kept", want);
	cr_expect_null(back.samples);
	cr_expect_null(back.regions);
	free(text);
}

Test(profile_json, not_a_profile)
{
	refused(strdup("{\"format\": \"zswapbench-profile\", "), "not a zswapbench profile");
	refused(strdup("not json"), "not a zswapbench profile");
	refused(changed(PATH("format"), json_object_new_string("zswapbench-results")),
		"not a zswapbench profile");
}

Test(profile_json, another_version)
{
	refused(changed(PATH("format_version"), json_object_new_int(2)),
		"format_version 2: this zswapbench reads 1");
	refused(changed(PATH("format_version"), json_object_new_int(0)),
		"format_version 0: this zswapbench reads 1");
	refused(changed(PATH("format_version"), NULL), "'format_version': missing or not a int");
}

Test(profile_json, no_page_size)
{
	refused(changed(PATH("recorded", "page_size"), json_object_new_int(3000)),
		"'page_size': 3000 is no page size");
	refused(changed(PATH("recorded", "page_size"), json_object_new_int(512)),
		"'page_size': 512 is no page size");
	refused(changed(PATH("recorded", "page_size"), json_object_new_string("4096")),
		"'page_size': missing or not a int");
}

/* Found by tests/fuzz/fuzz_profile.c: a pid beyond an int wrapped to a negative one, which
 * read back as 0 once written. */
Test(profile_json, no_process_id)
{
	refused(changed(PATH("recorded", "pid"), json_object_new_int64(4294967295LL)),
		"'pid': 4294967295 is no process ID");
	refused(changed(PATH("recorded", "pid"), json_object_new_int64(4194305)),
		"'pid': 4194305 is no process ID");
}

Test(profile_json, the_largest_process_id)
{
	char *text = changed(PATH("recorded", "pid"), json_object_new_int64(4194304));

	read_back(text);
	free(text);
	cr_expect_eq(back.pid, 4194304);
}

Test(profile_json, a_region_s_column_of_another_length)
{
	json_object *two = json_object_new_array(), *four = json_object_new_array();

	for (int i = 0; i < 2; i++)
		json_object_array_add(two, json_object_new_int(i));
	for (int i = 0; i < 4; i++)
		json_object_array_add(four, json_object_new_int(i));
	refused(changed(PATH("regions", "1", "rss"), two), "'rss': 2 values, not 3");
	refused(changed(PATH("regions", "0", "referenced"), four), "'referenced': 4 values, not 3");
}

Test(profile_json, a_region_of_an_unknown_kind)
{
	refused(changed(PATH("regions", "1", "kind"), json_object_new_string("swap")),
		"'kind': 'swap' is not anon, file or shmem");
	refused(changed(PATH("regions", "1", "kind"), json_object_new_string("")),
		"'kind': '' is not anon, file or shmem");
	/* A refusal is one line: the kind quoted up to what is not printable (found by
	 * tests/fuzz/fuzz_profile.c). */
	refused(changed(PATH("regions", "1", "kind"), json_object_new_string("shmem\nforged")),
		"'kind': 'shmem...' is not anon, file or shmem");
	refused(changed(PATH("regions", "1", "kind"), json_object_new_string("\033[2J")),
		"'kind': '...' is not anon, file or shmem");
}

Test(profile_json, a_member_missing_or_of_another_type_is_named)
{
	refused(changed(PATH("samples", "2", "swap"), NULL), "'swap': missing or not a int");
	refused(changed(PATH("samples", "0", "t"), json_object_new_string("0.5")),
		"'t': missing or not a double");
	refused(changed(PATH("regions", "0", "name"), json_object_new_int(1)),
		"'name': missing or not a string");
	refused(changed(PATH("contents", "measured"), json_object_new_int(1)),
		"'measured': missing or not a boolean");
	refused(changed(PATH("contents", "algorithms", "1", "histogram"), json_object_new_array()),
		"'histogram': 0 values, not 65");
	refused(changed(PATH("recorded"), json_object_new_array()),
		"'recorded': missing or not a object");
	refused(changed(PATH("contents"), NULL), "'contents': missing or not a object");
}

/* An integer where a number is asked is a number (json-c writes 2.0 as 2.0, a tool may not). */
Test(profile_json, an_integer_is_a_number)
{
	char *text = changed(PATH("recorded", "duration_s"), json_object_new_int(30));

	read_back(text);
	free(text);
	cr_expect_eq(back.duration_s, 30);
}

Test(profile_json, at_most_eight_algorithms_read)
{
	char *text;

	profile_name_algorithms(&p, "a b c d e f g h");
	text = profile_to_json(&p);
	{
		json_object *doc = json_tokener_parse(text), *c, *algos;
		cr_assert(json_object_object_get_ex(doc, "contents", &c));
		cr_assert(json_object_object_get_ex(c, "algorithms", &algos));
		json_object_array_add(algos, json_object_get(json_object_array_get_idx(algos, 0)));
		free(text);
		text = strdup(json_object_to_json_string(doc));
		json_object_put(doc);
	}
	read_back(text);
	free(text);
	cr_expect_eq(back.contents.nalgo, PROFILE_ALGOS_MAX, "a ninth left out");
	cr_expect_str_eq(back.contents.algo[7].name, "h");
}
