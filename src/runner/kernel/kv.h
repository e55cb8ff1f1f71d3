/* "key value" files: /proc/vmstat, memory.stat, memory.events, oom_control, /proc/meminfo. */
#ifndef ZSB_KV_H
#define ZSB_KV_H
#include <stdint.h>

/* Finds the line whose first word is exactly key (a trailing ':' is allowed, as in meminfo;
 * a "kB" unit is multiplied out). Returns 0, -ENOENT, -EINVAL for a malformed value, or
 * -ERANGE when it does not fit in 64 bits. */
int kv_find(const char *text, const char *key, uint64_t *value);
/* Reads path through sysfs and finds key. */
int kv_read(const char *path, const char *key, uint64_t *value);

/* Is word one of the words of list, separated by sep? ("lz4" is not in "lz4hc"; for
 * controller lists sep is ' ', for mount options ','.) */
int words_contain(const char *list, const char *word, char sep);

#endif
