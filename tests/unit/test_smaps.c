/* /proc/PID/smaps as the recorder reads it (profile/smaps.c): a process's mappings as the kernel
 * prints them (the heap, an anonymous mapping without a name, a library's private pages copied
 * on write, a memfd and a /dev/shm file shared, one all in swap, the stack, vdso, vsyscall),
 * every field in bytes;
 * what each mapping is to swap; the lines refused, by number. */
#include <criterion/criterion.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/profile/smaps.h"
#include "fixture.h"
#include "tools.h"

/* A process's smaps as kernel 6.18 prints it (fs/proc/task_mmu.c), every field there. */
#define SMAPS FIXTURES "/profile/smaps"

#define KIB 1024ULL

struct seen {
	struct smaps_vma v[16];
	size_t n;
	size_t stop_after; /* 0: never stop */
};

static int keep(const struct smaps_vma *v, void *arg)
{
	struct seen *s = arg;

	if (s->n < sizeof(s->v) / sizeof(s->v[0]))
		s->v[s->n] = *v;
	s->n++;
	return s->stop_after && s->n == s->stop_after ? 42 : 0;
}

static void expect_vma(const struct smaps_vma *v, uint64_t start, uint64_t end, const char *perms,
		       uint64_t inode, const char *name, uint64_t rss, uint64_t anon, uint64_t ref,
		       uint64_t swap)
{
	cr_expect_eq(v->start, start, "%s: start %llx", name, (unsigned long long)v->start);
	cr_expect_eq(v->end, end, "%s: end %llx", name, (unsigned long long)v->end);
	cr_expect_str_eq(v->perms, perms, "%s", name);
	cr_expect_eq(v->inode, inode, "%s: inode", name);
	cr_expect_str_eq(v->name, name);
	cr_expect_eq(v->rss, rss * KIB, "%s: rss %llu", name, (unsigned long long)v->rss);
	cr_expect_eq(v->anonymous, anon * KIB, "%s: anonymous %llu", name,
		     (unsigned long long)v->anonymous);
	cr_expect_eq(v->referenced, ref * KIB, "%s: referenced %llu", name,
		     (unsigned long long)v->referenced);
	cr_expect_eq(v->swap, swap * KIB, "%s: swap %llu (not SwapPss)", name,
		     (unsigned long long)v->swap);
}

/* The fixture's mappings, each handed over once, in order. */
static void walk_fixture(struct seen *s)
{
	char *text = slurp(SMAPS), why[128] = "";

	cr_assert_eq(smaps_walk(text, keep, s, why, sizeof(why)), 0, "%s", why);
	free(text);
}

Test(smaps, every_mapping_with_its_fields_in_bytes)
{
	struct seen s = { .n = 0 };

	walk_fixture(&s);
	cr_assert_eq(s.n, 10, "%zu mappings", s.n);
	expect_vma(&s.v[0], 0x55d4c5a00000, 0x55d4c5a21000, "rw-p", 0, "[heap]", 96, 96, 64, 8);
	expect_vma(&s.v[1], 0x7f3a1c000000, 0x7f3a1c400000, "rw-p", 0, "", 2048, 2048, 1024, 512);
	expect_vma(&s.v[2], 0x7f3a1d000000, 0x7f3a1d010000, "rw-p", 247498,
		   "/usr/lib/x86_64-linux-gnu/libc.so.6", 40, 12, 36, 4);
	expect_vma(&s.v[3], 0x7f3a1d010000, 0x7f3a1d020000, "r--p", 247498,
		   "/usr/lib/x86_64-linux-gnu/libc.so.6", 0, 0, 0, 0);
	expect_vma(&s.v[4], 0x7f3a1e000000, 0x7f3a1e100000, "rw-s", 1050, "/memfd:x (deleted)", 512,
		   0, 256, 0);
	expect_vma(&s.v[5], 0x7f3a1f000000, 0x7f3a1f040000, "rw-s", 33, "/dev/shm/pgsql.123", 128,
		   0, 0, 16);
	expect_vma(&s.v[6], 0x7f3a20000000, 0x7f3a20100000, "rw-p", 0, "", 0, 0, 0, 24);
	expect_vma(&s.v[7], 0x7ffd3a1b0000, 0x7ffd3a1d1000, "rw-p", 0, "[stack]", 20, 20, 20, 0);
	expect_vma(&s.v[8], 0x7ffd3a1f5000, 0x7ffd3a1f7000, "r-xp", 0, "[vdso]", 8, 0, 8, 0);
	expect_vma(&s.v[9], 0xffffffffff600000, 0xffffffffff601000, "--xp", 0, "[vsyscall]", 0, 0,
		   0, 0);
}

