/* The swapfile disk and zswap swap to: created for each trial, fully allocated (swapon
 * refuses files with holes), on a filesystem that can hold swap. */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <linux/magic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/btrfs.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "common/size.h"
#include "common/util.h"
#include "runner/base/fileio.h"
#include "runner/kernel/mounts.h"
#include "runner/kernel/signals.h"
#include "runner/swap/backend.h"
#include "runner/kernel/sysfs.h"

/* swapon needs a filesystem that maps file blocks to disk blocks; these cannot, or not as
 * a plain file (NFS wants swap-over-NFS). btrfs can, with a no-COW file (no_cow below). */
static int can_hold_swap(const struct statfs *fs, char *why, size_t len)
{
	static const struct {
		long magic;
		const char *why;
	} no_swap[] = {
		{ TMPFS_MAGIC, "a RAM filesystem (tmpfs), which cannot hold swap" },
		{ RAMFS_MAGIC, "a RAM filesystem (ramfs), which cannot hold swap" },
		{ PROC_SUPER_MAGIC, "procfs, which cannot hold files" },
		{ SYSFS_MAGIC, "sysfs, which cannot hold files" },
		{ CGROUP_SUPER_MAGIC, "cgroupfs, which cannot hold files" },
		{ CGROUP2_SUPER_MAGIC, "cgroupfs, which cannot hold files" },
		{ OVERLAYFS_SUPER_MAGIC, "overlayfs, which cannot hold swap" },
		{ SQUASHFS_MAGIC, "squashfs, which is read-only" },
		{ NFS_SUPER_MAGIC, "NFS, which zswapbench does not swap to" },
		{ 0x65735546 /* FUSE_SUPER_MAGIC */, "a FUSE filesystem, which cannot hold swap" },
		{ 0x01021997 /* V9FS_MAGIC */, "9p, which cannot hold swap" },
	};
	for (size_t i = 0; i < ARRAY_SIZE(no_swap); i++)
		if ((long)fs->f_type == no_swap[i].magic) {
			snprintf(why, len, "%s", no_swap[i].why);
			return 0;
		}
	return 1;
}

/* The mount options of the btrfs mount that holds dir. */
static int btrfs_options(const char *dir, char *opts, size_t len)
{
	char real[PATH_MAX];
	const struct mount *e;
	struct mounts m;

	opts[0] = '\0';
	if (!realpath(dir, real) || mounts_read(MOUNTS, &m) < 0)
		return -ENOENT;
	if ((e = mounts_holding(&m, real, "btrfs")))
		snprintf(opts, len, "%s", e->options);
	mounts_free(&m);
	return 0;
}

/* What btrfs cannot swap to even with a no-COW file: several devices, forced compression. */
static int btrfs_refuses(const char *dir, char *why, size_t len)
{
	struct btrfs_ioctl_fs_info_args info;
	char opts[1024];
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	memset(&info, 0, sizeof(info));
	if (fd >= 0 && ioctl(fd, BTRFS_IOC_FS_INFO, &info) == 0 && info.num_devices > 1) {
		snprintf(why, len, "btrfs over %llu devices, which the kernel cannot swap to",
			 (unsigned long long)info.num_devices);
		close(fd);
		return 1;
	}
	if (fd >= 0)
		close(fd);
	if (btrfs_options(dir, opts, sizeof(opts)) == 0 && strstr(opts, "compress-force")) {
		snprintf(why, len,
			 "btrfs mounted with compress-force, which the kernel cannot swap to");
		return 1;
	}
	return 0;
}

