/* Undoing what the journal holds: each kind of change, after looking at the real state. */
#ifndef ZSB_REWIND_H
#define ZSB_REWIND_H
#include <stddef.h>

#include "runner/undo/journal.h"

/* Undoes entries newest first down to mark; keeps going past failures, returns the first.
 * Only what is undone is marked so; a failure stays for cleanup to try again. */
int journal_rewind(struct journal *j, size_t mark);
/* Undo one entry after looking at the real state: 0 undone or nothing left to undo, -errno
 * failed, 1 left alone because it cannot be shown to be ours (why says so). */
int undo_entry(const struct journal *j, const struct undo *u, char *why, size_t len);

#endif
