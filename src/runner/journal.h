/*
 * The undo journal: every change zswapbench makes to the kernel's state is recorded here right
 * after it succeeded, and undone newest first. Normal teardown is a rewind to a mark, so the
 * error, signal and normal paths all restore the machine the same way.
 */
#ifndef ZSB_JOURNAL_H
#define ZSB_JOURNAL_H
#include <limits.h>
#include <stddef.h>

enum undo_kind {
	UNDO_RMDIR,           /* a cgroup we created: rmdir path */
	UNDO_UNLINK,          /* a swapfile we created */
	UNDO_SWAPOFF,         /* a swap area we enabled */
	UNDO_ZRAM_RESET,      /* a zram device we initialised: path is /sys/block/zramN */
	UNDO_ZRAM_REMOVE,     /* a zram device we hot-added: value is its number */
	UNDO_WRITE,           /* a sysfs/procfs value we changed: value is the old one */
};

struct undo {
	enum undo_kind kind;
	char path[PATH_MAX];
	char value[256];
};

struct journal {
	struct undo *entries;
	size_t len, cap;
	/* Called for each undo that fails, so the top level can name it; may be NULL. */
	void (*on_error)(const struct undo *undo, int err);
};

int journal_push(struct journal *j, enum undo_kind kind, const char *path, const char *value);
size_t journal_mark(const struct journal *j);
/* Undoes entries newest first down to mark; keeps going past failures, returns the first. */
int journal_rewind(struct journal *j, size_t mark);
void journal_free(struct journal *j);
const char *undo_kind_name(enum undo_kind kind);

#endif
