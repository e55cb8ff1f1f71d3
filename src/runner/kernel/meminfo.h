/* /proc/meminfo, read once into a snapshot and looked up by key in it: the values of one
 * sample come from one reading of the file (Zswap and Zswapped of the same moment). The one
 * reader of the file. */
#ifndef ZSB_MEMINFO_H
#define ZSB_MEMINFO_H
#include <stdint.h>

#define PROC_MEMINFO "/proc/meminfo"

/* About 1.5 KiB on today's kernels, 2 KiB with every option: 8 KiB is four times that, and
 * keeps a snapshot within the 16 KiB frame of each of its readers. A larger file is refused
 * (-EFBIG), never cut. */
struct meminfo {
	char text[8192];
};

/* Reads the file under the sysfs root; 0 or -errno. */
int meminfo_read(struct meminfo *m);
/* A key of the snapshot ("MemAvailable", without the colon) in bytes: 0, -ENOENT, -EINVAL
 * (kv_find's answers). */
int meminfo_get(const struct meminfo *m, const char *key, uint64_t *bytes);

#endif