Test(smaps, each_mapping_s_kind)
{
	static const enum region_kind want[] = { REGION_ANON, REGION_ANON,  REGION_FILE,
						 REGION_FILE, REGION_SHMEM, REGION_SHMEM,
						 REGION_ANON, REGION_ANON,  REGION_ANON,
						 REGION_ANON };
	struct seen s = { .n = 0 };

	walk_fixture(&s);
	cr_assert_eq(s.n, 10);
	for (size_t i = 0; i < s.n; i++)
		cr_expect_eq(smaps_kind(&s.v[i]), want[i], "'%s': %s, not %s", s.v[i].name,
			     region_kind_names[smaps_kind(&s.v[i])], region_kind_names[want[i]]);
}

static enum region_kind kind_of(const char *perms, uint64_t inode, const char *name)
{
	struct smaps_vma v = { .inode = inode };

	snprintf(v.perms, sizeof(v.perms), "%s", perms);
	snprintf(v.name, sizeof(v.name), "%s", name);
	return smaps_kind(&v);
}

/* Shared memory is shared: tmpfs, memfd, SysV and /dev/zero mapped shared, or an inode-less
 * shared mapping; the same files mapped private are a file's pages, copied on write. */
Test(smaps, shared_memory_only_when_shared)
{
	cr_expect_eq(kind_of("rw-s", 0, ""), REGION_SHMEM, "shared anonymous, no inode");
	cr_expect_eq(kind_of("rw-s", 9, "/dev/zero (deleted)"), REGION_SHMEM);
	cr_expect_eq(kind_of("rw-s", 9, "/SYSV0000162e (deleted)"), REGION_SHMEM);
	cr_expect_eq(kind_of("rw-s", 9, "/memfd:pool (deleted)"), REGION_SHMEM);
	cr_expect_eq(kind_of("r--s", 9, "/dev/shm/x"), REGION_SHMEM);
	cr_expect_eq(kind_of("rw-s", 9, "/var/lib/db/data"), REGION_FILE, "a file mapped shared");
	cr_expect_eq(kind_of("rw-p", 9, "/dev/shm/x"), REGION_FILE, "/dev/shm mapped private");
	cr_expect_eq(kind_of("rw-p", 9, "/memfd:pool (deleted)"), REGION_FILE);
	cr_expect_eq(kind_of("rw-p", 0, ""), REGION_ANON);
	cr_expect_eq(kind_of("rw-p", 0, "[anon:jemalloc]"), REGION_ANON);
}

Test(smaps, empty_text_walks_nothing)
{
	struct seen s = { .n = 0 };
	char why[64] = "";

	cr_assert_eq(smaps_walk("", keep, &s, why, sizeof(why)), 0);
	cr_assert_eq(s.n, 0);
}

Test(smaps, the_last_mapping_without_a_newline)
{
	struct seen s = { .n = 0 };
	char why[64] = "";

	cr_assert_eq(smaps_walk("1000-3000 r--p 00000000 00:00 0\nRss: 8 kB", keep, &s, why,
				sizeof(why)),
		     0, "%s", why);
	cr_assert_eq(s.n, 1);
	cr_expect_eq(s.v[0].rss, 8 * KIB);
	cr_expect_str_eq(s.v[0].name, "");
}

