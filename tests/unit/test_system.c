/* The machine's facts (src/runner/system) on fixture trees, and once on the real machine. */
#include <criterion/criterion.h>
#include <errno.h>
#include <json.h>
#include <linux/magic.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "common/util.h"
#include "runner/kernel/sysfs.h"
#include "runner/result/environment.h"
#include "runner/system/fact_table.h"
#include "runner/system/facts.h"
#include "runner/system/facts_util.h"
#include "runner/system/sysinfo.h"
#include "fixture.h"

#define NOISY FIXTURES "/system-noisy"
#define QUIET FIXTURES "/system-quiet"
#define BROKEN FIXTURES "/system-broken"
#define MISSING FIXTURES "/system-does-not-exist"
#define ESCAPED FIXTURES "/system-escaped"

static struct sysinfo_facts collect(const char *root)
{
	struct sysinfo_facts s;
	sysfs_set_root(root);
	cr_assert_eq(sysinfo_collect(&s, NULL), 0);
	return s;
}

static int has_warning(const struct sysinfo_facts *s, const char *words)
{
	char w[SYSINFO_MAX_WARNINGS][SYSINFO_WARNING_LEN];
	size_t n = sysinfo_warnings(s, w, SYSINFO_MAX_WARNINGS);
	for (size_t i = 0; i < n; i++)
		if (strstr(w[i], words))
			return 1;
	return 0;
}

static size_t count_warnings(const struct sysinfo_facts *s)
{
	char w[SYSINFO_MAX_WARNINGS][SYSINFO_WARNING_LEN];
	return sysinfo_warnings(s, w, SYSINFO_MAX_WARNINGS);
}

/* The printed table, in a buffer the caller frees. */
static char *printed(const struct sysinfo_facts *s)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	cr_assert(f);
	sysinfo_print(s, f);
	fclose(f);
	return text;
}

/* o[section][key], asserting both are there (a null value is there). */
static json_object *key(json_object *o, const char *section, const char *name)
{
	json_object *sec = o, *v = NULL;
	if (section)
		cr_assert(json_object_object_get_ex(o, section, &sec), "no section %s", section);
	cr_assert(json_object_object_get_ex(sec, name, &v), "no key %s.%s", section ? section : "",
		  name);
	return v;
}

/* ---- the facts, read exactly ---- */

Test(system_facts, kernel_and_cpu_of_a_noisy_machine)
{
	struct sysinfo_facts s = collect(NOISY);

	cr_assert_str_eq(s.kernel.release, "6.1.0-18-amd64");
	cr_assert_str_eq(s.kernel.version, "#1 SMP PREEMPT_DYNAMIC Debian 6.1.76-1 (2024-02-01)");
	cr_assert_str_eq(s.kernel.arch, "x86_64");
	cr_assert_str_eq(s.kernel.hostname, "noisybox");
	cr_assert_str_eq(s.kernel.cmdline,
			 "BOOT_IMAGE=/boot/vmlinuz-6.1.0-18-amd64 root=/dev/nvme0n1p2 ro quiet");
	cr_assert_str_eq(s.cpu.model, "Intel(R) Core(TM) i7-8550U CPU @ 1.80GHz");
	cr_assert_eq(s.cpu.online, 8);
	cr_assert_eq(s.cpu.smt_active, 1);
	cr_assert_str_eq(s.cpu.smt_control, "on");
	/* Policies sorted by number (policy10 after policy3), grouped by governor. */
	cr_assert_eq(s.cpu.policies, 5);
	cr_assert_eq(s.cpu.ngovernors, 2);
	cr_assert_str_eq(s.cpu.governors[0].name, "powersave");
	cr_assert_str_eq(s.cpu.governors[0].policies, "0-2,10");
	cr_assert_eq(s.cpu.governors[0].count, 4);
	cr_assert_str_eq(s.cpu.governors[1].name, "performance");
	cr_assert_str_eq(s.cpu.governors[1].policies, "3");
	/* intel_pstate's no_turbo 0 is boost on. */
	cr_assert_eq(s.cpu.boost, 1);
	cr_assert(strstr(s.cpu.boost_source, "intel_pstate/no_turbo"), "%s", s.cpu.boost_source);
}

Test(system_facts, memory_load_and_pressure)
{
	struct sysinfo_facts s = collect(NOISY);

	cr_assert_eq(s.mem.total, 16318024ull * 1024);
	cr_assert_eq(s.mem.available, 9876543ull * 1024);
	cr_assert_float_eq(s.mem.load[0], 5.0, 1e-9);
	cr_assert_float_eq(s.mem.load[1], 2.5, 1e-9);
	cr_assert_float_eq(s.mem.load[2], 1.25, 1e-9);
	cr_assert_eq(s.mem.psi_available, 1);
	cr_assert_float_eq(s.mem.some_avg10, 2.5, 1e-9);
	cr_assert_float_eq(s.mem.some_avg60, 1.2, 1e-9);
	cr_assert_float_eq(s.mem.full_avg10, 0.8, 1e-9);
	cr_assert_float_eq(s.mem.full_avg60, 0.3, 1e-9);
}

