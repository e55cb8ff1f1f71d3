#include "runner/trial/extended.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/kernel/sysfs.h"

static const struct {
	const char *path;   /* %d: our zram device */
	int zram;
} files[X_COUNT] = {
	[X_MM_STAT] = { "/sys/block/zram%d/mm_stat", 1 },
	[X_IO_STAT] = { "/sys/block/zram%d/io_stat", 1 },
	[X_DEBUG_STAT] = { "/sys/block/zram%d/debug_stat", 1 },
	[X_BUDDYINFO] = { "/proc/buddyinfo", 0 },
	[X_VMSTAT] = { "/proc/vmstat", 0 },
	[X_MEMINFO] = { "/proc/meminfo", 0 },
};

void extended_snapshot(int zram_id, char **snap)
{
	for (int f = 0; f < X_COUNT; f++) {
		char path[128];
		free(snap[f]);
		snap[f] = NULL;
		if (files[f].zram && zram_id < 0)
			continue;
		snprintf(path, sizeof(path), files[f].path, zram_id);
		if (sysfs_read_alloc(path, &snap[f]) < 0)
			snap[f] = NULL;
	}
}