Test(smaps, the_callback_stops_the_walk_and_is_returned)
{
	struct seen s = { .n = 0, .stop_after = 3 };
	char why[64] = "", *text = slurp(SMAPS);

	cr_assert_eq(smaps_walk(text, keep, &s, why, sizeof(why)), 42);
	cr_assert_eq(s.n, 3, "no mapping after the one that stopped it");
	s = (struct seen){ .n = 0, .stop_after = 10 };
	cr_assert_eq(smaps_walk(text, keep, &s, why, sizeof(why)), 42, "the last one's too");
	free(text);
}

static int walk_refused(const char *text, char *why, size_t len)
{
	struct seen s = { .n = 0 };

	why[0] = '\0';
	return smaps_walk(text, keep, &s, why, len);
}

Test(smaps, a_header_that_does_not_read_is_refused_by_its_line)
{
	char why[128];

	cr_assert_eq(walk_refused("1000-2000 rw-p 00000000 00:00 0\nRss: 4 kB\n"
				  "3000-4000 rw-p 00000000 00:00\nRss: 4 kB\n",
				  why, sizeof(why)),
		     -EINVAL, "no inode");
	cr_expect_str_eq(why, "line 3: '3000-4000 rw-p 00000000 00:00'");
	cr_assert_eq(walk_refused("4000-3000 rw-p 00000000 00:00 0\n", why, sizeof(why)), -EINVAL,
		     "an end before its start");
	cr_expect_str_eq(why, "line 1: '4000-3000 rw-p 00000000 00:00 0'");
	cr_assert_eq(walk_refused("1000-2000 rw-pp 00000000 00:00 0\n", why, sizeof(why)), -EINVAL,
		     "five permissions");
	cr_assert_eq(walk_refused("1000-2000 rw- 00000000 00:00 0\n", why, sizeof(why)), -EINVAL,
		     "three permissions");
	cr_assert_eq(walk_refused("1000-zz rw-p 00000000 00:00 0\n", why, sizeof(why)), -EINVAL);
}

Test(smaps, a_field_that_does_not_read_is_refused_by_its_line)
{
	char why[128];

	cr_assert_eq(walk_refused("1000-2000 rw-p 00000000 00:00 0\nSize: 4 kB\nRss: many kB\n",
				  why, sizeof(why)),
		     -EINVAL);
	cr_expect_str_eq(why, "line 3: 'Rss: many kB'");
	cr_assert_eq(walk_refused("1000-2000 rw-p 00000000 00:00 0\nSwap: -1 kB\n", why,
				  sizeof(why)),
		     -EINVAL, "-1 read as 2^64 - 1 KiB");
	cr_expect_str_eq(why, "line 2: 'Swap: -1 kB'");
	/* The most that fits 64 bits of bytes, and one KiB more. */
	cr_assert_eq(walk_refused("1000-2000 rw-p 00000000 00:00 0\n"
				  "Referenced: 18014398509481983 kB\n",
				  why, sizeof(why)),
		     0, "%s", why);
	cr_assert_eq(walk_refused("1000-2000 rw-p 00000000 00:00 0\n"
				  "Referenced: 18014398509481984 kB\n",
				  why, sizeof(why)),
		     -EINVAL, "2^54 KiB is 2^64 bytes");
	cr_expect_str_eq(why, "line 2: 'Referenced: 18014398509481984 kB'");
}

Test(smaps, a_field_before_any_header_is_refused)
{
	char why[128];

	cr_assert_eq(walk_refused("Rss: 4 kB\n1000-2000 rw-p 00000000 00:00 0\n", why, sizeof(why)),
		     -EINVAL);
	cr_expect_str_eq(why, "line 1: 'Rss: 4 kB'");
}

Test(smaps, why_quotes_at_most_60_characters)
{
	char text[256], why[256], want[128];

	snprintf(text, sizeof(text), "1000-2000 rw-p 00000000 00:00 0\nRss: %s kB\n",
		 "x123456789012345678901234567890123456789012345678901234567890");
	cr_assert_eq(walk_refused(text, why, sizeof(why)), -EINVAL);
	snprintf(want, sizeof(want), "line 2: '%.60s'", text + 32);
	cr_expect_str_eq(why, want);
}
