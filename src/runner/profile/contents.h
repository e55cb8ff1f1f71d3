/*
 * What a process's private pages hold, as statistics only (profile.h): each resident page read
 * through /proc/PID/mem is classified (zero, one word repeated, or data) and a data page is
 * handed to a page sizer, which says how many bytes each algorithm stores it in. The bytes
 * themselves go nowhere else and are overwritten by the next page.
 */
#ifndef ZSB_CONTENTS_H
#define ZSB_CONTENTS_H
#include <stddef.h>
#include <stdint.h>

#include "runner/profile/profile.h"
#include "runner/swap/page_sizer.h"

enum page_fill {
	PAGE_ZERO,
	PAGE_SAME, /* one machine word repeated, not zero: zram keeps only the word */
	PAGE_DATA
};

/* As zram's page_same_filled() tells: by machine words. */
enum page_fill page_fill_of(const void *page, size_t size);

/* Reads the private resident pages of every region of the last sample that had any (its
 * pagemap says which pages are in RAM, which in swap) and counts them into p->contents.
 * -ESRCH when the process is gone; other -errno with why filled. */
int contents_measure(struct profile *p, const struct page_sizer *sizer, char *why, size_t len);

#endif
