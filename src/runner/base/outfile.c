/* Output files made beside their names and renamed into place, all through the folder's
 * descriptor; private folders made in a folder others may write in. */
#include "runner/base/outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "runner/base/folder.h"
#include "runner/base/sizes.h"

/* Enough tries that only a name taken on purpose, each time, makes them all fail. */
#define TEMP_TRIES 100

/* The XXXXXX name ends in made six letters or digits nobody can guess: a name planted in
 * advance is a name not used (O_EXCL would refuse it anyway). */
static void fill_template(char *name)
{
	static const char set[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
	static uint64_t counter;
	char *x = name + strlen(name) - 6;
	struct timespec ts;
	uint64_t r;

	if (getrandom(&r, sizeof(r), GRND_NONBLOCK) != (ssize_t)sizeof(r)) {
		clock_gettime(CLOCK_MONOTONIC, &ts);
		r = (uint64_t)ts.tv_nsec ^ ((uint64_t)getpid() << 32) ^ (++counter << 20);
	}
	for (int i = 0; i < 6; i++, r /= 62)
		x[i] = set[r % 62];
}

/* A name already there that is no plain file, in a folder nobody but us and root can write:
 * put there by one of us, to be used as named (/dev/null, /dev/stdout). */
static int use_in_place(const struct out_file *o)
{
	struct stat dir, st;

	return fstat(o->dirfd, &dir) == 0 && folder_only_ours(&dir, geteuid()) &&
		fstatat(o->dirfd, o->name, &st, AT_SYMLINK_NOFOLLOW) == 0 && !S_ISREG(st.st_mode);
}

static int open_temp(struct out_file *o, mode_t mode)
{
	int fd = -EEXIST;

	if ((size_t)snprintf(o->tmp, sizeof(o->tmp), "%s.XXXXXX", o->name) >= sizeof(o->tmp)) {
		o->tmp[0] = '\0';
		return -ENAMETOOLONG;
	}
	for (int i = 0; i < TEMP_TRIES && fd == -EEXIST; i++) {
		fill_template(o->tmp);
		fd = openat(o->dirfd, o->tmp, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
			    mode);
		if (fd < 0)
			fd = -errno;
	}
	if (fd < 0)
		o->tmp[0] = '\0';
	return fd;
}

/* named: a path the user named, where a device or a link of our own is used as it is; a name
 * of ours in a folder (NAME.gp) is always a new file. */
static int begin(struct out_file *o, int dirfd, const char *name, mode_t mode, int named)
{
	o->fd = -1;
	o->tmp[0] = '\0';
	o->dirfd = -1;
	if (!name[0] || strchr(name, '/') || !strcmp(name, ".") || !strcmp(name, ".."))
		return -EISDIR;
	if ((size_t)snprintf(o->name, sizeof(o->name), "%s", name) >= sizeof(o->name))
		return -ENAMETOOLONG;
	if ((o->dirfd = fcntl(dirfd, F_DUPFD_CLOEXEC, 0)) < 0)
		return -errno;
	if (named && use_in_place(o)) {
		o->fd = openat(o->dirfd, o->name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode);
		if (o->fd < 0)
			o->fd = -errno;
	} else {
		o->fd = open_temp(o, mode);
	}
	if (o->fd >= 0)
		return 0;
	close(o->dirfd);
	o->dirfd = -1;
	return o->fd;
}

int out_file_at(struct out_file *o, int dirfd, const char *name, mode_t mode)
{
	return begin(o, dirfd, name, mode, 0);
}

int out_file_open(struct out_file *o, const char *path, mode_t mode)
{
	char dir[PATH_LEN], base[PATH_LEN];
	int dirfd, ret;

	o->fd = o->dirfd = -1;
	o->tmp[0] = '\0';
	if ((size_t)snprintf(dir, sizeof(dir), "%s", path) >= sizeof(dir))
		return -ENAMETOOLONG;
	snprintf(base, sizeof(base), "%s", path);
	if ((dirfd = open(dirname(dir), O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		return -errno;
	ret = begin(o, dirfd, basename(base), mode, 1);
	close(dirfd);
	return ret;
}

void out_file_abort(struct out_file *o)
{
	if (o->fd >= 0)
		close(o->fd);
	if (o->tmp[0])
		unlinkat(o->dirfd, o->tmp, 0);
	if (o->dirfd >= 0)
		close(o->dirfd);
	o->fd = o->dirfd = -1;
	o->tmp[0] = '\0';
}

int out_file_commit(struct out_file *o, int durable)
{
	int ret = 0;

	/* A device written in place may not sync (/dev/null): only the file's own sync counts. */
	if (o->fd >= 0 && durable && fsync(o->fd) < 0 && o->tmp[0])
		ret = -errno;
	if (o->fd >= 0 && close(o->fd) < 0 && !ret)
		ret = -errno;
	o->fd = -1;
	/* rename replaces what is at the name, a link too, and never writes through it. */
	if (!ret && o->tmp[0] && renameat(o->dirfd, o->tmp, o->dirfd, o->name) < 0)
		ret = -errno;
	if (!ret) {
		o->tmp[0] = '\0';
		if (durable)
			fsync(o->dirfd);
	}
	out_file_abort(o);
	return ret;
}

int temp_dir_at(int dirfd, char *name)
{
	struct stat st;
	int ret = -EEXIST, fd;

	for (int i = 0; i < TEMP_TRIES && ret == -EEXIST; i++) {
		fill_template(name);
		ret = mkdirat(dirfd, name, 0700) < 0 ? -errno : 0;
	}
	if (ret)
		return ret;
	/* Opened by its name, which whoever may write in dirfd could have moved meanwhile: what
	 * is opened must be the folder just made, this process's and private. */
	if ((fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) < 0)
		return -errno;
	if (fstat(fd, &st) < 0 || st.st_uid != geteuid() || (st.st_mode & 077)) {
		close(fd);
		return -EPERM;
	}
	return fd;
}