Test(system_facts, cgroup_v2_and_v1_controllers)
{
	struct sysinfo_facts s = collect(NOISY);

	cr_assert_str_eq(s.cgroup.mode, "v2");
	cr_assert_str_eq(s.cgroup.v2_controllers, "cpuset cpu io memory hugetlb pids rdma misc");
	cr_assert_str_eq(s.cgroup.v1_controllers, "");
	s = collect(QUIET);
	cr_assert_str_eq(s.cgroup.mode, "v1");
	/* Bound to a hierarchy and enabled; rdma (disabled) and net_cls (hierarchy 0) are not. */
	cr_assert_str_eq(s.cgroup.v1_controllers, "cpu cpuacct memory");
	cr_assert_str_eq(s.cgroup.v2_controllers, "");
}

Test(system_facts, zram_of_the_lowest_device)
{
	struct sysinfo_facts s = collect(NOISY);

	cr_assert_eq(s.zram.module, 1);
	cr_assert_eq(s.zram.hot_add, 1);
	cr_assert_str_eq(s.zram.device, "zram0"); /* zram2 is there too */
	cr_assert_str_eq(s.zram.algorithms, "lzo lzo-rle lz4 lz4hc 842 zstd");
	cr_assert_eq(s.zram.writeback, 1);
	cr_assert_eq(s.zram.recompression, 1);
	cr_assert_eq(s.zram.algorithm_params, 1);
	/* hot_add but no device: what a device offers is unknown, not "no". */
	s = collect(QUIET);
	cr_assert_eq(s.zram.module, 1);
	cr_assert_eq(s.zram.hot_add, 1);
	cr_assert_str_eq(s.zram.device, "");
	cr_assert_str_eq(s.zram.algorithms, "");
	cr_assert_eq(s.zram.writeback, SYSINFO_UNKNOWN);
	cr_assert_eq(s.zram.recompression, SYSINFO_UNKNOWN);
}

Test(system_facts, zswap_parameters_and_crypto)
{
	struct sysinfo_facts s = collect(NOISY);

	cr_assert_eq(s.zswap.present, 1);
	cr_assert_eq(s.zswap.enabled, 1);
	cr_assert_str_eq(s.zswap.compressor, "zstd");
	cr_assert_str_eq(s.zswap.zpool, "zsmalloc");
	cr_assert_eq(s.zswap.max_pool_percent, 20);
	cr_assert_eq(s.zswap.shrinker_enabled, 1);
	cr_assert_str_eq(s.zswap.crypto_compressors, "zstd lz4 lzo-rle");
	s = collect(QUIET);
	cr_assert_eq(s.zswap.enabled, 0);
	cr_assert_str_eq(s.zswap.zpool, "zbud");
	cr_assert_eq(s.zswap.shrinker_enabled, SYSINFO_UNKNOWN); /* before 6.8 */
}

Test(system_facts, swap_areas_with_type_and_priority)
{
	struct sysinfo_facts s = collect(NOISY);

	cr_assert_eq(s.swap.nareas, 2);
	cr_assert_str_eq(s.swap.areas[0].name, "/dev/nvme0n1p3");
	cr_assert_str_eq(s.swap.areas[0].type, "partition");
	cr_assert_eq(s.swap.areas[0].size, 8388604ull * 1024);
	cr_assert_eq(s.swap.areas[0].used, 1024ull * 1024);
	cr_assert_eq(s.swap.areas[0].priority, -2);
	cr_assert_str_eq(s.swap.areas[1].name, "/swapfile");
	cr_assert_str_eq(s.swap.areas[1].type, "file");
	cr_assert_eq(s.swap.areas[1].priority, 10);
	cr_assert_eq(s.swap.swappiness, 10);
	cr_assert_eq(s.swap.page_cluster, 0);
	cr_assert_eq(s.swap.overcommit_memory, 1);
	s = collect(QUIET);
	cr_assert_eq(s.swap.nareas, 0); /* the header alone: none, not unknown */
}

Test(system_facts, mm_settings_and_perf)
{
	struct sysinfo_facts s = collect(NOISY);

	cr_assert_str_eq(s.mm.thp_enabled, "always");
	cr_assert_str_eq(s.mm.thp_defrag, "always");
	cr_assert_str_eq(s.mm.mglru, "0x0007");
	cr_assert_eq(s.mm.mglru_enabled, 1);
	cr_assert_eq(s.mm.aslr, 2);
	cr_assert_eq(s.mm.ksm_running, 1);
	cr_assert_str_eq(s.perf.paranoid, "-1");
	/* perf_event_open describes the real machine, not a fixture tree. */
	cr_assert_str_eq(s.perf.events, "");
}

Test(system_facts, a_quiet_older_machine)
{
	struct sysinfo_facts s = collect(QUIET);

	cr_assert_eq(s.cpu.online, 5); /* "0-3,6" */
	cr_assert_eq(s.cpu.smt_active, 0); /* no smt/active: from control "off" */
	cr_assert_eq(s.cpu.ngovernors, 1);
	cr_assert_str_eq(s.cpu.governors[0].name, "performance");
	cr_assert_str_eq(s.cpu.governors[0].policies, "0-3");
	cr_assert_eq(s.cpu.boost, 0);
	cr_assert(strstr(s.cpu.boost_source, "cpufreq/boost"));
	cr_assert_str_eq(s.kernel.arch, ""); /* no /proc/sys/kernel/arch; no uname on a fixture */
	cr_assert(isnan(s.mem.full_avg10), "no full line: unknown, not 0");
	cr_assert_float_eq(s.mem.some_avg10, 0.0, 1e-9);
	cr_assert_str_eq(s.mm.thp_enabled, "madvise");
	cr_assert_str_eq(s.mm.thp_defrag, "madvise");
	cr_assert_eq(s.mm.mglru_enabled, 0); /* /sys/kernel/mm without lru_gen */
	cr_assert_eq(s.mm.aslr, 0);
	cr_assert_eq(s.mm.ksm_running, 0);
}

