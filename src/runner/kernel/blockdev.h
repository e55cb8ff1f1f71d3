/* Block devices in sysfs: which whole disk a partition belongs to. A partition's directory
 * has a "partition" file, and its disk is one directory up (/sys/dev/block/259:2 is
 * .../nvme0n1/nvme0n1p2). */
#ifndef ZSB_BLOCKDEV_H
#define ZSB_BLOCKDEV_H
#include <stddef.h>

/* The whole disk's directory of dev, a block device's sysfs directory (/sys/dev/block/8:1,
 * /sys/class/block/sda1): dev itself, or its parent for a partition. Returns 1 for a
 * partition, 0 for a whole disk, -ENOENT when dev does not exist, -ENAMETOOLONG. */
int blockdev_disk_dir(const char *dev, char *disk, size_t len);
/* The whole disk of block device maj:min, as the same numbers: -ENODEV when there is no such
 * block device, -EIO when a partition's disk has no readable dev file. */
int blockdev_disk(unsigned maj, unsigned min, unsigned *disk_maj, unsigned *disk_min);

#endif
