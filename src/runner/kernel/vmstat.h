/* System-wide swap counters from /proc/vmstat, snapshotted around a trial. */
#ifndef ZSB_COUNTERS_H
#define ZSB_COUNTERS_H
#include <stdint.h>

struct vmstat_snap {
	uint64_t pswpin, pswpout;
	uint64_t swpin_zero, swpout_zero; /* 6.12+: zero pages never reach the device */
	uint64_t zswpout, zswpin, zswpwb; /* pages into, out of, and written back from zswap */
	uint64_t pgmajfault;
	unsigned have_zero : 1; /* older kernels lack swp*_zero */
	unsigned have_zswp : 1; /* and kernels without zswap these */
	unsigned have_zswpwb : 1; /* 6.8 and later */
};

#define PROC_VMSTAT "/proc/vmstat"

int vmstat_snapshot(struct vmstat_snap *snap);
int vmstat_parse(const char *text, struct vmstat_snap *snap);

#endif
