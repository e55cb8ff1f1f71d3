/*
 * The undo journal: every change zswapbench makes to the kernel's state is recorded here right
 * after it succeeded, persisted (fsync) before the next change, and undone newest first.
 * Normal teardown is a rewind to a mark, so the error, signal and normal paths all restore the
 * machine the same way; after a SIGKILL or a power loss `zswapbench cleanup` replays the file.
 * The file always holds exactly the changes not yet undone: an undo truncates its line away.
 */
#ifndef ZSB_JOURNAL_H
#define ZSB_JOURNAL_H
#include <limits.h>
#include <stddef.h>
#include <sys/types.h>

enum undo_kind {
	UNDO_RMDIR,           /* a cgroup we created: rmdir path (killing what is left in it) */
	UNDO_UNLINK,          /* a swapfile we created */
	UNDO_SWAPOFF,         /* a swap area we enabled */
	UNDO_ZRAM_RESET,      /* a zram device we initialised: path is /sys/block/zramN */
	UNDO_ZRAM_REMOVE,     /* a zram device we hot-added: value is its number */
	UNDO_WRITE,           /* a sysfs/procfs value we changed: value is the old one */
	UNDO_UMOUNT,          /* a filesystem we mounted (debugfs for zswap's counters) */
};

struct undo {
	enum undo_kind kind;
	char path[PATH_MAX];
	char value[256];
	off_t at;             /* where its line starts in the file */
};

struct journal {
	struct undo *entries;
	size_t len, cap;
	int fd;               /* the persisted copy; -1 keeps it in memory only */
	/* Called for each undo that fails, so the top level can name it; may be NULL. */
	void (*on_error)(const struct undo *undo, int err);
	/* Called for each undo that succeeded; may be NULL. */
	void (*on_undone)(const struct undo *undo);
};

/* An empty journal kept in memory only (unit tests, --sysroot runs). */
void journal_init(struct journal *j);
/* Starts a fresh journal file at path; -EEXIST if one with entries is already there. */
int journal_create(struct journal *j, const char *path);
/* Loads a journal file a killed run left, for cleanup; -ENOENT when there is none. */
int journal_load(struct journal *j, const char *path);
int journal_push(struct journal *j, enum undo_kind kind, const char *path, const char *value);
size_t journal_mark(const struct journal *j);
/* Undoes entries newest first down to mark; keeps going past failures, returns the first.
 * A failed undo stays in the file, so cleanup can try again. */
int journal_rewind(struct journal *j, size_t mark);
/* Closes the file, removing it when nothing is left to undo. */
void journal_close(struct journal *j, const char *path);
void journal_free(struct journal *j);
const char *undo_kind_name(enum undo_kind kind);
/* "swapped off /dev/zram1": what an undo did, in words. */
void undo_describe(const struct undo *u, char *buf, size_t len);

#endif
