#include "runner/undo/journal.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/swap.h>
#include <time.h>
#include <unistd.h>

#include "runner/kernel/fileio.h"
#include "runner/kernel/sysfs.h"

static const char *const kind_names[] = {
	[UNDO_RMDIR] = "rmdir",
	[UNDO_UNLINK] = "unlink",
	[UNDO_SWAPOFF] = "swapoff",
	[UNDO_ZRAM_RESET] = "zram-reset",
	[UNDO_ZRAM_REMOVE] = "zram-remove",
	[UNDO_WRITE] = "write",
	[UNDO_UMOUNT] = "umount",
};

const char *undo_kind_name(enum undo_kind kind)
{
	return kind_names[kind];
}

void undo_describe(const struct undo *u, char *buf, size_t len)
{
	switch (u->kind) {
	case UNDO_RMDIR:
		snprintf(buf, len, "removed cgroup %s", u->path);
		break;
	case UNDO_UNLINK:
		snprintf(buf, len, "removed swapfile %s", u->path);
		break;
	case UNDO_SWAPOFF:
		snprintf(buf, len, "swapped off %s", u->path);
		break;
	case UNDO_ZRAM_RESET:
		snprintf(buf, len, "reset %s", u->path);
		break;
	case UNDO_ZRAM_REMOVE:
		snprintf(buf, len, "removed zram%s", u->value);
		break;
	case UNDO_WRITE:
		snprintf(buf, len, "restored %s to '%s'", u->path, u->value);
		break;
	case UNDO_UMOUNT:
		snprintf(buf, len, "unmounted %s", u->path);
		break;
	}
}

void journal_init(struct journal *j)
{
	memset(j, 0, sizeof(*j));
	j->fd = -1;
}

static int grow(struct journal *j)
{
	if (j->len < j->cap)
		return 0;
	size_t cap = j->cap ? j->cap * 2 : 16;
	struct undo *grown = realloc(j->entries, cap * sizeof(*grown));
	if (!grown)
		return -ENOMEM;
	j->entries = grown;
	j->cap = cap;
	return 0;
}

int journal_create(struct journal *j, const char *path)
{
	off_t size;
	int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);

	if (fd < 0)
		return -errno;
	size = lseek(fd, 0, SEEK_END);
	if (size > 0) {
		close(fd);
		return -EEXIST;
	}
	j->fd = fd;
	return 0;
}

static int parse_line(char *line, struct undo *u)
{
	char *kind = line, *path, *value;

	path = strchr(kind, '\t');
	if (!path)
		return -EINVAL;
	*path++ = '\0';
	value = strchr(path, '\t');
	if (!value)
		return -EINVAL;
	*value++ = '\0';
	memset(u, 0, sizeof(*u));
	for (size_t k = 0; k < sizeof(kind_names) / sizeof(kind_names[0]); k++)
		if (strcmp(kind, kind_names[k]) == 0) {
			u->kind = (enum undo_kind)k;
			snprintf(u->path, sizeof(u->path), "%s", path);
			snprintf(u->value, sizeof(u->value), "%s", value);
			return 0;
		}
	return -EINVAL;
}

int journal_load(struct journal *j, const char *path)
{
	char line[PATH_MAX + 512];
	off_t at = 0;
	FILE *f;
	int fd = open(path, O_RDWR | O_CLOEXEC), ret = 0;

	if (fd < 0)
		return -errno;
	f = fdopen(dup(fd), "r");
	if (!f) {
		close(fd);
		return -errno;
	}
	while (fgets(line, sizeof(line), f)) {
		size_t n = strlen(line);
		struct undo u;
		if (n == 0 || line[n - 1] != '\n')
			break; /* a line cut by a crash mid-write: its change was never made */
		line[n - 1] = '\0';
		if (parse_line(line, &u) == 0) {
			ret = grow(j);
			if (ret)
				break;
			u.at = at;
			j->entries[j->len++] = u;
		}
		at += (off_t)n;
	}
	fclose(f);
	j->fd = fd;
	return ret;
}