int swapfile_check(struct swap_device *dev)
{
	const char *file = dev->params.swapfile;
	char copy[PATH_MAX], *dir;
	struct statfs fs;
	struct statvfs vfs;
	struct stat st;
	char why[128];

	if (!file || strlen(file) >= sizeof(copy) || strpbrk(file, " \t\n\\")) {
		snprintf(dev->why, sizeof(dev->why),
			 "--swapfile '%s': needs a path without blanks or backslashes",
			 file ? file : "");
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
		snprintf(dev->why, sizeof(dev->why), "--swapfile '%s': directory %s does not exist",
			 file, dir);
		return -EINVAL;
	}
	if (statfs(dir, &fs) == 0 && !can_hold_swap(&fs, why, sizeof(why))) {
		snprintf(dev->why, sizeof(dev->why), "--swapfile '%s': %s is %s", file, dir, why);
		return -EINVAL;
	}
	if (statfs(dir, &fs) == 0 && (long)fs.f_type == BTRFS_SUPER_MAGIC &&
	    btrfs_refuses(dir, why, sizeof(why))) {
		snprintf(dev->why, sizeof(dev->why), "--swapfile '%s': %s is on %s", file, dir,
			 why);
		return -EINVAL;
	}
	if (statvfs(dir, &vfs) == 0 && (vfs.f_flag & ST_RDONLY)) {
		snprintf(dev->why, sizeof(dev->why), "--swapfile '%s': %s is mounted read-only",
			 file, dir);
		return -EINVAL;
	}
	/* Keep 64M spare: filling the filesystem would hurt more than this run. */
	if (statvfs(dir, &vfs) == 0 &&
	    (uint64_t)vfs.f_bavail * vfs.f_frsize < dev->params.size + (64 << 20)) {
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

/* btrfs swaps only to a file that is not copy-on-write, and the flag holds only while the
 * file is empty: set it before any block is allocated. Elsewhere the flag means nothing. */
static int no_cow(int fd)
{
	struct statfs fs;
	int flags = 0;

	if (fstatfs(fd, &fs) < 0 || (long)fs.f_type != BTRFS_SUPER_MAGIC)
		return 0;
	if (ioctl(fd, FS_IOC_GETFLAGS, &flags) < 0)
		return -errno;
	flags |= FS_NOCOW_FL;
	return ioctl(fd, FS_IOC_SETFLAGS, &flags) < 0 ? -errno : 0;
}

static int fill(int fd, uint64_t size)
{
	int ret = no_cow(fd);

	if (ret)
		return ret;
	if (fallocate(fd, 0, 0, (off_t)size) < 0) {
		ret = -errno;
		if (ret != -EOPNOTSUPP)
			return ret;
		ret = write_zeros(fd, size);
		if (ret)
			return ret;
	}
	/* No fsync: swapon maps the allocated extents, and the file is gone at the next boot. */
	return 0;
}

/* Announced before it exists, confirmed with its inode: cleanup removes that file and no
 * other, even one made later at the same path. */
int file_create_journaled(const char *file, uint64_t size, struct journal *j, char *why, size_t len)
{
	char uuid[40];
	struct stat st;
	int fd, ret, idx;

	snprintf(why, len, "%s", file);
	/* The UUID mkswap will write into it: after a reboot, when the filesystem's device number
	 * may have changed, the file is still known by it. */
	if (sysfs_read_line("/proc/sys/kernel/random/uuid", uuid, sizeof(uuid)) < 0)
		uuid[0] = '\0';
	idx = journal_intend(j, UNDO_UNLINK, file, uuid, NULL);
	if (idx < 0)
		return idx;
	fd = open(file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0) {
		ret = -errno;
		journal_cancel(j, idx); /* EEXIST: someone else's file */
		return ret;
	}
	signals_pause_point("swapfile-created");
	ret = fstat(fd, &st) < 0
		? -errno
		: journal_confirm(j, idx, NULL, (uint64_t)st.st_ino, (uint64_t)st.st_dev);
	if (!ret)
		ret = fill(fd, size);
	close(fd);
	return ret;
}

static int swapfile_create(struct swap_device *dev, struct journal *j)
{
	snprintf(dev->device, sizeof(dev->device), "%s", dev->params.swapfile);
	return file_create_journaled(dev->params.swapfile, dev->params.size, j, dev->failed,
				     sizeof(dev->failed));
}

/* One file for the run: creating and removing 300M on every trial cost more than the trial's
 * own setup (ext4 frees the extents on unlink), and the same blocks keep the trials alike.
 * Its swap header is written once: swapoff empties every slot and leaves the header as it
 * was, so each trial's swapon starts from an empty swap area. A mkswap a trial fsyncs the file,
 * which waits for the disk to take the last trial's writes: 20 to 200 ms (kernel 6.18). */
int swapfile_prepare(struct swap_device *dev, struct journal *j)
{
	struct swap_shared *shared = dev->params.shared;
	int ret;

	snprintf(dev->device, sizeof(dev->device), "%s", dev->params.swapfile);
	if (shared->swapfile_ready)
		return 0;
	ret = swapfile_create(dev, j);
	if (!ret && dev->params.use == USE_SWAP)
		ret = swap_mkswap(dev, j);
	if (!ret)
		shared->swapfile_ready = 1;
	return ret;
}

int swapfile_start(struct swap_device *dev, struct journal *j)
{
	return swap_on(dev, j);
}

void swapfile_describe(const struct swap_device *dev, FILE *out)
{
	char size[32];
	fprintf(out, "  once: create %s (%s, fully allocated%s); removed at the end\n",
		dev->params.swapfile, size_format(dev->params.size, size, sizeof(size)), "");
}
