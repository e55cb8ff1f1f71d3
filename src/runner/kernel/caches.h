/* The page cache written out and dropped, and free memory compacted: what lets each trial start
 * from the same kind of memory, and a filesystem's data be read back from its device. */
#ifndef ZSB_CACHES_H
#define ZSB_CACHES_H

/* sync(), then /proc/sys/vm/drop_caches = 3 (the page cache, dentries and inodes). */
void caches_drop(void);
/* /proc/sys/vm/compact_memory = 1. */
void memory_compact(void);

#endif