int journal_push(struct journal *j, enum undo_kind kind, const char *path, const char *value)
{
	struct undo *u;
	char line[PATH_MAX + 512];
	int ret = grow(j), n;

	if (ret)
		return ret;
	u = &j->entries[j->len];
	memset(u, 0, sizeof(*u));
	u->kind = kind;
	snprintf(u->path, sizeof(u->path), "%s", path);
	snprintf(u->value, sizeof(u->value), "%s", value ? value : "");
	if (j->fd >= 0) {
		u->at = lseek(j->fd, 0, SEEK_END);
		n = snprintf(line, sizeof(line), "%s\t%s\t%s\n", kind_names[kind], u->path, u->value);
		/* The change is already made: a journal we cannot write is reported, but the entry
		 * is still kept in memory so this run undoes it. */
		if (u->at < 0)
			ret = -errno;
		else if (!(ret = write_full(j->fd, line, (size_t)n)) && fsync(j->fd) < 0)
			ret = -errno;
	}
	j->len++;
	return ret;
}

size_t journal_mark(const struct journal *j)
{
	return j->len;
}

/* Whatever is still inside a cgroup we made is ours (a hogger orphaned by a SIGKILL). */
static void kill_members(const char *path)
{
	char procs[PATH_MAX + 32], buf[4096];
	struct timespec pause = { 0, 10 * 1000 * 1000 };

	snprintf(procs, sizeof(procs), "%s/cgroup.procs", path);
	for (int i = 0; i < 200; i++) {
		int killed = 0;
		if (sysfs_read(procs, buf, sizeof(buf)) <= 0)
			return;
		for (char *save = NULL, *tok = strtok_r(buf, "\n", &save); tok; tok = strtok_r(NULL, "\n", &save)) {
			int pid = atoi(tok);
			if (pid > 0 && kill(pid, SIGKILL) == 0)
				killed++;
		}
		if (!killed)
			return;
		nanosleep(&pause, NULL);
	}
}

/* A memory cgroup can stay busy for a moment after its last task is reaped. */
static int rmdir_retry(const char *path)
{
	char full[PATH_MAX + 4096];
	struct timespec pause = { 0, 20 * 1000 * 1000 };

	if (!sysfs_path(full, sizeof(full), path))
		return -ENAMETOOLONG;
	kill_members(path);
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
		return swapoff(u->path) == 0 || errno == EINVAL || errno == ENOENT ? 0 : -errno;
	case UNDO_ZRAM_RESET:
		snprintf(path, sizeof(path), "%s/reset", u->path);
		return sysfs_write(path, "1");
	case UNDO_ZRAM_REMOVE: {
		int ret = sysfs_write("/sys/class/zram-control/hot_remove", u->value);
		return ret == -ENODEV || ret == -ENOENT ? 0 : ret; /* already gone */
	}
	case UNDO_WRITE:
		return sysfs_write(u->path, u->value);
	case UNDO_UMOUNT:
		return umount2(u->path, 0) == 0 || errno == EINVAL || errno == ENOENT ? 0 : -errno;
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
		} else {
			if (j->on_undone)
				j->on_undone(u);
			/* Truncate only while everything newer was undone: a failed entry stays. */
			if (j->fd >= 0 && !first && ftruncate(j->fd, u->at) == 0)
				fsync(j->fd);
		}
		j->len--;
	}
	return first;
}

void journal_close(struct journal *j, const char *path)
{
	if (j->fd < 0)
		return;
	if (lseek(j->fd, 0, SEEK_END) == 0)
		unlink(path);
	close(j->fd);
	j->fd = -1;
}

void journal_free(struct journal *j)
{
	free(j->entries);
	j->entries = NULL;
	j->len = j->cap = 0;
}
