/*
 * The undo journal: every change zswapbench makes to the kernel's state is announced here
 * before it is made (an intent, fsync'd), confirmed once made, and marked undone once undone.
 * A SIGKILL between the intent and the change leaves an unconfirmed intent; undoing it first
 * looks at the real state, which the intent names exactly (the cgroup, the file, the zram
 * device, the value written). Each line carries a CRC32: a damaged line is reported by number
 * and skipped without losing the lines after it. Entries are undone newest first, in any
 * order across runs, and the file is removed once nothing is left to undo. The header keeps
 * the boot id: after a reboot only the swapfiles are left to remove.
 */
#ifndef ZSB_JOURNAL_H
#define ZSB_JOURNAL_H
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* The version of the journal this build writes and reads; a newer one is refused untouched. */
#define JOURNAL_VERSION 2

enum undo_kind {
	UNDO_RMDIR, /* a cgroup we created (zswapbench-*): rmdir, killing what is left in it */
	UNDO_UNLINK, /* a swapfile we created: unlink, once it is shown to be the same file */
	UNDO_SWAPOFF, /* a swap area we enabled */
	UNDO_ZRAM_RESET, /* a zram device we initialised: path is /sys/block/zramN */
	UNDO_ZRAM_REMOVE, /* a zram device we hot-added: value is its number */
	UNDO_WRITE, /* a sysfs/procfs value we changed: value is the old one, wrote ours */
	/* a filesystem we mounted: debugfs for zswap's counters (value empty), or one on our device
	 * (value the device) */
	UNDO_UMOUNT,
	UNDO_CONTROLLER, /* a controller we enabled in a cgroup.subtree_control: value names it */
	UNDO_LOOP_DETACH, /* a loop device we attached: path /dev/loopN, value the file it serves */
	UNDO_RMTREE, /* the run's work directory (zswapbench-PID.d), with what is in it */
	UNDO_KIND_COUNT
};

enum undo_state {
	UNDO_INTENT,
	UNDO_DONE,
	UNDO_UNDONE
};

struct undo {
	unsigned id;
	enum undo_kind kind;
	enum undo_state state;
	char path[PATH_MAX];
	char value[256]; /* the old value; a zram device's number */
	char wrote[256]; /* UNDO_WRITE: the value we wrote, to know it is still ours */
	uint64_t ino, dev; /* UNDO_UNLINK, UNDO_RMTREE: what we created, from its confirmation */
	int64_t when; /* CLOCK_REALTIME seconds of the intent */
};

struct journal {
	struct undo *entries;
	size_t len, cap;
	int fd; /* the persisted copy; -1 keeps it in memory only */
	unsigned next_id;
	char boot_id[40]; /* of the boot that wrote it; empty when unknown */
	unsigned damaged; /* lines skipped when it was loaded */
	unsigned version; /* its header's; 0 before one is read */
	/* Called for each undo that fails, so the top level can name it; may be NULL. */
	void (*on_error)(const struct undo *undo, int err);
	/* Called for each undo that succeeded; may be NULL. */
	void (*on_undone)(const struct undo *undo);
	/* What the journal wants the user to know (a damaged line, an object left alone). */
	void (*on_note)(const char *text);
};

/* An empty journal kept in memory only (unit tests, --sysroot runs). */
void journal_init(struct journal *j);
/* Starts a fresh journal file at path; -EEXIST if one with entries to undo is there,
 * -EPROTONOSUPPORT (j->version set) if a newer version wrote it: then it is left as it is. */
int journal_create(struct journal *j, const char *path);
/* Loads a journal file a killed run left, for cleanup; -ENOENT when there is none. Damaged
 * lines are noted and skipped; a file with no readable line at all is moved aside
 * (path.damaged-TIME), noted, and the journal is empty. A journal of a newer version
 * (-EPROTONOSUPPORT, j->version set) is neither read nor changed. */
int journal_load(struct journal *j, const char *path);
/* The same from text in memory (no file; for tests and the fuzzer). */
int journal_parse(struct journal *j, const char *text, size_t len);
/* Before a change: the intent, written and fsync'd. Returns its index, or -errno (then the
 * change must not be made). wrote may be NULL. */
int journal_intend(struct journal *j, enum undo_kind kind, const char *path, const char *value,
		   const char *wrote);
/* After the change: it is made. value replaces the intent's where only the change could tell
 * (the zram device hot_add gave); ino and dev identify a file created (0: none). */
int journal_confirm(struct journal *j, int idx, const char *value, uint64_t ino, uint64_t dev);
/* The change was not made after all (it failed, or the object turned out to be someone
 * else's): nothing to undo. */
int journal_cancel(struct journal *j, int idx);
/* UNDO_WRITE: what the kernel kept of the value written (MGLRU keeps only the capabilities the
 * CPU has), so the undo knows its own value when it sees it. */
int journal_confirm_wrote(struct journal *j, int idx, const char *kept);
size_t journal_mark(const struct journal *j);
/* An entry undone (rewind.c does the undoing): marked so, and the mark written. */
int journal_undone(struct journal *j, struct undo *u);
/* Drops the undone entries above mark; an empty journal file is truncated to its header. */
void journal_trim(struct journal *j, size_t mark);
/* Entries still to undo. */
size_t journal_pending(const struct journal *j);
/* What journal_load or journal_create's error err means, naming path (a newer journal's
 * version among it), into buf. */
char *journal_error(const struct journal *j, const char *path, int err, char *buf, size_t len);
/* Closes the file, removing it when nothing is left to undo. */
void journal_close(struct journal *j, const char *path);
void journal_free(struct journal *j);
const char *undo_kind_name(enum undo_kind kind);
/* "swapped off /dev/zram1": what an undo did, in words. */
void undo_describe(const struct undo *u, char *buf, size_t len);
/* This boot's id (/proc/sys/kernel/random/boot_id), or "" where there is none. */
const char *journal_this_boot(void);
/* The UUID a swapfile this journal created is to carry in its swap signature; NULL when
 * file is not one (a zram device) or its entry has none (a journal of an older version). */
const char *journal_file_mark(const struct journal *j, const char *file);
/* Is device (a swapfile or /dev/zramN) one this journal created? */
int journal_owns_device(const struct journal *j, const char *device);

#endif
