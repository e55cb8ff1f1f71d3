/* Where swapfiles go: the filesystem of the swap directory and the disk under it. */
#include <errno.h>
#include <linux/magic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>

#include "common/util.h"
#include "runner/kernel/blockdev.h"
#include "runner/kernel/mounts.h"
#include "runner/kernel/sysfs.h"
#include "runner/system/facts.h"
#include "runner/system/facts_util.h"

const char *facts_fs_name(long magic)
{
	static const struct {
		unsigned long magic;
		const char *name;
	} names[] = {
		/* ext2, ext3 and ext4 share one magic: mountinfo tells them apart. */
		{ EXT4_SUPER_MAGIC, "ext2/ext3/ext4" },
		{ XFS_SUPER_MAGIC, "xfs" },
		{ BTRFS_SUPER_MAGIC, "btrfs" },
		{ TMPFS_MAGIC, "tmpfs" },
		{ RAMFS_MAGIC, "ramfs" },
		{ OVERLAYFS_SUPER_MAGIC, "overlay" },
		{ F2FS_SUPER_MAGIC, "f2fs" },
		{ SQUASHFS_MAGIC, "squashfs" },
		{ NFS_SUPER_MAGIC, "nfs" },
		{ MSDOS_SUPER_MAGIC, "vfat" },
		{ CEPH_SUPER_MAGIC, "ceph" },
		{ CIFS_SUPER_MAGIC, "cifs" },
		{ SMB2_SUPER_MAGIC, "smb2" },
		/* Not in every linux/magic.h. */
		{ 0x65735546, "fuse" },
		{ 0x01021997, "9p" },
		{ 0x2011BAB0, "exfat" },
		{ 0xca451a4e, "bcachefs" },
		{ 0x2fc12fc1, "zfs" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(names); i++)
		if ((unsigned long)magic == names[i].magic)
			return names[i].name;
	return NULL;
}

/* The filesystem type and source mounted from device maj:min (mountinfo has the devices);
 * -ENOENT when no mount has that device. */
static int mount_of_device(unsigned maj, unsigned min, char *type, size_t type_len, char *source,
			   size_t source_len)
{
	const struct mount *e;
	struct mounts m;
	int ret = mounts_read(MOUNTINFO, &m);

	if (ret < 0)
		return ret;
	e = mounts_of_dev(&m, makedev(maj, min));
	if (e) {
		snprintf(type, type_len, "%s", e->fstype);
		snprintf(source, source_len, "%s", e->source);
	}
	mounts_free(&m);
	return e ? 0 : -ENOENT;
}

/* DEVNAME from a block device's uevent ("DEVNAME=nvme0n1p2"). */
static int uevent_name(const char *dir, char *buf, size_t len)
{
	char path[400], text[1024];
	const char *p;

	snprintf(path, sizeof(path), "%s/uevent", dir);
	if (sysfs_read(path, text, sizeof(text)) < 0)
		return -ENOENT;
	for (p = text; *p; p += strcspn(p, "\n"), p += *p == '\n')
		if (strncmp(p, "DEVNAME=", 8) == 0) {
			snprintf(buf, len, "%.*s", (int)strcspn(p + 8, "\n"), p + 8);
			return 0;
		}
	return -ENOENT;
}

/* The whole disk's name, model and rotational flag; a partition's name too. */
static void block_device(struct sysinfo_facts *s, const char *sysdev)
{
	char path[400], disk[320];
	int partition = blockdev_disk_dir(sysdev, disk, sizeof(disk));

	if (partition < 0)
		return;
	if (partition)
		uevent_name(sysdev, s->swap_dir.partition, sizeof(s->swap_dir.partition));
	uevent_name(disk, s->swap_dir.disk, sizeof(s->swap_dir.disk));
	/* SCSI, SATA and NVMe have device/model; virtio and device-mapper have none. */
	snprintf(path, sizeof(path), "%s/device/model", disk);
	facts_line(path, s->swap_dir.model, sizeof(s->swap_dir.model));
	snprintf(path, sizeof(path), "%s/queue/rotational", disk);
	s->swap_dir.rotational = facts_yes_no(path);
}

void facts_swap_dir_device(struct sysinfo_facts *s, unsigned maj, unsigned min, long magic)
{
	char sysdev[64], source[256] = "", byname[300];
	const char *name = facts_fs_name(magic);

	snprintf(s->swap_dir.device, sizeof(s->swap_dir.device), "%u:%u", maj, min);
	if (mount_of_device(maj, min, s->swap_dir.fs_type, sizeof(s->swap_dir.fs_type), source,
			    sizeof(source)) < 0)
		snprintf(s->swap_dir.fs_type, sizeof(s->swap_dir.fs_type), "%s", name ? name : "");
	snprintf(sysdev, sizeof(sysdev), "/sys/dev/block/%u:%u", maj, min);
	if (sysfs_exists(sysdev)) {
		block_device(s, sysdev);
		return;
	}
	/* btrfs gives its files an anonymous device (0:N): the mount's source names the disk.
	 * tmpfs and overlay have none ("tmpfs", "overlay"). */
	if (strncmp(source, "/dev/", 5) == 0 && !strchr(source + 5, '/')) {
		snprintf(byname, sizeof(byname), "/sys/class/block/%s", source + 5);
		if (sysfs_exists(byname))
			block_device(s, byname);
	}
}

void facts_swap_dir(struct sysinfo_facts *s, const char *dir)
{
	struct statfs fs;
	struct stat st;

	snprintf(s->swap_dir.path, sizeof(s->swap_dir.path), "%s", dir);
	/* The directory is a real path, as preflight checks it, even under a --sysroot. */
	if (stat(dir, &st) < 0)
		return;
	facts_swap_dir_device(s, major(st.st_dev), minor(st.st_dev),
			      statfs(dir, &fs) == 0 ? (long)fs.f_type : 0);
}
