/*
 * The reference probe: before each trial, a fixed piece of CPU and page-fault work on the
 * workload's CPU, timed. The machine under a benchmark drifts (the host, other tenants, the
 * clock): two runs minutes apart can differ by a quarter in CPU time as well as elapsed. The
 * probe's time, kept per trial, tells a reader whether two runs met the same machine.
 */
#ifndef ZSB_PROBE_H
#define ZSB_PROBE_H
#include <sched.h>

#include <sys/types.h>

/* A probe started and not yet waited for: its child and the pipe it reports on. */
struct probe {
	pid_t pid; /* -1: none started */
	int fd;
	int err; /* why it could not start: -errno */
};

/* Starts the probe in a child pinned to cpus (NULL: where it lands); the caller may go on with
 * work of its own on other CPUs until probe_finish. */
void probe_start(struct probe *p, const cpu_set_t *cpus);
/* Seconds the started probe took, or a negative -errno when it could not run; the child
 * reaped. */
double probe_finish(struct probe *p);
/* The two in one: the probe alone. */
double probe_reference(const cpu_set_t *cpus);

#endif
