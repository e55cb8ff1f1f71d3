/*
 * The reference probe: before each trial, a fixed piece of CPU and page-fault work on the
 * workload's CPU, timed. The machine under a benchmark drifts (the host, other tenants, the
 * clock): two runs minutes apart can differ by a quarter in CPU time as well as elapsed. The
 * probe's time, kept per trial, tells a reader whether two runs met the same machine.
 */
#ifndef ZSB_PROBE_H
#define ZSB_PROBE_H
#include <sched.h>

/* Seconds the probe took in a child pinned to cpus (NULL: where it lands), or a negative
 * -errno when it could not run. */
double probe_reference(const cpu_set_t *cpus);

#endif
