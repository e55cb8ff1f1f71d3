/*
 * The hogger reports to the runner over a socketpair on fd 3, one text line per event, times
 * in CLOCK_MONOTONIC nanoseconds so both processes share one clock:
 *   start <ns>                 about to allocate
 *   progress <bytes> <ns>      after each chunk is written (the fill curve)
 *   filled <bytes> <ns>        all memory written; now waits for "go"
 *   reread <pass> <ns>         one read-back pass finished
 *   done <ns>                  about to exit
 *   error <errno>              could not allocate
 * The runner answers "filled" with "go" once it has read the counters that vanish when the
 * hogger's memory is freed (zram mm_stat, cgroup swap).
 */
#ifndef ZSB_PROTO_H
#define ZSB_PROTO_H

#define PROTO_FD 3
#define PROTO_GO "go\n"
#define PROTO_LINE_MAX 128

#endif
