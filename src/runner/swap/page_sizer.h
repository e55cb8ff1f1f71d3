/*
 * How many bytes the kernel's compressed swap keeps of a page, under each of several
 * algorithms: one scratch device per algorithm, made by the backend that compresses onto a
 * block device of its own (zram) as its cells' devices are made (journaled, so a kill leaves
 * nothing that `zswapbench cleanup` cannot undo). Each page is written to the device's first
 * slot with direct I/O and the store's growth read back; every page replaces the one before,
 * so a device never holds more than one page of the process. The recorder's sizer
 * (profile/contents.h).
 */
#ifndef ZSB_PAGE_SIZER_H
#define ZSB_PAGE_SIZER_H
#include <stddef.h>
#include <stdint.h>

#include "runner/undo/journal.h"

#define PAGE_SIZER_MAX 8

/* Says how many bytes algorithm i keeps of one page (its compressed size, or the page size
 * for one stored whole): 0 or -errno, why filled. */
struct page_sizer {
	int (*size)(void *arg, size_t algo, const void *page, uint64_t *bytes, char *why,
		    size_t len);
	void *arg;
	size_t nalgo;
};

struct scratch_sizer;

/* A device for each algorithm of names (blank-separated, at most PAGE_SIZER_MAX) into *out
 * (to close), its hooks into *hooks. -errno with why filled; what was made is the journal's
 * to undo. */
int scratch_sizer_open(struct scratch_sizer **out, struct page_sizer *hooks, const char *names,
		       unsigned page_size, struct journal *j, char *why, size_t len);
/* The devices' descriptors closed and the sizer freed; the journal's rewind removes them. */
void scratch_sizer_close(struct scratch_sizer *z);

#endif
