#include <criterion/criterion.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "runner/kernel/sysfs.h"
#include "runner/kernel/zram.h"
#include "runner/kernel/zswap.h"
#include "runner/swap/backend.h"
#include "fixture.h"

/* Runs a backend's check on a fixture tree; why gets its message. */
static int check(const char *backend, const char *tree, const struct swap_params *given, char *why,
		 size_t len)
{
	static const struct swap_settings defaults = { .priority = 100 };
	struct swap_shared shared;
	struct swap_params p = *given;
	struct swap_device dev;
	int ret;

	if (!p.settings)
		p.settings = &defaults;
	p.size = 1 << 20;
	p.shared = &shared;
	swap_shared_init(&shared);
	sysfs_set_root(tree);
	cr_assert_eq(swap_device_init(&dev, backend_find(backend), &p), 0);
	ret = swap_device_check(&dev);
	snprintf(why, len, "%s", dev.why);
	swap_device_release(&dev);
	swap_shared_free(&shared);
	return ret;
}

static int check_zram(const char *tree, const char *comp, char *why, size_t len)
{
	struct swap_params p = { .comp = comp };
	return check("zram", tree, &p, why, len);
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
	cr_assert(strstr(why, "--comp 'zstd': this kernel's zram offers only: lzo-rle lzo lz4"),
		  "%s", why);
}

static int check_zswap(const char *comp, const char *zpool, char *why, size_t len)
{
	static struct swap_settings set;
	struct swap_params p = { .settings = &set,
				 .comp = comp,
				 .swapfile = "/var/tmp/zswapbench-unit-test.swap" };

	snprintf(set.zswap.zpool, sizeof(set.zswap.zpool), "%s", zpool ? zpool : "");
	return check("zswap", FIXTURES "/zswap", &p, why, len);
}

Test(zswap_backend, compressors_come_from_the_crypto_api_once_each)
{
	char list[256];
	sysfs_set_root(FIXTURES "/zswap");
	cr_assert_eq(zswap_compressors(list, sizeof(list)), 0);
	cr_assert_str_eq(list, "lzo-rle lzo deflate",
			 "sha256 is no compressor, lzo-rle is listed once");
}

Test(zswap_backend, an_algorithm_the_kernel_lacks_is_bad_input)
{
	char why[512];
	cr_assert_eq(check_zswap("deflate", NULL, why, sizeof(why)), 0, "%s", why);
	cr_assert_eq(check_zswap("lz4", NULL, why, sizeof(why)), -EINVAL);
	cr_assert(strstr(why,
			 "--comp 'lz4': this kernel's zswap can use only: lzo-rle lzo deflate"),
		  "%s", why);
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
	static struct swap_settings set;
	struct swap_params p = { .settings = &set };
	char why[512];

	set.zram.backing = 64 << 20;
	snprintf(set.zram.writeback, sizeof(set.zram.writeback), "idle");
	cr_assert_eq(check("zram", FIXTURES "/no-hotadd-free", &p, why, sizeof(why)), -ENOTSUP);
	cr_assert(strstr(why, "CONFIG_ZRAM_WRITEBACK"), "%s", why);
	cr_assert_eq(check("zram", FIXTURES "/zram-tiers", &p, why, sizeof(why)), 0, "%s", why);
	memset(&set, 0, sizeof(set));
	snprintf(set.zram.recomp, sizeof(set.zram.recomp), "zstd:type=idle");
	cr_assert_eq(check("zram", FIXTURES "/no-hotadd-free", &p, why, sizeof(why)), -ENOTSUP);
	cr_assert(strstr(why, "CONFIG_ZRAM_MULTI_COMP"), "%s", why);
	cr_assert_eq(check("zram", FIXTURES "/zram-tiers", &p, why, sizeof(why)), 0, "%s", why);
	sysfs_set_root(NULL);
}

