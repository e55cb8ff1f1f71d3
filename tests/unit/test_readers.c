/* The one reader of each kernel file (src/runner/kernel): the mount table and /proc/swaps
 * through libmount, /proc/meminfo as one snapshot, PSI, and a partition's disk, on fixture
 * trees (system-escaped's paths hold the kernel's escapes: \040 for a blank, \011, \134);
 * and the swap signature through libblkid, on files mkswap wrote. */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "common/util.h"
#include "runner/kernel/blockdev.h"
#include "runner/kernel/cgroup.h"
#include "runner/kernel/meminfo.h"
#include "runner/kernel/mounts.h"
#include "runner/kernel/psi.h"
#include "runner/kernel/swaps.h"
#include "runner/kernel/swapsig.h"
#include "runner/kernel/sysfs.h"
#include "fixture.h"
#include "tools.h"

#define ESCAPED FIXTURES "/system-escaped"
#define NOISY FIXTURES "/system-noisy"

Test(mounts, paths_decoded_as_the_kernel_escaped_them)
{
	const struct mount *e;
	struct mounts m;
	size_t pos = 0;

	sysfs_set_root(ESCAPED);
	cr_assert_eq(mounts_read(MOUNTS, &m), 0);
	cr_assert_eq(m.n, 9);
	e = mounts_next(&m, "cgroup2", &pos);
	cr_assert_not_null(e);
	cr_assert_str_eq(e->target, "/sys/fs/cgroup/unified tree");
	cr_assert_null(mounts_next(&m, "cgroup2", &pos), "one cgroup2 mount");
	cr_assert_str_eq(m.all[8].target, "/srv/tab\tand\\backslash");
	cr_assert_str_eq(m.all[8].source, "/dev/sdc1");
	cr_assert_str_eq(m.all[3].options, "rw,nosuid,nodev,noexec,relatime,memory");
	cr_assert_eq(m.all[0].dev, 0, "/proc/self/mounts has no devices");
	mounts_free(&m);
}

Test(mounts, at_a_target_and_holding_a_path)
{
	const struct mount *e;
	struct mounts m;

	sysfs_set_root(ESCAPED);
	cr_assert_eq(mounts_read(MOUNTS, &m), 0);
	cr_assert_not_null(mounts_at(&m, "/sys/kernel/debug", "debugfs"));
	cr_assert_null(mounts_at(&m, "/sys/kernel/debug", "tracefs"));
	cr_assert_null(mounts_at(&m, "/sys/kernel", NULL), "exactly the target");
	/* The longest mount point above the path, of the type asked. */
	e = mounts_holding(&m, "/srv/swap disk/a.swap", "btrfs");
	cr_assert_not_null(e);
	cr_assert(strstr(e->options, "compress-force"), "%s", e->options);
	e = mounts_holding(&m, "/srv/swap disk/inner/tmp/b.swap", "btrfs");
	cr_assert_not_null(e);
	cr_assert_str_eq(e->target, "/srv/swap disk/inner");
	e = mounts_holding(&m, "/srv/swap disk/inner/tmp/b.swap", NULL);
	cr_assert_str_eq(e->fstype, "tmpfs");
	/* "/srv/swap diskette" is not under "/srv/swap disk": only "/" holds it. */
	e = mounts_holding(&m, "/srv/swap diskette", NULL);
	cr_assert_str_eq(e->target, "/");
	cr_assert_null(mounts_holding(&m, "/srv/swap diskette", "btrfs"));
	mounts_free(&m);
}

Test(mounts, mountinfo_by_device)
{
	const struct mount *e;
	struct mounts m;

	sysfs_set_root(ESCAPED);
	cr_assert_eq(mounts_read(MOUNTINFO, &m), 0);
	cr_assert_eq(m.n, 4);
	e = mounts_of_dev(&m, makedev(8, 17));
	cr_assert_not_null(e);
	cr_assert_str_eq(e->target, "/srv/swap disk", "the first mount of the device");
	cr_assert_str_eq(e->fstype, "btrfs");
	cr_assert_str_eq(e->source, "/dev/sdb1");
	cr_assert_null(mounts_of_dev(&m, makedev(8, 18)));
	mounts_free(&m);
}

