/*
 * The processes of one trial: N hogger jobs, or N copies of any command. Each is forked,
 * held at a gate until the runner has moved it into the cgroup, then all are released at
 * once (a barrier). They share a process group so a signal reaches all of them, and a pidfd
 * each so one poll() sees reports, exits and sampling ticks alike. Under --user each job leads
 * a session of its own instead (no controlling terminal, so no terminal of root's to type
 * into), which no other job can join: a signal goes to each job's group.
 */
#ifndef ZSB_WORKLOAD_H
#define ZSB_WORKLOAD_H
#include <sched.h>
#include <stdint.h>
#include <sys/resource.h>
#include <sys/types.h>

#include "runner/kernel/cgroup.h"
#include "runner/kernel/run_as.h"
#include "runner/trial/hogger_events.h"
#include "runner/trial/tabs.h"

/* What a command said is kept in the result file: its tail, where errors are. */
#define WORKLOAD_OUTPUT_MAX 8192

struct job {
	pid_t pid;
	int pidfd;
	int fd; /* report socket; -1 for a command */
	int gate; /* our end of the gate, for a command (its fd 3 is not ours) */
	struct hogger_events ev;
	int eof, reaped, status;
	int timed_out;
	struct rusage ru;
	uint64_t exit_ns;
	int out; /* a command's stdout and stderr, read by the runner; -1: none */
	/* what it wrote, the last WORKLOAD_OUTPUT_MAX - 1 bytes */
	char output[WORKLOAD_OUTPUT_MAX];
	size_t output_len;
	int output_cut; /* more came before what output holds */
	int cpu; /* where it last ran; -1: unknown */
	int64_t migrations; /* moves between CPUs; -1: the kernel does not say */
	int born_inside; /* created in the trial's cgroup (clone3): nothing to attach */
};

struct workload_spec {
	char *const *argv; /* the hogger (path in argv[0]) or the command (PATH lookup) */
	int command;
	unsigned jobs;
	const struct run_as *user; /* --user; NULL: root */
	const cpu_set_t *cpus; /* pin the jobs here (one CPU each if single-threaded); NULL: not */
	unsigned threads; /* threads per job */
	const char *workdir; /* the command's working directory; NULL: the runner's */
	unsigned tab_cycles; /* tabs: pokes after the fill, one job at a time; 0: not tabs */
	int tab_recent; /* tabs: favour the recently poked */
	uint64_t tab_seed;
};

struct workload {
	const struct workload_spec *spec;
	struct job *jobs;
	unsigned n;
	pid_t pgid; /* the jobs' group; under --user, the first job's: each job leads a session */
	int sessions; /* --user: each job in a session of its own, a signal passed to each */
	int forwarded; /* the signal that stops the run, passed to the jobs' sessions */
	struct run_as_env env; /* --user: what the jobs' environment is */
	uint64_t release_ns;
	int sent_go;
	struct tabs tabs; /* tabs: which job is poked next */
	int poking; /* the job poked and not answered yet; -1: none */
	int tabs_done; /* "end" sent */
};

/* Called from workload_follow. */
struct workload_hooks {
	void *arg;
	/* every wake-up, at most every sample_ms */
	void (*tick)(void *arg);
	/* a job wrote more: total bytes over all jobs */
	void (*progress)(void *arg, uint64_t total_bytes, uint64_t ns);
	/* every living job is filled: read what vanishes when they exit; "go" follows */
	void (*filled)(void *arg);
};

/* cgroup_fd: a cgroup v2 directory to create the jobs in (CLONE_INTO_CGROUP), or -1; a kernel
 * that refuses it gets a plain fork, and workload_attach moves those jobs. */
int workload_spawn(struct workload *w, const struct workload_spec *spec, int cgroup_fd);
int workload_attach(struct workload *w, struct bench_cgroup *cg);
/* Opens every gate at once; the barrier's time is release_ns. */
int workload_release(struct workload *w);
/* Until every job has exited and been reaped (rusage in each job); after timeout_ms (0: never)
 * the jobs still running are killed and marked timed_out. */
int workload_follow(struct workload *w, unsigned sample_ms, uint64_t timeout_ms,
		    const struct workload_hooks *hooks);
/* Reads reports until every job is filled (or gone), then sends "go"; for a workload that
 * lives beside the trials (--background). -ETIMEDOUT after timeout_ms. */
int workload_wait_filled(struct workload *w, int timeout_ms);
/* What a command wrote so far, read without waiting: a server that writes its log while the
 * runner follows another workload must not block on a full pipe. */
void workload_drain(struct workload *w);
/* Whether a job has exited (reaped or not): a server that died while its load ran. */
int workload_gone(const struct workload *w);
/* Sends sig to each job still running, then follows them: a job alive after grace_ms is
 * killed and marked timed_out. Every job is reaped on return (its rusage in it). */
int workload_stop(struct workload *w, int sig, unsigned grace_ms);
/* A stop signal goes to this workload's group again (another workload spawned since took it). */
void workload_signals_to(const struct workload *w);
/* Kills and reaps whatever is still running, closes everything. */
void workload_destroy(struct workload *w);

#endif