Test(system_facts, malformed_files_stay_unknown)
{
	struct sysinfo_facts s = collect(BROKEN);

	cr_assert_str_eq(s.kernel.release, "");
	cr_assert_str_eq(s.cpu.model, "");
	cr_assert_eq(s.cpu.online, SYSINFO_UNKNOWN);
	cr_assert_eq(s.cpu.smt_active, SYSINFO_UNKNOWN);
	cr_assert_eq(s.cpu.policies, 0); /* an empty governor and "policyX" are no policies */
	cr_assert_eq(s.cpu.boost, SYSINFO_UNKNOWN);
	cr_assert_eq(s.mem.total, SYSINFO_U64_UNKNOWN);
	cr_assert_eq(s.mem.available, SYSINFO_U64_UNKNOWN);
	cr_assert(isnan(s.mem.load[0]));
	cr_assert_eq(s.mem.psi_available, 0);
	cr_assert(isnan(s.mem.some_avg10));
	cr_assert_eq(s.swap.nareas, 0);
	cr_assert_eq(s.swap.swappiness, SYSINFO_UNKNOWN);
	cr_assert_eq(s.swap.page_cluster, SYSINFO_UNKNOWN);
	cr_assert_eq(s.swap.overcommit_memory, SYSINFO_UNKNOWN);
	cr_assert_str_eq(s.mm.thp_enabled, ""); /* no bracket */
	cr_assert_str_eq(s.mm.thp_defrag, "");
	cr_assert_eq(s.mm.mglru_enabled, SYSINFO_UNKNOWN);
	cr_assert_eq(s.mm.aslr, SYSINFO_UNKNOWN);
	cr_assert_eq(s.mm.ksm_running, SYSINFO_UNKNOWN);
	cr_assert_eq(s.zswap.present, 1);
	cr_assert_eq(s.zswap.enabled, SYSINFO_UNKNOWN);
	cr_assert_eq(s.zswap.max_pool_percent, SYSINFO_UNKNOWN);
	cr_assert_eq(count_warnings(&s), 0);
}

Test(system_facts, no_tree_at_all_is_all_unknown)
{
	struct sysinfo_facts s = collect(MISSING), unknown;
	char *text;

	facts_init(&unknown);
	cr_assert(memcmp(&s, &unknown, sizeof(s)) == 0, "a fact was made up");
	cr_assert_eq(count_warnings(&s), 0);
	text = printed(&s);
	cr_assert(strstr(text, "  kernel                   unknown\n"), "%s", text);
	cr_assert_null(strstr(text, "warnings:"));
	free(text);
}

/* ---- the swap directory's filesystem and disk ---- */

Test(system_disk, nvme_partition_to_its_disk)
{
	struct sysinfo_facts s;

	sysfs_set_root(NOISY);
	facts_init(&s);
	facts_swap_dir_device(&s, 259, 2, EXT4_SUPER_MAGIC);
	cr_assert_str_eq(s.swap_dir.device, "259:2");
	cr_assert_str_eq(s.swap_dir.fs_type, "ext4"); /* mountinfo tells ext4 from ext2 */
	cr_assert_str_eq(s.swap_dir.partition, "nvme0n1p2");
	cr_assert_str_eq(s.swap_dir.disk, "nvme0n1");
	cr_assert_str_eq(s.swap_dir.model, "Samsung SSD 970 EVO Plus 1TB"); /* padding trimmed */
	cr_assert_eq(s.swap_dir.rotational, 0);
}

Test(system_disk, btrfs_anonymous_device_by_its_mount_source)
{
	struct sysinfo_facts s;

	sysfs_set_root(NOISY);
	facts_init(&s);
	facts_swap_dir_device(&s, 0, 45, BTRFS_SUPER_MAGIC);
	cr_assert_str_eq(s.swap_dir.fs_type, "btrfs");
	cr_assert_str_eq(s.swap_dir.partition, "sda2");
	cr_assert_str_eq(s.swap_dir.disk, "sda");
	cr_assert_str_eq(s.swap_dir.model, "ST2000DM008-2FR1");
	cr_assert_eq(s.swap_dir.rotational, 1);
}

Test(system_disk, tmpfs_and_unknown_mounts)
{
	struct sysinfo_facts s;

	sysfs_set_root(NOISY);
	facts_init(&s);
	facts_swap_dir_device(&s, 0, 46, TMPFS_MAGIC);
	cr_assert_str_eq(s.swap_dir.fs_type, "tmpfs");
	cr_assert_str_eq(s.swap_dir.disk, "");
	cr_assert_eq(s.swap_dir.rotational, SYSINFO_UNKNOWN);
	/* No mount of 8:1 and no block device: the magic alone, which cannot tell ext2 from
	 * ext4. */
	facts_init(&s);
	facts_swap_dir_device(&s, 8, 1, EXT4_SUPER_MAGIC);
	cr_assert_str_eq(s.swap_dir.fs_type, "ext2/ext3/ext4");
	cr_assert_str_eq(s.swap_dir.disk, "");
	facts_init(&s);
	facts_swap_dir_device(&s, 8, 1, 0x12345678);
	cr_assert_str_eq(s.swap_dir.fs_type, "");
}

