/* /proc/swaps: the active swap areas, their size and use, read through util-linux's libmount
 * (which decodes the kernel's escapes in a path, \040 for a blank, and drops a deleted
 * file's " (deleted)"). The one reader of the file. */
#ifndef ZSB_SWAPS_H
#define ZSB_SWAPS_H
#include <stddef.h>
#include <stdint.h>

#define PROC_SWAPS "/proc/swaps"

/* One area; its strings live as long as the struct swaps it came in. */
struct swap_area {
	const char *path; /* "/dev/zram1", "/var/tmp/zswapbench-1.swap" */
	const char *type; /* "partition", "file" */
	uint64_t size, used; /* bytes */
	int priority; /* negative: a priority the kernel chose */
};

struct swaps {
	size_t n;
	struct swap_area *areas; /* in the file's order */
	void *table; /* libmount's table, which holds the strings */
};

/* Every area of PROC_SWAPS under the sysfs root; 0 or -errno. A line that is not an area is
 * left out. */
int swaps_read(struct swaps *s);
/* The same from the file's text (its "Filename" heading first, as the kernel writes it). */
int swaps_parse(const char *text, struct swaps *s);
void swaps_free(struct swaps *s);
/* The area whose path is exactly path; NULL when none. */
const struct swap_area *swaps_find(const struct swaps *s, const char *path);

/* Used and Size of one area in bytes (-ENOENT if not active); size may be NULL. */
int swaps_area(const char *device, uint64_t *used, uint64_t *size);
/* Is path an active swap area, by its name or, for a file, by its device and inode? 0 with
 * the name the kernel knows it by in kernel_path; -ENOENT when it is not. */
int swaps_active_as(const char *path, char *kernel_path, size_t len);
/* Active swap areas other than own (may be NULL): count, paths space-separated into list. */
int swaps_others(const char *own, char *list, size_t len);

#endif
