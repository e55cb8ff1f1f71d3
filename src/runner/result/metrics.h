/*
 * What a trial measures. One table drives the trial record, the statistics, the tables, the
 * JSON keys and the documentation of where each number comes from.
 */
#ifndef ZSB_METRICS_H
#define ZSB_METRICS_H
#include <stddef.h>

#include "runner/kernel/mthp.h"

enum metric_unit {
	UNIT_SECONDS,
	UNIT_BYTES,
	UNIT_PAGES,
	UNIT_COUNT,
	UNIT_RATIO,
	UNIT_MIBPS,
	UNIT_PER_MIB,
	UNIT_MICROSECONDS,
	UNIT_PERCENT,
	UNIT_IOPS,
	UNIT_OPS_PER_S,
	UNIT_S_PER_GIB, /* seconds of CPU per GiB swapped */
	UNIT_FOLIOS /* folios of one size (mTHP's counters) */
};

enum metric_id {
	M_ELAPSED,
	M_FILL,
	M_ACCESS,
	M_USER,
	M_SYS,
	M_CPU_TIME,
	M_MINFLT,
	M_MAJFLT,
	M_FILL_MAJFLT,
	M_ACCESS_MAJFLT,
	M_FILL_RATE,
	M_SWAPOUT_RATE,
	M_SWAPIN_RATE,
	M_ACCESS_P50,
	M_ACCESS_P90,
	M_ACCESS_P99,
	M_ACCESS_P999,
	M_ACCESS_MAX,
	M_US_PER_FAULT,
	M_POKES,
	M_FILL_CHUNK_P50,
	M_FILL_CHUNK_P99,
	M_FILL_CHUNK_MAX,
	M_SWAP_FILLED,
	M_SWAP_PEAK,
	M_DEVICE_USED,
	M_MEM_PEAK,
	M_MEMSW_PEAK,
	M_PSWPOUT,
	M_PSWPIN,
	M_SWPOUT_ZERO,
	M_SWPIN_ZERO,
	M_ZRAM_ORIG,
	M_ZRAM_COMPR,
	M_ZRAM_MEM,
	M_ZRAM_SAME,
	M_ZRAM_HUGE,
	M_ZRAM_AFTER_FILL_TIME,
	M_ZRAM_BD_WRITES,
	M_ZRAM_BD_READS,
	M_ZRAM_COMPR_RECOMP,
	M_ZSWAP_STORED,
	M_ZSWAP_POOL,
	M_ZSWAP_MEMINFO,
	M_ZSWAP_MEMINFO_POOL,
	M_ZSWAP_WRITTEN_BACK,
	M_ZSWAP_REJECTED,
	M_ZSWPOUT,
	M_ZSWPIN,
	M_ZSWPWB,
	M_CG_ZSWPOUT,
	M_CG_ZSWPIN,
	M_CG_ZSWPWB,
	M_COMP_RATIO,
	M_SWAP_STORED,
	M_SWAP_RAM,
	M_PSI_SOME,
	M_PSI_FULL,
	M_CG_PSI_SOME,
	M_CG_PSI_FULL,
	M_MAJFLT_PER_MIB,
	M_CPU_PER_GIB,
	M_OOM_KILLS,
	M_PERF_TASK_CLOCK,
	M_PERF_FAULTS,
	M_PERF_MAJOR_FAULTS,
	M_PERF_CS,
	M_PERF_MIGRATIONS,
	M_PERF_INSTRUCTIONS,
	M_PERF_CYCLES,
	M_PERF_BRANCHES,
	M_PERF_BRANCH_MISSES,
	M_PERF_STALLED_FRONT,
	M_PERF_STALLED_BACK,
	/* a device measured by fio (--target block): the measured job's own numbers */
	M_READ_BW,
	M_WRITE_BW,
	M_IO_BW, /* read_bw + write_bw: derived when a cell's statistics are made */
	M_READ_IOPS,
	M_WRITE_IOPS,
	M_READ_CLAT_P50,
	M_READ_CLAT_P99,
	M_READ_CLAT_P999,
	M_WRITE_CLAT_P50,
	M_WRITE_CLAT_P99,
	M_WRITE_CLAT_P999,
	M_FIO_USR,
	M_FIO_SYS,
	M_FIO_RUNTIME,
	/* a filesystem on the device (--target fs): the read phase after the command's write
	 * phase */
	M_FS_READ_TIME,
	M_FS_FLUSH_TIME,
	M_FS_TOTAL_TIME,
	/* a service (--load): the load generator's own numbers, read from its output */
	M_THROUGHPUT,
	M_REQUEST_AVG,
	M_REQUEST_P50,
	M_REQUEST_P95,
	M_REQUEST_P99,
	M_REQUEST_MAX,
	/* --pressure-target: what the controller settled the cgroup in */
	M_SETTLED_MEM,
	M_FINAL_HIGH,
	/* the machine as the trial met it: a fixed piece of work before the workload */
	M_REFERENCE_TIME,
	/* mTHP (kernel/mthp.h): each size's counters, in its order, a size after the other */
	M_MTHP_8K_ANON_FAULT_ALLOC,
	M_MTHP_8K_ANON_FAULT_FALLBACK,
	M_MTHP_8K_ANON_FAULT_FALLBACK_CHARGE,
	M_MTHP_8K_SWPOUT,
	M_MTHP_8K_SWPOUT_FALLBACK,
	M_MTHP_8K_ZSWPOUT,
	M_MTHP_8K_SWPIN,
	M_MTHP_8K_SWPIN_FALLBACK,
	M_MTHP_8K_SWPIN_FALLBACK_CHARGE,
	M_MTHP_16K_ANON_FAULT_ALLOC,
	M_MTHP_16K_ANON_FAULT_FALLBACK,
	M_MTHP_16K_ANON_FAULT_FALLBACK_CHARGE,
	M_MTHP_16K_SWPOUT,
	M_MTHP_16K_SWPOUT_FALLBACK,
	M_MTHP_16K_ZSWPOUT,
	M_MTHP_16K_SWPIN,
	M_MTHP_16K_SWPIN_FALLBACK,
	M_MTHP_16K_SWPIN_FALLBACK_CHARGE,
	M_MTHP_32K_ANON_FAULT_ALLOC,
	M_MTHP_32K_ANON_FAULT_FALLBACK,
	M_MTHP_32K_ANON_FAULT_FALLBACK_CHARGE,
	M_MTHP_32K_SWPOUT,
	M_MTHP_32K_SWPOUT_FALLBACK,
	M_MTHP_32K_ZSWPOUT,
	M_MTHP_32K_SWPIN,
	M_MTHP_32K_SWPIN_FALLBACK,
	M_MTHP_32K_SWPIN_FALLBACK_CHARGE,
	M_MTHP_64K_ANON_FAULT_ALLOC,
	M_MTHP_64K_ANON_FAULT_FALLBACK,
	M_MTHP_64K_ANON_FAULT_FALLBACK_CHARGE,
	M_MTHP_64K_SWPOUT,
	M_MTHP_64K_SWPOUT_FALLBACK,
	M_MTHP_64K_ZSWPOUT,
	M_MTHP_64K_SWPIN,
	M_MTHP_64K_SWPIN_FALLBACK,
	M_MTHP_64K_SWPIN_FALLBACK_CHARGE,
	M_MTHP_128K_ANON_FAULT_ALLOC,
	M_MTHP_128K_ANON_FAULT_FALLBACK,
	M_MTHP_128K_ANON_FAULT_FALLBACK_CHARGE,
	M_MTHP_128K_SWPOUT,
	M_MTHP_128K_SWPOUT_FALLBACK,
	M_MTHP_128K_ZSWPOUT,
	M_MTHP_128K_SWPIN,
	M_MTHP_128K_SWPIN_FALLBACK,
	M_MTHP_128K_SWPIN_FALLBACK_CHARGE,
	M_MTHP_256K_ANON_FAULT_ALLOC,
	M_MTHP_256K_ANON_FAULT_FALLBACK,
	M_MTHP_256K_ANON_FAULT_FALLBACK_CHARGE,
	M_MTHP_256K_SWPOUT,
	M_MTHP_256K_SWPOUT_FALLBACK,
	M_MTHP_256K_ZSWPOUT,
	M_MTHP_256K_SWPIN,
	M_MTHP_256K_SWPIN_FALLBACK,
	M_MTHP_256K_SWPIN_FALLBACK_CHARGE,
	M_MTHP_512K_ANON_FAULT_ALLOC,
	M_MTHP_512K_ANON_FAULT_FALLBACK,
	M_MTHP_512K_ANON_FAULT_FALLBACK_CHARGE,
	M_MTHP_512K_SWPOUT,
	M_MTHP_512K_SWPOUT_FALLBACK,
	M_MTHP_512K_ZSWPOUT,
	M_MTHP_512K_SWPIN,
	M_MTHP_512K_SWPIN_FALLBACK,
	M_MTHP_512K_SWPIN_FALLBACK_CHARGE,
	M_MTHP_1024K_ANON_FAULT_ALLOC,
	M_MTHP_1024K_ANON_FAULT_FALLBACK,
	M_MTHP_1024K_ANON_FAULT_FALLBACK_CHARGE,
	M_MTHP_1024K_SWPOUT,
	M_MTHP_1024K_SWPOUT_FALLBACK,
	M_MTHP_1024K_ZSWPOUT,
	M_MTHP_1024K_SWPIN,
	M_MTHP_1024K_SWPIN_FALLBACK,
	M_MTHP_1024K_SWPIN_FALLBACK_CHARGE,
	M_MTHP_2048K_ANON_FAULT_ALLOC,
	M_MTHP_2048K_ANON_FAULT_FALLBACK,
	M_MTHP_2048K_ANON_FAULT_FALLBACK_CHARGE,
	M_MTHP_2048K_SWPOUT,
	M_MTHP_2048K_SWPOUT_FALLBACK,
	M_MTHP_2048K_ZSWPOUT,
	M_MTHP_2048K_SWPIN,
	M_MTHP_2048K_SWPIN_FALLBACK,
	M_MTHP_2048K_SWPIN_FALLBACK_CHARGE,
	M_COUNT
};

