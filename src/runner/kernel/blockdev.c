#include "runner/kernel/blockdev.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>

#include "runner/kernel/sysfs.h"

int blockdev_disk_dir(const char *dev, char *disk, size_t len)
{
	char path[PATH_MAX];
	int partition, n;

	if (!sysfs_exists(dev))
		return -ENOENT;
	snprintf(path, sizeof(path), "%s/partition", dev);
	partition = sysfs_exists(path);
	n = snprintf(disk, len, partition ? "%s/.." : "%s", dev);
	if (n < 0 || (size_t)n >= len)
		return -ENAMETOOLONG;
	return partition;
}

int blockdev_disk(unsigned maj, unsigned min, unsigned *disk_maj, unsigned *disk_min)
{
	char dev[64], disk[96], path[128], buf[32];
	int ret;

	snprintf(dev, sizeof(dev), "/sys/dev/block/%u:%u", maj, min);
	ret = blockdev_disk_dir(dev, disk, sizeof(disk));
	if (ret < 0)
		return ret == -ENOENT ? -ENODEV : ret;
	*disk_maj = maj;
	*disk_min = min;
	if (ret == 0)
		return 0;
	snprintf(path, sizeof(path), "%s/dev", disk);
	if (sysfs_read_line(path, buf, sizeof(buf)) < 0 ||
	    sscanf(buf, "%u:%u", disk_maj, disk_min) != 2)
		return -EIO;
	return 0;
}
