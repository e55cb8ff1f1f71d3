#include "runner/trial/extended.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/kernel/sysfs.h"

/* A block device's own files (zram's, where the device is zram) and the machine's. */
static const struct {
	const char *path; /* %s: the block device's name */
	int of_device;
} files[X_COUNT] = {
	[X_MM_STAT] = { "/sys/block/%s/mm_stat", 1 },
	[X_IO_STAT] = { "/sys/block/%s/io_stat", 1 },
	[X_DEBUG_STAT] = { "/sys/block/%s/debug_stat", 1 },
	[X_BUDDYINFO] = { "/proc/buddyinfo", 0 },
	[X_VMSTAT] = { "/proc/vmstat", 0 },
	[X_MEMINFO] = { "/proc/meminfo", 0 },
};

void extended_snapshot(const char *block, char **snap)
{
	for (int f = 0; f < X_COUNT; f++) {
		char path[128];
		free(snap[f]);
		snap[f] = NULL;
		if (files[f].of_device && !block[0])
			continue;
		snprintf(path, sizeof(path), files[f].path, block);
		if (sysfs_read_alloc(path, &snap[f]) < 0)
			snap[f] = NULL;
	}
}