/* Writeback needs somewhere to write: refused as bad input before any kernel file is asked. */
Test(zram_backend, writeback_without_a_backing_device_is_bad_input)
{
	static struct swap_settings set;
	struct swap_params p = { .settings = &set };
	char why[512];

	snprintf(set.zram.writeback, sizeof(set.zram.writeback), "huge");
	cr_assert_eq(check("zram", FIXTURES "/zram-tiers", &p, why, sizeof(why)), -EINVAL);
	cr_assert_str_eq(why, "--zram-writeback 'huge': needs --zram-backing-dev SIZE to write to");
	sysfs_set_root(NULL);
}

/* zswap's switches per cgroup exist on v2 only, memory.zswap.writeback from 6.8. */
Test(zswap_backend, cgroup_switches_need_v2_and_6_8)
{
	static struct swap_settings set;
	struct swap_params p = { .settings = &set,
				 .swapfile = "/var/tmp/zswapbench-unit-test.swap",
				 .cgroup_mode = "hybrid" };
	char why[512];

	set.zswap.writeback = SWITCH_OFF;
	cr_assert_eq(check("zswap", FIXTURES "/zswap", &p, why, sizeof(why)), -ENOTSUP);
	cr_assert_str_eq(why,
			 "--zswap-writeback: zswap is limited per cgroup only on cgroup v2 (this "
			 "machine: hybrid)");
	p.cgroup_v2 = 1;
	p.kernel = 601;
	cr_assert_eq(check("zswap", FIXTURES "/zswap", &p, why, sizeof(why)), -ENOTSUP);
	cr_assert_str_eq(why, "--zswap-writeback: memory.zswap.writeback came with Linux 6.8");
	p.kernel = 612;
	cr_assert_eq(check("zswap", FIXTURES "/zswap", &p, why, sizeof(why)), 0, "%s", why);
	sysfs_set_root(NULL);
}

/* Each backend names the options it takes: the option checks and --help ask it. */
Test(backends, each_names_the_options_it_takes)
{
	char buf[64];

	cr_assert_str_eq(backends_of_option("comp", buf, sizeof(buf)), "zram,zswap");
	cr_assert_str_eq(backends_of_option("swapfile", buf, sizeof(buf)), "disk,zswap");
	cr_assert_str_eq(backends_of_option("zram-size", buf, sizeof(buf)), "zram");
	cr_assert_str_eq(backends_of_option("limit", buf, sizeof(buf)), "");
	cr_assert_str_eq(backend_of_option("zram-generator")->name, "zram");
	cr_assert_null(backend_of_option("comp"), "two backends take --comp");
}

/* A backend's run-wide state is made once and found again by every cell of the run. */
Test(backends, shared_state_is_one_per_backend_per_run)
{
	struct swap_shared sh;
	void *a, *b;

	swap_shared_init(&sh);
	a = swap_shared_of(&sh, backend_find("zram"));
	b = swap_shared_of(&sh, backend_find("zswap"));
	cr_assert(a && b && a != b);
	cr_assert_eq(swap_shared_of(&sh, backend_find("zram")), a);
	cr_assert_eq(sh.n, 2);
	swap_shared_free(&sh);
	cr_assert_eq(sh.n, 0);
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

/* --comp all asks the backend table, not zram by name: zram's list, its remedy when there is
 * no device to ask; the RAM a backend keeps outside the cgroup says itself in preflight. */
Test(backends, comp_all_is_the_list_of_the_backend_that_offers_one)
{
	char buf[128] = "", why[160] = "";

	sysfs_set_root(FIXTURES "/hybrid");
	cr_assert_eq(backend_algorithms(buf, sizeof(buf), why, sizeof(why)), 0, "%s", why);
	cr_expect_not_null(strstr(buf, "lzo-rle"), "%s", buf);
	sysfs_set_root(FIXTURES "/no-zram");
	cr_expect_neq(backend_algorithms(buf, sizeof(buf), why, sizeof(why)), 0);
	cr_expect_str_eq(why,
			 "no zram device to ask which algorithms this kernel offers "
			 "(modprobe zram)");
	sysfs_set_root(NULL);
	cr_expect_null(backend_find("disk")->algorithms);
	cr_expect_null(backend_find("zswap")->algorithms);
	cr_expect_str_eq(backend_find("zram")->ram_cap_option, " with --zram-mem-limit");
	cr_expect_not_null(backend_find("zram")->uncharged_ram, "what its remedy caps");
}
