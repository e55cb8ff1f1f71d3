/* zswap through its module parameters, its debugfs counters and /proc/meminfo
 * (Documentation/admin-guide/mm/zswap.rst). */
#ifndef ZSB_ZSWAP_H
#define ZSB_ZSWAP_H
#include <stddef.h>
#include <stdint.h>

#define ZSWAP_PARAMS "/sys/module/zswap/parameters"
#define DEBUGFS "/sys/kernel/debug"

struct zswap_stats {
	/* debugfs, while the workload holds its memory */
	uint64_t stored_pages, pool_total_size, stored_incompressible_pages;
	/* debugfs, cumulative: compared before and after a trial */
	uint64_t written_back_pages, rejected, pool_limit_hit;
	/* /proc/meminfo: the second source for what the pool holds */
	uint64_t meminfo_zswap, meminfo_zswapped;
	int have_debugfs, have_meminfo;
};

int zswap_present(void);
/* Compressors the crypto API has now (/proc/crypto, type scomp or acomp), space-separated.
 * zswap accepts any name while disabled and fails only when enabled, so check first. */
int zswap_compressors(char *buf, size_t len);
/* The same from /proc/crypto's text (which it cuts up). */
int zswap_compressors_parse(char *text, char *buf, size_t len);
/* Reads what is readable: debugfs (when mounted at DEBUGFS) and meminfo. */
int zswap_read_stats(struct zswap_stats *st);
/* Is debugfs mounted where the zswap counters are? */
int zswap_debugfs_mounted(void);

#endif
