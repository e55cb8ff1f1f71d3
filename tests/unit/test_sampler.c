/* One sample of a process (profile/sampler.c) on a fixture /proc (kernel/proc_pid.c reads under
 * the sysfs root): tests/fixtures/profile/smaps as /proc/PID/smaps, an empty clear_refs. The
 * sample's sums by kind, exact; a region for each mapping with something resident or swapped;
 * the referenced bits cleared ("1" written); a process gone, or gone but not yet reaped. */
#include <criterion/criterion.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runner/kernel/proc_pid.h"
#include "runner/kernel/sysfs.h"
#include "runner/profile/sampler.h"
#include "fixture.h"
#include "tools.h"

#define PID 31337
#define KIB 1024ULL

static char *root;
static struct profile p;

static void put(const char *name, const char *text)
{
	char path[PATH_MAX];
	FILE *f;

	snprintf(path, sizeof(path), "%s/proc/%d/%s", root, PID, name);
	f = fopen(path, "w");
	cr_assert_not_null(f, "%s", path);
	fputs(text, f);
	fclose(f);
}

/* A file of the fixture, to free (empty or not). */
static char *got(const char *name)
{
	char path[PATH_MAX], *text = calloc(1, 256);
	FILE *f;

	snprintf(path, sizeof(path), "%s/proc/%d/%s", root, PID, name);
	f = fopen(path, "r");
	cr_assert(f && text, "%s", path);
	text[fread(text, 1, 255, f)] = '\0';
	fclose(f);
	return text;
}

static void tree(void)
{
	char path[PATH_MAX], *smaps = slurp(FIXTURES "/profile/smaps");

	root = temp_dir("zsb-unit-sampler");
	snprintf(path, sizeof(path), "%s/proc", root);
	cr_assert_eq(mkdir(path, 0700), 0);
	snprintf(path, sizeof(path), "%s/proc/%d", root, PID);
	cr_assert_eq(mkdir(path, 0700), 0);
	put("smaps", smaps);
	put("clear_refs", "");
	free(smaps);
	sysfs_set_root(root);
	profile_init(&p);
	p.pid = PID;
	p.page_size = 4096;
}

static void gone(void)
{
	profile_free(&p);
	sysfs_set_root(NULL);
	remove_dir(root);
}

TestSuite(sampler, .init = tree, .fini = gone);

Test(sampler, the_sample_s_sums_by_kind)
{
	const struct profile_sample *s;
	char why[128] = "";

	cr_assert_eq(sampler_take(&p, 1.5, why, sizeof(why)), 0, "%s", why);
	cr_assert_eq(p.nsamples, 1);
	s = &p.samples[0];
	cr_expect_eq(s->t, 1.5);
	/* Anonymous of every mapping: the heap, the anonymous one, libc's copies, the stack. */
	cr_expect_eq(s->anon, (96 + 2048 + 12 + 20) * KIB, "anon %llu",
		     (unsigned long long)s->anon);
	/* A file's resident pages that are not its copies: libc's 40 less its 12; vdso's 8, not
	 * anonymous, are no file's. */
	cr_expect_eq(s->file, (40 - 12) * KIB, "file %llu", (unsigned long long)s->file);
	cr_expect_eq(s->shmem, (512 + 128) * KIB, "shmem %llu", (unsigned long long)s->shmem);
	cr_expect_eq(s->swap, (8 + 512 + 4 + 16 + 24) * KIB, "swap %llu",
		     (unsigned long long)s->swap);
	cr_expect_eq(s->referenced, (64 + 1024 + 36 + 256 + 20 + 8) * KIB, "referenced %llu",
		     (unsigned long long)s->referenced);
	cr_expect(s->cost_s >= 0 && s->cost_s < 60);
}

