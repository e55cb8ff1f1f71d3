#include "runner/kernel/sysfs.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char root[4096];

void sysfs_set_root(const char *r)
{
	snprintf(root, sizeof(root), "%s", r ? r : "");
	/* "/" and "" both mean the real system; strip a trailing slash so paths join cleanly. */
	size_t n = strlen(root);
	if (n && root[n - 1] == '/')
		root[n - 1] = '\0';
}

const char *sysfs_root(void)
{
	return root;
}

char *sysfs_path(char *buf, size_t len, const char *path)
{
	int n = snprintf(buf, len, "%s%s", root, path);
	return n < 0 || (size_t)n >= len ? NULL : buf;
}

int sysfs_open(const char *path, int flags)
{
	char full[4096];
	int fd;

	if (!sysfs_path(full, sizeof(full), path))
		return -ENAMETOOLONG;
	fd = open(full, flags | O_CLOEXEC);
	return fd < 0 ? -errno : fd;
}

int sysfs_read(const char *path, char *buf, size_t len)
{
	size_t used = 0;
	char more;
	int ret, fd = sysfs_open(path, O_RDONLY);

	if (fd < 0)
		return fd;
	for (;;) {
		/* A full buffer is not yet too small: a file of exactly len - 1 bytes fits. One
		 * byte more tells. */
		int full = used == len - 1;
		ssize_t n = read(fd, full ? &more : buf + used, full ? 1 : len - 1 - used);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			ret = -errno;
			goto out;
		}
		if (n == 0)
			break;
		if (full) {
			ret = -EFBIG;
			goto out;
		}
		used += (size_t)n;
	}
	buf[used] = '\0';
	ret = (int)used;
out:
	close(fd);
	return ret;
}

int sysfs_read_alloc(const char *path, char **out)
{
	size_t used = 0, cap = 16384;
	char *buf = NULL;
	int ret = 0, fd = sysfs_open(path, O_RDONLY);

	*out = NULL;
	if (fd < 0)
		return fd;
	for (;;) {
		if (!buf || used + 1 >= cap) {
			char *grown;
			if (buf)
				cap *= 2;
			if (cap > SYSFS_ALLOC_MAX) {
				ret = -EFBIG;
				break;
			}
			grown = realloc(buf, cap);
			if (!grown) {
				ret = -ENOMEM;
				break;
			}
			buf = grown;
		}
		ssize_t n = read(fd, buf + used, cap - 1 - used);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			ret = n < 0 ? -errno : 0;
			break;
		}
		used += (size_t)n;
	}
	close(fd);
	if (ret) {
		free(buf);
		return ret;
	}
	buf[used] = '\0';
	*out = buf;
	return (int)used;
}

int sysfs_read_line(const char *path, char *buf, size_t len)
{
	int ret = sysfs_read(path, buf, len);
	if (ret < 0)
		return ret;
	buf[strcspn(buf, "\n")] = '\0';
	return (int)strlen(buf);
}

int sysfs_read_u64(const char *path, uint64_t *value)
{
	char buf[64], *end;
	int ret = sysfs_read_line(path, buf, sizeof(buf));

	if (ret < 0)
		return ret;
	/* cgroup v2 writes "max" for no limit. */
	if (strcmp(buf, "max") == 0) {
		*value = UINT64_MAX;
		return 0;
	}
	/* strtoull would take "-1" as 2^64 - 1. */
	if (buf[0] < '0' || buf[0] > '9')
		return -EINVAL;
	errno = 0;
	*value = strtoull(buf, &end, 10);
	if (errno || *end)
		return -EINVAL;
	return 0;
}

int sysfs_write(const char *path, const char *value)
{
	size_t len = strlen(value);
	ssize_t n;
	int ret = 0, fd = sysfs_open(path, O_WRONLY | O_TRUNC);

	if (fd < 0)
		return fd;
	n = write(fd, value, len);
	if (n < 0)
		ret = -errno;
	else if ((size_t)n != len)
		ret = -EIO;
	if (close(fd) < 0 && ret == 0)
		ret = -errno;
	return ret;
}

int sysfs_exists(const char *path)
{
	char full[4096];
	return sysfs_path(full, sizeof(full), path) && access(full, F_OK) == 0;
}
