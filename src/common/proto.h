/*
 * The hogger reports to the runner over a socketpair on fd 3, one text line per event, times
 * in CLOCK_MONOTONIC nanoseconds so both processes share one clock, fault counts from the
 * hogger's own getrusage() ru_majflt:
 *   start <ns>                        about to allocate
 *   progress <bytes> <ns>             after each chunk is written (the fill curve)
 *   error <errno>                     could not allocate; the hogger exits
 *   filled <bytes> <ns> <majflt>      all memory written; now waits for "go"
 *   pass <n> <ns>                     access pass n finished (--access with passes)
 *   accessed <ns> <majflt>            the access phase is over (not sent for --access fill)
 *   done <ns>                         about to exit (after --hold and --verify)
 * The runner answers "filled" with "go" once it has read the counters that vanish when the
 * hogger's memory is freed (zram mm_stat, cgroup swap). Before the first report the runner
 * writes one byte on the same socket: the gate that releases every job at once.
 */
#ifndef ZSB_PROTO_H
#define ZSB_PROTO_H

#define PROTO_FD 3
#define PROTO_GO "go\n"
#define PROTO_LINE_MAX 128

#endif