Test(system_disk, a_mount_point_with_a_blank)
{
	struct sysinfo_facts s;

	sysfs_set_root(ESCAPED);
	facts_init(&s);
	facts_swap_dir_device(&s, 8, 17, BTRFS_SUPER_MAGIC);
	cr_assert_str_eq(s.swap_dir.fs_type, "btrfs");
	cr_assert_str_eq(s.swap_dir.disk, "", "no block device in this tree");
}

/* The kernel writes a blank in a swapfile's path as \040; the fact is the path itself (the
 * other columns: test_readers.c). */
Test(system_facts, swap_area_paths_as_swapon_was_given_them)
{
	struct sysinfo_facts s = collect(ESCAPED);
	char *text = printed(&s);

	cr_assert_eq(s.swap.nareas, 2);
	cr_assert_str_eq(s.swap.areas[0].name, "/srv/swap disk/inner/swapfile");
	cr_assert(strstr(text,
			 "  swap area                /srv/swap disk/inner/swapfile file, 1024.0M, "
			 "2M used, priority -2\n"),
		  "%s", text);
	free(text);
}

Test(system_disk, magic_names)
{
	cr_assert_str_eq(facts_fs_name(XFS_SUPER_MAGIC), "xfs");
	cr_assert_str_eq(facts_fs_name(BTRFS_SUPER_MAGIC), "btrfs");
	cr_assert_str_eq(facts_fs_name(TMPFS_MAGIC), "tmpfs");
	cr_assert_str_eq(facts_fs_name(OVERLAYFS_SUPER_MAGIC), "overlay");
	cr_assert_null(facts_fs_name(0));
}

/* ---- the small readers ---- */

Test(system_helpers, cpu_lists)
{
	cr_assert_eq(facts_cpu_list_count("0"), 1);
	cr_assert_eq(facts_cpu_list_count("0-3,8,10-11\n"), 7);
	cr_assert_eq(facts_cpu_list_count("0-"), -EINVAL);
	cr_assert_eq(facts_cpu_list_count("3-1"), -EINVAL);
	cr_assert_eq(facts_cpu_list_count("0,,1"), -EINVAL);
	cr_assert_eq(facts_cpu_list_count("1 2"), -EINVAL);
	cr_assert_eq(facts_cpu_list_count(""), -EINVAL);
}

Test(system_helpers, ranges_and_their_cut)
{
	int nums[] = { 0, 1, 2, 10, 12, 13 }, many[64];
	char buf[96];

	facts_ranges(nums, 6, buf, sizeof(buf));
	cr_assert_str_eq(buf, "0-2,10,12-13");
	facts_ranges(nums + 3, 1, buf, sizeof(buf));
	cr_assert_str_eq(buf, "10");
	for (int i = 0; i < 64; i++)
		many[i] = 2 * i; /* no two adjacent: 64 items */
	facts_ranges(many, 64, buf, 24);
	cr_assert(strlen(buf) < 24);
	cr_assert(strstr(buf, ",..."), "%s", buf);
}

Test(system_helpers, bracketed_word)
{
	char buf[32];

	sysfs_set_root(NOISY);
	cr_assert_eq(facts_bracketed("/sys/kernel/mm/transparent_hugepage/enabled", buf,
				     sizeof(buf)),
		     0);
	cr_assert_str_eq(buf, "always");
	sysfs_set_root(QUIET);
	cr_assert_eq(
		facts_bracketed("/sys/kernel/mm/transparent_hugepage/defrag", buf, sizeof(buf)), 0);
	cr_assert_str_eq(buf, "madvise"); /* not "defer+madvise" */
	sysfs_set_root(BROKEN);
	cr_assert_eq(facts_bracketed("/sys/kernel/mm/transparent_hugepage/enabled", buf,
				     sizeof(buf)),
		     -EINVAL);
	cr_assert_str_eq(buf, "");
	cr_assert_eq(facts_bracketed("/sys/kernel/mm/no-such-file", buf, sizeof(buf)), -ENOENT);
	cr_assert_str_eq(buf, "");
}

/* ---- the warnings ---- */

Test(system_warnings, every_noisy_setting_warns_once)
{
	struct sysinfo_facts s = collect(NOISY);

	cr_assert_eq(count_warnings(&s), 9);
	cr_assert(has_warning(&s, "governor powersave on policies 0-2,10, not performance"));
	cr_assert(has_warning(&s, "CPU boost is on"));
	cr_assert(has_warning(&s, "SMT is on"));
	cr_assert(has_warning(&s, "THP defrag is \"always\""));
	cr_assert(has_warning(&s, "Load average 5.00 on 8 CPUs"));
	cr_assert(has_warning(&s, "some avg10 is 2.50%"));
	cr_assert(has_warning(&s, "Swap areas already active (/dev/nvme0n1p3, /swapfile)"));
	cr_assert(has_warning(&s, "zswap is enabled"));
	cr_assert(has_warning(&s, "KSM is running"));
	cr_assert_not(has_warning(&s, "ASLR"), "ASLR is only recorded");
}

Test(system_warnings, a_quiet_machine_has_none)
{
	struct sysinfo_facts s = collect(QUIET);
	cr_assert_eq(count_warnings(&s), 0);
}

