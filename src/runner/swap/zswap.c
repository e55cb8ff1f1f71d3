/* zswap: a compressed cache in front of a swapfile of our own. Its parameters are set for each
 * trial and restored after it (journaled); swapoff of the file empties the pool between trials. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>

#include "runner/kernel/kv.h"
#include "runner/swap/backend.h"
#include "runner/kernel/sysfs.h"

static int zswap_check(struct swap_device *dev)
{
	char list[400];
	int ret;

	if (!zswap_present()) {
		snprintf(dev->why, sizeof(dev->why), "--swap zswap: this kernel has no zswap (CONFIG_ZSWAP)");
		return -ENOTSUP;
	}
	if (dev->params.comp) {
		ret = zswap_compressors(list, sizeof(list));
		if (ret == 0 && !words_contain(list, dev->params.comp)) {
			snprintf(dev->why, sizeof(dev->why),
				 "--comp '%s': this kernel's zswap can use only: %s", dev->params.comp, list);
			return -EINVAL;
		}
	}
	if (dev->params.zswap_zpool && !sysfs_exists(ZSWAP_PARAMS "/zpool")) {
		snprintf(dev->why, sizeof(dev->why),
			 "--zswap-zpool '%s': this kernel's zswap has no zpool choice (zsmalloc only, 6.15+)",
			 dev->params.zswap_zpool);
		return -ENOTSUP;
	}
	return swapfile_check(dev);
}

/* The counters live in debugfs: mount it for the run where nobody has. */
static int zswap_prepare(struct swap_device *dev, struct journal *j)
{
	struct swap_shared *shared = dev->params.shared;
	char mnt[4096];

	if (shared->zswap_ready)
		return 0;
	shared->zswap_ready = 1;
	if (zswap_debugfs_mounted() || sysfs_exists(DEBUGFS "/zswap"))
		return 0;
	if (!sysfs_path(mnt, sizeof(mnt), DEBUGFS))
		return -ENAMETOOLONG;
	snprintf(dev->failed, sizeof(dev->failed), "mount debugfs on %s", mnt);
	if (mount("debugfs", mnt, "debugfs", 0, NULL) < 0) {
		/* Counters from /proc/meminfo and /proc/vmstat still work. */
		return errno == EBUSY ? 0 : -errno;
	}
	return journal_push(j, UNDO_UMOUNT, mnt, NULL);
}

static int zswap_start(struct swap_device *dev, struct journal *j)
{
	char value[16];
	int ret;

	if (dev->params.comp) {
		/* Before enabling: a compressor the crypto API lacks only fails at enable time. */
		ret = param_set(j, ZSWAP_PARAMS "/compressor", dev->params.comp, dev->failed, sizeof(dev->failed));
		if (ret)
			return ret;
	}
	if (dev->params.zswap_zpool) {
		ret = param_set(j, ZSWAP_PARAMS "/zpool", dev->params.zswap_zpool, dev->failed, sizeof(dev->failed));
		if (ret)
			return ret;
	}
	if (dev->params.zswap_pool) {
		snprintf(value, sizeof(value), "%u", dev->params.zswap_pool);
		ret = param_set(j, ZSWAP_PARAMS "/max_pool_percent", value, dev->failed, sizeof(dev->failed));
		if (ret)
			return ret;
	}
	ret = param_set(j, ZSWAP_PARAMS "/enabled", "Y", dev->failed, sizeof(dev->failed));
	if (ret)
		return ret;
	snprintf(dev->failed, sizeof(dev->failed), ZSWAP_PARAMS "/compressor");
	ret = sysfs_read_line(ZSWAP_PARAMS "/compressor", dev->comp_used, sizeof(dev->comp_used));
	if (ret < 0)
		return ret;
	/* Which allocator holds the pages decides the ratio as much as the compressor does:
	 * zbud keeps at most two per page, z3fold three. */
	if (sysfs_read_line(ZSWAP_PARAMS "/zpool", dev->zpool_used, sizeof(dev->zpool_used)) < 0)
		snprintf(dev->zpool_used, sizeof(dev->zpool_used), "zsmalloc");
	return swapfile_start(dev, j);
}

const struct backend backend_zswap = {
	.name = "zswap",
	.help = "zswap in front of a swapfile of its own (--comp, --zswap-pool)",
	.uses_comp = 1,
	.uses_device = 1,
	.uses_swapfile = 1,
	.check = zswap_check,
	.prepare = zswap_prepare,
	.start = zswap_start,
};
