/* --extended's raw files (trial/extended.c) from a fake /sys and /proc: each file into its
 * own slot, the device's own only where a device is named, a file not there left out. */
#include <criterion/criterion.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "runner/kernel/sysfs.h"
#include "runner/trial/extended.h"

static char root[] = "/tmp/zsb-unit-extended.XXXXXX";
static char *snap[X_COUNT];

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

static void tree(void)
{
	cr_assert_not_null(mkdtemp(root));
	put("/sys/block/zram3/mm_stat", "mm\n");
	put("/sys/block/zram3/io_stat", "io\n");
	put("/proc/buddyinfo", "buddy\n");
	put("/proc/vmstat", "vm\n");
	put("/proc/meminfo", "mem\n");
	sysfs_set_root(root);
}

static void gone(void)
{
	char cmd[PATH_MAX + 16];

	for (int f = 0; f < X_COUNT; f++)
		free(snap[f]);
	sysfs_set_root(NULL);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	cr_assert_eq(system(cmd), 0);
}

TestSuite(extended, .init = tree, .fini = gone);

Test(extended, every_file_in_its_slot_and_one_not_there_left_out)
{
	extended_snapshot("zram3", snap);
	cr_assert_str_eq(snap[X_MM_STAT], "mm\n");
	cr_assert_str_eq(snap[X_IO_STAT], "io\n");
	cr_assert_null(snap[X_DEBUG_STAT]);
	cr_assert_str_eq(snap[X_BUDDYINFO], "buddy\n");
	cr_assert_str_eq(snap[X_VMSTAT], "vm\n");
	cr_assert_str_eq(snap[X_MEMINFO], "mem\n");
}

Test(extended, without_a_device_only_the_machine_s_files)
{
	snap[X_MM_STAT] = strdup("stale");
	extended_snapshot("", snap);
	cr_assert_null(snap[X_MM_STAT], "the last snapshot's is not kept");
	cr_assert_null(snap[X_IO_STAT]);
	cr_assert_str_eq(snap[X_BUDDYINFO], "buddy\n");
	cr_assert_str_eq(snap[X_VMSTAT], "vm\n");
	cr_assert_str_eq(snap[X_MEMINFO], "mem\n");
}