Test(system_warnings, at_most_max_and_in_order)
{
	struct sysinfo_facts s = collect(NOISY);
	char w[3][SYSINFO_WARNING_LEN];

	cr_assert_eq(sysinfo_warnings(&s, w, 3), 3);
	cr_assert(strstr(w[0], "governor"));
	cr_assert(strstr(w[1], "boost"));
	cr_assert(strstr(w[2], "SMT"));
	cr_assert_eq(sysinfo_warnings(&s, w, 0), 0);
}

Test(system_warnings, thresholds_are_strictly_above)
{
	struct sysinfo_facts s;

	facts_init(&s);
	cr_assert_eq(count_warnings(&s), 0, "unknown facts never warn");
	s.cpu.online = 2;
	s.mem.load[0] = 1.0; /* 0.5 per CPU: not above */
	s.mem.some_avg10 = 1.0;
	cr_assert_eq(count_warnings(&s), 0);
	s.mem.load[0] = 1.01;
	s.mem.some_avg10 = 1.01;
	cr_assert(has_warning(&s, "Load average 1.01 on 2 CPUs"));
	cr_assert(has_warning(&s, "some avg10 is 1.01%"));
}

Test(system_warnings, governor_and_smt_one_by_one)
{
	struct sysinfo_facts s;

	facts_init(&s);
	s.cpu.policies = s.cpu.ngovernors = 1;
	snprintf(s.cpu.governors[0].name, sizeof(s.cpu.governors[0].name), "performance");
	cr_assert_eq(count_warnings(&s), 0);
	snprintf(s.cpu.governors[0].name, sizeof(s.cpu.governors[0].name), "powersave");
	snprintf(s.cpu.governors[0].policies, sizeof(s.cpu.governors[0].policies), "0");
	s.cpu.governors[0].count = 1;
	cr_assert(has_warning(&s, "governor powersave on policy 0, not performance"));
	cr_assert_eq(count_warnings(&s), 1);
	s.cpu.smt_active = 1;
	cr_assert(has_warning(&s, "SMT is on: sibling threads share a core"));
	s.swap.nareas = 1;
	snprintf(s.swap.areas[0].name, sizeof(s.swap.areas[0].name), "/dev/zram0");
	cr_assert(has_warning(
		&s, "Swap area already active (/dev/zram0): the kernel may put pages on it too"));
}

Test(system_warnings, the_table_marks_the_facts_that_warn)
{
	struct sysinfo_facts s = collect(NOISY);
	char *text = printed(&s);

	cr_assert(strstr(text,
			 "\n! cpu governor             powersave on 0-2,10, performance on 3\n"),
		  "%s", text);
	cr_assert(strstr(text, "\n! smt                      on (control: on)\n"), "%s", text);
	cr_assert(strstr(text, "\n! thp defrag               always\n"), "%s", text);
	cr_assert(strstr(text, "\n  vm.swappiness            10\n"), "%s", text);
	cr_assert(strstr(text,
			 "\n  swap area                /dev/nvme0n1p3 partition, 8.0G, 1M used, "
			 "priority -2\n"),
		  "%s", text);
	cr_assert(strstr(text, "\nwarnings:\n! CPU frequency governor powersave"), "%s", text);
	free(text);
}

/* Every line of the table within 100 columns (base/wrap.h): a value too long goes on under the
 * values, not under the labels; a warning's sentence two columns in, under its words. */
Test(system_warnings, the_table_s_lines_within_100_columns)
{
	struct sysinfo_facts s = collect(NOISY);
	char *text;

	snprintf(s.kernel.cmdline, sizeof(s.kernel.cmdline),
		 "BOOT_IMAGE=/boot/vmlinuz-6.1.0-18-amd64 root=/dev/nvme0n1p2 ro quiet "
		 "mitigations=off transparent_hugepage=madvise zswap.enabled=1 "
		 "zswap.compressor=zstd");
	text = printed(&s);
	for (const char *p = text; *p;) {
		size_t n = strcspn(p, "\n");
		cr_expect_leq(n, 100, "a line of %zu: '%.*s'", n, (int)n, p);
		p += n + (p[n] == '\n');
	}
	cr_assert(strstr(text,
			 "\n  kernel command line      BOOT_IMAGE=/boot/vmlinuz-6.1.0-18-amd64 "
			 "root=/dev/nvme0n1p2 ro quiet\n"
			 "                           mitigations=off transparent_hugepage=madvise "
			 "zswap.enabled=1\n"
			 "                           zswap.compressor=zstd\n  cpu model"),
		  "%s", text);
	cr_assert(strstr(text,
			 "\n! CPU frequency governor powersave on policies 0-2,10, not "
			 "performance: the clock follows the load,\n  so the same work takes "
			 "a different time from trial to trial.\n"),
		  "%s", text);
	free(text);
}

/* ---- the JSON ---- */

/* Every documented key of every section, and nothing else. */
static void assert_keys(json_object *o, const char *section, const char *const *keys)
{
	json_object *sec = NULL;
	size_t n = 0;

	cr_assert(json_object_object_get_ex(o, section, &sec), "no section %s", section);
	cr_assert(json_object_is_type(sec, json_type_object), "%s is not an object", section);
	for (; keys[n]; n++)
		cr_assert(json_object_object_get_ex(sec, keys[n], NULL), "no key %s.%s", section,
			  keys[n]);
	cr_assert_eq((size_t)json_object_object_length(sec), n, "%s has keys not documented",
		     section);
}

