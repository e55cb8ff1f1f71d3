/* Readers of the kernel's swap state on a fake tree (tests/fixtures/kernel-state): zswap's
 * debugfs counters and meminfo, a loop device's backing file, zram's hot_add; and the
 * compressors /proc/crypto offers zswap. Never the machine's own files. */
#include <criterion/criterion.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "runner/kernel/loop.h"
#include "runner/kernel/sysfs.h"
#include "runner/kernel/zram.h"
#include "runner/kernel/zswap.h"
#include "fixture.h"
#include "tools.h"

#define STATE FIXTURES "/kernel-state"

Test(zswap_state, debugfs_counters_and_meminfo_at_once)
{
	struct zswap_stats st;

	sysfs_set_root(STATE);
	cr_assert_eq(zswap_read_stats(&st), 0);
	cr_assert(st.have_debugfs);
	cr_assert_eq(st.stored_pages, 96000);
	cr_assert_eq(st.pool_total_size, 100663296);
	cr_assert_eq(st.stored_incompressible_pages, 312);
	cr_assert_eq(st.written_back_pages, 2048);
	cr_assert_eq(st.pool_limit_hit, 4);
	cr_assert_eq(st.rejected, 17 + 250 + 3, "every reject_* counter, summed");
	cr_assert(st.have_meminfo);
	cr_assert_eq(st.meminfo_zswap, 98304ull * 1024, "the pool");
	cr_assert_eq(st.meminfo_zswapped, 393216ull * 1024, "what it holds");
	sysfs_set_root(NULL);
}

/* Without debugfs mounted, meminfo alone still says what zswap holds; with neither, nothing. */
Test(zswap_state, meminfo_without_debugfs)
{
	char *root = temp_dir("zsb-unit-zswap"), path[PATH_MAX];
	struct zswap_stats st;
	FILE *f;

	snprintf(path, sizeof(path), "%s/proc", root);
	cr_assert_eq(mkdir(path, 0755), 0);
	snprintf(path, sizeof(path), "%s/proc/meminfo", root);
	cr_assert_not_null(f = fopen(path, "w"));
	fputs("MemTotal:        8024364 kB\nZswap:              4096 kB\nZswapped:          16384 "
	      "kB\n",
	      f);
	fclose(f);
	sysfs_set_root(root);
	cr_assert_eq(zswap_read_stats(&st), 0);
	cr_assert_not(st.have_debugfs);
	cr_assert(st.have_meminfo);
	cr_assert_eq(st.meminfo_zswapped, 16384ull * 1024);
	sysfs_set_root(FIXTURES "/system-quiet");
	cr_assert_eq(zswap_read_stats(&st), -ENOENT, "a kernel without zswap's lines");
	sysfs_set_root(NULL);
	remove_dir(root);
}

/* /proc/crypto of a machine with Intel's IAA: deflate twice, in software (scomp) and on the
 * accelerator (acomp); lz4's "compression" driver is the old interface zswap cannot use. */
Test(zswap_state, compressors_of_both_interfaces_once_each)
{
	char text[] = "name         : deflate\n"
		      "driver       : deflate-iaa\n"
		      "module       : iaa_crypto\n"
		      "priority     : 300\n"
		      "type         : acomp\n"
		      "\n"
		      "name         : zstd\n"
		      "driver       : zstd-scomp\n"
		      "module       : kernel\n"
		      "type         : scomp\n"
		      "\n"
		      "name         : deflate\n"
		      "driver       : deflate-scomp\n"
		      "module       : kernel\n"
		      "type         : scomp\n"
		      "\n"
		      "name         : lz4\n"
		      "driver       : lz4-generic\n"
		      "type         : compression\n";
	char list[128];

	cr_assert_eq(zswap_compressors_parse(text, list, sizeof(list)), 0);
	cr_assert_str_eq(list, "deflate zstd");
}

Test(loop_state, the_backing_file_or_none)
{
	char buf[128] = "x";

	sysfs_set_root(STATE);
	cr_assert_eq(loop_backing_file(0, buf, sizeof(buf)), 0);
	cr_assert_str_eq(buf, "/var/tmp/zswapbench-wb.img");
	strcpy(buf, "x");
	cr_assert_eq(loop_backing_file(1, buf, sizeof(buf)), 0, "loop1 is free");
	cr_assert_str_eq(buf, "");
	cr_assert_eq(loop_backing_file(7, buf, sizeof(buf)), 0, "no loop7 at all");
	cr_assert_str_eq(buf, "");
	sysfs_set_root(NULL);
}

Test(zram_state, hot_add_gives_device_zero)
{
	int id = -1;

	sysfs_set_root(STATE);
	cr_assert_eq(zram_hot_add(&id), 0);
	cr_assert_eq(id, 0);
	sysfs_set_root(FIXTURES "/system-noisy");
	cr_assert_eq(zram_hot_add(&id), 0);
	cr_assert_eq(id, 3);
	sysfs_set_root(FIXTURES "/none");
	cr_assert_eq(zram_hot_add(&id), -ENOENT);
	sysfs_set_root(NULL);
}
