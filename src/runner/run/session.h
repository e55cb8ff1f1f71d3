/*
 * What every command that changes the machine holds while it does: the run lock (one run at a
 * time: swap is system-wide) and a fresh journal of every change, so that a kill leaves only
 * what `zswapbench cleanup` undoes. A run and a recording take them the same way.
 */
#ifndef ZSB_SESSION_H
#define ZSB_SESSION_H

#include "runner/undo/journal.h"

/* An empty journal whose undoes that fail, and whose notes, are said. */
void session_init(struct journal *j);
/* The lock, then the journal (a journal left by an earlier boot cleaned first): 0, or the exit
 * status with the reason said. Nothing is changed before both are in place. */
int session_begin(struct journal *j);
/* Every change undone, the journal closed and freed. */
void session_end(struct journal *j);

#endif
