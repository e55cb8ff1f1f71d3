/* Journals moved aside as unreadable: never replayed, listed for the user to decide. */
#ifndef ZSB_DAMAGED_H
#define ZSB_DAMAGED_H

#include <stdio.h>

/* Each journal.damaged-* in dir, with what it still names, on out; nothing when none. */
void journal_list_damaged(const char *dir, FILE *out);

#endif