Test(system_json, the_documented_keys)
{
	static const char *const kernel[] = { "release",  "version", "arch",
					      "hostname", "cmdline", NULL };
	static const char *const cpu[] = {
		"model",    "online",	 "smt_active", "smt_control",  "cpufreq_policies",
		"governor", "governors", "boost",      "boost_source", NULL
	};
	static const char *const memory[] = { "total", "available", "loadavg", "psi", NULL };
	static const char *const cgroup[] = { "mode", "v1_controllers", "v2_controllers", NULL };
	static const char *const zram[] = { "module",		"hot_add",   "device",
					    "algorithms",	"writeback", "recompression",
					    "algorithm_params", NULL };
	static const char *const zswap[] = { "present",		 "enabled",
					     "compressor",	 "zpool",
					     "max_pool_percent", "crypto_compressors",
					     "shrinker_enabled", NULL };
	static const char *const swap[] = { "areas", "swappiness", "page_cluster",
					    "overcommit_memory", NULL };
	static const char *const mm[] = { "thp_enabled", "thp_defrag",	"mglru", "mglru_enabled",
					  "aslr",	 "ksm_running", NULL };
	static const char *const perf[] = { "events", "paranoid", NULL };
	static const char *const swap_dir[] = { "path",	     "fs_type", "device",     "disk",
						"partition", "model",	"rotational", NULL };
	const char *trees[] = { NOISY, MISSING };

	for (size_t t = 0; t < 2; t++) {
		struct sysinfo_facts s = collect(trees[t]);
		json_object *o = sysinfo_to_json(&s);
		assert_keys(o, "kernel", kernel);
		assert_keys(o, "cpu", cpu);
		assert_keys(o, "memory", memory);
		assert_keys(o, "cgroup", cgroup);
		assert_keys(o, "zram", zram);
		assert_keys(o, "zswap", zswap);
		assert_keys(o, "swap", swap);
		assert_keys(o, "mm", mm);
		assert_keys(o, "perf", perf);
		assert_keys(o, "swap_dir", swap_dir);
		cr_assert(json_object_object_get_ex(o, "psi_available", NULL));
		cr_assert(json_object_is_type(key(o, NULL, "warnings"), json_type_array));
		cr_assert_eq(json_object_object_length(o), 12);
		json_object_put(o);
	}
}

Test(system_json, types_of_a_noisy_machine)
{
	struct sysinfo_facts s = collect(NOISY);
	json_object *o = sysinfo_to_json(&s), *v, *area;

	cr_assert_str_eq(json_object_get_string(key(o, "kernel", "release")), "6.1.0-18-amd64");
	cr_assert(json_object_is_type(key(o, "cpu", "online"), json_type_int));
	cr_assert_eq(json_object_get_int(key(o, "cpu", "online")), 8);
	cr_assert(json_object_is_type(key(o, "cpu", "smt_active"), json_type_boolean));
	cr_assert_null(key(o, "cpu", "governor"), "two governors: no one governor");
	cr_assert_str_eq(json_object_get_string(
				 json_object_object_get(key(o, "cpu", "governors"), "powersave")),
			 "0-2,10");
	cr_assert(json_object_get_boolean(key(o, "cpu", "boost")));
	cr_assert_eq(json_object_get_uint64(key(o, "memory", "total")), 16318024ull * 1024);
	v = key(o, "memory", "loadavg");
	cr_assert_eq(json_object_array_length(v), 3);
	cr_assert(json_object_is_type(json_object_array_get_idx(v, 0), json_type_double));
	cr_assert_float_eq(json_object_get_double(
				   json_object_object_get(key(o, "memory", "psi"), "some_avg60")),
			   1.2, 1e-9);
	cr_assert_eq(json_object_array_length(key(o, "cgroup", "v1_controllers")), 0);
	cr_assert_eq(json_object_array_length(key(o, "cgroup", "v2_controllers")), 8);
	cr_assert_eq(json_object_array_length(key(o, "zram", "algorithms")), 6);
	cr_assert_eq(json_object_array_length(key(o, "zswap", "crypto_compressors")), 3);
	area = json_object_array_get_idx(key(o, "swap", "areas"), 0);
	cr_assert_eq(json_object_get_int(json_object_object_get(area, "priority")), -2);
	cr_assert_eq(json_object_get_uint64(json_object_object_get(area, "size")),
		     8388604ull * 1024);
	cr_assert_eq(json_object_get_int(key(o, "perf", "paranoid")), -1);
	cr_assert_null(key(o, "perf", "events"));
	cr_assert(json_object_get_boolean(key(o, NULL, "psi_available")));
	cr_assert_eq(json_object_array_length(key(o, NULL, "warnings")), 9);
	json_object_put(o);
}

Test(system_json, unknown_is_null)
{
	struct sysinfo_facts s = collect(MISSING);
	json_object *o = sysinfo_to_json(&s);

	cr_assert_null(key(o, "kernel", "release"));
	cr_assert_null(key(o, "cpu", "online"));
	cr_assert_null(key(o, "cpu", "governors"));
	cr_assert_null(key(o, "memory", "total"));
	cr_assert_null(key(o, "memory", "loadavg"));
	cr_assert_null(key(o, "memory", "psi"));
	cr_assert_null(key(o, "cgroup", "v1_controllers"));
	cr_assert_null(key(o, "zram", "writeback"));
	cr_assert_null(key(o, "swap", "areas"));
	cr_assert_null(key(o, "mm", "aslr"));
	cr_assert_null(key(o, "perf", "paranoid"));
	cr_assert_null(key(o, NULL, "psi_available"));
	cr_assert_eq(json_object_array_length(key(o, NULL, "warnings")), 0);
	json_object_put(o);
}

