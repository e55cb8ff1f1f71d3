/*
 * The hogger reports to the runner over a socketpair on fd 3, one text line per event, times
 * in CLOCK_MONOTONIC nanoseconds so both processes share one clock, fault counts from the
 * hogger's own getrusage() ru_majflt:
 *   start <ns>                        about to allocate
 *   progress <bytes> <ns>             after each chunk is written (the fill curve)
 *   error <errno>                     could not allocate; the hogger exits
 *   filled <bytes> <ns> <majflt>      all memory written; now waits for "go"
 *   pass <n> <ns>                     access pass n finished (--access with passes)
 *   worked <reads>                    a timed access (Ns): the reads all threads made, before
 *                                     "accessed"
 *   accessed <ns> <majflt>            the access phase is over (not sent for --access fill)
 *   done <ns>                         about to exit (after --hold and --verify)
 *   hist <phase> <lower> <count>      one non-empty bucket of a latency histogram (before
 *                                     "filled" for phase fill, before "accessed" for access)
 *   histend <phase> <total> <sum> <min> <max> <overflow>
 *                                     the histogram's exact values, after its buckets
 *   poked <ns> <majflt>               tabs: a poke took ns, with majflt major faults
 * The runner answers "filled" with "go" once it has read the counters that vanish when the
 * hogger's memory is freed (zram mm_stat, cgroup swap). Before the first report the runner
 * writes one byte on the same socket: the gate that releases every job at once. In tabs mode
 * the runner then writes "poke" to one tab at a time, and "end" to all of them.
 */
#ifndef ZSB_PROTO_H
#define ZSB_PROTO_H

/* The phases whose latencies the hogger sends: each chunk of the fill, each access (or poke). */
enum lat_phase {
	LAT_FILL,
	LAT_ACCESS,
	LAT_COUNT
};

#define PROTO_FD 3
#define PROTO_GO "go\n"
#define PROTO_LINE_MAX 128

#endif
