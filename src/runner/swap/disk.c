/* disk: a swapfile of our own (swapfile.c), new for every trial. */
#include <stdio.h>

#include "runner/swap/backend.h"

static int disk_start(struct swap_device *dev, struct journal *j)
{
	int ret = swap_keep_zswap_out(dev, j);

	return ret ? ret : swapfile_start(dev, j);
}

static void disk_describe(const struct swap_device *dev, FILE *out)
{
	swapfile_describe(dev, out);
	swap_describe_zswap_out(out);
}

const struct backend backend_disk = {
	.name = "disk",
	.help = "a swapfile (--swapfile, --swap-size)",
	.flags = BACKEND_DEVICE | BACKEND_SWAPFILE,
	.options = (const char *const[]){ "swapfile", "disk-throttle", NULL },
	.check = swapfile_check,
	.prepare = swapfile_prepare,
	.start = disk_start,
	.describe = disk_describe,
};