/* ---- the one table the JSON, the printed table and compare walk ---- */

Test(system_table, keys_labels_and_references_are_sound)
{
	for (size_t i = 0; i < sysinfo_nfacts; i++) {
		const struct sysinfo_fact *f = &sysinfo_fact_table[i];
		cr_assert_eq(sysinfo_fact_find(f->key), f, "%s: the key is not unique", f->key);
		cr_assert(f->type != FACT_CUSTOM || f->json, "%s: a custom fact needs its JSON",
			  f->key);
		cr_assert(f->type != FACT_CUSTOM || !f->label || f->text,
			  "%s: a custom row needs its text", f->key);
		cr_assert(f->type != FACT_BOOL || (f->yes && f->no), "%s: yes and no", f->key);
		cr_assert(!f->each || f->each_label, "%s: more rows need a label", f->key);
		if (f->aside) {
			const struct sysinfo_fact *a = sysinfo_fact_find(f->aside);
			cr_assert(a && a->type == FACT_TEXT && f->aside_open, "%s: aside %s",
				  f->key, f->aside);
		}
		if (f->known) {
			const struct sysinfo_fact *k = sysinfo_fact_find(f->known);
			cr_assert(k && k->type == FACT_TEXT, "%s: known by %s", f->key, f->known);
		}
		for (size_t j = 0; j < i; j++) {
			const struct sysinfo_fact *g = &sysinfo_fact_table[j];
			cr_assert(!f->label || !g->label || strcmp(f->label, g->label) != 0,
				  "label %s twice", f->label);
			cr_assert(!f->compare.name || !g->compare.name ||
					  strcmp(f->compare.name, g->compare.name) != 0,
				  "compare's name %s twice", f->compare.name);
		}
	}
}

Test(system_table, every_fact_in_the_json_and_every_label_a_row)
{
	struct sysinfo_facts s = collect(NOISY);
	json_object *o = sysinfo_to_json(&s);
	char *text = printed(&s), line[64];
	size_t rows = 0, labels = 0;

	for (size_t i = 0; i < sysinfo_nfacts; i++) {
		const struct sysinfo_fact *f = &sysinfo_fact_table[i];
		const char *slash = strchr(f->key, '/');
		char section[32];
		snprintf(section, sizeof(section), "%.*s", slash ? (int)(slash - f->key) : 0,
			 f->key);
		key(o, slash ? section : NULL, slash ? slash + 1 : f->key);
		if (!f->label)
			continue;
		labels++;
		snprintf(line, sizeof(line), " %-24s ", f->label);
		cr_assert(strstr(text, line), "no row '%s'", f->label);
	}
	for (const char *p = text; *p && strncmp(p, "\nwarnings:", 10) != 0;
	     p += strcspn(p, "\n"), p += *p == '\n')
		rows++;
	cr_assert_eq(rows, labels + (size_t)s.swap.nareas,
		     "a row per label and per swap area: %zu rows, %zu labels", rows, labels);
	free(text);
	json_object_put(o);
}

/* Two files whose machines differ in every setting compare names: each is named once, in the
 * table's order; the conditions of the moment only between files of one host. */
Test(system_table, compare_names_every_setting_that_differs)
{
	static const char *const names[] = {
		"kernel",	"architecture", "kernel command line", "CPU model",
		"CPUs online",	"SMT",		"CPU governor",	       "CPU boost",
		"memory",	"cgroup mode",	"zswap enabled",       "swappiness",
		"page-cluster", "THP",		"THP defrag",	       "MGLRU",
		"ASLR",		"KSM",		"swapfile filesystem", "swapfile disk"
	};
	struct sysinfo_facts s = collect(NOISY), t = s;
	struct env_difference d[32];
	struct results a, b;
	size_t n;

	snprintf(t.kernel.release, sizeof(t.kernel.release), "6.12.0");
	snprintf(t.kernel.arch, sizeof(t.kernel.arch), "aarch64");
	snprintf(t.kernel.cmdline, sizeof(t.kernel.cmdline), "quiet");
	snprintf(t.cpu.model, sizeof(t.cpu.model), "other");
	t.cpu.online = 4;
	t.cpu.smt_active = 0;
	t.cpu.ngovernors = 1;
	t.cpu.boost = 0;
	t.mem.total /= 2;
	snprintf(t.cgroup.mode, sizeof(t.cgroup.mode), "v1");
	t.zswap.enabled = 0;
	t.swap.swappiness = 60;
	t.swap.page_cluster = 3;
	snprintf(t.mm.thp_enabled, sizeof(t.mm.thp_enabled), "never");
	snprintf(t.mm.thp_defrag, sizeof(t.mm.thp_defrag), "never");
	snprintf(t.mm.mglru, sizeof(t.mm.mglru), "0x0000");
	t.mm.aslr = 0;
	t.mm.ksm_running = 0;
	snprintf(t.swap_dir.fs_type, sizeof(t.swap_dir.fs_type), "xfs");
	snprintf(t.swap_dir.model, sizeof(t.swap_dir.model), "other disk");
	t.mem.load[0] = 0.5; /* 5.0 before, on 8 CPUs: 0.56 per CPU apart */
	results_init(&a);
	results_init(&b);
	snprintf(a.system.hostname, sizeof(a.system.hostname), "h");
	snprintf(b.system.hostname, sizeof(b.system.hostname), "h");
	a.system.facts = sysinfo_to_json(&s);
	b.system.facts = sysinfo_to_json(&t);
	n = env_differences(&a, &b, d, 32);
	cr_assert_eq(n, ARRAY_SIZE(names) + 1);
	for (size_t i = 0; i + 1 < n; i++) {
		cr_assert_str_eq(d[i].fact, names[i]);
		cr_assert_not(d[i].condition);
	}
	cr_assert_str_eq(d[0].base, "6.1.0-18-amd64");
	cr_assert_str_eq(d[0].now, "6.12.0");
	cr_assert_str_eq(d[n - 1].fact, "load average before");
	cr_assert_str_eq(d[n - 1].base, "5.00");
	cr_assert(d[n - 1].condition);
	snprintf(b.system.hostname, sizeof(b.system.hostname), "other");
	cr_assert_eq(env_differences(&a, &b, d, 32), n - 1, "no conditions between hosts");
	cr_assert_eq(env_differences(&a, &b, d, 3), 3, "at most max");
	results_free(&a);
	results_free(&b);
}

