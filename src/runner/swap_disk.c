/* disk: a swapfile we create, fully allocated (swapon refuses files with holes). */
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

#include "swap.h"

static int disk_check(struct swap_device *dev)
{
	const char *file = dev->params.swapfile;
	char copy[PATH_MAX], *dir;
	struct statfs fs;
	struct statvfs vfs;
	struct stat st;

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
	if (statfs(dir, &fs) == 0 && (fs.f_type == TMPFS_MAGIC || fs.f_type == RAMFS_MAGIC)) {
		snprintf(dev->why, sizeof(dev->why),
			 "--swapfile '%s': %s is a RAM filesystem, which cannot hold swap", file, dir);
		return -EINVAL;
	}
	if (statvfs(dir, &vfs) == 0 && (uint64_t)vfs.f_bavail * vfs.f_frsize < dev->params.size + (64 << 20)) {
		snprintf(dev->why, sizeof(dev->why),
			 "--swapfile '%s': not enough free space in %s for %llu MiB of swap", file, dir,
			 (unsigned long long)(dev->params.size >> 20));
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
		ssize_t w = write(fd, zeros, n);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		done += (uint64_t)w;
	}
	return 0;
}

static int disk_prepare(struct swap_device *dev, struct journal *j)
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

/* A fresh mkswap and swapon per trial: nothing is left of the previous trial's slots. */
static int disk_start(struct swap_device *dev, struct journal *j)
{
	return swap_enable(dev, j);
}

const struct backend backend_disk = {
	.name = "disk",
	.help = "a swapfile (--swapfile, --swap-size)",
	.uses_device = 1,
	.check = disk_check,
	.prepare = disk_prepare,
	.start = disk_start,
};
