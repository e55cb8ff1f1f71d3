#include "runner/kernel/loop.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/loop.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "runner/kernel/sysfs.h"

int loop_free_number(void)
{
	int fd = open("/dev/loop-control", O_RDWR | O_CLOEXEC), n;

	if (fd < 0)
		return -errno;
	n = ioctl(fd, LOOP_CTL_GET_FREE);
	if (n < 0)
		n = -errno;
	close(fd);
	return n;
}

static int open_loop(int n)
{
	char dev[32];

	snprintf(dev, sizeof(dev), "/dev/loop%d", n);
	return open(dev, O_RDWR | O_CLOEXEC);
}

int loop_attach(int n, const char *file, int direct)
{
	struct loop_config cfg;
	int dev = open_loop(n), fd, ret = 0;

	if (dev < 0)
		return -errno;
	fd = open(file, O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		ret = -errno;
		close(dev);
		return ret;
	}
	memset(&cfg, 0, sizeof(cfg));
	cfg.fd = (unsigned)fd;
	snprintf((char *)cfg.info.lo_file_name, sizeof(cfg.info.lo_file_name), "%s", file);
	if (direct)
		cfg.info.lo_flags = LO_FLAGS_DIRECT_IO;
	/* LOOP_CONFIGURE (5.8) attaches in one step; before it, LOOP_SET_FD. */
	if (ioctl(dev, LOOP_CONFIGURE, &cfg) < 0) {
		ret = -errno;
		if (ret == -EINVAL || ret == -ENOTTY)
			ret = ioctl(dev, LOOP_SET_FD, fd) < 0 ? -errno : 0;
	}
	close(fd);
	close(dev);
	return ret;
}

int loop_detach(int n)
{
	int dev = open_loop(n), ret = 0;

	if (dev < 0)
		return errno == ENOENT ? 0 : -errno;
	if (ioctl(dev, LOOP_CLR_FD, 0) < 0 && errno != ENXIO)
		ret = -errno; /* ENXIO: nothing attached */
	close(dev);
	return ret;
}

int loop_backing_file(int n, char *buf, size_t len)
{
	char path[64];
	int ret;

	snprintf(path, sizeof(path), "/sys/block/loop%d/loop/backing_file", n);
	ret = sysfs_read_line(path, buf, len);
	if (ret == -ENOENT) {
		buf[0] = '\0';
		return 0;
	}
	return ret < 0 ? ret : 0;
}

int loop_backing_id(int n, uint64_t *dev, uint64_t *ino)
{
	struct loop_info64 info;
	int fd = open_loop(n), ret = 0;

	if (fd < 0)
		return -errno;
	if (ioctl(fd, LOOP_GET_STATUS64, &info) < 0)
		ret = -errno; /* ENXIO: nothing attached */
	close(fd);
	if (!ret) {
		*dev = info.lo_device;
		*ino = info.lo_inode;
	}
	return ret;
}
