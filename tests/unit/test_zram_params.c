/* What the zram backend writes for a trial (swap/zram.c, swap/zram_writeback.c), into a fake
 * /sys/block/zram5 the test reads back: the algorithm and its parameters tied to it, the
 * streams only where the kernel has the file, the disksize and mem_limit, the backing device,
 * recompression and what follows the fill; and its numbers from mm_stat. Used as a block
 * device, so it is never swapon'd. */
#include <criterion/criterion.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runner/kernel/sysfs.h"
#include "runner/swap/backend.h"
#include "runner/swap/zram_state.h"
#include "runner/swap/zram_writeback.h"
#include "runner/undo/journal.h"

#define SYS "/sys/block/zram5"

static char root[] = "/tmp/zsb-unit-zram.XXXXXX";
static struct swap_settings set;
static struct swap_shared shared;
static struct swap_device dev;
static struct zram_shared zsh;
static struct journal j;

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
	static char text[512];
	char full[PATH_MAX];
	size_t n;
	FILE *f;

	snprintf(full, sizeof(full), "%s%s", root, path);
	f = fopen(full, "r");
	if (!f)
		return NULL;
	n = fread(text, 1, sizeof(text) - 1, f);
	text[n] = '\0';
	fclose(f);
	return text;
}

static void device(void)
{
	struct swap_params p = { .settings = &set,
				 .size = 64 << 20,
				 .use = USE_BLOCK,
				 .shared = &shared,
				 .swapfile = "/var/tmp/z.swap" };
	struct zram_state *z;

	cr_assert_not_null(mkdtemp(root));
	memset(&set, 0, sizeof(set));
	set.priority = 100;
	for (const char *const *f =
		     (const char *const[]){ "disksize", "mem_limit", "algorithm_params",
					    "backing_dev", "recomp_algorithm", "idle", "writeback",
					    "recompress", NULL };
	     *f; f++) {
		char path[128];
		snprintf(path, sizeof(path), SYS "/%s", *f);
		put(path, "");
	}
	put(SYS "/comp_algorithm", "lzo [lz4] zstd\n");
	put("/dev/zram5", "");
	sysfs_set_root(root);
	swap_shared_init(&shared);
	journal_init(&j);
	cr_assert_eq(swap_device_init(&dev, backend_find("zram"), &p), 0);
	z = dev.priv;
	z->id = 5;
	zsh.id = 5;
	zsh.loop_n = -1;
	z->shared = &zsh;
	z->after_fill_s = -1;
	snprintf(dev.block, sizeof(dev.block), "zram5");
	snprintf(dev.device, sizeof(dev.device), "%s/dev/zram5", root);
}

static void gone(void)
{
	char cmd[PATH_MAX + 16];

	swap_device_release(&dev);
	swap_shared_free(&shared);
	journal_free(&j);
	sysfs_set_root(NULL);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	cr_assert_eq(system(cmd), 0);
}

TestSuite(zram_params, .init = device, .fini = gone);

static struct swap_params *params(void)
{
	return &dev.params;
}

Test(zram_params, the_kernel_s_algorithm_and_the_run_s_size)
{
	cr_assert_eq(swap_device_start(&dev, &j), 0, "%s", dev.failed);
	cr_assert_str_eq(got(SYS "/disksize"), "67108864");
	cr_assert_str_eq(got(SYS "/mem_limit"), "", "no limit asked");
	cr_assert_str_eq(got(SYS "/algorithm_params"), "");
	cr_assert_str_eq(dev.comp_used, "lz4");
	cr_assert_null(got(SYS "/max_comp_streams"), "a kernel without the file gets none");
}

Test(zram_params, its_own_size_its_limit_and_parameters_tied_to_the_algorithm)
{
	set.zram.size = 32 << 20;
	set.zram.mem_limit = 16 << 20;
	snprintf(set.zram.algo_params, sizeof(set.zram.algo_params), "level=3");
	params()->comp = "zstd";
	swap_device_start(&dev, &j);
	cr_assert_str_eq(got(SYS "/comp_algorithm"), "zstd");
	cr_assert_str_eq(got(SYS "/algorithm_params"), "algo=zstd level=3");
	cr_assert_str_eq(got(SYS "/disksize"), "33554432");
	cr_assert_str_eq(got(SYS "/mem_limit"), "16777216");
}

Test(zram_params, parameters_without_an_algorithm_are_the_primary_s)
{
	snprintf(set.zram.algo_params, sizeof(set.zram.algo_params), "level=3");
	cr_assert_eq(swap_device_start(&dev, &j), 0, "%s", dev.failed);
	cr_assert_str_eq(got(SYS "/algorithm_params"), "priority=0 level=3");
}

Test(zram_params, streams_where_the_kernel_has_them)
{
	put(SYS "/max_comp_streams", "");
	set.zram.streams = 4;
	cr_assert_eq(swap_device_start(&dev, &j), 0, "%s", dev.failed);
	cr_assert_str_eq(got(SYS "/max_comp_streams"), "4");
}

