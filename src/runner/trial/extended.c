#include "runner/trial/extended.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/kernel/sysfs.h"

static const struct {
	const char *name;
	const char *path;   /* %d: our zram device */
	int zram;
} files[X_COUNT] = {
	[X_MM_STAT] = { "mm_stat", "/sys/block/zram%d/mm_stat", 1 },
	[X_IO_STAT] = { "io_stat", "/sys/block/zram%d/io_stat", 1 },
	[X_DEBUG_STAT] = { "debug_stat", "/sys/block/zram%d/debug_stat", 1 },
	[X_BUDDYINFO] = { "buddyinfo", "/proc/buddyinfo", 0 },
	[X_VMSTAT] = { "vmstat", "/proc/vmstat", 0 },
	[X_MEMINFO] = { "meminfo", "/proc/meminfo", 0 },
};

const char *extended_name(enum extended_file f)
{
	return files[f].name;
}

void extended_snapshot(const struct swap_device *dev, char **snap)
{
	for (int f = 0; f < X_COUNT; f++) {
		char path[128], buf[16384];
		free(snap[f]);
		snap[f] = NULL;
		if (files[f].zram && dev->zram_id < 0)
			continue;
		snprintf(path, sizeof(path), files[f].path, dev->zram_id);
		if (sysfs_read(path, buf, sizeof(buf)) >= 0)
			snap[f] = strdup(buf);
	}
}

void extended_free(struct extended *x)
{
	for (int f = 0; f < X_COUNT; f++) {
		free(x->before[f]);
		free(x->after[f]);
		x->before[f] = x->after[f] = NULL;
	}
}
