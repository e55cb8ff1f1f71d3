#include "journal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/swap.h>
#include <time.h>
#include <unistd.h>

#include "sysfs.h"

const char *undo_kind_name(enum undo_kind kind)
{
	static const char *const names[] = {
		[UNDO_RMDIR] = "rmdir",
		[UNDO_UNLINK] = "unlink",
		[UNDO_SWAPOFF] = "swapoff",
		[UNDO_ZRAM_RESET] = "zram-reset",
		[UNDO_ZRAM_REMOVE] = "zram-remove",
		[UNDO_WRITE] = "write",
	};
	return names[kind];
}

int journal_push(struct journal *j, enum undo_kind kind, const char *path, const char *value)
{
	struct undo *u;

	if (j->len == j->cap) {
		size_t cap = j->cap ? j->cap * 2 : 16;
		struct undo *grown = realloc(j->entries, cap * sizeof(*grown));
		if (!grown)
			return -ENOMEM;
		j->entries = grown;
		j->cap = cap;
	}
	u = &j->entries[j->len];
	memset(u, 0, sizeof(*u));
	u->kind = kind;
	snprintf(u->path, sizeof(u->path), "%s", path);
	snprintf(u->value, sizeof(u->value), "%s", value ? value : "");
	j->len++;
	return 0;
}

size_t journal_mark(const struct journal *j)
{
	return j->len;
}

/* A memory cgroup can stay busy for a moment after its last task is reaped. */
static int rmdir_retry(const char *path)
{
	char full[PATH_MAX + 4096];
	struct timespec pause = { 0, 20 * 1000 * 1000 };

	if (!sysfs_path(full, sizeof(full), path))
		return -ENAMETOOLONG;
	for (int i = 0; i < 100; i++) {
		if (rmdir(full) == 0 || errno == ENOENT)
			return 0;
		if (errno != EBUSY)
			return -errno;
		nanosleep(&pause, NULL);
	}
	return -EBUSY;
}

static int undo_one(const struct undo *u)
{
	char path[PATH_MAX + 32];

	switch (u->kind) {
	case UNDO_RMDIR:
		return rmdir_retry(u->path);
	case UNDO_UNLINK:
		return unlink(u->path) == 0 || errno == ENOENT ? 0 : -errno;
	case UNDO_SWAPOFF:
		/* EINVAL: no longer a swap area, which is what we wanted. */
		return swapoff(u->path) == 0 || errno == EINVAL ? 0 : -errno;
	case UNDO_ZRAM_RESET:
		snprintf(path, sizeof(path), "%s/reset", u->path);
		return sysfs_write(path, "1");
	case UNDO_ZRAM_REMOVE:
		return sysfs_write("/sys/class/zram-control/hot_remove", u->value);
	case UNDO_WRITE:
		return sysfs_write(u->path, u->value);
	}
	return -EINVAL;
}

int journal_rewind(struct journal *j, size_t mark)
{
	int first = 0;

	while (j->len > mark) {
		const struct undo *u = &j->entries[j->len - 1];
		int ret = undo_one(u);
		if (ret < 0) {
			if (j->on_error)
				j->on_error(u, ret);
			if (!first)
				first = ret;
		}
		j->len--;
	}
	return first;
}

void journal_free(struct journal *j)
{
	free(j->entries);
	j->entries = NULL;
	j->len = j->cap = 0;
}
