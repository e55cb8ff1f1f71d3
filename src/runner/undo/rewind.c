/* How each kind of change is undone, after looking at the real state: an unconfirmed intent
 * may or may not have been carried out, and a journal may be replayed long after the run.
 * Nothing is undone that cannot be shown to be zswapbench's own. */
#include "runner/undo/rewind.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/swap.h>
#include <time.h>
#include <unistd.h>

#include "runner/base/sizes.h"
#include "runner/kernel/kv.h"
#include "runner/kernel/loop.h"
#include "runner/kernel/mounts.h"
#include "runner/kernel/swaps.h"
#include "runner/kernel/swapsig.h"
#include "runner/kernel/sysfs.h"
#include "runner/undo/journal.h"
#include "runner/undo/param.h"
#include "runner/undo/rmtree.h"

static void pause_ms(long ms)
{
	struct timespec t = { ms / 1000, (ms % 1000) * 1000000L };
	nanosleep(&t, NULL);
}

static int cgroup_is_empty(const char *procs)
{
	char buf[64];

	return sysfs_read(procs, buf, sizeof(buf)) <= 0;
}

/* Whatever is still inside a cgroup we made is ours (a hogger orphaned by a SIGKILL). Through
 * cgroup.kill where the kernel has it (v2, 5.14): every member at once, none slipping out by
 * a fork in between, and no PID read that could name another process by the time it is
 * signalled. Else (v1) by the PIDs cgroup.procs lists, until none is left. */
static __attribute__((noinline)) void kill_members(const char *path)
{
	char procs[PATH_LEN], kill_file[PATH_LEN], buf[4096];

	snprintf(procs, sizeof(procs), "%s/cgroup.procs", path);
	snprintf(kill_file, sizeof(kill_file), "%s/cgroup.kill", path);
	if (sysfs_exists(kill_file) && sysfs_write(kill_file, "1") == 0) {
		for (int i = 0; i < 100 && !cgroup_is_empty(procs); i++)
			pause_ms(10);
		return;
	}
	for (int i = 0; i < 200; i++) {
		int killed = 0;
		if (sysfs_read(procs, buf, sizeof(buf)) <= 0)
			return;
		for (char *save = NULL, *tok = strtok_r(buf, "\n", &save); tok;
		     tok = strtok_r(NULL, "\n", &save)) {
			int pid = atoi(tok);
			if (pid > 0 && kill(pid, SIGKILL) == 0)
				killed++;
		}
		if (!killed)
			return;
		pause_ms(10);
	}
}

/* A memory cgroup can stay busy for a moment after its last task is reaped. A function apart
 * from kill_members, so that its buffers and this rooted path are never on the stack together
 * (the 16 KiB frame limit; not inlined, as clang would, into one frame of 16.7 KiB); not the
 * heap, which an undo must not need to restore the machine. */
static __attribute__((noinline)) int remove_cgroup(const char *path)
{
	char full[ROOTED_PATH_LEN];

	if (!sysfs_path(full, sizeof(full), path))
		return -ENAMETOOLONG;
	for (int i = 0; i < 100; i++) {
		if (rmdir(full) == 0 || errno == ENOENT)
			return 0;
		if (errno != EBUSY)
			return -errno;
		pause_ms(20);
	}
	return -EBUSY;
}

/* Only a cgroup of zswapbench's own name, emptied first. */
static int undo_rmdir(const struct journal *j, const struct undo *u, char *why, size_t len)
{
	(void)j;
	const char *base = strrchr(u->path, '/');

	if (!base || strncmp(base + 1, "zswapbench-", 11) != 0) {
		snprintf(why, len, "left %s alone: not a cgroup zswapbench names", u->path);
		return 1;
	}
	kill_members(u->path);
	return remove_cgroup(u->path);
}

/* swapoff sleeps while it brings pages back: a signal interrupts it, so try again. Done only
 * once the kernel no longer lists the area. */
static int swapoff_area(const char *path)
{
	char area[PATH_MAX];
	int ret = swaps_active_as(path, area, sizeof(area));

	if (ret == -ENOENT)
		return 0;
	if (ret < 0)
		return ret;
	for (int i = 0; i < 50; i++) {
		if (swapoff(area) == 0 || errno == EINVAL || errno == ENOENT)
			return swaps_active_as(path, area, sizeof(area)) == -ENOENT ? 0 : -EBUSY;
		if (errno != EINTR)
			return -errno;
	}
	return -EINTR;
}

