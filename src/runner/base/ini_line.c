#include "runner/base/ini_line.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

/* The first line longer than CONFIG_LINE_MAX characters, or 0; the file rewound. */
static int first_long_line(FILE *f)
{
	char *buf = NULL;
	size_t cap = 0;
	ssize_t n;
	int line = 0, found = 0;

	while (!found && (n = getline(&buf, &cap, f)) >= 0) {
		line++;
		if (n && buf[n - 1] == '\n')
			n--;
		found = n > CONFIG_LINE_MAX;
	}
	free(buf);
	rewind(f);
	return found ? line : 0;
}

/* O_NONBLOCK: a FIFO's open would wait for a writer; fstat, not stat: the file read is the
 * file checked. */
static int open_regular(const char *path, FILE **out)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC), err = 0;
	struct stat st;

	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) < 0)
		err = -errno;
	else if (!S_ISREG(st.st_mode))
		err = -EINVAL;
	else if (st.st_size > CONFIG_FILE_MAX)
		err = -EFBIG;
	else if (fcntl(fd, F_SETFL, 0) < 0 || !(*out = fdopen(fd, "r")))
		err = -errno;
	if (err)
		close(fd);
	return err;
}

int config_open(const char *path, FILE **out)
{
	int err = open_regular(path, out), line;

	if (err)
		return err;
	if ((line = first_long_line(*out)) > 0) {
		fclose(*out);
		*out = NULL;
	}
	return line;
}

const char *config_open_error(int err)
{
	if (err == -EINVAL)
		return "not a regular file";
	if (err == -EFBIG)
		return "larger than 1M, more than any config file holds";
	return strerror(-err);
}
