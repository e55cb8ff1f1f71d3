/* Kernel parameters (module parameters, sysctls) set for a run and put back by the journal. */
#ifndef ZSB_PARAM_H
#define ZSB_PARAM_H
#include <stddef.h>

#include "runner/undo/journal.h"

/* Writes value to path, journaling the old value first read; a no-op when it already holds
 * value. On failure, failed names the path and the value. */
int param_set(struct journal *j, const char *path, const char *value, char *failed, size_t len);

#endif
