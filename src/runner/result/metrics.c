#include "common/util.h"
#include "runner/result/metrics.h"

#include <string.h>

const struct metric metrics[M_COUNT] = {
	[M_ELAPSED] = { "elapsed", UNIT_SECONDS, 1,
			"CLOCK_MONOTONIC from the release of the workload to the exit of its last "
			"process (wait4), less the pause while the runner samples" },
	[M_FILL] = { "fill_time", UNIT_SECONDS, 1,
		     "hogger CLOCK_MONOTONIC: first allocation to last page written (the slowest "
		     "job)" },
	[M_ACCESS] = { "access_time", UNIT_SECONDS, 1,
		       "CLOCK_MONOTONIC from the runner's go to the end of the access phase (the "
		       "slowest job)" },
	[M_USER] = { "user_cpu", UNIT_SECONDS, 1,
		     "wait4() rusage ru_utime, summed over the workload's processes" },
	[M_SYS] = { "sys_cpu", UNIT_SECONDS, 1,
		    "wait4() rusage ru_stime, summed (includes the reclaim and compression they do "
		    "themselves)" },
	[M_CPU_TIME] = { "cpu_time", UNIT_SECONDS, 1,
			 "user_cpu + sys_cpu: the CPU the workload's processes used, swapping "
			 "included" },
	[M_MINFLT] = { "minor_faults", UNIT_COUNT, 0, "wait4() rusage ru_minflt, summed" },
	[M_MAJFLT] = { "major_faults", UNIT_COUNT, 1,
		       "wait4() rusage ru_majflt, summed (swap-ins that waited)" },
	[M_FILL_MAJFLT] = { "fill_major_faults", UNIT_COUNT, 1,
			    "getrusage() ru_majflt in each hogger when filled, summed" },
	[M_ACCESS_MAJFLT] = { "access_major_faults", UNIT_COUNT, 1,
			      "getrusage() ru_majflt over the access phase, summed" },
	[M_FILL_RATE] = { "fill_rate", UNIT_MIBPS, -1,
			  "bytes written by all jobs / (last filled - first start), hogger "
			  "clocks" },
	[M_SWAPOUT_RATE] = { "swapout_rate", UNIT_MIBPS, 0,
			     "/proc/vmstat (pswpout + swpout_zero) x page size during the fill / "
			     "fill_time" },
	[M_SWAPIN_RATE] = { "swapin_rate", UNIT_MIBPS, 0,
			    "/proc/vmstat (pswpin + swpin_zero) x page size during the access "
			    "phase / access_time" },
	[M_ACCESS_P50] = { "access_p50", UNIT_MICROSECONDS, 1,
			   "hogger CLOCK_MONOTONIC around each read of the access phase (each "
			   "tab's poke in tabs mode), log-linear histogram within 0.78%: median" },
	[M_ACCESS_P90] = { "access_p90", UNIT_MICROSECONDS, 1,
			   "the same histogram: 90th percentile" },
	[M_ACCESS_P99] = { "access_p99", UNIT_MICROSECONDS, 1,
			   "the same histogram: 99th percentile" },
	[M_ACCESS_P999] = { "access_p999", UNIT_MICROSECONDS, 1,
			    "the same histogram: 99.9th percentile" },
	[M_ACCESS_MAX] = { "access_max", UNIT_MICROSECONDS, 1,
			   "the same histogram: the slowest read (exact)" },
	[M_US_PER_FAULT] = { "access_us_per_major_fault", UNIT_MICROSECONDS, 1,
			     "the access phase's summed read latencies / its major faults (the "
			     "hogger's getrusage)" },
	[M_POKES] = { "pokes", UNIT_COUNT, 0, "tabs: pokes the tabs answered" },
	[M_FILL_CHUNK_P50] = { "fill_chunk_p50", UNIT_MICROSECONDS, 1,
			       "hogger CLOCK_MONOTONIC around allocating and writing each --chunk "
			       "of the fill: median" },
	[M_FILL_CHUNK_P99] = { "fill_chunk_p99", UNIT_MICROSECONDS, 1,
			       "the same: 99th percentile" },
	[M_FILL_CHUNK_MAX] = { "fill_chunk_max", UNIT_MICROSECONDS, 1,
			       "the same: the slowest chunk (exact)" },
	[M_SWAP_FILLED] = { "cgroup_swap", UNIT_BYTES, 0,
			    "cgroup swap when the hogger is filled: memory.stat swap (v1), "
			    "memory.swap.current (v2)" },
	[M_SWAP_PEAK] = { "cgroup_swap_peak", UNIT_BYTES, 0,
			  "highest cgroup swap sampled during the trial (same files)" },
	[M_DEVICE_USED] = { "device_used", UNIT_BYTES, 0,
			    "Used of our swap area in /proc/swaps when the hogger is filled" },
	[M_MEM_PEAK] = { "cgroup_mem_peak", UNIT_BYTES, 0,
			 "memory.max_usage_in_bytes (v1), memory.peak (v2)" },
	[M_MEMSW_PEAK] = { "cgroup_memsw_peak", UNIT_BYTES, 0,
			   "memory.memsw.max_usage_in_bytes (v1: memory + swap), memory.swap.peak "
			   "(v2: swap)" },
	[M_PSWPOUT] = { "pswpout", UNIT_PAGES, 0,
			"/proc/vmstat pswpout delta over the trial (system-wide)" },
	[M_PSWPIN] = { "pswpin", UNIT_PAGES, 0,
		       "/proc/vmstat pswpin delta over the trial (system-wide)" },
	[M_SWPOUT_ZERO] = { "swpout_zero", UNIT_PAGES, 0,
			    "/proc/vmstat swpout_zero delta (zero pages kept out of the device, "
			    "kernel >= 6.12)" },
	[M_SWPIN_ZERO] = { "swpin_zero", UNIT_PAGES, 0, "/proc/vmstat swpin_zero delta" },
	[M_ZRAM_ORIG] = { "zram_orig_data_size", UNIT_BYTES, 0,
			  "zram mm_stat orig_data_size when the hogger is filled" },
	[M_ZRAM_COMPR] = { "zram_compr_data_size", UNIT_BYTES, 1,
			   "zram mm_stat compr_data_size when the hogger is filled" },
	[M_ZRAM_MEM] = { "zram_mem_used_total", UNIT_BYTES, 1,
			 "zram mm_stat mem_used_total (with allocator overhead)" },
	[M_ZRAM_SAME] = { "zram_same_pages", UNIT_PAGES, 0,
			  "zram mm_stat same_pages (same-filled pages, stored without data)" },
	[M_ZRAM_HUGE] = { "zram_huge_pages", UNIT_PAGES, 0,
			  "zram mm_stat huge_pages (pages that did not compress)" },
	[M_ZRAM_AFTER_FILL_TIME] = { "zram_after_fill_time", UNIT_SECONDS, 1,
				     "CLOCK_MONOTONIC around idle marking, writeback and "
				     "recompress after the fill (outside elapsed)" },
	[M_ZRAM_BD_WRITES] = { "zram_bd_writes", UNIT_BYTES, 0,
			       "zram bd_stat bd_writes over the writeback, x page size" },
	[M_ZRAM_BD_READS] = { "zram_bd_reads", UNIT_BYTES, 0,
			      "zram bd_stat bd_reads from the writeback to the end of the trial "
			      "(pages read back), x page size" },
	[M_ZRAM_COMPR_RECOMP] = { "zram_compr_after_recompress", UNIT_BYTES, 1,
				  "zram mm_stat compr_data_size once recompression is done "
				  "(against zram_compr_data_size before it)" },
	[M_ZSWAP_STORED] = { "zswap_stored_pages", UNIT_PAGES, 0,
			     "debugfs zswap/stored_pages when the workload is filled" },
	[M_ZSWAP_POOL] = { "zswap_pool_size", UNIT_BYTES, 1,
			   "debugfs zswap/pool_total_size when filled (compressed bytes with "
			   "allocator overhead)" },
	[M_ZSWAP_MEMINFO] = { "zswapped", UNIT_BYTES, 0,
			      "/proc/meminfo Zswapped when filled: the second source for what "
			      "zswap holds" },
	[M_ZSWAP_MEMINFO_POOL] = { "zswap_meminfo_pool", UNIT_BYTES, 1,
				   "/proc/meminfo Zswap when filled: the pool's size, the second "
				   "source for zswap_pool_size" },
	[M_ZSWAP_WRITTEN_BACK] = { "zswap_written_back", UNIT_PAGES, 0,
				   "debugfs zswap/written_back_pages delta (pool full or shrinker: "
				   "to the swapfile)" },
	[M_ZSWAP_REJECTED] = { "zswap_rejected", UNIT_PAGES, 0,
			       "debugfs zswap/reject_* deltas, summed (went straight to the "
			       "swapfile)" },
	[M_ZSWPOUT] = { "zswpout", UNIT_PAGES, 0, "/proc/vmstat zswpout delta (system-wide)" },
	[M_ZSWPIN] = { "zswpin", UNIT_PAGES, 0, "/proc/vmstat zswpin delta (system-wide)" },
	[M_ZSWPWB] = { "zswpwb", UNIT_PAGES, 0, "/proc/vmstat zswpwb delta (system-wide)" },
	[M_CG_ZSWPOUT] = { "cgroup_zswpout", UNIT_PAGES, 0,
			   "memory.stat zswpout of the trial's cgroup (v2 only)" },
	[M_CG_ZSWPIN] = { "cgroup_zswpin", UNIT_PAGES, 0,
			  "memory.stat zswpin of the trial's cgroup (v2 only)" },
	[M_CG_ZSWPWB] = { "cgroup_zswpwb", UNIT_PAGES, 0,
			  "memory.stat zswpwb of the trial's cgroup (v2 only)" },
	[M_COMP_RATIO] = { "compression_ratio", UNIT_RATIO, -1,
			   "zram: mm_stat orig_data_size / compr_data_size; zswap: stored_pages x "
			   "page size / pool_total_size" },
	[M_SWAP_STORED] = { "swap_stored", UNIT_BYTES, 0,
			    "swapped bytes a compressed store holds when filled: zram "
			    "orig_data_size, zswap stored_pages x page size" },
	[M_SWAP_RAM] = { "swap_ram", UNIT_BYTES, 1,
			 "RAM the swapped pages cost when filled: zram mem_used_total, zswap "
			 "pool_total_size, 0 for a swapfile" },
	[M_PSI_SOME] = { "psi_some", UNIT_SECONDS, 1,
			 "/proc/pressure/memory some total: time some task stalled on memory, over "
			 "the trial" },
	[M_PSI_FULL] = { "psi_full", UNIT_SECONDS, 1,
			 "/proc/pressure/memory full total: time all non-idle tasks stalled, over "
			 "the trial" },
	[M_CG_PSI_SOME] = { "cgroup_psi_some", UNIT_SECONDS, 1,
			    "memory.pressure some of the workload's cgroup (v2, or its twin on the "
			    "unified hierarchy)" },
	[M_CG_PSI_FULL] = { "cgroup_psi_full", UNIT_SECONDS, 1,
			    "memory.pressure full of the workload's cgroup" },
	[M_MAJFLT_PER_MIB] = { "major_faults_per_swapped_mib", UNIT_PER_MIB, 1,
			       "major_faults / cgroup_swap_peak in MiB" },
	[M_CPU_PER_GIB] = { "cpu_s_per_swapped_gib", UNIT_S_PER_GIB, 1,
			    "(user_cpu + sys_cpu) / cgroup_swap_peak in GiB" },
	[M_OOM_KILLS] = { "oom_kills", UNIT_COUNT, 1,
			  "oom_kill in memory.oom_control (v1) or memory.events (v2)" },
	[M_PERF_TASK_CLOCK] = { "perf_task_clock", UNIT_SECONDS, 1,
				"perf_event_open task-clock, inherited, from the workload's exec" },
	[M_PERF_FAULTS] = { "perf_page_faults", UNIT_COUNT, 0,
			    "perf_event_open page-faults (minor + major)" },
	[M_PERF_MAJOR_FAULTS] = { "perf_major_faults", UNIT_COUNT, 1,
				  "perf_event_open major-faults" },
	[M_PERF_CS] = { "perf_context_switches", UNIT_COUNT, 0,
			"perf_event_open context-switches" },
	[M_PERF_MIGRATIONS] = { "perf_cpu_migrations", UNIT_COUNT, 0,
				"perf_event_open cpu-migrations" },
	[M_PERF_INSTRUCTIONS] = { "perf_instructions", UNIT_COUNT, 0,
				  "perf_event_open instructions (needs a PMU)" },
	[M_PERF_CYCLES] = { "perf_cycles", UNIT_COUNT, 1, "perf_event_open cycles (needs a PMU)" },
	[M_PERF_BRANCHES] = { "perf_branches", UNIT_COUNT, 0,
			      "perf_event_open branches (needs a PMU)" },
	[M_PERF_BRANCH_MISSES] = { "perf_branch_misses", UNIT_COUNT, 1,
				   "perf_event_open branch-misses (needs a PMU)" },
	[M_PERF_STALLED_FRONT] = { "perf_stalled_cycles_frontend", UNIT_COUNT, 1,
				   "perf_event_open stalled-cycles-frontend (needs a PMU)" },
	[M_PERF_STALLED_BACK] = { "perf_stalled_cycles_backend", UNIT_COUNT, 1,
				  "perf_event_open stalled-cycles-backend (needs a PMU)" },
	[M_READ_BW] = { "read_bw", UNIT_MIBPS, -1,
			"fio JSON read.bw_bytes of the measured job (io_bytes / its runtime), all "
			"its jobs" },
	[M_WRITE_BW] = { "write_bw", UNIT_MIBPS, -1,
			 "fio JSON write.bw_bytes of the measured job, all its jobs" },
	[M_IO_BW] = { "io_bw", UNIT_MIBPS, -1,
		      "read_bw + write_bw (either alone in a read or a write mode): what the "
		      "measured job moved, the bandwidth a block device is judged by" },
	[M_READ_IOPS] = { "read_iops", UNIT_IOPS, -1, "fio JSON read.iops" },
	[M_WRITE_IOPS] = { "write_iops", UNIT_IOPS, -1, "fio JSON write.iops" },
	[M_READ_CLAT_P50] = { "read_clat_p50", UNIT_MICROSECONDS, 1,
			      "fio JSON read.clat_ns.percentile 50 (fio's completion-latency "
			      "histogram)" },
	[M_READ_CLAT_P99] = { "read_clat_p99", UNIT_MICROSECONDS, 1,
			      "fio JSON read.clat_ns.percentile 99" },
	[M_READ_CLAT_P999] = { "read_clat_p999", UNIT_MICROSECONDS, 1,
			       "fio JSON read.clat_ns.percentile 99.9" },
	[M_WRITE_CLAT_P50] = { "write_clat_p50", UNIT_MICROSECONDS, 1,
			       "fio JSON write.clat_ns.percentile 50" },
	[M_WRITE_CLAT_P99] = { "write_clat_p99", UNIT_MICROSECONDS, 1,
			       "fio JSON write.clat_ns.percentile 99" },
	[M_WRITE_CLAT_P999] = { "write_clat_p999", UNIT_MICROSECONDS, 1,
				"fio JSON write.clat_ns.percentile 99.9" },
	[M_FIO_USR] = { "fio_usr_cpu", UNIT_PERCENT, 1,
			"fio JSON usr_cpu of the measured job (percent of its runtime)" },
	[M_FIO_SYS] = { "fio_sys_cpu", UNIT_PERCENT, 1,
			"fio JSON sys_cpu of the measured job (compression happens here)" },
	[M_FIO_RUNTIME] = { "fio_runtime", UNIT_SECONDS, 0,
			    "fio JSON read.runtime or write.runtime of the measured job, the "
			    "longer (ms, kept in s): its bandwidth's denominator" },
	[M_FS_READ_TIME] = { "fs_read_time", UNIT_SECONDS, 1,
			     "CLOCK_MONOTONIC from the release of the read-back command to its "
			     "exit, after sync and drop_caches" },
	[M_FS_FLUSH_TIME] = { "fs_flush_time", UNIT_SECONDS, 1,
			      "CLOCK_MONOTONIC around sync and drop_caches after the command: the "
			      "written data reaching the device (zram compresses it here)" },
	[M_FS_TOTAL_TIME] = { "fs_total_time", UNIT_SECONDS, 1,
			      "elapsed + fs_flush_time + fs_read_time: the filesystem's round "
			      "trip" },
	[M_THROUGHPUT] = { "throughput", UNIT_OPS_PER_S, -1,
			   "the load generator's operations per second over its measured run, as "
			   "it printed them (sysbench's transactions, redis-benchmark's requests, "
			   "pgbench's tps); a timed access (--access ...:Ns): the hogger's reads, "
			   "summed over its threads and jobs, / access_time; --workload "
			   "stress-ng: its bogo operations over its own wall clock "
			   "(bogo-ops-per-second-real-time)" },
	[M_REQUEST_AVG] = { "request_avg", UNIT_MICROSECONDS, 1,
			    "the load generator's mean latency per operation, as it printed it" },
	[M_REQUEST_P50] = { "request_p50", UNIT_MICROSECONDS, 1,
			    "the load generator's median latency per operation (sysbench: from "
			    "its histogram; redis-benchmark: the worst of its tests)" },
	[M_REQUEST_P95] = { "request_p95", UNIT_MICROSECONDS, 1, "the same: 95th percentile" },
	[M_REQUEST_P99] = { "request_p99", UNIT_MICROSECONDS, 1, "the same: 99th percentile" },
	[M_REQUEST_MAX] = { "request_max", UNIT_MICROSECONDS, 1,
			    "the load generator's slowest operation, as it printed it" },
	[M_SETTLED_MEM] = { "settled_memory", UNIT_BYTES, 1,
			    "--pressure-target: the cgroup's memory.current, median over the "
			    "second "
			    "half of the trial's seconds, while the controller moved memory.high" },
	[M_FINAL_HIGH] = { "final_memory_high", UNIT_BYTES, 0,
			   "--pressure-target: the memory.high the controller set last" },
	[M_REFERENCE_TIME] = { "reference_time", UNIT_SECONDS, 1,
			       "CLOCK_MONOTONIC around a fixed probe just before the trial, on the "
			       "workload's CPU: 8 MiB of pages first written, then a fixed integer "
			       "loop; the machine's speed as the trial met it" },
	[M_MTHP_8K_ANON_FAULT_ALLOC] = { "mthp_8k_anon_fault_alloc", UNIT_FOLIOS, 0,
					 "hugepages-8kB/stats/anon_fault_alloc, "
					 "its delta over the trial (system-wide): anonymous faults "
					 "given a folio of this size" },
	[M_MTHP_8K_ANON_FAULT_FALLBACK] = { "mthp_8k_anon_fault_fallback", UNIT_FOLIOS, 0,
					    "hugepages-8kB/stats/anon_fault_fallback, "
					    "its delta over the trial (system-wide): anonymous "
					    "faults that could not get one and tried a smaller "
					    "size" },
	[M_MTHP_8K_ANON_FAULT_FALLBACK_CHARGE] = { "mthp_8k_anon_fault_fallback_charge",
						   UNIT_FOLIOS, 0,
						   "hugepages-8kB/stats/"
						   "anon_fault_fallback_charge, "
						   "its delta over the trial (system-wide): the "
						   "same, where the memory cgroup refused the "
						   "charge" },
	[M_MTHP_8K_SWPOUT] = { "mthp_8k_swpout", UNIT_FOLIOS, 0,
			       "hugepages-8kB/stats/swpout, "
			       "its delta over the trial (system-wide): folios of this size "
			       "swapped out whole" },
	[M_MTHP_8K_SWPOUT_FALLBACK] = { "mthp_8k_swpout_fallback", UNIT_FOLIOS, 0,
					"hugepages-8kB/stats/swpout_fallback, "
					"its delta over the trial (system-wide): folios of this "
					"size split to be swapped out" },
	[M_MTHP_8K_ZSWPOUT] = { "mthp_8k_zswpout", UNIT_FOLIOS, 0,
				"hugepages-8kB/stats/zswpout, "
				"its delta over the trial (system-wide): folios of this size "
				"stored whole in the compressed swap cache (6.13+)" },
	[M_MTHP_8K_SWPIN] = { "mthp_8k_swpin", UNIT_FOLIOS, 0,
			      "hugepages-8kB/stats/swpin, "
			      "its delta over the trial (system-wide): folios of this size swapped "
			      "in whole" },
	[M_MTHP_8K_SWPIN_FALLBACK] = { "mthp_8k_swpin_fallback", UNIT_FOLIOS, 0,
				       "hugepages-8kB/stats/swpin_fallback, "
				       "its delta over the trial (system-wide): swap-ins that "
				       "could not get one and took a smaller size" },
	[M_MTHP_8K_SWPIN_FALLBACK_CHARGE] = { "mthp_8k_swpin_fallback_charge", UNIT_FOLIOS, 0,
					      "hugepages-8kB/stats/swpin_fallback_charge, "
					      "its delta over the trial (system-wide): the same, "
					      "where the memory cgroup refused the charge" },
	[M_MTHP_16K_ANON_FAULT_ALLOC] = { "mthp_16k_anon_fault_alloc", UNIT_FOLIOS, 0,
					  "hugepages-16kB/stats/anon_fault_alloc, "
					  "its delta over the trial (system-wide): anonymous "
					  "faults given a folio of this size" },
	[M_MTHP_16K_ANON_FAULT_FALLBACK] = { "mthp_16k_anon_fault_fallback", UNIT_FOLIOS, 0,
					     "hugepages-16kB/stats/anon_fault_fallback, "
					     "its delta over the trial (system-wide): anonymous "
					     "faults that could not get one and tried a smaller "
					     "size" },
	[M_MTHP_16K_ANON_FAULT_FALLBACK_CHARGE] = { "mthp_16k_anon_fault_fallback_charge",
						    UNIT_FOLIOS, 0,
						    "hugepages-16kB/stats/"
						    "anon_fault_fallback_charge, "
						    "its delta over the trial (system-wide): the "
						    "same, where the memory cgroup refused the "
						    "charge" },
	[M_MTHP_16K_SWPOUT] = { "mthp_16k_swpout", UNIT_FOLIOS, 0,
				"hugepages-16kB/stats/swpout, "
				"its delta over the trial (system-wide): folios of this size "
				"swapped out whole" },
	[M_MTHP_16K_SWPOUT_FALLBACK] = { "mthp_16k_swpout_fallback", UNIT_FOLIOS, 0,
					 "hugepages-16kB/stats/swpout_fallback, "
					 "its delta over the trial (system-wide): folios of this "
					 "size split to be swapped out" },
	[M_MTHP_16K_ZSWPOUT] = { "mthp_16k_zswpout", UNIT_FOLIOS, 0,
				 "hugepages-16kB/stats/zswpout, "
				 "its delta over the trial (system-wide): folios of this size "
				 "stored whole in the compressed swap cache (6.13+)" },
	[M_MTHP_16K_SWPIN] = { "mthp_16k_swpin", UNIT_FOLIOS, 0,
			       "hugepages-16kB/stats/swpin, "
			       "its delta over the trial (system-wide): folios of this size "
			       "swapped in whole" },
	[M_MTHP_16K_SWPIN_FALLBACK] = { "mthp_16k_swpin_fallback", UNIT_FOLIOS, 0,
					"hugepages-16kB/stats/swpin_fallback, "
					"its delta over the trial (system-wide): swap-ins that "
					"could not get one and took a smaller size" },
	[M_MTHP_16K_SWPIN_FALLBACK_CHARGE] = { "mthp_16k_swpin_fallback_charge", UNIT_FOLIOS, 0,
					       "hugepages-16kB/stats/swpin_fallback_charge, "
					       "its delta over the trial (system-wide): the same, "
					       "where the memory cgroup refused the charge" },
	[M_MTHP_32K_ANON_FAULT_ALLOC] = { "mthp_32k_anon_fault_alloc", UNIT_FOLIOS, 0,
					  "hugepages-32kB/stats/anon_fault_alloc, "
					  "its delta over the trial (system-wide): anonymous "
					  "faults given a folio of this size" },
	[M_MTHP_32K_ANON_FAULT_FALLBACK] = { "mthp_32k_anon_fault_fallback", UNIT_FOLIOS, 0,
					     "hugepages-32kB/stats/anon_fault_fallback, "
					     "its delta over the trial (system-wide): anonymous "
					     "faults that could not get one and tried a smaller "
					     "size" },
	[M_MTHP_32K_ANON_FAULT_FALLBACK_CHARGE] = { "mthp_32k_anon_fault_fallback_charge",
						    UNIT_FOLIOS, 0,
						    "hugepages-32kB/stats/"
						    "anon_fault_fallback_charge, "
						    "its delta over the trial (system-wide): the "
						    "same, where the memory cgroup refused the "
						    "charge" },
	[M_MTHP_32K_SWPOUT] = { "mthp_32k_swpout", UNIT_FOLIOS, 0,
				"hugepages-32kB/stats/swpout, "
				"its delta over the trial (system-wide): folios of this size "
				"swapped out whole" },
	[M_MTHP_32K_SWPOUT_FALLBACK] = { "mthp_32k_swpout_fallback", UNIT_FOLIOS, 0,
					 "hugepages-32kB/stats/swpout_fallback, "
					 "its delta over the trial (system-wide): folios of this "
					 "size split to be swapped out" },
	[M_MTHP_32K_ZSWPOUT] = { "mthp_32k_zswpout", UNIT_FOLIOS, 0,
				 "hugepages-32kB/stats/zswpout, "
				 "its delta over the trial (system-wide): folios of this size "
				 "stored whole in the compressed swap cache (6.13+)" },
	[M_MTHP_32K_SWPIN] = { "mthp_32k_swpin", UNIT_FOLIOS, 0,
			       "hugepages-32kB/stats/swpin, "
			       "its delta over the trial (system-wide): folios of this size "
			       "swapped in whole" },
	[M_MTHP_32K_SWPIN_FALLBACK] = { "mthp_32k_swpin_fallback", UNIT_FOLIOS, 0,
					"hugepages-32kB/stats/swpin_fallback, "
					"its delta over the trial (system-wide): swap-ins that "
					"could not get one and took a smaller size" },
	[M_MTHP_32K_SWPIN_FALLBACK_CHARGE] = { "mthp_32k_swpin_fallback_charge", UNIT_FOLIOS, 0,
					       "hugepages-32kB/stats/swpin_fallback_charge, "
					       "its delta over the trial (system-wide): the same, "
					       "where the memory cgroup refused the charge" },
	[M_MTHP_64K_ANON_FAULT_ALLOC] = { "mthp_64k_anon_fault_alloc", UNIT_FOLIOS, 0,
					  "hugepages-64kB/stats/anon_fault_alloc, "
					  "its delta over the trial (system-wide): anonymous "
					  "faults given a folio of this size" },
	[M_MTHP_64K_ANON_FAULT_FALLBACK] = { "mthp_64k_anon_fault_fallback", UNIT_FOLIOS, 0,
					     "hugepages-64kB/stats/anon_fault_fallback, "
					     "its delta over the trial (system-wide): anonymous "
					     "faults that could not get one and tried a smaller "
					     "size" },
	[M_MTHP_64K_ANON_FAULT_FALLBACK_CHARGE] = { "mthp_64k_anon_fault_fallback_charge",
						    UNIT_FOLIOS, 0,
						    "hugepages-64kB/stats/"
						    "anon_fault_fallback_charge, "
						    "its delta over the trial (system-wide): the "
						    "same, where the memory cgroup refused the "
						    "charge" },
	[M_MTHP_64K_SWPOUT] = { "mthp_64k_swpout", UNIT_FOLIOS, 0,
				"hugepages-64kB/stats/swpout, "
				"its delta over the trial (system-wide): folios of this size "
				"swapped out whole" },
	[M_MTHP_64K_SWPOUT_FALLBACK] = { "mthp_64k_swpout_fallback", UNIT_FOLIOS, 0,
					 "hugepages-64kB/stats/swpout_fallback, "
					 "its delta over the trial (system-wide): folios of this "
					 "size split to be swapped out" },
	[M_MTHP_64K_ZSWPOUT] = { "mthp_64k_zswpout", UNIT_FOLIOS, 0,
				 "hugepages-64kB/stats/zswpout, "
				 "its delta over the trial (system-wide): folios of this size "
				 "stored whole in the compressed swap cache (6.13+)" },
	[M_MTHP_64K_SWPIN] = { "mthp_64k_swpin", UNIT_FOLIOS, 0,
			       "hugepages-64kB/stats/swpin, "
			       "its delta over the trial (system-wide): folios of this size "
			       "swapped in whole" },
	[M_MTHP_64K_SWPIN_FALLBACK] = { "mthp_64k_swpin_fallback", UNIT_FOLIOS, 0,
					"hugepages-64kB/stats/swpin_fallback, "
					"its delta over the trial (system-wide): swap-ins that "
					"could not get one and took a smaller size" },
	[M_MTHP_64K_SWPIN_FALLBACK_CHARGE] = { "mthp_64k_swpin_fallback_charge", UNIT_FOLIOS, 0,
					       "hugepages-64kB/stats/swpin_fallback_charge, "
					       "its delta over the trial (system-wide): the same, "
					       "where the memory cgroup refused the charge" },
	[M_MTHP_128K_ANON_FAULT_ALLOC] = { "mthp_128k_anon_fault_alloc", UNIT_FOLIOS, 0,
					   "hugepages-128kB/stats/anon_fault_alloc, "
					   "its delta over the trial (system-wide): anonymous "
					   "faults given a folio of this size" },
	[M_MTHP_128K_ANON_FAULT_FALLBACK] = { "mthp_128k_anon_fault_fallback", UNIT_FOLIOS, 0,
					      "hugepages-128kB/stats/anon_fault_fallback, "
					      "its delta over the trial (system-wide): anonymous "
					      "faults that could not get one and tried a smaller "
					      "size" },
	[M_MTHP_128K_ANON_FAULT_FALLBACK_CHARGE] = { "mthp_128k_anon_fault_fallback_charge",
						     UNIT_FOLIOS, 0,
						     "hugepages-128kB/stats/"
						     "anon_fault_fallback_charge, "
						     "its delta over the trial (system-wide): the "
						     "same, where the memory cgroup refused the "
						     "charge" },
	[M_MTHP_128K_SWPOUT] = { "mthp_128k_swpout", UNIT_FOLIOS, 0,
				 "hugepages-128kB/stats/swpout, "
				 "its delta over the trial (system-wide): folios of this size "
				 "swapped out whole" },
	[M_MTHP_128K_SWPOUT_FALLBACK] = { "mthp_128k_swpout_fallback", UNIT_FOLIOS, 0,
					  "hugepages-128kB/stats/swpout_fallback, "
					  "its delta over the trial (system-wide): folios of this "
					  "size split to be swapped out" },
	[M_MTHP_128K_ZSWPOUT] = { "mthp_128k_zswpout", UNIT_FOLIOS, 0,
				  "hugepages-128kB/stats/zswpout, "
				  "its delta over the trial (system-wide): folios of this size "
				  "stored whole in the compressed swap cache (6.13+)" },
	[M_MTHP_128K_SWPIN] = { "mthp_128k_swpin", UNIT_FOLIOS, 0,
				"hugepages-128kB/stats/swpin, "
				"its delta over the trial (system-wide): folios of this size "
				"swapped in whole" },
	[M_MTHP_128K_SWPIN_FALLBACK] = { "mthp_128k_swpin_fallback", UNIT_FOLIOS, 0,
					 "hugepages-128kB/stats/swpin_fallback, "
					 "its delta over the trial (system-wide): swap-ins that "
					 "could not get one and took a smaller size" },
	[M_MTHP_128K_SWPIN_FALLBACK_CHARGE] = { "mthp_128k_swpin_fallback_charge", UNIT_FOLIOS, 0,
						"hugepages-128kB/stats/swpin_fallback_charge, "
						"its delta over the trial (system-wide): the same, "
						"where the memory cgroup refused the charge" },
	[M_MTHP_256K_ANON_FAULT_ALLOC] = { "mthp_256k_anon_fault_alloc", UNIT_FOLIOS, 0,
					   "hugepages-256kB/stats/anon_fault_alloc, "
					   "its delta over the trial (system-wide): anonymous "
					   "faults given a folio of this size" },
	[M_MTHP_256K_ANON_FAULT_FALLBACK] = { "mthp_256k_anon_fault_fallback", UNIT_FOLIOS, 0,
					      "hugepages-256kB/stats/anon_fault_fallback, "
					      "its delta over the trial (system-wide): anonymous "
					      "faults that could not get one and tried a smaller "
					      "size" },
	[M_MTHP_256K_ANON_FAULT_FALLBACK_CHARGE] = { "mthp_256k_anon_fault_fallback_charge",
						     UNIT_FOLIOS, 0,
						     "hugepages-256kB/stats/"
						     "anon_fault_fallback_charge, "
						     "its delta over the trial (system-wide): the "
						     "same, where the memory cgroup refused the "
						     "charge" },
	[M_MTHP_256K_SWPOUT] = { "mthp_256k_swpout", UNIT_FOLIOS, 0,
				 "hugepages-256kB/stats/swpout, "
				 "its delta over the trial (system-wide): folios of this size "
				 "swapped out whole" },
	[M_MTHP_256K_SWPOUT_FALLBACK] = { "mthp_256k_swpout_fallback", UNIT_FOLIOS, 0,
					  "hugepages-256kB/stats/swpout_fallback, "
					  "its delta over the trial (system-wide): folios of this "
					  "size split to be swapped out" },
	[M_MTHP_256K_ZSWPOUT] = { "mthp_256k_zswpout", UNIT_FOLIOS, 0,
				  "hugepages-256kB/stats/zswpout, "
				  "its delta over the trial (system-wide): folios of this size "
				  "stored whole in the compressed swap cache (6.13+)" },
	[M_MTHP_256K_SWPIN] = { "mthp_256k_swpin", UNIT_FOLIOS, 0,
				"hugepages-256kB/stats/swpin, "
				"its delta over the trial (system-wide): folios of this size "
				"swapped in whole" },
	[M_MTHP_256K_SWPIN_FALLBACK] = { "mthp_256k_swpin_fallback", UNIT_FOLIOS, 0,
					 "hugepages-256kB/stats/swpin_fallback, "
					 "its delta over the trial (system-wide): swap-ins that "
					 "could not get one and took a smaller size" },
	[M_MTHP_256K_SWPIN_FALLBACK_CHARGE] = { "mthp_256k_swpin_fallback_charge", UNIT_FOLIOS, 0,
						"hugepages-256kB/stats/swpin_fallback_charge, "
						"its delta over the trial (system-wide): the same, "
						"where the memory cgroup refused the charge" },
	[M_MTHP_512K_ANON_FAULT_ALLOC] = { "mthp_512k_anon_fault_alloc", UNIT_FOLIOS, 0,
					   "hugepages-512kB/stats/anon_fault_alloc, "
					   "its delta over the trial (system-wide): anonymous "
					   "faults given a folio of this size" },
	[M_MTHP_512K_ANON_FAULT_FALLBACK] = { "mthp_512k_anon_fault_fallback", UNIT_FOLIOS, 0,
					      "hugepages-512kB/stats/anon_fault_fallback, "
					      "its delta over the trial (system-wide): anonymous "
					      "faults that could not get one and tried a smaller "
					      "size" },
	[M_MTHP_512K_ANON_FAULT_FALLBACK_CHARGE] = { "mthp_512k_anon_fault_fallback_charge",
						     UNIT_FOLIOS, 0,
						     "hugepages-512kB/stats/"
						     "anon_fault_fallback_charge, "
						     "its delta over the trial (system-wide): the "
						     "same, where the memory cgroup refused the "
						     "charge" },
	[M_MTHP_512K_SWPOUT] = { "mthp_512k_swpout", UNIT_FOLIOS, 0,
				 "hugepages-512kB/stats/swpout, "
				 "its delta over the trial (system-wide): folios of this size "
				 "swapped out whole" },
	[M_MTHP_512K_SWPOUT_FALLBACK] = { "mthp_512k_swpout_fallback", UNIT_FOLIOS, 0,
					  "hugepages-512kB/stats/swpout_fallback, "
					  "its delta over the trial (system-wide): folios of this "
					  "size split to be swapped out" },
	[M_MTHP_512K_ZSWPOUT] = { "mthp_512k_zswpout", UNIT_FOLIOS, 0,
				  "hugepages-512kB/stats/zswpout, "
				  "its delta over the trial (system-wide): folios of this size "
				  "stored whole in the compressed swap cache (6.13+)" },
	[M_MTHP_512K_SWPIN] = { "mthp_512k_swpin", UNIT_FOLIOS, 0,
				"hugepages-512kB/stats/swpin, "
				"its delta over the trial (system-wide): folios of this size "
				"swapped in whole" },
	[M_MTHP_512K_SWPIN_FALLBACK] = { "mthp_512k_swpin_fallback", UNIT_FOLIOS, 0,
					 "hugepages-512kB/stats/swpin_fallback, "
					 "its delta over the trial (system-wide): swap-ins that "
					 "could not get one and took a smaller size" },
	[M_MTHP_512K_SWPIN_FALLBACK_CHARGE] = { "mthp_512k_swpin_fallback_charge", UNIT_FOLIOS, 0,
						"hugepages-512kB/stats/swpin_fallback_charge, "
						"its delta over the trial (system-wide): the same, "
						"where the memory cgroup refused the charge" },
	[M_MTHP_1024K_ANON_FAULT_ALLOC] = { "mthp_1024k_anon_fault_alloc", UNIT_FOLIOS, 0,
					    "hugepages-1024kB/stats/anon_fault_alloc, "
					    "its delta over the trial (system-wide): anonymous "
					    "faults given a folio of this size" },
	[M_MTHP_1024K_ANON_FAULT_FALLBACK] = { "mthp_1024k_anon_fault_fallback", UNIT_FOLIOS, 0,
					       "hugepages-1024kB/stats/anon_fault_fallback, "
					       "its delta over the trial (system-wide): anonymous "
					       "faults that could not get one and tried a smaller "
					       "size" },
	[M_MTHP_1024K_ANON_FAULT_FALLBACK_CHARGE] = { "mthp_1024k_anon_fault_fallback_charge",
						      UNIT_FOLIOS, 0,
						      "hugepages-1024kB/stats/"
						      "anon_fault_fallback_charge, "
						      "its delta over the trial (system-wide): the "
						      "same, where the memory cgroup refused the "
						      "charge" },
	[M_MTHP_1024K_SWPOUT] = { "mthp_1024k_swpout", UNIT_FOLIOS, 0,
				  "hugepages-1024kB/stats/swpout, "
				  "its delta over the trial (system-wide): folios of this size "
				  "swapped out whole" },
	[M_MTHP_1024K_SWPOUT_FALLBACK] = { "mthp_1024k_swpout_fallback", UNIT_FOLIOS, 0,
					   "hugepages-1024kB/stats/swpout_fallback, "
					   "its delta over the trial (system-wide): folios of this "
					   "size split to be swapped out" },
	[M_MTHP_1024K_ZSWPOUT] = { "mthp_1024k_zswpout", UNIT_FOLIOS, 0,
				   "hugepages-1024kB/stats/zswpout, "
				   "its delta over the trial (system-wide): folios of this size "
				   "stored whole in the compressed swap cache (6.13+)" },
	[M_MTHP_1024K_SWPIN] = { "mthp_1024k_swpin", UNIT_FOLIOS, 0,
				 "hugepages-1024kB/stats/swpin, "
				 "its delta over the trial (system-wide): folios of this size "
				 "swapped in whole" },
	[M_MTHP_1024K_SWPIN_FALLBACK] = { "mthp_1024k_swpin_fallback", UNIT_FOLIOS, 0,
					  "hugepages-1024kB/stats/swpin_fallback, "
					  "its delta over the trial (system-wide): swap-ins that "
					  "could not get one and took a smaller size" },
	[M_MTHP_1024K_SWPIN_FALLBACK_CHARGE] = { "mthp_1024k_swpin_fallback_charge", UNIT_FOLIOS, 0,
						 "hugepages-1024kB/stats/swpin_fallback_charge, "
						 "its delta over the trial (system-wide): the "
						 "same, where the memory cgroup refused the "
						 "charge" },
	[M_MTHP_2048K_ANON_FAULT_ALLOC] = { "mthp_2048k_anon_fault_alloc", UNIT_FOLIOS, 0,
					    "hugepages-2048kB/stats/anon_fault_alloc, "
					    "its delta over the trial (system-wide): anonymous "
					    "faults given a folio of this size" },
	[M_MTHP_2048K_ANON_FAULT_FALLBACK] = { "mthp_2048k_anon_fault_fallback", UNIT_FOLIOS, 0,
					       "hugepages-2048kB/stats/anon_fault_fallback, "
					       "its delta over the trial (system-wide): anonymous "
					       "faults that could not get one and tried a smaller "
					       "size" },
	[M_MTHP_2048K_ANON_FAULT_FALLBACK_CHARGE] = { "mthp_2048k_anon_fault_fallback_charge",
						      UNIT_FOLIOS, 0,
						      "hugepages-2048kB/stats/"
						      "anon_fault_fallback_charge, "
						      "its delta over the trial (system-wide): the "
						      "same, where the memory cgroup refused the "
						      "charge" },
	[M_MTHP_2048K_SWPOUT] = { "mthp_2048k_swpout", UNIT_FOLIOS, 0,
				  "hugepages-2048kB/stats/swpout, "
				  "its delta over the trial (system-wide): folios of this size "
				  "swapped out whole" },
	[M_MTHP_2048K_SWPOUT_FALLBACK] = { "mthp_2048k_swpout_fallback", UNIT_FOLIOS, 0,
					   "hugepages-2048kB/stats/swpout_fallback, "
					   "its delta over the trial (system-wide): folios of this "
					   "size split to be swapped out" },
	[M_MTHP_2048K_ZSWPOUT] = { "mthp_2048k_zswpout", UNIT_FOLIOS, 0,
				   "hugepages-2048kB/stats/zswpout, "
				   "its delta over the trial (system-wide): folios of this size "
				   "stored whole in the compressed swap cache (6.13+)" },
	[M_MTHP_2048K_SWPIN] = { "mthp_2048k_swpin", UNIT_FOLIOS, 0,
				 "hugepages-2048kB/stats/swpin, "
				 "its delta over the trial (system-wide): folios of this size "
				 "swapped in whole" },
	[M_MTHP_2048K_SWPIN_FALLBACK] = { "mthp_2048k_swpin_fallback", UNIT_FOLIOS, 0,
					  "hugepages-2048kB/stats/swpin_fallback, "
					  "its delta over the trial (system-wide): swap-ins that "
					  "could not get one and took a smaller size" },
	[M_MTHP_2048K_SWPIN_FALLBACK_CHARGE] = { "mthp_2048k_swpin_fallback_charge", UNIT_FOLIOS, 0,
						 "hugepages-2048kB/stats/swpin_fallback_charge, "
						 "its delta over the trial (system-wide): the "
						 "same, where the memory cgroup refused the "
						 "charge" },
};

const char *metric_unit_name(enum metric_unit unit)
{
	static const char *const names[] = {
		[UNIT_SECONDS] = "s",	  [UNIT_BYTES] = "MiB",	      [UNIT_PAGES] = "pages",
		[UNIT_COUNT] = "",	  [UNIT_RATIO] = "x",	      [UNIT_MIBPS] = "MiB/s",
		[UNIT_PER_MIB] = "/MiB",  [UNIT_MICROSECONDS] = "us", [UNIT_PERCENT] = "%",
		[UNIT_IOPS] = "IOPS",	  [UNIT_OPS_PER_S] = "ops/s", [UNIT_S_PER_GIB] = "s/GiB",
		[UNIT_FOLIOS] = "folios",
	};
	return names[unit];
}

double metric_display(enum metric_id id, double value)
{
	return metrics[id].unit == UNIT_BYTES ? value / MIB_BYTES : value;
}

int metric_find(const char *key)
{
	for (int m = 0; key && m < M_COUNT; m++)
		if (strcmp(metrics[m].key, key) == 0)
			return m;
	return -1;
}
