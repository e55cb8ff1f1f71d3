/* "key value" files: /proc/vmstat, memory.stat, memory.events, oom_control, /proc/meminfo. */
#ifndef ZSB_KV_H
#define ZSB_KV_H
#include <stdint.h>

/* Finds the line whose first word is exactly key (a trailing ':' is allowed, as in meminfo;
 * a "kB" unit is multiplied out). Returns 0, -ENOENT, or -EINVAL for a malformed value. */
int kv_find(const char *text, const char *key, uint64_t *value);
/* Reads path through sysfs and finds key. */
int kv_read(const char *path, const char *key, uint64_t *value);

/* Is word one of the space-separated words of list? ("lz4" is not in "lz4hc".) */
int words_contain(const char *list, const char *word);

#endif
