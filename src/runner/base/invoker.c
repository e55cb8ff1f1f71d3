/* The files of a run under sudo handed to the user who ran it. */
#include "runner/base/invoker.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "runner/base/sizes.h"

/* A decimal id, whole: "1000". -1 for anything else. */
static long long id_of(const char *text)
{
	char *end;
	long long v;

	if (!text || text[0] < '0' || text[0] > '9')
		return -1;
	errno = 0;
	v = strtoll(text, &end, 10);
	return errno || *end || v > (long long)UINT_MAX - 1 ? -1 : v;
}

struct invoker invoker_from(const char *sudo_uid, const char *sudo_gid, uid_t euid)
{
	struct invoker inv = { .known = 0, .gid = (gid_t)-1 };
	long long uid = id_of(sudo_uid), gid = id_of(sudo_gid);

	/* sudo run by root itself names root: nothing to hand over. */
	if (euid != 0 || uid <= 0)
		return inv;
	inv.known = 1;
	inv.uid = (uid_t)uid;
	if (gid >= 0)
		inv.gid = (gid_t)gid;
	return inv;
}

int invoker_should_own(const struct invoker *inv, const struct stat *dir, const struct stat *file,
		       uid_t euid)
{
	return inv->known && dir->st_uid == inv->uid && file->st_uid == euid &&
		(S_ISREG(file->st_mode) || S_ISDIR(file->st_mode));
}

/* The file opened, not followed, and changed through its descriptor: a name swapped meanwhile
 * (a link, another file) is what is looked at, and what would be chowned. One name only: a
 * second link to a file is a file of someone else's that a user linked in. */
static int give_at(const struct invoker *inv, int dfd, const char *name)
{
	struct stat dir, file;
	int fd = openat(dfd, name, O_PATH | O_NOFOLLOW | O_CLOEXEC), ret = 0;

	if (fd < 0)
		return -errno;
	if (fstat(dfd, &dir) < 0 || fstat(fd, &file) < 0)
		ret = -errno;
	else if (invoker_should_own(inv, &dir, &file, geteuid()) &&
		 (S_ISDIR(file.st_mode) || file.st_nlink == 1) &&
		 fchownat(fd, "", inv->uid, inv->gid, AT_EMPTY_PATH) < 0)
		ret = -errno;
	close(fd);
	return ret;
}

int invoker_give(const char *path)
{
	struct invoker inv = invoker_from(getenv("SUDO_UID"), getenv("SUDO_GID"), geteuid());
	char dir_copy[PATH_LEN], base_copy[PATH_LEN];
	int dfd, ret;

	if (!inv.known)
		return 0;
	snprintf(dir_copy, sizeof(dir_copy), "%s", path);
	snprintf(base_copy, sizeof(base_copy), "%s", path);
	dfd = open(dirname(dir_copy), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd < 0)
		return -errno;
	ret = give_at(&inv, dfd, basename(base_copy));
	close(dfd);
	return ret;
}

int invoker_give_tree(const char *path)
{
	struct invoker inv = invoker_from(getenv("SUDO_UID"), getenv("SUDO_GID"), geteuid());
	int ret = invoker_give(path), fd;
	struct dirent *e;
	DIR *d;

	if (ret || !inv.known)
		return ret;
	/* Its files looked up in the folder just handed over, not by a name that may move. */
	fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0 || !(d = fdopendir(fd))) {
		if (fd >= 0)
			close(fd);
		return fd < 0 ? -errno : -ENOMEM;
	}
	while ((e = readdir(d)))
		if (e->d_name[0] != '.' && !ret)
			ret = give_at(&inv, dirfd(d), e->d_name);
	closedir(d);
	return ret;
}