/* A file without facts (`facts: null`, an older file) or without one fact says nothing of
 * its machine: every setting is unknown there, and differs from what the other file knows. */
Test(system_table, a_missing_fact_is_unknown_never_equal)
{
	struct sysinfo_facts s = collect(NOISY);
	struct env_difference d[32];
	struct results a, b;
	json_object *kernel;
	size_t n;

	results_init(&a);
	results_init(&b);
	snprintf(a.system.hostname, sizeof(a.system.hostname), "h");
	snprintf(b.system.hostname, sizeof(b.system.hostname), "h");
	a.system.facts = sysinfo_to_json(&s);
	n = env_differences(&a, &b, d, 32);
	cr_assert_gt(n, 2, "every setting the base knows differs from unknown: %zu", n);
	cr_assert_str_eq(d[0].fact, "kernel");
	cr_assert_str_eq(d[0].base, "6.1.0-18-amd64");
	cr_assert_str_eq(d[0].now, "unknown");
	cr_assert_str_eq(d[1].fact, "architecture");
	cr_assert_str_eq(d[1].base, s.kernel.arch);
	cr_assert_str_eq(d[1].now, "unknown");
	for (size_t i = 0; i < n; i++) {
		cr_assert_not(d[i].condition, "%s: a condition needs both files' numbers",
			      d[i].fact);
		cr_assert_str_eq(d[i].now, "unknown", "%s", d[i].fact);
	}
	cr_assert_eq(env_differences(&b, &a, d, 32), n, "either way round");
	cr_assert_str_eq(d[1].base, "unknown");
	cr_assert_str_eq(d[1].now, s.kernel.arch);
	b.system.facts = sysinfo_to_json(&s);
	cr_assert_eq(env_differences(&a, &b, d, 32), 0, "the same facts");
	cr_assert(json_object_object_get_ex(b.system.facts, "kernel", &kernel));
	json_object_object_del(kernel, "arch");
	cr_assert_eq(env_differences(&a, &b, d, 32), 1, "one fact missing");
	cr_assert_str_eq(d[0].fact, "architecture");
	cr_assert_str_eq(d[0].now, "unknown");
	json_object_object_add(kernel, "arch", NULL);
	cr_assert_eq(env_differences(&a, &b, d, 32), 1, "one fact null");
	cr_assert_str_eq(d[0].now, "unknown");
	results_free(&a);
	results_free(&b);
}

/* ---- the machine these tests run on ---- */

Test(system_real, this_machine)
{
	struct sysinfo_facts s;
	struct utsname u;
	json_object *o, *back;
	char *text;

	sysfs_set_root("");
	cr_assert_eq(sysinfo_collect(&s, "/var/tmp"), 0);
	cr_assert_eq(uname(&u), 0);
	cr_assert_str_eq(s.kernel.release, u.release);
	cr_assert_str_eq(s.kernel.arch, u.machine);
	cr_assert_str_eq(s.kernel.hostname, u.nodename);
	cr_assert_geq(s.cpu.online, 1);
	cr_assert_eq(s.cpu.online, sysconf(_SC_NPROCESSORS_ONLN));
	cr_assert(s.mem.total != SYSINFO_U64_UNKNOWN && s.mem.total > 0);
	cr_assert(s.mem.available == SYSINFO_U64_UNKNOWN || s.mem.available <= s.mem.total);
	cr_assert(!isnan(s.mem.load[0]));
	cr_assert(strcmp(s.perf.events, "none") == 0 || strcmp(s.perf.events, "software") == 0 ||
			  strcmp(s.perf.events, "software+hardware") == 0,
		  "%s", s.perf.events);
	cr_assert_neq(s.swap.nareas, SYSINFO_UNKNOWN);
	cr_assert_str_eq(s.swap_dir.path, "/var/tmp");
	cr_assert_neq(s.swap_dir.fs_type[0], '\0');
	o = sysinfo_to_json(&s);
	back = json_tokener_parse(json_object_to_json_string(o));
	cr_assert(back, "the JSON parses back");
	cr_assert_str_eq(json_object_get_string(key(back, "kernel", "release")), u.release);
	json_object_put(back);
	json_object_put(o);
	text = printed(&s);
	cr_assert(strstr(text, u.release));
	free(text);
}
