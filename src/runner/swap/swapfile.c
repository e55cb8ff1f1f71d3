/* The swapfile disk and zswap swap to: created for each trial, fully allocated (swapon
 * refuses files with holes), on a filesystem that can hold swap. */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <linux/magic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "common/size.h"
#include "runner/kernel/fileio.h"
#include "runner/swap/backend.h"
#include "runner/kernel/sysfs.h"

/* swapon needs a filesystem that maps file blocks to disk blocks; these cannot, or not as
 * a plain file (btrfs wants a no-COW file, NFS wants swap-over-NFS). */
static int can_hold_swap(const struct statfs *fs, char *why, size_t len)
{
	static const struct { long magic; const char *why; } no_swap[] = {
		{ TMPFS_MAGIC, "a RAM filesystem (tmpfs), which cannot hold swap" },
		{ RAMFS_MAGIC, "a RAM filesystem (ramfs), which cannot hold swap" },
		{ PROC_SUPER_MAGIC, "procfs, which cannot hold files" },
		{ SYSFS_MAGIC, "sysfs, which cannot hold files" },
		{ CGROUP_SUPER_MAGIC, "cgroupfs, which cannot hold files" },
		{ CGROUP2_SUPER_MAGIC, "cgroupfs, which cannot hold files" },
		{ OVERLAYFS_SUPER_MAGIC, "overlayfs, which cannot hold swap" },
		{ SQUASHFS_MAGIC, "squashfs, which is read-only" },
		{ NFS_SUPER_MAGIC, "NFS, which zswapbench does not swap to" },
		{ BTRFS_SUPER_MAGIC, "btrfs, which needs a no-COW swapfile zswapbench does not make; use another filesystem" },
		{ 0x65735546 /* FUSE_SUPER_MAGIC */, "a FUSE filesystem, which cannot hold swap" },
		{ 0x01021997 /* V9FS_MAGIC */, "9p, which cannot hold swap" },
	};
	for (size_t i = 0; i < sizeof(no_swap) / sizeof(no_swap[0]); i++)
		if ((long)fs->f_type == no_swap[i].magic) {
			snprintf(why, len, "%s", no_swap[i].why);
			return 0;
		}
	return 1;
}

int swapfile_check(struct swap_device *dev)
{
	const char *file = dev->params.swapfile;
	char copy[PATH_MAX], *dir;
	struct statfs fs;
	struct statvfs vfs;
	struct stat st;
	char why[128];

	if (!file || file[0] != '/' || strlen(file) >= sizeof(copy) || strpbrk(file, " \t\n\\")) {
		snprintf(dev->why, sizeof(dev->why),
			 "--swapfile '%s': needs an absolute path without blanks", file ? file : "");
		return -EINVAL;
	}
	if (lstat(file, &st) == 0) {
		/* Never reuse or overwrite a file we did not create. */
		snprintf(dev->why, sizeof(dev->why), "--swapfile '%s': already exists", file);
		return -EINVAL;
	}
	snprintf(copy, sizeof(copy), "%s", file);
	dir = dirname(copy);
	if (stat(dir, &st) < 0 || !S_ISDIR(st.st_mode)) {
		snprintf(dev->why, sizeof(dev->why), "--swapfile '%s': directory %s does not exist", file, dir);
		return -EINVAL;
	}
	if (statfs(dir, &fs) == 0 && !can_hold_swap(&fs, why, sizeof(why))) {
		snprintf(dev->why, sizeof(dev->why), "--swapfile '%s': %s is %s", file, dir, why);
		return -EINVAL;
	}
	if (statvfs(dir, &vfs) == 0 && (vfs.f_flag & ST_RDONLY)) {
		snprintf(dev->why, sizeof(dev->why), "--swapfile '%s': %s is mounted read-only", file, dir);
		return -EINVAL;
	}
	/* Keep 64M spare: filling the filesystem would hurt more than this run. */
	if (statvfs(dir, &vfs) == 0 && (uint64_t)vfs.f_bavail * vfs.f_frsize < dev->params.size + (64 << 20)) {
		char need[32], have[32];
		snprintf(dev->why, sizeof(dev->why),
			 "--swap-size %s: not enough free space in %s for the swapfile (%s free)",
			 size_format(dev->params.size, need, sizeof(need)), dir,
			 size_format((uint64_t)vfs.f_bavail * vfs.f_frsize, have, sizeof(have)));
		return -ENOSPC;
	}
	return 0;
}

/* Filesystems without fallocate get a written fill: the same, only slower to create. */
static int write_zeros(int fd, uint64_t size)
{
	static const char zeros[1 << 16];
	for (uint64_t done = 0; done < size;) {
		size_t n = size - done < sizeof(zeros) ? (size_t)(size - done) : sizeof(zeros);
		int ret = write_full(fd, zeros, n);
		if (ret)
			return ret;
		done += n;
	}
	return 0;
}

static int swapfile_create(struct swap_device *dev, struct journal *j)
{
	const char *file = dev->params.swapfile;
	int fd = -1, ret;

	snprintf(dev->device, sizeof(dev->device), "%s", file);
	snprintf(dev->failed, sizeof(dev->failed), "%s", file);
	fd = open(file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0) {
		ret = -errno;
		goto out;
	}
	ret = journal_push(j, UNDO_UNLINK, file, NULL);
	if (ret)
		goto out;
	if (fallocate(fd, 0, 0, (off_t)dev->params.size) < 0) {
		ret = -errno;
		if (ret != -EOPNOTSUPP)
			goto out;
		ret = write_zeros(fd, dev->params.size);
		if (ret)
			goto out;
	}
	ret = fsync(fd) < 0 ? -errno : 0;
out:
	if (fd >= 0)
		close(fd);
	return ret;
}

/* A new file, mkswap and swapon for every trial: nothing is left of the previous one. */
int swapfile_start(struct swap_device *dev, struct journal *j)
{
	int ret = swapfile_create(dev, j);
	return ret ? ret : swap_enable(dev, j);
}

