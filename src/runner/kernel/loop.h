/* Loop devices: zram's backing device for writeback is a loop device over a file of ours. */
#ifndef ZSB_LOOP_H
#define ZSB_LOOP_H
#include <stddef.h>
#include <stdint.h>

/* The number of a free loop device (LOOP_CTL_GET_FREE); -errno. */
int loop_free_number(void);
/* Attaches file to /dev/loopN, read-write: -EBUSY when someone took N first. direct: the
 * loop device reads and writes the file with direct I/O, past the page cache (the disk's own
 * speed); off, through the page cache (where a zram backing device is meant to be cached). */
int loop_attach(int n, const char *file, int direct);
int loop_detach(int n);
/* /sys/block/loopN/loop/backing_file: which file it serves, "" when none. */
int loop_backing_file(int n, char *buf, size_t len);
/* The device and inode of the file /dev/loopN serves (they name it even once it is deleted or
 * reached by another path); -ENXIO when nothing is attached. The device number is the
 * kernel's encoding, which is st_dev's for majors below 4096. */
int loop_backing_id(int n, uint64_t *dev, uint64_t *ino);

#endif
