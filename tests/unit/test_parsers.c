#include <criterion/criterion.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runner/kernel/vmstat.h"
#include "runner/kernel/kv.h"
#include "runner/kernel/sysfs.h"
#include "runner/kernel/zram.h"
#include "fixture.h"

Test(kv, exact_key_not_prefix)
{
	uint64_t v;
	const char *text = "swapcached 4096\nswap 8192\ntotal_swap 1\n";
	cr_assert_eq(kv_find(text, "swap", &v), 0);
	cr_assert_eq(v, 8192);
	cr_assert_eq(kv_find(text, "swapcache", &v), -ENOENT);
}

Test(kv, meminfo_colon_and_kb)
{
	uint64_t v;
	cr_assert_eq(kv_find("MemTotal:       24576 kB\nZswap:   12 kB\n", "Zswap", &v), 0);
	cr_assert_eq(v, 12 * 1024);
	cr_assert_eq(kv_find("key abc\n", "key", &v), -EINVAL);
}

Test(kv, v1_memory_stat_fixture)
{
	uint64_t v;
	sysfs_set_root(FIXTURES "/hybrid");
	cr_assert_eq(kv_read("/sys/fs/cgroup/memory/zsb-test/memory.stat", "swap", &v), 0);
	cr_assert_eq(v, 101703680);
	cr_assert_eq(kv_read("/sys/fs/cgroup/memory/zsb-test/memory.stat", "pgmajfault", &v), 0);
	cr_assert_eq(v, 38);
}

Test(vmstat, swap_counters_from_fixture)
{
	struct vmstat_snap s;
	sysfs_set_root(FIXTURES "/hybrid");
	cr_assert_eq(vmstat_snapshot(&s), 0);
	cr_assert_eq(s.pswpin, 310);
	cr_assert_eq(s.pswpout, 502897);
	cr_assert_eq(s.swpout_zero, 1957);
	cr_assert(s.have_zero);
}

Test(vmstat, kernels_before_6_12_have_no_zero_counters)
{
	struct vmstat_snap s;
	sysfs_set_root(FIXTURES "/old-kernel");
	cr_assert_eq(vmstat_snapshot(&s), 0);
	cr_assert_eq(s.pswpout, 9);
	cr_assert_not(s.have_zero);
}

/* A root whose /proc/vmstat and cgroup memory.stat are 40 KB, more than the 16 KiB a frame may
 * hold (a kernel with many counters): read whole, the keys at their ends found. */
static char big_root[64];

static void write_big(const char *rel, const char *tail)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", big_root, rel);
	f = fopen(path, "w");
	cr_assert_not_null(f, "%s", path);
	for (int i = 0; i < 2000; i++)
		fprintf(f, "nr_padding_%d 0\n", i);
	fputs(tail, f);
	cr_assert_eq(fclose(f), 0);
}

static void make_big_root(void)
{
	char dir[256];

	snprintf(big_root, sizeof(big_root), "/tmp/zsb-unit-kv-XXXXXX");
	cr_assert_not_null(mkdtemp(big_root));
	snprintf(dir, sizeof(dir), "%s/proc", big_root);
	cr_assert_eq(mkdir(dir, 0755), 0);
	write_big("proc/vmstat", "pswpin 7\npswpout 8\n");
	write_big("memory.stat", "swap 4096\n");
	sysfs_set_root(big_root);
}

static void drop_big_root(void)
{
	char path[256];

	sysfs_set_root(NULL);
	snprintf(path, sizeof(path), "%s/proc/vmstat", big_root);
	unlink(path);
	snprintf(path, sizeof(path), "%s/memory.stat", big_root);
	unlink(path);
	snprintf(path, sizeof(path), "%s/proc", big_root);
	rmdir(path);
	rmdir(big_root);
}

Test(kv, files_larger_than_a_frame, .init = make_big_root, .fini = drop_big_root)
{
	struct vmstat_snap s;
	uint64_t v = 0;

	cr_assert_eq(kv_read("/memory.stat", "swap", &v), 0);
	cr_assert_eq(v, 4096);
	cr_assert_eq(kv_read("/memory.stat", "pgmajfault", &v), -ENOENT);
	cr_assert_eq(kv_read("/no-such.stat", "swap", &v), -ENOENT, "a missing file");
	cr_assert_eq(vmstat_snapshot(&s), 0);
	cr_assert_eq(s.pswpin, 7);
	cr_assert_eq(s.pswpout, 8);
	write_big("memory.stat", "");
	cr_assert_eq(kv_read("/memory.stat", "nr_padding_1999", &v), 0, "the last line");
}

