/* disk: a swapfile of our own (swapfile.c), new for every trial. */
#include <stdio.h>

#include "runner/kernel/sysfs.h"
#include "runner/swap/backend.h"
#include "runner/undo/param.h"

/* A disk cell measures the disk: zswap, if someone left it on, is off for the trial. */
static int disk_start(struct swap_device *dev, struct journal *j)
{
	char enabled[8];

	if (zswap_present() && sysfs_read_line(ZSWAP_PARAMS "/enabled", enabled, sizeof(enabled)) >= 0 &&
	    enabled[0] == 'Y') {
		int ret = param_set(j, ZSWAP_PARAMS "/enabled", "N", dev->failed, sizeof(dev->failed));
		if (ret)
			return ret;
	}
	return swapfile_start(dev, j);
}

static void disk_describe(const struct swap_device *dev, FILE *out)
{
	swapfile_describe(dev, out);
	if (zswap_present())
		fprintf(out, "  each trial: %s/enabled N if zswap is on (restored after): a disk cell measures the disk\n",
			ZSWAP_PARAMS);
}

const struct backend backend_disk = {
	.name = "disk",
	.help = "a swapfile (--swapfile, --swap-size)",
	.flags = BACKEND_DEVICE | BACKEND_SWAPFILE,
	.check = swapfile_check,
	.prepare = swapfile_prepare,
	.start = disk_start,
	.describe = disk_describe,
};
