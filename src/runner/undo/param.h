/* Kernel parameters (module parameters, sysctls) set for a run and put back by the journal. */
#ifndef ZSB_PARAM_H
#define ZSB_PARAM_H
#include <stddef.h>

#include "runner/undo/journal.h"

/* Memory-management switches a run may set (--thp, --mglru). */
#define THP_ENABLED "/sys/kernel/mm/transparent_hugepage/enabled"
#define MGLRU_ENABLED "/sys/kernel/mm/lru_gen/enabled"
/* The multi-gen LRU's mask for on (all its parts) or off, as the kernel prints it back, so the
 * undo recognises its own value. */
static inline const char *mglru_mask(int on)
{
	return on ? "0x0007" : "0x0000";
}

/* A choice file shows every choice with the selected one in brackets ("always [madvise]
 * never"): the selected word is its value, in place. Other text is left as it is. */
void param_normalize(char *text);
/* Writes value to path, journaling the old value first read (normalized); a no-op when it
 * already holds value. On failure, why names the path and the value. */
int param_set(struct journal *j, const char *path, const char *value, char *why, size_t len);

#endif
