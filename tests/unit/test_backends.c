#include <criterion/criterion.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "runner/cli/options.h"
#include "runner/swap/backend.h"
#include "runner/kernel/sysfs.h"
#include "fixture.h"

/* Runs a backend's check on a fixture tree; why gets its message. */
static int check(const struct backend *b, const char *tree, const struct swap_params *given, char *why, size_t len)
{
	static struct config defaults;
	struct swap_shared shared = { .zram_id = -1 };
	struct swap_params p = *given;
	struct swap_device dev;
	int ret;

	if (!p.cfg) {
		options_defaults(&defaults);
		p.cfg = &defaults;
	}
	p.size = 1 << 20;
	p.shared = &shared;
	sysfs_set_root(tree);
	swap_device_init(&dev, b, &p);
	ret = swap_device_check(&dev);
	snprintf(why, len, "%s", dev.why);
	return ret;
}

static int check_zram(const char *tree, const char *comp, char *why, size_t len)
{
	struct swap_params p = { .comp = comp };
	return check(&backend_zram, tree, &p, why, len);
}

Test(zram_backend, without_hot_add_an_unused_zram0_is_usable)
{
	char why[512];
	cr_assert_eq(check_zram(FIXTURES "/no-hotadd-free", NULL, why, sizeof(why)), 0, "%s", why);
	cr_assert_eq(check_zram(FIXTURES "/no-hotadd-free", "lz4", why, sizeof(why)), 0, "%s", why);
}

Test(zram_backend, without_hot_add_a_zram0_in_use_is_never_taken)
{
	char why[512];
	cr_assert_eq(check_zram(FIXTURES "/no-hotadd-busy", NULL, why, sizeof(why)), -ENOTSUP);
	cr_assert(strstr(why, "zram0 is in use"), "%s", why);
}

Test(zram_backend, no_zram_at_all_and_an_algorithm_it_lacks)
{
	char why[512];
	cr_assert_eq(check_zram(FIXTURES "/no-zram", NULL, why, sizeof(why)), -ENOTSUP);
	cr_assert(strstr(why, "modprobe zram"), "%s", why);
	cr_assert_eq(check_zram(FIXTURES "/no-hotadd-free", "zstd", why, sizeof(why)), -EINVAL);
	cr_assert(strstr(why, "--comp 'zstd': this kernel's zram offers only: lzo-rle lzo lz4"), "%s", why);
}

static int check_zswap(const char *comp, const char *zpool, char *why, size_t len)
{
	static struct config cfg;
	struct swap_params p = { .cfg = &cfg, .comp = comp, .swapfile = "/var/tmp/zswapbench-unit-test.swap" };

	options_defaults(&cfg);
	snprintf(cfg.zswap_zpool, sizeof(cfg.zswap_zpool), "%s", zpool ? zpool : "");
	return check(&backend_zswap, FIXTURES "/zswap", &p, why, len);
}

Test(zswap_backend, compressors_come_from_the_crypto_api_once_each)
{
	char list[256];
	sysfs_set_root(FIXTURES "/zswap");
	cr_assert_eq(zswap_compressors(list, sizeof(list)), 0);
	cr_assert_str_eq(list, "lzo-rle lzo deflate", "sha256 is no compressor, lzo-rle is listed once");
}

Test(zswap_backend, an_algorithm_the_kernel_lacks_is_bad_input)
{
	char why[512];
	cr_assert_eq(check_zswap("deflate", NULL, why, sizeof(why)), 0, "%s", why);
	cr_assert_eq(check_zswap("lz4", NULL, why, sizeof(why)), -EINVAL);
	cr_assert(strstr(why, "--comp 'lz4': this kernel's zswap can use only: lzo-rle lzo deflate"), "%s", why);
}

Test(zswap_backend, no_zpool_choice_on_newer_kernels)
{
	char why[512];
	cr_assert_eq(check_zswap(NULL, "zbud", why, sizeof(why)), -ENOTSUP);
	cr_assert(strstr(why, "no zpool choice"), "%s", why);
}

/* Writeback and recompression: refused (-ENOTSUP, naming the kernel option) where zram lacks
 * the attribute; taken where it has it. */
Test(zram_backend, writeback_and_recompression_need_the_kernel_s_support)
{
	static struct config cfg;
	struct swap_params p = { .cfg = &cfg };
	char why[512];

	options_defaults(&cfg);
	cfg.zram_backing = 64 << 20;
	snprintf(cfg.zram_writeback, sizeof(cfg.zram_writeback), "idle");
	cr_assert_eq(check(&backend_zram, FIXTURES "/no-hotadd-free", &p, why, sizeof(why)), -ENOTSUP);
	cr_assert(strstr(why, "CONFIG_ZRAM_WRITEBACK"), "%s", why);
	cr_assert_eq(check(&backend_zram, FIXTURES "/zram-tiers", &p, why, sizeof(why)), 0, "%s", why);
	options_defaults(&cfg);
	snprintf(cfg.zram_recomp, sizeof(cfg.zram_recomp), "zstd:type=idle");
	cr_assert_eq(check(&backend_zram, FIXTURES "/no-hotadd-free", &p, why, sizeof(why)), -ENOTSUP);
	cr_assert(strstr(why, "CONFIG_ZRAM_MULTI_COMP"), "%s", why);
	cr_assert_eq(check(&backend_zram, FIXTURES "/zram-tiers", &p, why, sizeof(why)), 0, "%s", why);
	sysfs_set_root(NULL);
}

Test(zram_backend, bd_stat_is_three_page_counts)
{
	struct zram_bd_stat st;

	cr_assert_eq(zram_bd_stat_parse("       5       12      300\n", &st), 0);
	cr_assert_eq(st.count, 5);
	cr_assert_eq(st.reads, 12);
	cr_assert_eq(st.writes, 300);
	cr_assert_eq(zram_bd_stat_parse("5 -1 3\n", &st), -EINVAL);
	cr_assert_eq(zram_bd_stat_parse("5 12\n", &st), -EINVAL);
}