/* A confirmed file is the inode zswapbench recorded on the device it recorded; after a
 * reboot the device number may have changed (LVM and dm minors, NVMe numbering, btrfs), and
 * the inode with the swap signature zswapbench wrote (its label and this file's UUID), or no
 * signature yet in a root-only file, names it. An unconfirmed one is an empty root-only file
 * made after the intent at exactly that path. */
static int file_is_ours(const struct undo *u, const struct stat *st)
{
	struct swapsig sig;
	int ret;

	if (!S_ISREG(st->st_mode))
		return 0;
	if (u->state != UNDO_DONE)
		return st->st_size == 0 && st->st_ctime >= u->when && st->st_uid == geteuid();
	if (st->st_ino != u->ino)
		return 0;
	if (st->st_dev == u->dev)
		return 1;
	if (!u->value[0])
		return 0;
	ret = swapsig_read(u->path, &sig);
	if (ret == -ENODATA)
		return st->st_uid == 0 && (st->st_mode & 07777) == 0600;
	return ret == 0 && strcmp(sig.label, "zswapbench") == 0 && strcmp(sig.uuid, u->value) == 0;
}

/* A file that is still swap (its swapoff entry undone by an older version that missed it
 * under another name, or interrupted) is swapped off first: unlink would fail forever. */
static int undo_unlink(const struct journal *j, const struct undo *u, char *why, size_t len)
{
	(void)j;
	struct stat st;
	int ret;

	if (lstat(u->path, &st) < 0)
		return errno == ENOENT ? 0 : -errno;
	if (!file_is_ours(u, &st)) {
		snprintf(why, len, "left %s alone: not the file zswapbench created", u->path);
		return 1;
	}
	if ((ret = swapoff_area(u->path)))
		return ret;
	return unlink(u->path) == 0 || errno == ENOENT ? 0 : -errno;
}

static int undo_swapoff(const struct journal *j, const struct undo *u, char *why, size_t len)
{
	char area[PATH_MAX];
	int ret = swaps_active_as(u->path, area, sizeof(area));

	if (ret == -ENOENT)
		return 0;
	if (ret < 0)
		return ret;
	if (!journal_owns_device(j, u->path)) {
		snprintf(why, len, "left %s alone: not a swap area zswapbench created", u->path);
		return 1;
	}
	return swapoff_area(u->path);
}

/* Done once the device says so: a reset device has no disksize. */
static int zram_is_reset(const char *sysdir)
{
	char path[PATH_LEN];
	uint64_t size = 1;

	snprintf(path, sizeof(path), "%s/disksize", sysdir);
	return sysfs_read_u64(path, &size) == 0 && size != 0 ? -EBUSY : 0;
}

static int undo_zram_reset(const struct journal *j, const struct undo *u, char *why, size_t len)
{
	(void)j;
	char path[PATH_LEN], dev[64];
	uint64_t used;
	int ret = 0;

	snprintf(path, sizeof(path), "%s/reset", u->path);
	if (!sysfs_exists(path))
		return 0;
	snprintf(dev, sizeof(dev), "/dev/%s", strrchr(u->path, '/') + 1);
	if (swaps_area(dev, &used, NULL) == 0) {
		snprintf(why, len, "left %s alone: it is swap in use", dev);
		return 1;
	}
	for (int i = 0; i < 50 && (ret = sysfs_write(path, "1")) == -EBUSY; i++)
		pause_ms(20);
	return ret ? ret : zram_is_reset(u->path);
}

/* A confirmed device is ours by number. An unconfirmed hot_add names the device it would have
 * made (the lowest free number): ours if it is there, uninitialised and not swap. */
static int undo_zram_remove(const struct journal *j, const struct undo *u, char *why, size_t len)
{
	(void)j;
	char disksize[PATH_MAX], dev[300];
	uint64_t size = 1, used;
	int ret;

	snprintf(disksize, sizeof(disksize), "/sys/block/zram%s/disksize", u->value);
	snprintf(dev, sizeof(dev), "/dev/zram%s", u->value);
	if (!u->value[0] || !sysfs_exists(disksize))
		return 0;
	if (u->state == UNDO_INTENT &&
	    (sysfs_read_u64(disksize, &size) < 0 || size != 0 ||
	     swaps_area(dev, &used, NULL) == 0)) {
		snprintf(why, len,
			 "left zram%s alone: a killed run may have added it, but it is in use",
			 u->value);
		return 1;
	}
	ret = sysfs_write("/sys/class/zram-control/hot_remove", u->value);
	return ret == -ENODEV || ret == -ENOENT ? 0 : ret;
}

