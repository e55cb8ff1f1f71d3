#ifndef ZSB_CLEANUP_H
#define ZSB_CLEANUP_H

#include "runner/undo/journal.h"

/* `zswapbench cleanup`: replays the journal a killed run left; idempotent. Exit status. */
int cleanup_main(int argc, char **argv);
/* Undoes a loaded journal, saying what it restored. A journal of an earlier boot: only its
 * swapfiles are left to remove; cgroups, swap areas, zram devices and parameters went with
 * the reboot, and are reported. 0, or the first undo that failed. */
int cleanup_journal(struct journal *j);
/* Is the journal at path from an earlier boot (and so safe to clean without asking)? */
int journal_from_earlier_boot(const struct journal *j);

#endif