/* Since 6.15 (per-CPU streams only) the file is gone: --streams then changes nothing and the
 * device still starts. */
Test(zram_params, streams_asked_of_a_kernel_without_the_file)
{
	set.zram.streams = 4;
	cr_assert_eq(swap_device_start(&dev, &j), 0, "%s", dev.failed);
	cr_assert_null(got(SYS "/max_comp_streams"));
	cr_assert_str_eq(got(SYS "/disksize"), "67108864");
}

Test(zram_params, the_backing_device_and_the_second_algorithm)
{
	zsh.loop_n = 7;
	snprintf(set.zram.recomp, sizeof(set.zram.recomp), "zstd:type=idle");
	cr_assert_eq(swap_device_start(&dev, &j), 0, "%s", dev.failed);
	cr_assert_str_eq(got(SYS "/backing_dev"), "/dev/loop7");
	cr_assert_str_eq(got(SYS "/recomp_algorithm"), "algo=zstd priority=1");
}

Test(zram_params, after_the_fill_idle_writeback_and_recompression)
{
	snprintf(set.zram.writeback, sizeof(set.zram.writeback), "huge");
	snprintf(set.zram.recomp, sizeof(set.zram.recomp), "zstd:type=idle");
	swap_device_after_fill(&dev);
	cr_assert_str_eq(got(SYS "/idle"), "all", "type=idle recompresses the idle pages");
	cr_assert_str_eq(got(SYS "/writeback"), "huge");
	cr_assert_str_eq(got(SYS "/recompress"), "type=idle");
	cr_assert_geq(((struct zram_state *)dev.priv)->after_fill_s, 0);
}

Test(zram_params, recompression_without_parameters_takes_the_huge_pages)
{
	snprintf(set.zram.recomp, sizeof(set.zram.recomp), "zstd");
	swap_device_after_fill(&dev);
	cr_assert_str_eq(got(SYS "/idle"), "", "nothing marked idle");
	cr_assert_str_eq(got(SYS "/writeback"), "");
	cr_assert_str_eq(got(SYS "/recompress"), "type=huge");
}

Test(zram_params, its_numbers_from_mm_stat_kept_at_the_sample)
{
	struct swap_sample s;
	struct trial t;
	struct vmstat_snap v = { 0 };
	struct swap_record_input in = { .filled = &s, .before = &v, .after = &v };

	/* orig compr mem_used mem_limit max_used same huge */
	put(SYS "/mm_stat", "40960 10240 12288 0 12288 2 0 1\n");
	swap_device_sample(&dev, &s, 1);
	cr_assert(s.have_store);
	cr_assert_eq(s.ram_used, 12288);
	put(SYS "/mm_stat", "0 0 0 0 0 0 0 0 0\n");
	swap_device_sample(&dev, &s, 0);
	memset(&t, 0, sizeof(t));
	swap_device_record(&dev, &in, &t);
	cr_assert_float_eq(t.value[M_ZRAM_ORIG], 40960, 1e-9, "the kept sample, not the last");
	cr_assert_float_eq(t.value[M_SWAP_RAM], 12288, 1e-9);
	cr_assert_float_eq(t.value[M_COMP_RATIO], 4.0, 1e-9);
	cr_assert_float_eq(t.value[M_ZRAM_SAME], 2, 1e-9);
	cr_assert_float_eq(t.value[M_ZRAM_HUGE], 1, 1e-9);
}

Test(zram_params, the_ram_it_costs_outside_the_cgroup)
{
	/* 100M spilled at 4:1, on a 64M device: the device's 64M at 4:1. */
	cr_assert_eq(swap_device_uncharged_ram(&dev, 100 << 20, 4.0), 16 << 20);
	cr_assert_eq(swap_device_uncharged_ram(&dev, 40 << 20, 4.0), 10 << 20);
	set.zram.mem_limit = 8 << 20;
	cr_assert_eq(swap_device_uncharged_ram(&dev, 40 << 20, 4.0), 8 << 20, "its mem_limit");
	set.zram.mem_limit = 0;
	set.zram.size = 200 << 20;
	cr_assert_eq(swap_device_uncharged_ram(&dev, 100 << 20, 4.0), 25 << 20, "its own size");
}

Test(zram_params, the_backing_device_s_traffic_in_bytes)
{
	struct zram_state *z = dev.priv;
	struct trial t;
	double page = (double)sysconf(_SC_PAGESIZE);

	memset(&t, 0, sizeof(t));
	z->have_bd = 1;
	z->bd_start.writes = 10;
	z->bd_filled.writes = 110;
	z->bd_filled.reads = 5;
	z->bd_end.reads = 25;
	z->after_fill_s = 0.5;
	zram_wb_record(&dev, &t);
	cr_assert_float_eq(t.value[M_ZRAM_BD_WRITES], 100 * page, 1e-9);
	cr_assert_float_eq(t.value[M_ZRAM_BD_READS], 20 * page, 1e-9);
	cr_assert_float_eq(t.value[M_ZRAM_AFTER_FILL_TIME], 0.5, 1e-9);
}