Test(mounts, unreadable_and_empty_tables)
{
	struct mounts m;

	sysfs_set_root(FIXTURES "/system-does-not-exist");
	cr_assert_eq(mounts_read(MOUNTS, &m), -ENOENT);
	cr_assert_eq(m.n, 0);
	mounts_free(&m);
	cr_assert_eq(mounts_parse("", &m), 0);
	cr_assert_eq(m.n, 0);
	mounts_free(&m);
}

Test(mounts, cgroup_hierarchies_with_blanks)
{
	struct cgroup_env env;

	memset(&env, 0, sizeof(env));
	cr_assert_eq(cgroup_mounts_parse("cgroup /sys/fs/cgroup/mem\\040ory cgroup rw,memory 0 0\n"
					 "cgroup2 /sys/fs/cgroup/uni\\040fied cgroup2 rw 0 0\n",
					 &env),
		     1);
	cr_assert_str_eq(env.memory_root, "/sys/fs/cgroup/mem ory");
	cr_assert_str_eq(env.unified_root, "/sys/fs/cgroup/uni fied");
}

Test(swaps, every_area_with_its_columns)
{
	struct swaps s;
	const struct swap_area *a;

	sysfs_set_root(ESCAPED);
	cr_assert_eq(swaps_read(&s), 0);
	cr_assert_eq(s.n, 2);
	a = &s.areas[0];
	cr_assert_str_eq(a->path, "/srv/swap disk/inner/swapfile");
	cr_assert_str_eq(a->type, "file");
	cr_assert_eq(a->size, 1048572ull * 1024);
	cr_assert_eq(a->used, 2048ull * 1024);
	cr_assert_eq(a->priority, -2);
	cr_assert_eq(s.areas[1].priority, 100);
	cr_assert_str_eq(s.areas[1].type, "partition");
	cr_assert_eq(swaps_find(&s, "/dev/zram0"), &s.areas[1]);
	cr_assert_null(swaps_find(&s, "/dev/zram"), "exactly the path");
	swaps_free(&s);
}

Test(swaps, one_area_and_the_others)
{
	uint64_t used = 0, size = 0;
	char list[128];

	sysfs_set_root(ESCAPED);
	cr_assert_eq(swaps_area("/dev/zram0", &used, &size), 0);
	cr_assert_eq(size, 4194300ull * 1024);
	cr_assert_eq(used, 0);
	cr_assert_eq(swaps_area("/srv/swap disk/inner/swapfile", &used, NULL), 0);
	cr_assert_eq(used, 2048ull * 1024);
	cr_assert_eq(swaps_area("/dev/zram00", &used, NULL), -ENOENT);
	cr_assert_eq(swaps_others("/dev/zram0", list, sizeof(list)), 1);
	cr_assert_str_eq(list, "/srv/swap disk/inner/swapfile");
	sysfs_set_root(FIXTURES "/system-does-not-exist");
	cr_assert_eq(swaps_area("/dev/zram0", &used, NULL), -ENOENT);
}

#define NUMBERS FIXTURES "/system-zram-numbers"

/* zram10 comes before zram1 and zram1 before zram100: a match on the shorter of the two names
 * (a prefix either way round) finds the wrong area first. Sizes and uses differ per area. */
Test(swaps, an_area_is_its_whole_path)
{
	static const struct {
		const char *path;
		uint64_t used, size;
	} areas[] = {
		{ "/dev/zram10", 10, 1000 },
		{ "/dev/zram1", 20, 2000 },
		{ "/srv/my swap/file.swap", 30, 3000 },
		{ "/dev/zram100", 40, 4000 },
	};
	static const char *const absent[] = {
		"/dev/zram",
		"/dev/zram2",
		"/dev/zram1000",
		"/dev/zram01",
		"/srv/my swap",
		"/srv/my",
		"/srv/my\\040swap/file.swap",
		"/srv/my swap/file.swap.old",
		"dev/zram1",
		"",
	};
	uint64_t used, size;

	sysfs_set_root(NUMBERS);
	for (size_t i = 0; i < ARRAY_SIZE(areas); i++) {
		used = size = 0;
		cr_assert_eq(swaps_area(areas[i].path, &used, &size), 0, "%s", areas[i].path);
		cr_assert_eq(used, areas[i].used * 1024, "%s", areas[i].path);
		cr_assert_eq(size, areas[i].size * 1024, "%s", areas[i].path);
	}
	for (size_t i = 0; i < ARRAY_SIZE(absent); i++) {
		used = 77;
		cr_assert_eq(swaps_area(absent[i], &used, NULL), -ENOENT, "'%s'", absent[i]);
		cr_assert_eq(used, 77, "'%s': nothing written when there is no area", absent[i]);
	}
	sysfs_set_root(NULL);
}