Test(kv, empty_files_hold_nothing, .init = make_big_root, .fini = drop_big_root)
{
	struct vmstat_snap s;
	FILE *f;
	uint64_t v = 42;
	char path[256];

	snprintf(path, sizeof(path), "%s/memory.stat", big_root);
	cr_assert_not_null(f = fopen(path, "w"));
	fclose(f);
	snprintf(path, sizeof(path), "%s/proc/vmstat", big_root);
	cr_assert_not_null(f = fopen(path, "w"));
	fclose(f);
	cr_assert_eq(kv_read("/memory.stat", "swap", &v), -ENOENT);
	cr_assert_eq(v, 42, "untouched");
	cr_assert_lt(vmstat_snapshot(&s), 0, "no counter is not a snapshot of zeroes");
}

Test(zram, mm_stat_columns)
{
	struct zram_mm_stat st;
	sysfs_set_root(FIXTURES "/hybrid");
	cr_assert_eq(zram_mm_stat_read(3, &st), 0);
	cr_assert_eq(st.orig_data_size, 101408768);
	cr_assert_eq(st.compr_data_size, 53452718);
	cr_assert_eq(st.mem_used_total, 54222848);
	cr_assert_eq(st.huge_pages, 0);
	/* Seven columns: a kernel before huge_pages. */
	cr_assert_eq(zram_mm_stat_read(0, &st), 0);
	cr_assert_eq(st.orig_data_size, 4096);
	cr_assert_eq(zram_mm_stat_parse("1 2 3\n", &st), -EINVAL);
	cr_assert_eq(zram_mm_stat_parse("1 2 x 4 5 6 7\n", &st), -EINVAL);
}

Test(zram, algorithms_and_selection)
{
	char buf[128];
	sysfs_set_root(FIXTURES "/hybrid");
	cr_assert_eq(zram_algorithms(buf, sizeof(buf)), 0);
	cr_assert(words_contain(buf, "lz4", ' '));
	cr_assert(words_contain(buf, "lzo-rle", ' '));
	cr_assert(words_contain(buf, "lzo", ' '));
	cr_assert_not(words_contain(buf, "zstd", ' '));
	cr_assert_not(words_contain(buf, "lz", ' '));
	cr_assert_eq(zram_current_algorithm(3, buf, sizeof(buf)), 0);
	cr_assert_str_eq(buf, "lz4");
	cr_assert_eq(zram_current_algorithm(0, buf, sizeof(buf)), 0);
	cr_assert_str_eq(buf, "lzo-rle");
}

/* One reader of comp_algorithm for the list, the selection, and both at once. */
Test(zram, comp_algorithm_one_reader)
{
	char list[64], sel[16];
	cr_assert_eq(zram_algorithm_parse("lzo [lzo-rle] lz4 zstd\n", list, sizeof(list), sel,
					  sizeof(sel)),
		     0);
	cr_assert_str_eq(list, "lzo lzo-rle lz4 zstd");
	cr_assert_str_eq(sel, "lzo-rle");
	cr_assert_eq(zram_algorithm_parse("[lz4] lz4hc", list, sizeof(list), NULL, 0), 0);
	cr_assert_str_eq(list, "lz4 lz4hc");
	cr_assert_eq(zram_algorithm_parse("lzo lz4", list, sizeof(list), sel, sizeof(sel)), -EINVAL,
		     "nothing selected");
	cr_assert_str_eq(list, "lzo lz4");
}

Test(kv, words_by_separator)
{
	cr_assert(words_contain("rw,nosuid,memory", "memory", ','));
	cr_assert_not(words_contain("rw,nosuid,memory_recursiveprot", "memory", ','));
	cr_assert(words_contain("cpu io memory", "memory", ' '));
	cr_assert_not(words_contain("lz4hc", "lz4", ' '));
}

