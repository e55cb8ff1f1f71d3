/* The page size: the unit of /proc/vmstat, zswap's stored_pages and the hogger's touches. */
#ifndef ZSB_PAGE_H
#define ZSB_PAGE_H
#include <unistd.h>

static inline double page_bytes(void)
{
	static long size;
	if (!size)
		size = sysconf(_SC_PAGESIZE);
	return (double)size;
}

#endif
