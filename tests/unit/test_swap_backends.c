/* The backends' parts that need no device (swap/backend.c, disk.c, zswap.c): the table found
 * by whole names, an option of two backends owned by neither, a plain swap area costing no
 * RAM, the dry run's lines, zswap's pool read from a fake debugfs and meminfo, its counters
 * around a trial, its cgroup limits, and zswap turned off for a disk cell where it was on. */
#include <criterion/criterion.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runner/kernel/sysfs.h"
#include "runner/kernel/zswap.h"
#include "runner/swap/backend.h"
#include "runner/undo/journal.h"

static char root[] = "/tmp/zsb-unit-swap.XXXXXX";
static struct swap_settings set;
static struct swap_shared shared;
static struct swap_device dev;
static char described[2048];

static void put(const char *path, const char *text)
{
	char full[PATH_MAX], dir[PATH_MAX];
	FILE *f;

	for (const char *p = path; (p = strchr(p + 1, '/'));) {
		snprintf(dir, sizeof(dir), "%s%.*s", root, (int)(p - path), path);
		mkdir(dir, 0700);
	}
	snprintf(full, sizeof(full), "%s%s", root, path);
	f = fopen(full, "w");
	cr_assert_not_null(f, "%s", full);
	fputs(text, f);
	fclose(f);
}

static const char *got(const char *path)
{
	static char text[256];
	char full[PATH_MAX];
	size_t n;
	FILE *f;

	snprintf(full, sizeof(full), "%s%s", root, path);
	f = fopen(full, "r");
	cr_assert_not_null(f, "%s", full);
	n = fread(text, 1, sizeof(text) - 1, f);
	text[n] = '\0';
	fclose(f);
	return text;
}

static void tree(void)
{
	cr_assert_not_null(mkdtemp(root));
	put("/proc/meminfo", "MemTotal: 1000 kB\n");
	sysfs_set_root(root);
	memset(&set, 0, sizeof(set));
	set.priority = 100;
	swap_shared_init(&shared);
}

static void gone(void)
{
	char cmd[PATH_MAX + 16];

	swap_device_release(&dev);
	swap_shared_free(&shared);
	sysfs_set_root(NULL);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	cr_assert_eq(system(cmd), 0);
}

TestSuite(swap_backends, .init = tree, .fini = gone);

static void make(const char *backend, enum device_use use)
{
	struct swap_params p = { .settings = &set,
				 .size = 300 << 20,
				 .use = use,
				 .swapfile = "/var/tmp/zswapbench-1.swap",
				 .shared = &shared };

	cr_assert_eq(swap_device_init(&dev, backend_find(backend), &p), 0);
}

static void describe(void)
{
	FILE *out = fmemopen(described, sizeof(described), "w");

	cr_assert_not_null(out);
	swap_device_describe(&dev, out);
	fclose(out);
}

Test(swap_backends, found_by_their_whole_names)
{
	cr_assert_str_eq(backend_find("zram")->name, "zram");
	cr_assert_null(backend_find("zra"));
	cr_assert_null(backend_find("zramx"));
	cr_assert_str_eq(backend_find("none")->name, "none");
}

Test(swap_backends, the_disk_throttle_is_disk_s_and_zswap_s)
{
	char buf[64];

	cr_assert_str_eq(backends_of_option("disk-throttle", buf, sizeof(buf)), "disk,zswap");
	cr_assert_null(backend_of_option("swapfile"));
	cr_assert_str_eq(backend_of_option("zswap-max")->name, "zswap");
}

Test(swap_backends, a_plain_swap_area_costs_no_ram_a_compressed_one_is_its_own)
{
	struct swap_sample filled = { .have_used = 1, .device_used = 4096 };
	struct vmstat_snap v = { 0 };
	struct swap_record_input in = { .filled = &filled, .before = &v, .after = &v };
	struct trial t;

	make("disk", USE_SWAP);
	memset(&t, 0, sizeof(t));
	swap_device_record(&dev, &in, &t);
	cr_assert(t.have[M_SWAP_RAM]);
	cr_assert_float_eq(t.value[M_SWAP_RAM], 0, 1e-9);
	cr_assert_float_eq(t.value[M_DEVICE_USED], 4096, 1e-9);
	swap_device_release(&dev);
	make("zswap", USE_SWAP);
	memset(&t, 0, sizeof(t));
	swap_device_record(&dev, &in, &t);
	cr_assert_not(t.have[M_SWAP_RAM], "zswap says its own, from its pool");
}

Test(swap_backends, disk_as_a_block_device_is_a_loop_device_never_swapon_d)
{
	make("disk", USE_BLOCK);
	describe();
	cr_assert(strstr(described,
			 "  once: a loop device over /var/tmp/zswapbench-1.swap; "
			 "detached at the end\n"),
		  "%s", described);
	cr_assert_null(strstr(described, "mkswap"), "%s", described);
	swap_device_release(&dev);
	make("disk", USE_SWAP);
	describe();
	cr_assert(strstr(described,
			 "  once: mkswap -L zswapbench on it; each trial: swapon at priority 100, "
			 "swapoff after\n"),
		  "%s", described);
	cr_assert_null(strstr(described, "loop device"), "%s", described);
	swap_device_release(&dev);
	/* zram's device is new every trial: its header too. */
	make("zram", USE_SWAP);
	describe();
	cr_assert(strstr(described,
			 "  each trial: mkswap -L zswapbench and swapon at priority "
			 "100; swapoff after\n"),
		  "%s", described);
}