/* The mTHP counters are the last MTHP_SIZES x MTHP_COUNTERS metrics, size by size, each size's
 * in enum mthp_counter's order: one metric per size and counter, so that statistics, compare
 * and every view take each as they take any other (a unit test holds the keys to the order). */
#define M_MTHP_FIRST M_MTHP_8K_ANON_FAULT_ALLOC
_Static_assert(M_COUNT - M_MTHP_FIRST == MTHP_SIZES * MTHP_COUNTERS,
	       "a metric for each mTHP size and counter");
static inline enum metric_id metric_mthp(size_t size, enum mthp_counter c)
{
	return (enum metric_id)(M_MTHP_FIRST + size * MTHP_COUNTERS + (size_t)c);
}
static inline int metric_is_mthp(int m)
{
	return m >= M_MTHP_FIRST && m < M_COUNT;
}
/* The size (its index in mthp_sizes_kb) of one of them. */
static inline size_t metric_mthp_size(enum metric_id m)
{
	return (size_t)(m - M_MTHP_FIRST) / MTHP_COUNTERS;
}

struct metric {
	const char *key; /* JSON key and table row name */
	enum metric_unit unit;
	int lower_is_better; /* for the sign of a comparison; 0 where neither is */
	const char *source; /* the kernel counter or clock behind it */
};

extern const struct metric metrics[M_COUNT];

/* Whether more of m is the better (a throughput, a bandwidth); less of a time is. */
static inline int metric_higher_better(enum metric_id m)
{
	return metrics[m].lower_is_better < 0;
}
const char *metric_unit_name(enum metric_unit unit);
/* The metric whose key is key, or -1. */
int metric_find(const char *key);
/* Value as shown in tables: bytes in MiB, the rest as measured. */
double metric_display(enum metric_id id, double value);

#endif