Test(swaps, the_others_are_every_area_but_exactly_ours)
{
	char list[256];

	sysfs_set_root(NUMBERS);
	cr_assert_eq(swaps_others("/dev/zram1", list, sizeof(list)), 3);
	cr_assert_str_eq(list, "/dev/zram10 /srv/my swap/file.swap /dev/zram100");
	cr_assert_eq(swaps_others("/dev/zram10", list, sizeof(list)), 3);
	cr_assert_str_eq(list, "/dev/zram1 /srv/my swap/file.swap /dev/zram100");
	cr_assert_eq(swaps_others("/srv/my swap", list, sizeof(list)), 4);
	cr_assert_eq(swaps_others(NULL, list, sizeof(list)), 4);
	cr_assert_str_eq(list, "/dev/zram10 /dev/zram1 /srv/my swap/file.swap /dev/zram100");
	sysfs_set_root(NULL);
}

Test(swaps, text_without_areas)
{
	struct swaps s;

	cr_assert_eq(swaps_parse("Filename\t\t\t\tType\t\tSize\t\tUsed\t\tPriority\n", &s), 0);
	cr_assert_eq(s.n, 0);
	swaps_free(&s);
	/* Without the heading it is not /proc/swaps. */
	cr_assert_eq(swaps_parse("/dev/zram0 partition 4 0 100\n", &s), 0);
	cr_assert_eq(s.n, 0);
	swaps_free(&s);
	/* A line cut short is not an area. */
	cr_assert_eq(swaps_parse("Filename\tType\tSize\tUsed\tPriority\n/dev/zram0\tpartition\t4\n"
				 "/dev/zram1\tpartition\t8\t4\t-3\n",
				 &s),
		     0);
	cr_assert_eq(s.n, 1);
	cr_assert_str_eq(s.areas[0].path, "/dev/zram1");
	swaps_free(&s);
}

Test(meminfo, one_snapshot_many_keys)
{
	struct meminfo m;
	uint64_t v;

	sysfs_set_root(NOISY);
	cr_assert_eq(meminfo_read(&m), 0);
	cr_assert_eq(meminfo_get(&m, "MemTotal", &v), 0);
	cr_assert_eq(v, 16318024ull * 1024);
	cr_assert_eq(meminfo_get(&m, "MemAvailable", &v), 0);
	cr_assert_eq(v, 9876543ull * 1024);
	cr_assert_eq(meminfo_get(&m, "NoSuchKey", &v), -ENOENT);
	sysfs_set_root(FIXTURES "/system-does-not-exist");
	cr_assert_eq(meminfo_read(&m), -ENOENT);
	cr_assert_eq(meminfo_get(&m, "MemTotal", &v), -ENOENT, "an unreadable snapshot has no key");
}

Test(psi, averages_and_whether_full_is_there)
{
	struct psi p;

	cr_assert_eq(psi_parse("some avg10=1.50 avg60=5.78 avg300=8.54 total=105291258\n"
			       "full avg10=0.25 avg60=5.71 avg300=8.44 total=104230479\n",
			       &p),
		     0);
	cr_assert_float_eq(p.some_avg60, 5.78, 1e-9);
	cr_assert_float_eq(p.full_avg60, 5.71, 1e-9);
	cr_assert(p.have_full);
	cr_assert_eq(psi_parse("some avg10=1.50 avg60=5.78 avg300=8.54 total=105291258\n", &p), 0);
	cr_assert_not(p.have_full);
	cr_assert_eq(p.full_total, 0);
	cr_assert_eq(psi_parse("some avg10=1.50 avg60=-1 avg300=8.54 total=1\n", &p), -EINVAL);
	sysfs_set_root(NOISY);
	cr_assert_eq(psi_read(PSI_MEMORY, &p), 0);
	cr_assert_float_eq(p.some_avg10, 2.5, 1e-9);
	cr_assert_float_eq(p.some_avg60, 1.2, 1e-9);
}

