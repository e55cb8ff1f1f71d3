/* /proc/swaps: the active swap areas, their size and use. */
#ifndef ZSB_SWAPS_H
#define ZSB_SWAPS_H
#include <stddef.h>
#include <stdint.h>

/* Calls fn for each area of text (a /proc/swaps copy, which it cuts up) with its name and
 * Used and Size in bytes; stops when fn returns non-zero and returns that. */
int swaps_parse(char *text, int (*fn)(const char *name, uint64_t used, uint64_t size, void *arg), void *arg);
/* Used and Size of one area in bytes (-ENOENT if not active); size may be NULL. */
int swaps_area(const char *device, uint64_t *used, uint64_t *size);
/* Active swap areas other than own (may be NULL): count, names space-separated into list. */
int swaps_others(const char *own, char *list, size_t len);

#endif
