#include "runner/base/fileio.h"
#include "runner/base/outfile.h"

#include <errno.h>
#include <fcntl.h>
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

int write_file_atomic(const char *path, const char *text, size_t len, int durable)
{
	return write_file_atomic_mode(path, text, len, durable, 0644);
}

int write_file_atomic_mode(const char *path, const char *text, size_t len, int durable, mode_t mode)
{
	struct out_file o;
	int ret = out_file_open(&o, path, mode);

	if (ret)
		return ret;
	if ((ret = write_full(o.fd, text, len))) {
		out_file_abort(&o);
		return ret;
	}
	return out_file_commit(&o, durable);
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