/* libc's read-only part and vsyscall, nothing resident nor swapped, are no regions. */
Test(sampler, a_region_for_each_mapping_resident_or_swapped)
{
	static const struct {
		uint64_t start;
		enum region_kind kind;
		const char *name;
		uint64_t rss, referenced;
	} want[] = {
		{ 0x55d4c5a00000, REGION_ANON, "[heap]", 96, 64 },
		{ 0x7f3a1c000000, REGION_ANON, "", 2048, 1024 },
		{ 0x7f3a1d000000, REGION_FILE, "/usr/lib/x86_64-linux-gnu/libc.so.6", 40, 36 },
		{ 0x7f3a1e000000, REGION_SHMEM, "/memfd:x (deleted)", 512, 256 },
		{ 0x7f3a1f000000, REGION_SHMEM, "/dev/shm/pgsql.123", 128, 0 },
		{ 0x7f3a20000000, REGION_ANON, "", 0, 0 }, /* all of it in swap */
		{ 0x7ffd3a1b0000, REGION_ANON, "[stack]", 20, 20 },
		{ 0x7ffd3a1f5000, REGION_ANON, "[vdso]", 8, 8 },
	};
	char why[128] = "";

	cr_assert_eq(sampler_take(&p, 0, why, sizeof(why)), 0, "%s", why);
	cr_assert_eq(p.nregions, sizeof(want) / sizeof(want[0]), "%zu regions", p.nregions);
	for (size_t i = 0; i < p.nregions; i++) {
		const struct profile_region *r = &p.regions[i];
		cr_expect_eq(r->start, want[i].start, "region %zu", i);
		cr_expect_eq(r->kind, want[i].kind, "region %zu", i);
		cr_expect_str_eq(r->name, want[i].name, "region %zu", i);
		cr_expect_eq(r->rss[0], want[i].rss * KIB, "region %zu: rss", i);
		cr_expect_eq(r->referenced[0], want[i].referenced * KIB, "region %zu: referenced",
			     i);
	}
	cr_expect_eq(p.regions[2].end, 0x7f3a1d010000);
}

Test(sampler, the_referenced_bits_cleared_after_each_sample)
{
	char why[128] = "", *text;

	cr_assert_eq(sampler_take(&p, 0, why, sizeof(why)), 0, "%s", why);
	text = got("clear_refs");
	cr_expect_str_eq(text, "1", "every page's referenced bit (1), not soft-dirty (4)");
	free(text);
}

/* A second sample: the same regions, their second column; a region gone since is 0 there. */
Test(sampler, a_second_sample_fills_the_second_column)
{
	char why[128] = "";

	cr_assert_eq(sampler_take(&p, 0, why, sizeof(why)), 0, "%s", why);
	put("smaps",
	    "55d4c5a00000-55d4c5a21000 rw-p 00000000 00:00 0     [heap]\n"
	    "Rss:                 100 kB\nReferenced:            4 kB\n"
	    "Anonymous:           100 kB\n");
	cr_assert_eq(sampler_take(&p, 1, why, sizeof(why)), 0, "%s", why);
	cr_assert_eq(p.nsamples, 2);
	cr_assert_eq(p.nregions, 8, "the heap found again");
	cr_expect_eq(p.regions[0].rss[1], 100 * KIB);
	cr_expect_eq(p.regions[0].referenced[1], 4 * KIB);
	cr_expect_eq(p.regions[1].rss[1], 0);
	cr_expect_eq(p.samples[1].anon, 100 * KIB);
	cr_expect_eq(p.samples[1].referenced, 4 * KIB);
	cr_expect_eq(p.samples[1].swap, 0);
}

Test(sampler, a_process_gone_is_esrch)
{
	char path[PATH_MAX], why[128] = "";

	snprintf(path, sizeof(path), "%s/proc/%d/smaps", root, PID);
	cr_assert_eq(unlink(path), 0);
	cr_assert_eq(sampler_take(&p, 0, why, sizeof(why)), -ESRCH);
	cr_expect_str_eq(why, "/proc/31337/smaps");
	cr_expect_eq(p.nsamples, 0, "no sample added");
}

/* Exited, not yet reaped: its smaps is there and empty. */
Test(sampler, a_process_with_no_mapping_left_is_esrch)
{
	char why[128] = "";

	put("smaps", "");
	cr_assert_eq(sampler_take(&p, 0, why, sizeof(why)), -ESRCH);
	cr_expect_eq(p.nsamples, 0);
}

Test(sampler, smaps_that_does_not_read_is_said_by_line)
{
	char why[128] = "", *text;

	put("smaps", "1000-2000 rw-p 00000000 00:00 0\nRss: lots kB\n");
	cr_assert_eq(sampler_take(&p, 0, why, sizeof(why)), -EINVAL);
	cr_expect_str_eq(why, "line 2: 'Rss: lots kB'");
	text = got("clear_refs");
	cr_expect_str_eq(text, "", "nothing cleared after a sample not taken");
	free(text);
}

Test(sampler, no_sample_past_the_most)
{
	char why[128] = "";

	for (int i = 0; i < PROFILE_SAMPLES_MAX; i++)
		cr_assert_not_null(profile_add_sample(&p));
	cr_assert_eq(sampler_take(&p, 0, why, sizeof(why)), -E2BIG);
	cr_expect_str_eq(why, "a sample past the 4096 a profile holds");
}

Test(sampler, the_process_s_name)
{
	char comm[32];

	put("comm", "postgres\n");
	cr_assert_geq(proc_pid_comm(PID, comm, sizeof(comm)), 0);
	cr_expect_str_eq(comm, "postgres");
	cr_assert_lt(proc_pid_comm(PID + 1, comm, sizeof(comm)), 0, "no such process");
}
