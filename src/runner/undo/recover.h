/* Replaying a journal that a killed run left (zswapbench cleanup, and a run that finds one). */
#ifndef ZSB_RECOVER_H
#define ZSB_RECOVER_H

#include "runner/undo/journal.h"

/* Undoes a loaded journal, saying what it restored. A journal of an earlier boot: only its
 * swapfiles are left to remove; cgroups, swap areas, zram devices and parameters went with
 * the reboot, and are reported. 0, or the first undo that failed. */
int journal_recover(struct journal *j);
/* Is the journal at path from an earlier boot (and so safe to clean without asking)? */
int journal_from_earlier_boot(const struct journal *j);

#endif
