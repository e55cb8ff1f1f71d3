/* Folders zswapbench writes in: made, opened once and held, refused where another user could
 * change what they hold. */
#include "runner/base/folder.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runner/base/log.h"
#include "runner/base/sizes.h"

int folder_shared(const struct stat *st, uid_t euid, const struct invoker *inv)
{
	int trusted_owner = st->st_uid == 0 || st->st_uid == euid ||
		(inv->known && st->st_uid == inv->uid);

	return !trusted_owner || ((st->st_mode & (S_IWGRP | S_IWOTH)) && !(st->st_mode & S_ISVTX));
}

int folder_only_ours(const struct stat *st, uid_t euid)
{
	return (st->st_uid == 0 || st->st_uid == euid) && !(st->st_mode & (S_IWGRP | S_IWOTH));
}

/* What is wrong with the folder st for outputs: -ENOTDIR or -EPERM with why, or 0. */
static int refusal(const char *path, const struct stat *st, char *why, size_t len)
{
	struct invoker inv = invoker_from(getenv("SUDO_UID"), getenv("SUDO_GID"), geteuid());

	if (S_ISLNK(st->st_mode))
		snprintf(why, len, "%s: a symbolic link (not followed): name the folder itself",
			 path);
	else if (!S_ISDIR(st->st_mode)) {
		snprintf(why, len, "%s: %s", path, strerror(ENOTDIR));
		return -ENOTDIR;
	} else if (!folder_shared(st, geteuid(), &inv))
		return 0;
	else if (st->st_uid != 0 && st->st_uid != geteuid() &&
		 !(inv.known && st->st_uid == inv.uid))
		snprintf(why, len,
			 "%s: owned by uid %u, neither root nor the user running zswapbench", path,
			 (unsigned)st->st_uid);
	else
		snprintf(why, len,
			 "%s: writable by other users (mode %03o): refusing to write there", path,
			 (unsigned)(st->st_mode & 07777));
	return -EPERM;
}

int folder_check(const char *path, char *why, size_t len)
{
	struct stat st;

	if (lstat(path, &st) < 0)
		return 0;
	return refusal(path, &st, why, len);
}

int folder_open(const char *path, char *why, size_t len)
{
	struct stat st;
	int fd, ret;

	if (mkdir(path, 0755) < 0 && errno != EEXIST) {
		ret = -errno;
		snprintf(why, len, "%s: %s", path, strerror(-ret));
		return ret;
	}
	/* Opened once, not followed: what is checked is what every later name is made in. */
	fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0) {
		int err = -errno;
		if (lstat(path, &st) == 0 && (ret = refusal(path, &st, why, len)))
			return ret;
		snprintf(why, len, "%s: %s", path, strerror(-err));
		return err;
	}
	if (fstat(fd, &st) < 0) {
		ret = -errno;
		snprintf(why, len, "%s: %s", path, strerror(-ret));
	} else if (!(ret = refusal(path, &st, why, len))) {
		return fd;
	}
	close(fd);
	return ret;
}

int folder_ready(const char *path)
{
	char why[PATH_LEN];
	int fd = folder_open(path, why, sizeof(why));

	if (fd < 0) {
		say("%s", why);
		return fd == -EPERM || fd == -ENOTDIR ? EXIT_USAGE : EXIT_RUNTIME;
	}
	close(fd);
	invoker_give(path);
	return 0;
}
