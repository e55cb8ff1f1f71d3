/*
 * A service: the workload is a server in the trial's cgroup, and what a trial measures is the
 * work it does for a load generator outside the cgroup. Once the server is released: its
 * readiness check until it passes, the warm-up, then the measured load, whose output is read
 * into throughput and latency; then the server is asked to stop (SIGTERM) and reaped, so its
 * memory is released before the journal undoes the trial.
 */
#ifndef ZSB_SERVICE_H
#define ZSB_SERVICE_H
#include <stdint.h>

#include "runner/loadgen/loadgen.h"
#include "runner/result/results.h"
#include "runner/trial/workload.h"

struct service_spec {
	char *const *ready; /* NULL: ready once started */
	char *const *warmup; /* NULL: none */
	char *const *load;
	enum load_format format;
	uint64_t ready_timeout_ms;
};

struct service_outcome {
	int ready;
	int stopped; /* the server lived until it was asked to stop */
	int server_died; /* it exited on its own: died, or was OOM-killed */
	const char *phase; /* where the trial was when it ended: "start", "warm-up", "load" */
	uint64_t load_ns; /* the measured load, from its release to its exit */
	struct load_result parsed;
	int parsed_ok;
	char note[256]; /* why the trial failed, where the service says so */
};

/* What the trial gives the service: its commands, the server's spec (whose user and work
 * directory the helpers share), how often to sample, and the trial's --timeout. */
struct service_ctx {
	const struct service_spec *spec;
	const struct workload_spec *server;
	unsigned sample_ms;
	uint64_t timeout_ms;
};

/* After the server's release: ready, warm-up, load, stop. hooks' tick keeps sampling the
 * trial as it would for any workload. 0 when the trial ran (whatever it found: o says),
 * -EINTR on a stop signal, -errno when a process could not be started. */
int service_drive(const struct service_ctx *s, struct workload *server,
		  const struct workload_hooks *hooks, struct service_outcome *o);
/* After trial_record: elapsed is the measured load's, the load's numbers become metrics, and
 * a server that was not ready, died, or did not stop fails the trial with its reason. */
void service_record(struct trial *t, const struct workload *server,
		    const struct service_outcome *o);

#endif