Test(blockdev, a_partition_and_its_disk)
{
	char disk[128];
	unsigned maj = 0, min = 0;

	sysfs_set_root(NOISY);
	cr_assert_eq(blockdev_disk(259, 2, &maj, &min), 0);
	cr_assert_eq(maj, 259);
	cr_assert_eq(min, 0, "nvme0n1p2's disk is nvme0n1");
	cr_assert_eq(blockdev_disk(8, 0, &maj, &min), 0);
	cr_assert(maj == 8 && min == 0, "a whole disk is its own");
	cr_assert_eq(blockdev_disk(7, 9, &maj, &min), -ENODEV);
	cr_assert_eq(blockdev_disk_dir("/sys/class/block/sda2", disk, sizeof(disk)), 1);
	cr_assert_str_eq(disk, "/sys/class/block/sda2/..");
	cr_assert_eq(blockdev_disk_dir("/sys/dev/block/8:0", disk, sizeof(disk)), 0);
	cr_assert_str_eq(disk, "/sys/dev/block/8:0");
	cr_assert_eq(blockdev_disk_dir("/sys/class/block/sdz", disk, sizeof(disk)), -ENOENT);
}

/* ---- the swap signature (libblkid), on files mkswap writes ---- */

/* mkswap where a root shell finds it: PATH, else the sbin directories. */
static const char *mkswap_path(void)
{
	static const char *const dirs[] = { "/usr/sbin/mkswap", "/sbin/mkswap" };

	if (have_tool("mkswap"))
		return "mkswap";
	for (size_t i = 0; i < ARRAY_SIZE(dirs); i++)
		if (access(dirs[i], X_OK) == 0)
			return dirs[i];
	return NULL;
}

/* A 1 MiB file of zeros at dir/name, mode 0600 as mkswap wants; its path (to free). */
static char *zero_file(const char *dir, const char *name)
{
	static char zeros[1 << 20];
	char *path;
	int fd;

	cr_assert_neq(asprintf(&path, "%s/%s", dir, name), -1);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	cr_assert_geq(fd, 0, "%s", path);
	cr_assert_eq(write(fd, zeros, sizeof(zeros)), (ssize_t)sizeof(zeros));
	close(fd);
	return path;
}

static void mkswap(const char *tool, char *const args[])
{
	char *argv[8] = { (char *)tool };
	char out[4096];
	size_t n = 1;

	for (; args[n - 1] && n < 7; n++)
		argv[n] = args[n - 1];
	argv[n] = NULL;
	cr_assert_eq(run_program(argv, out, sizeof(out), 1), 0, "mkswap failed: %s", out);
}

Test(swapsig, label_and_uuid_as_mkswap_wrote_them)
{
	const char *tool = mkswap_path(), *uuid = "3f2a6c1e-8b4d-4e2a-9c71-5d0e6f1a2b3c";
	struct swapsig sig;
	char *dir, *file, *plain;

	if (!tool)
		cr_skip_test("mkswap is not installed (apt-get install util-linux): no swap "
			     "signature to read");
	dir = temp_dir("zsb-swapsig");
	file = zero_file(dir, "labelled.swap");
	cr_assert_eq(swapsig_read(file, &sig), -ENODATA, "zeros hold no signature");
	mkswap(tool, (char *const[]){ "-L", "zswapbench", "-U", (char *)uuid, file, NULL });
	cr_assert_eq(swapsig_read(file, &sig), 0);
	cr_assert_str_eq(sig.label, "zswapbench");
	cr_assert_str_eq(sig.uuid, uuid);
	/* No label given: none read. */
	plain = zero_file(dir, "plain.swap");
	mkswap(tool, (char *const[]){ plain, NULL });
	cr_assert_eq(swapsig_read(plain, &sig), 0);
	cr_assert_str_eq(sig.label, "");
	cr_assert_eq(strlen(sig.uuid), 36, "mkswap made up a UUID: '%s'", sig.uuid);
	free(plain);
	free(file);
	remove_dir(dir);
}

