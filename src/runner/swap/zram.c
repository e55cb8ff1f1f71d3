/* zram: a device of our own from hot_add, initialised afresh for every trial. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "runner/kernel/kv.h"
#include "runner/swap/backend.h"
#include "runner/kernel/sysfs.h"

static int comp_check(struct swap_device *dev, const char *list)
{
	if (!dev->params.comp || words_contain(list, dev->params.comp))
		return 0;
	snprintf(dev->why, sizeof(dev->why), "--comp '%s': this kernel's zram offers only: %s",
		 dev->params.comp, list);
	return -EINVAL;
}

/* Without hot_add the only device is zram0, and it is ours only while nobody uses it. */
static int zram0_free(void)
{
	uint64_t disksize = 1, used;
	if (sysfs_read_u64("/sys/block/zram0/disksize", &disksize) < 0)
		return 0;
	return disksize == 0 && swaps_used("/dev/zram0", &used) == -ENOENT;
}

static int zram_check(struct swap_device *dev)
{
	char list[256];

	if (!zram_control_present() && !sysfs_exists("/sys/block/zram0")) {
		snprintf(dev->why, sizeof(dev->why),
			 "--swap zram: this kernel has no zram (load it with: modprobe zram)");
		return -ENOTSUP;
	}
	if (!zram_control_present() && !zram0_free()) {
		snprintf(dev->why, sizeof(dev->why),
			 "--swap zram: zram0 is in use and this kernel cannot add another device");
		return -ENOTSUP;
	}
	if (dev->params.zram_algo_params && sysfs_exists("/sys/block/zram0") &&
	    !sysfs_exists("/sys/block/zram0/algorithm_params")) {
		snprintf(dev->why, sizeof(dev->why),
			 "--zram-algo-params: this kernel's zram has no algorithm_params (6.12 and later)");
		return -ENOTSUP;
	}
	/* With no device to ask, the algorithm is checked on our own device in prepare. */
	return zram_algorithms(list, sizeof(list)) == 0 ? comp_check(dev, list) : 0;
}

/* One device serves every zram cell of the run: each trial writes its own algorithm and size. */
static int zram_prepare(struct swap_device *dev, struct journal *j)
{
	struct swap_shared *shared = dev->params.shared;
	char id[16], list[256], path[64];
	int ret;

	if (shared->zram_id < 0) {
		snprintf(dev->failed, sizeof(dev->failed), "/sys/class/zram-control/hot_add");
		if (zram_control_present()) {
			ret = zram_hot_add(&shared->zram_id);
			if (ret)
				return ret;
			snprintf(id, sizeof(id), "%d", shared->zram_id);
			ret = journal_push(j, UNDO_ZRAM_REMOVE, "/sys/class/zram-control/hot_remove", id);
			if (ret)
				return ret;
		} else {
			shared->zram_id = 0;
		}
	}
	dev->zram_id = shared->zram_id;
	snprintf(dev->device, sizeof(dev->device), "/dev/zram%d", dev->zram_id);
	snprintf(path, sizeof(path), "/sys/block/zram%d/comp_algorithm", dev->zram_id);
	snprintf(dev->failed, sizeof(dev->failed), "%s", path);
	ret = sysfs_read_line(path, list, sizeof(list));
	if (ret < 0)
		return ret;
	for (char *p = list; *p; p++)
		if (*p == '[' || *p == ']')
			*p = ' ';
	return comp_check(dev, list);
}

/* devtmpfs creates the node asynchronously after hot_add. */
static int wait_for_node(const char *node)
{
	struct timespec pause = { 0, 10 * 1000 * 1000 };
	for (int i = 0; i < 300; i++) {
		if (access(node, F_OK) == 0)
			return 0;
		nanosleep(&pause, NULL);
	}
	return -ENOENT;
}

/* Writes one attribute of our device, naming it for the message if that fails. */
static int zram_attr(struct swap_device *dev, const char *sys, const char *name, const char *value)
{
	snprintf(dev->failed, sizeof(dev->failed), "%s/%s", sys, name);
	return sysfs_write(dev->failed, value);
}

static int zram_start(struct swap_device *dev, struct journal *j)
{
	char sys[64], value[300];
	int ret;

	snprintf(sys, sizeof(sys), "/sys/block/zram%d", dev->zram_id);
	/* Must precede disksize: the kernel refuses a new algorithm once initialised. */
	if (dev->params.comp && (ret = zram_attr(dev, sys, "comp_algorithm", dev->params.comp)))
		return ret;
	if (dev->params.zram_algo_params) {
		/* Also before disksize; "algo=NAME" ties them to this trial's algorithm. */
		if (dev->params.comp)
			snprintf(value, sizeof(value), "algo=%s %s", dev->params.comp, dev->params.zram_algo_params);
		else
			snprintf(value, sizeof(value), "priority=0 %s", dev->params.zram_algo_params);
		if ((ret = zram_attr(dev, sys, "algorithm_params", value)))
			return ret;
	}
	snprintf(value, sizeof(value), "%" PRIu64, dev->params.size);
	if ((ret = zram_attr(dev, sys, "disksize", value)))
		return ret;
	ret = journal_push(j, UNDO_ZRAM_RESET, sys, NULL);
	if (ret)
		return ret;
	if (dev->params.zram_mem_limit) {
		/* mem_limit caps the memory zram itself uses: the device fills before RAM does. */
		snprintf(value, sizeof(value), "%" PRIu64, dev->params.zram_mem_limit);
		if ((ret = zram_attr(dev, sys, "mem_limit", value)))
			return ret;
	}
	snprintf(dev->failed, sizeof(dev->failed), "%s/comp_algorithm", sys);
	ret = zram_current_algorithm(dev->zram_id, dev->comp_used, sizeof(dev->comp_used));
	if (ret)
		return ret;
	snprintf(dev->failed, sizeof(dev->failed), "%s", dev->device);
	ret = wait_for_node(dev->device);
	if (ret)
		return ret;
	return swap_enable(dev, j);
}

const struct backend backend_zram = {
	.name = "zram",
	.help = "a zram device of its own, swapon at --priority (--comp, --swap-size)",
	.uses_comp = 1,
	.uses_device = 1,
	.check = zram_check,
	.prepare = zram_prepare,
	.start = zram_start,
};
