#include "runner/base/fileio.h"
#include "runner/base/sizes.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int write_full(int fd, const void *buf, size_t len)
{
	const char *p = buf;

	while (len) {
		ssize_t n = write(fd, p, len);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		if (n == 0)
			return -EIO;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

/* The rename itself must reach the disk for the file to survive a crash. */
static void sync_directory_of(const char *path)
{
	char copy[PATH_MAX];
	int dfd;

	snprintf(copy, sizeof(copy), "%s", path);
	dfd = open(dirname(copy), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd >= 0) {
		fsync(dfd);
		close(dfd);
	}
}

int temp_beside(const char *path, char *tmp, size_t len, mode_t mode)
{
	mode_t mask = umask(0);
	int fd;

	umask(mask);
	if ((size_t)snprintf(tmp, len, "%s.XXXXXX", path) >= len)
		return -ENAMETOOLONG;
	/* A new name of its own (O_EXCL, never a link): under --output in a world-writable
	 * directory, a name anyone can guess is a link anyone can plant. */
	fd = mkostemp(tmp, O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (fchmod(fd, mode & ~mask) < 0) {
		int err = -errno;
		close(fd);
		unlink(tmp);
		return err;
	}
	return fd;
}

int write_file_atomic(const char *path, const char *text, size_t len, int durable)
{
	return write_file_atomic_mode(path, text, len, durable, 0644);
}

int write_file_atomic_mode(const char *path, const char *text, size_t len, int durable, mode_t mode)
{
	char tmp[PATH_LEN];
	int fd, ret;

	fd = temp_beside(path, tmp, sizeof(tmp), mode);
	if (fd < 0)
		return fd;
	ret = write_full(fd, text, len);
	if (!ret && durable && fsync(fd) < 0)
		ret = -errno;
	if (close(fd) < 0 && !ret)
		ret = -errno;
	if (!ret && rename(tmp, path) < 0)
		ret = -errno;
	if (ret)
		unlink(tmp);
	else if (durable)
		sync_directory_of(path);
	return ret;
}

int read_file(const char *path, size_t max, char **text, size_t *len)
{
	/* "-" is standard input (ssh host cat r.json | zswapbench show -), left open: a second
	 * "-" then reads an empty file, said as such. */
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "re");
	size_t cap = 1 << 16;
	char *buf;
	int err = 0;

	*text = NULL;
	*len = 0;
	if (!f)
		return -errno;
	buf = malloc(cap + 1);
	while (buf && !err) {
		size_t got = fread(buf + *len, 1, cap - *len, f);
		*len += got;
		if (got == 0)
			break;
		if (*len > max)
			err = EFBIG;
		else if (*len == cap) {
			char *grown = realloc(buf, (cap *= 2) + 1);
			if (!grown)
				free(buf);
			buf = grown;
		}
	}
	if (!err && (!buf || ferror(f)))
		err = buf ? EIO : ENOMEM;
	if (f != stdin)
		fclose(f);
	if (err) {
		free(buf);
		*len = 0;
		return -err;
	}
	buf[*len] = '\0';
	*text = buf;
	return 0;
}