Test(swapsig, what_is_not_a_swap_signature)
{
	const char *tool = mkswap_path();
	struct swapsig sig;
	char *dir, *file;
	int fd;

	cr_assert_eq(swapsig_read("/nonexistent/zswapbench.swap", &sig), -ENOENT);
	if (!tool)
		cr_skip_test("mkswap is not installed (apt-get install util-linux): no swap "
			     "signature to change");
	dir = temp_dir("zsb-swapsig");
	file = zero_file(dir, "hibernated.swap");
	mkswap(tool, (char *const[]){ "-L", "zswapbench", file, NULL });
	/* A hibernation image keeps the area but replaces mkswap's magic, at the end of the
	 * first page: blkid calls it swsuspend, not swap. */
	fd = open(file, O_WRONLY | O_CLOEXEC);
	cr_assert_geq(fd, 0);
	cr_assert_eq(pwrite(fd, "S1SUSPEND", 9, sysconf(_SC_PAGESIZE) - 10), 9);
	close(fd);
	cr_assert_eq(swapsig_read(file, &sig), -EMEDIUMTYPE);
	free(file);
	remove_dir(dir);
}

/* A cgroup's memory.pressure during a stall: "full" at 100% is a value the kernel writes. */
Test(psi, every_field_from_its_own_name)
{
	static const char stalled[] = "some avg10=100.00 avg60=87.06 avg300=40.27 total=90412345\n"
				      "full avg10=99.50 avg60=80.11 avg300=38.02 total=88231007\n";
	struct psi p;

	cr_assert_eq(psi_parse(stalled, &p), 0);
	cr_assert_float_eq(p.some_avg10, 100.0, 1e-9);
	cr_assert_float_eq(p.some_avg60, 87.06, 1e-9);
	cr_assert_eq(p.some_total, 90412345);
	cr_assert_float_eq(p.full_avg10, 99.5, 1e-9);
	cr_assert_float_eq(p.full_avg60, 80.11, 1e-9);
	cr_assert_eq(p.full_total, 88231007);
	cr_assert(p.have_full);
	cr_assert_eq(psi_parse("some avg10=100.01 avg60=0.00 avg300=0.00 total=1\n", &p), -EINVAL,
		     "past 100%");
	cr_assert_eq(psi_parse("some avg10=0.00 avg60=0.00 avg300=0.00 total=12ab\n", &p), -EINVAL);
	cr_assert_eq(psi_parse("some avg10=0.00 avg60=0.00 avg300=0.00 total=\n", &p), -EINVAL);
}

/* The file cut at every byte: a whole "some" line or nothing, never a number cut short taken
 * for another; "full" cut is no full line. */
Test(psi, a_cut_file)
{
	static const char text[] = "some avg10=1.50 avg60=5.78 avg300=8.54 total=105291258\n"
				   "full avg10=0.25 avg60=5.71 avg300=8.44 total=104230479\n";
	size_t line = strlen("some avg10=1.50 avg60=5.78 avg300=8.54 total=");
	size_t full = line + strlen("105291258\nfull avg10=0.25 avg60=5.71 avg300=8.44 total=");
	char cut[sizeof(text)];
	struct psi p;

	for (size_t n = 0; n < sizeof(text); n++) {
		int ret;

		memcpy(cut, text, n);
		cut[n] = '\0';
		ret = psi_parse(cut, &p);
		if (n <= line) {
			cr_assert_eq(ret, -EINVAL, "cut at %zu", n);
			continue;
		}
		cr_assert_eq(ret, 0, "cut at %zu", n);
		cr_assert(p.some_total <= 105291258, "cut at %zu", n);
		cr_assert_eq(p.have_full, n > full, "cut at %zu", n);
	}
}

/* A fixture root so long that no path fits under it: an error, not an empty table. */
Test(mounts, a_root_too_long_for_the_path)
{
	char root[4096];
	struct mounts m;

	memset(root, 'r', sizeof(root) - 8);
	root[0] = '/';
	root[sizeof(root) - 8] = '\0';
	sysfs_set_root(root);
	cr_assert_eq(mounts_read(MOUNTS, &m), -ENAMETOOLONG);
	cr_assert_eq(m.n, 0);
	sysfs_set_root(NULL);
}