/* The old value goes back only where ours still stands: a value changed since is someone
 * else's, and stays. */
static int undo_write(const struct journal *j, const struct undo *u, char *why, size_t len)
{
	(void)j;
	char now[256];
	int ret = sysfs_read_line(u->path, now, sizeof(now));

	if (ret < 0)
		return ret == -ENOENT ? 0 : ret;
	param_normalize(now);
	if (strcmp(now, u->value) == 0)
		return 0;
	if (u->wrote[0] && strcmp(now, u->wrote) != 0) {
		snprintf(why, len, "left %s at '%s': changed since zswapbench set it to '%s'",
			 u->path, now, u->wrote);
		return 1;
	}
	if ((ret = sysfs_write(u->path, u->value)))
		return ret;
	/* Done once the kernel reads back the old value (a write it takes in part is no undo). */
	if (sysfs_read_line(u->path, now, sizeof(now)) < 0)
		return 0;
	param_normalize(now);
	return strcmp(now, u->value) == 0 ? 0 : -EIO;
}

/* Is what the intent named mounted at path: the device it names (a filesystem on our device),
 * or debugfs (an intent without a device: zswap's counters)? */
static int ours_mounted_at(const struct undo *u)
{
	const struct mount *at;
	struct mounts m;
	int found;

	if (mounts_read(MOUNTS, &m) < 0)
		return 1; /* unknown: let umount say */
	at = mounts_at(&m, u->path, u->value[0] ? NULL : "debugfs");
	found = at && (!u->value[0] || strcmp(at->source, u->value) == 0);
	mounts_free(&m);
	return found;
}

static int undo_umount(const struct journal *j, const struct undo *u, char *why, size_t len)
{
	(void)j, (void)why, (void)len;
	if (!ours_mounted_at(u))
		return 0;
	return umount2(u->path, 0) == 0 || errno == EINVAL || errno == ENOENT ? 0 : -errno;
}

/* A controller enabled for our cgroups is left on once another child of that cgroup (not
 * zswapbench's) may be using it. */
static int others_below(const char *subtree_control)
{
	char dir[ROOTED_PATH_LEN], *slash;
	struct dirent *e;
	DIR *d;
	int found = 0;

	if (!sysfs_path(dir, sizeof(dir), subtree_control) || !(slash = strrchr(dir, '/')))
		return 0;
	*slash = '\0';
	if (!(d = opendir(dir)))
		return 0;
	while (!found && (e = readdir(d)))
		found = e->d_type == DT_DIR && e->d_name[0] != '.' &&
			strncmp(e->d_name, "zswapbench-", 11) != 0;
	closedir(d);
	return found;
}

static int undo_controller(const struct journal *j, const struct undo *u, char *why, size_t len)
{
	(void)j;
	char now[512], off[300];
	int ret = sysfs_read_line(u->path, now, sizeof(now));

	if (ret < 0)
		return ret == -ENOENT ? 0 : ret;
	if (!words_contain(now, u->value, ' '))
		return 0;
	if (others_below(u->path)) {
		snprintf(why, len, "left %s on in %s: another cgroup below it may use it", u->value,
			 u->path);
		return 1;
	}
	snprintf(off, sizeof(off), "-%s", u->value);
	return sysfs_write(u->path, off);
}

/* The file a loop device of ours serves: the one the journal created at that path (by its
 * recorded inode, which holds even once the file is deleted), else what the path is now. */
static int served_file(const struct journal *j, const struct undo *u, uint64_t *dev, uint64_t *ino)
{
	struct stat st;

	for (size_t i = 0; i < j->len; i++) {
		const struct undo *f = &j->entries[i];
		if (f->kind == UNDO_UNLINK && f->state == UNDO_DONE &&
		    strcmp(f->path, u->value) == 0) {
			*dev = f->dev;
			*ino = f->ino;
			return 0;
		}
	}
	if (stat(u->value, &st) < 0)
		return -errno;
	*dev = (uint64_t)st.st_dev;
	*ino = (uint64_t)st.st_ino;
	return 0;
}

/* Only the loop device that still serves our file, compared by device and inode: the kernel
 * shows the file by its canonical path, the journal by the path as given. A busy loop device
 * is detached when its last user closes it: wait for that. */