Test(kv, kb_that_overflows_is_an_error_not_zero)
{
	uint64_t v = 7;
	cr_assert_eq(kv_find("MemTotal: 18446744073709551 kB\n", "MemTotal", &v), -ERANGE);
	cr_assert_eq(kv_find("MemTotal: 1024 kB\n", "MemTotal", &v), 0);
	cr_assert_eq(v, 1048576);
}

Test(sysfs, minus_one_is_not_a_number)
{
	struct zram_mm_stat st;
	cr_assert_eq(zram_mm_stat_parse("-1 2 3 4 5 6 7\n", &st), -EINVAL);
}

/* Lines of a 6.1 kernel's /proc/vmstat: zswap's in and out counters (5.19+), no writeback
 * counter (6.8+) and no zero-page counters (6.12+). */
static const char vmstat_6_1[] = "nr_free_pages 1234567\n"
				 "pgpgin 16423748\n"
				 "pgpgout 48223016\n"
				 "pswpin 81234\n"
				 "pswpout 502311\n"
				 "pgfault 98765432\n"
				 "pgmajfault 20517\n"
				 "zswpin 40211\n"
				 "zswpout 391877\n"
				 "thp_swpout 0\n";

Test(vmstat, each_counter_from_its_own_line)
{
	struct vmstat_snap s;

	cr_assert_eq(vmstat_parse(vmstat_6_1, &s), 0);
	cr_assert_eq(s.pswpin, 81234);
	cr_assert_eq(s.pswpout, 502311);
	cr_assert_eq(s.pgmajfault, 20517, "major faults, not every fault");
	cr_assert(s.have_zswp);
	cr_assert_eq(s.zswpin, 40211);
	cr_assert_eq(s.zswpout, 391877);
	cr_assert_not(s.have_zswpwb, "no zswpwb before 6.8");
	cr_assert_eq(s.zswpwb, 0);
	cr_assert_not(s.have_zero);
}

Test(vmstat, a_cut_file_is_what_it_still_holds)
{
	struct vmstat_snap s;
	char cut[sizeof(vmstat_6_1)];
	size_t at = (size_t)(strstr(vmstat_6_1, "pswpout") - vmstat_6_1);

	/* Cut before pswpout: without both swap counters the file is no snapshot. */
	memcpy(cut, vmstat_6_1, at);
	cut[at] = '\0';
	cr_assert_eq(vmstat_parse(cut, &s), -ENOENT);
	/* Cut inside zswpout's number: "zswpout 39" is what is there, and zswpin is whole. */
	at = (size_t)(strstr(vmstat_6_1, "zswpout") - vmstat_6_1) + strlen("zswpout 39");
	memcpy(cut, vmstat_6_1, at);
	cut[at] = '\0';
	cr_assert_eq(vmstat_parse(cut, &s), 0);
	cr_assert_eq(s.zswpout, 39);
	cr_assert_eq(s.zswpin, 40211);
	cr_assert_eq(vmstat_parse("", &s), -ENOENT);
}

Test(kv, a_number_must_end_its_line)
{
	uint64_t v = 0;

	cr_assert_eq(kv_find("pswpin 12abc\n", "pswpin", &v), -EINVAL);
	cr_assert_eq(kv_find("MemTotal: 12 kBx\n", "MemTotal", &v), -EINVAL);
	cr_assert_eq(kv_find("MemTotal: 12 kB  \nnext 1\n", "MemTotal", &v), 0);
	cr_assert_eq(v, 12288);
	cr_assert_eq(kv_find("pswpin 12", "pswpin", &v), 0, "the last line without its newline");
	cr_assert_eq(v, 12);
	cr_assert_eq(kv_find("pswpin 18446744073709551616\n", "pswpin", &v), -ERANGE);
}

Test(kv, a_word_before_the_newline_of_a_list)
{
	cr_assert(words_contain("cpuset cpu io memory\n", "memory", ' '));
	cr_assert(words_contain("lzo lz4\n", "lz4", ' '));
	cr_assert_not(words_contain("lzo lz4hc\n", "lz4", ' '));
	cr_assert_not(words_contain("lzo", "", ' '), "an empty word is in no list");
}
