/* disk: a swapfile of our own (swapfile.c), new for every trial; as a block device or a
 * filesystem, the same file through a loop device, the baseline for zram's. */
#include <errno.h>
#include <stdio.h>

#include "common/size.h"
#include "runner/swap/backend.h"

/* The loop device over the run's file: one per run, shared by its cells as the file is. */
struct disk_shared {
	int loop_n;
};

static void disk_shared_init(void *state)
{
	((struct disk_shared *)state)->loop_n = -1;
}

static int disk_prepare(struct swap_device *dev, struct journal *j)
{
	struct disk_shared *sh = swap_shared_of(dev->params.shared, dev->backend);
	int ret = sh ? swapfile_prepare(dev, j) : -ENOMEM;

	if (ret || dev->params.use == USE_SWAP)
		return ret;
	if (sh->loop_n < 0)
		ret = loop_attach_journaled(dev->params.swapfile, 1, j, &sh->loop_n, dev->failed,
					    sizeof(dev->failed));
	if (!ret) {
		snprintf(dev->device, sizeof(dev->device), "/dev/loop%d", sh->loop_n);
		snprintf(dev->block, sizeof(dev->block), "loop%d", sh->loop_n);
	}
	return ret;
}

static int disk_start(struct swap_device *dev, struct journal *j)
{
	int ret = swap_keep_zswap_out(dev, j);

	if (ret || dev->params.use != USE_SWAP)
		return ret;
	return swapfile_start(dev, j);
}

static void disk_describe(const struct swap_device *dev, FILE *out)
{
	swapfile_describe(dev, out);
	if (dev->params.use != USE_SWAP)
		fprintf(out, "  once: a loop device over %s; detached at the end\n",
			dev->params.swapfile);
	swap_describe_zswap_out(out);
}

const struct backend backend_disk = {
	.name = "disk",
	.help = "a swapfile (--swapfile, --swap-size)",
	.flags = BACKEND_DEVICE | BACKEND_SWAPFILE | BACKEND_BLOCK,
	.trial_s = 0.02,
	.options = (const char *const[]){ "swapfile", "disk-throttle", NULL },
	.shared_size = sizeof(struct disk_shared),
	.shared_init = disk_shared_init,
	.check = swapfile_check,
	.prepare = disk_prepare,
	.start = disk_start,
	.describe = disk_describe,
};