static int undo_loop_detach(const struct journal *j, const struct undo *u, char *why, size_t len)
{
	uint64_t dev, ino, want_dev = 0, want_ino = 0;
	int n, ret;

	if (sscanf(u->path, "/dev/loop%d", &n) != 1)
		return -EINVAL;
	ret = loop_backing_id(n, &dev, &ino);
	if (ret == -ENXIO || ret == -ENOENT)
		return 0;
	if (ret < 0)
		return ret;
	if (served_file(j, u, &want_dev, &want_ino) < 0 || dev != want_dev || ino != want_ino) {
		snprintf(why, len, "left %s alone: it does not serve the %s zswapbench created",
			 u->path, u->value);
		return 1;
	}
	if ((ret = loop_detach(n)))
		return ret;
	for (int i = 0; i < 100; i++) {
		if (loop_backing_id(n, &dev, &ino) < 0)
			return 0;
		pause_ms(10);
	}
	return -EBUSY;
}

/* The parent is opened by its path, which is zswapbench's (beside the swapfile); below it the
 * --user's tree goes by descriptor (rmtree.c). */
static int remove_work_dir(const char *path, dev_t dev)
{
	char parent[PATH_MAX], name[PATH_MAX];
	int fd, ret;

	snprintf(parent, sizeof(parent), "%s", path);
	snprintf(name, sizeof(name), "%s", strrchr(path, '/') + 1);
	*strrchr(parent, '/') = '\0';
	fd = open(parent[0] ? parent : "/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	ret = rmtree_at(fd, name, dev);
	close(fd);
	return ret;
}

/* The work directory with what the command left in it: only ours, by name and inode. An
 * unconfirmed one was killed between mkdir and the confirmation, so it is empty: removed only
 * if it is (a directory's ctime moves with every entry, so its age proves nothing). The walk
 * stays on the directory's own filesystem: a mount a command left there is not emptied. */
static int undo_rmtree(const struct journal *j, const struct undo *u, char *why, size_t len)
{
	(void)j;
	const char *base = strrchr(u->path, '/');
	struct stat st;

	if (lstat(u->path, &st) < 0)
		return errno == ENOENT ? 0 : -errno;
	if (!base || strncmp(base + 1, "zswapbench-", 11) != 0 || !S_ISDIR(st.st_mode) ||
	    (u->state == UNDO_DONE && (st.st_ino != u->ino || st.st_dev != u->dev))) {
		snprintf(why, len, "left %s alone: not the work directory zswapbench made",
			 u->path);
		return 1;
	}
	if (u->state != UNDO_DONE) {
		if (rmdir(u->path) == 0 || errno == ENOENT)
			return 0;
		snprintf(why, len, "left %s alone: not empty, and not known to be zswapbench's",
			 u->path);
		return 1;
	}
	return remove_work_dir(u->path, st.st_dev);
}

/* A table, not a switch: through a switch clang inlined every undoer into one frame over the
 * 16 KiB limit (Makefile's FRAME_MAX); called through the table, each has its own. */
typedef int undoer(const struct journal *j, const struct undo *u, char *why, size_t len);
static undoer *const undoers[UNDO_KIND_COUNT] = {
	[UNDO_RMDIR] = undo_rmdir,
	[UNDO_UNLINK] = undo_unlink,
	[UNDO_SWAPOFF] = undo_swapoff,
	[UNDO_ZRAM_RESET] = undo_zram_reset,
	[UNDO_ZRAM_REMOVE] = undo_zram_remove,
	[UNDO_WRITE] = undo_write,
	[UNDO_UMOUNT] = undo_umount,
	[UNDO_CONTROLLER] = undo_controller,
	[UNDO_LOOP_DETACH] = undo_loop_detach,
	[UNDO_RMTREE] = undo_rmtree,
};

int undo_entry(const struct journal *j, const struct undo *u, char *why, size_t len)
{
	if ((unsigned)u->kind >= UNDO_KIND_COUNT || !undoers[u->kind])
		return -EINVAL;
	return undoers[u->kind](j, u, why, len);
}

static int undo_one(struct journal *j, struct undo *u)
{
	char note_text[PATH_LEN] = "";
	int ret = undo_entry(j, u, note_text, sizeof(note_text));

	if (ret < 0) {
		if (j->on_error)
			j->on_error(u, ret);
		return ret;
	}
	if (ret == 1 && j->on_note)
		j->on_note(note_text);
	else if (j->on_undone)
		j->on_undone(u);
	return journal_undone(j, u);
}

int journal_rewind(struct journal *j, size_t mark)
{
	int first = 0;

	for (size_t i = j->len; i-- > mark;) {
		int ret;
		if (j->entries[i].state == UNDO_UNDONE)
			continue;
		ret = undo_one(j, &j->entries[i]);
		if (ret && !first)
			first = ret;
	}
	journal_trim(j, mark);
	return first;
}