Test(swap_backends, only_a_backend_with_a_device_of_its_own_is_measured_as_one)
{
	make("disk", USE_BLOCK);
	cr_assert_eq(swap_device_check(&dev), 0, "%s", dev.why);
	swap_device_release(&dev);
	make("zswap", USE_BLOCK);
	cr_assert_eq(swap_device_check(&dev), -EINVAL);
	cr_assert(strstr(dev.why, "--target block: --swap zswap has no device of its own"), "%s",
		  dev.why);
	swap_device_release(&dev);
	make("zswap", USE_FS);
	cr_assert_eq(swap_device_check(&dev), -EINVAL, "nor a filesystem");
}

Test(swap_backends, zswap_left_on_is_turned_off_for_a_disk_cell)
{
	struct journal j;

	put(ZSWAP_PARAMS "/enabled", "Y\n");
	make("disk", USE_SWAP);
	journal_init(&j);
	cr_assert_eq(swap_keep_zswap_out(&dev, &j), 0, "%s", dev.failed);
	cr_assert_str_eq(got(ZSWAP_PARAMS "/enabled"), "N");
	cr_assert_eq(journal_pending(&j), 1, "restored after");
	journal_free(&j);
	journal_init(&j);
	put(ZSWAP_PARAMS "/enabled", "N\n");
	cr_assert_eq(swap_keep_zswap_out(&dev, &j), 0);
	cr_assert_eq(journal_pending(&j), 0, "already off: nothing to change");
	journal_free(&j);
}

Test(swap_backends, zswap_s_pool_from_debugfs_kept_at_the_sample)
{
	struct swap_sample s;
	struct vmstat_snap before = { .zswpout = 10,
				      .zswpin = 1,
				      .zswpwb = 2,
				      .have_zswp = 1,
				      .have_zswpwb = 1 },
			   after = { .zswpout = 110,
				     .zswpin = 4,
				     .zswpwb = 7,
				     .have_zswp = 1,
				     .have_zswpwb = 1 };
	struct swap_record_input in = { .filled = &s, .before = &before, .after = &after };
	double page = (double)sysconf(_SC_PAGESIZE);
	struct trial t;

	put(DEBUGFS "/zswap/stored_pages", "100\n");
	put(DEBUGFS "/zswap/pool_total_size", "102400\n");
	put("/proc/meminfo", "MemTotal: 1000 kB\nZswap: 100 kB\nZswapped: 400 kB\n");
	make("zswap", USE_SWAP);
	swap_device_sample(&dev, &s, 1);
	cr_assert(s.have_store);
	cr_assert_eq(s.ram_used, 102400);
	put(DEBUGFS "/zswap/stored_pages", "0\n");
	swap_device_sample(&dev, &s, 0);
	memset(&t, 0, sizeof(t));
	swap_device_record(&dev, &in, &t);
	cr_assert_float_eq(t.value[M_ZSWAP_STORED], 100, 1e-9, "the kept sample, not the last");
	cr_assert_float_eq(t.value[M_SWAP_STORED], 100 * page, 1e-9);
	cr_assert_float_eq(t.value[M_SWAP_RAM], 102400, 1e-9);
	cr_assert_float_eq(t.value[M_COMP_RATIO], 100 * page / 102400, 1e-9);
	cr_assert_float_eq(t.value[M_ZSWAP_MEMINFO], 400 * 1024, 1e-9);
	cr_assert_float_eq(t.value[M_ZSWAP_MEMINFO_POOL], 100 * 1024, 1e-9);
	cr_assert_float_eq(t.value[M_ZSWPOUT], 100, 1e-9);
	cr_assert_float_eq(t.value[M_ZSWPIN], 3, 1e-9);
	cr_assert_float_eq(t.value[M_ZSWPWB], 5, 1e-9);
	before.have_zswpwb = 0;
	memset(&t, 0, sizeof(t));
	swap_device_record(&dev, &in, &t);
	cr_assert_not(t.have[M_ZSWPWB], "a kernel before 6.8 on one side");
}

Test(swap_backends, zswap_s_cgroup_limits)
{
	struct cgroup_limits l = { .zswap_writeback = 7 };

	set.zswap.max = 64 << 20;
	set.zswap.writeback = SWITCH_OFF;
	make("zswap", USE_SWAP);
	swap_device_cgroup_limits(&dev, &l);
	cr_assert_eq(l.zswap_max, 64 << 20);
	cr_assert_eq(l.zswap_writeback, 0);
	set.zswap.writeback = SWITCH_ON;
	swap_device_cgroup_limits(&dev, &l);
	cr_assert_eq(l.zswap_writeback, 1);
	set.zswap.writeback = SWITCH_LEAVE;
	swap_device_cgroup_limits(&dev, &l);
	cr_assert_eq(l.zswap_writeback, -1, "left alone");
}

Test(swap_backends, zswap_s_dry_run_says_each_parameter_and_what_it_is_now)
{
	put(ZSWAP_PARAMS "/enabled", "N\n");
	put(ZSWAP_PARAMS "/compressor", "lzo\n");
	put(ZSWAP_PARAMS "/shrinker_enabled", "Y\n");
	put(DEBUGFS "/zswap/stored_pages", "0\n");
	set.zswap.pool = 25;
	set.zswap.shrinker = SWITCH_OFF;
	make("zswap", USE_SWAP);
	dev.params.comp = "zstd";
	describe();
	cr_assert(strstr(described,
			 "  each trial: " ZSWAP_PARAMS "/compressor zstd (now lzo), "
			 "restored after\n"),
		  "%s", described);
	cr_assert(strstr(described, ZSWAP_PARAMS "/max_pool_percent 25 (now ?)"), "%s", described);
	cr_assert(strstr(described, ZSWAP_PARAMS "/shrinker_enabled N (now Y)"), "%s", described);
	cr_assert(strstr(described, ZSWAP_PARAMS "/enabled Y (now N)"), "%s", described);
	cr_assert_null(strstr(described, "mount debugfs"), "%s", described);
}
