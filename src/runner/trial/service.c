#include "runner/trial/service.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

#include "common/clock.h"
#include "runner/base/lines.h"
#include "runner/kernel/signals.h"

#define READY_POLL_MS 100
/* Databases flush and close their files on SIGTERM; a server still alive after this is
 * killed, and the trial fails for it. */
#define STOP_GRACE_MS 30000

/* One run of a helper command outside the cgroup (the readiness check, the warm-up, the
 * load), as the runner's CPUs allow: placement moved the runner off the server's. */
struct outside {
	int status, timed_out;
	uint64_t ns;
	char last[160]; /* its last line, for a message */
	char output[WORKLOAD_OUTPUT_MAX];
	size_t output_len;
};

/* While a helper runs: the server's log drained (a full pipe would stop it), the trial
 * sampled, and the helper killed at once when the server dies under it. */
struct follow_ctx {
	struct workload *server, *helper;
	const struct workload_hooks *trial_hooks;
	struct service_outcome *o;
};

static void tick(void *arg)
{
	struct follow_ctx *f = arg;

	workload_drain(f->server);
	if (!f->o->server_died && workload_gone(f->server)) {
		f->o->server_died = 1;
		for (unsigned i = 0; i < f->helper->n; i++)
			if (!f->helper->jobs[i].reaped)
				kill(f->helper->jobs[i].pid, SIGKILL);
	}
	if (f->trial_hooks && f->trial_hooks->tick)
		f->trial_hooks->tick(f->trial_hooks->arg);
}

static void keep(const struct job *j, struct outside *out)
{
	size_t n;
	const char *from = last_lines(j->output, j->output_len, 1, &n);

	out->status = j->status;
	out->timed_out = j->timed_out;
	snprintf(out->last, sizeof(out->last), "%.*s", (int)n, from);
	memcpy(out->output, j->output, j->output_len);
	out->output_len = j->output_len;
}

static int run_outside(const struct service_ctx *s, struct workload *server, char *const *argv,
		       uint64_t timeout_ms, const struct workload_hooks *trial_hooks,
		       struct service_outcome *o, struct outside *out)
{
	struct workload_spec spec = { .argv = argv,
				      .command = 1,
				      .jobs = 1,
				      .user = s->server->user,
				      .workdir = s->server->workdir };
	struct workload helper = { 0 };
	struct follow_ctx f = { server, &helper, trial_hooks, o };
	struct workload_hooks hooks = { .arg = &f, .tick = tick };
	unsigned sample_ms = s->sample_ms ? s->sample_ms : READY_POLL_MS;
	int ret = workload_spawn(&helper, &spec, -1);

	if (!ret)
		ret = workload_release(&helper);
	if (!ret)
		ret = workload_follow(&helper, sample_ms, timeout_ms, &hooks);
	if (!ret) {
		keep(&helper.jobs[0], out);
		out->ns = helper.jobs[0].exit_ns - helper.release_ns;
	}
	workload_destroy(&helper);
	workload_signals_to(server);
	return ret;
}

static int exited_0(const struct outside *out)
{
	return !out->timed_out && WIFEXITED(out->status) && WEXITSTATUS(out->status) == 0;
}

static void say_failed(struct service_outcome *o, const char *what, const struct outside *out)
{
	if (out->timed_out)
		snprintf(o->note, sizeof(o->note), "the %s was killed after the --timeout", what);
	else if (WIFSIGNALED(out->status))
		snprintf(o->note, sizeof(o->note), "the %s was killed by signal %d", what,
			 WTERMSIG(out->status));
	else
		snprintf(o->note, sizeof(o->note), "the %s exited with status %d%s%.160s", what,
			 WEXITSTATUS(out->status), out->last[0] ? ": " : "", out->last);
}

static void pause_ms(unsigned ms)
{
	struct timespec ts = { .tv_sec = ms / 1000, .tv_nsec = (long)(ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

/* The readiness check, every READY_POLL_MS, until it exits 0, the server dies, or the time
 * runs out. */
static int wait_ready(const struct service_ctx *s, struct workload *server,
		      const struct workload_hooks *hooks, struct service_outcome *o)
{
	const struct service_spec *sv = s->spec;
	uint64_t deadline = clock_now_ns() + sv->ready_timeout_ms * 1000000ULL;
	struct outside out = { 0 };
	int ret;

	o->phase = "start";
	for (;;) {
		workload_drain(server);
		if (workload_gone(server)) {
			o->server_died = 1;
			return 0;
		}
		if (!sv->ready) {
			o->ready = 1;
			return 0;
		}
		ret = run_outside(s, server, sv->ready, sv->ready_timeout_ms, hooks, o, &out);
		if (ret)
			return ret;
		if (signals_pending())
			return -EINTR;
		if (exited_0(&out) && !o->server_died) {
			o->ready = 1;
			return 0;
		}
		if (o->server_died || clock_now_ns() > deadline)
			break;
		pause_ms(READY_POLL_MS);
	}
	if (!o->server_died)
		snprintf(o->note, sizeof(o->note),
			 "the server was not ready within --ready-timeout (%llu s)%s%.160s",
			 (unsigned long long)(sv->ready_timeout_ms / 1000),
			 out.last[0] ? ": the check said: " : "", out.last);
	return 0;
}

/* A load that failed because its server died under it (a reset connection) is the server's
 * death, whichever the runner saw first. */
static int died_under(const struct workload *server, const struct outside *out,
		      struct service_outcome *o)
{
	if (!o->server_died && !exited_0(out) && workload_gone(server))
		o->server_died = 1;
	return o->server_died;
}

/* One helper after the server is ready (the warm-up, the load): 1 when it ran to exit 0,
 * 0 when the trial ends here (o says why), -errno when it could not be run. */
static int run_phase(const struct service_ctx *s, struct workload *server, char *const *argv,
		     const char *phase, const char *what, const struct workload_hooks *hooks,
		     struct service_outcome *o, struct outside *out)
{
	int ret;

	o->phase = phase;
	ret = run_outside(s, server, argv, s->timeout_ms, hooks, o, out);
	if (ret || died_under(server, out, o))
		return ret;
	if (!exited_0(out)) {
		say_failed(o, what, out);
		return 0;
	}
	return 1;
}

/* The warm-up and the measured load; the load's output read into numbers. */
static int drive_load(const struct service_ctx *s, struct workload *server,
		      const struct workload_hooks *hooks, struct service_outcome *o)
{
	const struct service_spec *sv = s->spec;
	struct outside out = { 0 };
	char why[160];
	int ret;

	if (sv->warmup &&
	    (ret = run_phase(s, server, sv->warmup, "warm-up", "warm-up", hooks, o, &out)) <= 0)
		return ret;
	if ((ret = run_phase(s, server, sv->load, "load", "load generator", hooks, o, &out)) <= 0)
		return ret;
	o->load_ns = out.ns;
	if (load_parse(out.output, out.output_len, sv->format, &o->parsed, why, sizeof(why)))
		snprintf(o->note, sizeof(o->note), "the load's output: %s", why);
	else
		o->parsed_ok = 1;
	return 0;
}

/* Asked to stop, the server's exit on SIGTERM is its normal end, not a failure. */
static int stop_server(struct workload *server, struct service_outcome *o)
{
	struct job *j = &server->jobs[0];
	int ret;

	o->stopped = !o->server_died && !workload_gone(server);
	ret = workload_stop(server, SIGTERM, STOP_GRACE_MS);
	if (ret)
		return ret;
	if (j->timed_out && o->stopped) {
		snprintf(o->note, sizeof(o->note),
			 "the server was still running %d s after SIGTERM: killed",
			 STOP_GRACE_MS / 1000);
		return 0;
	}
	if (o->stopped && WIFSIGNALED(j->status) && WTERMSIG(j->status) == SIGTERM)
		j->status = 0;
	return 0;
}

int service_drive(const struct service_ctx *s, struct workload *server,
		  const struct workload_hooks *hooks, struct service_outcome *o)
{
	int ret;

	memset(o, 0, sizeof(*o));
	ret = wait_ready(s, server, hooks, o);
	if (!ret && o->ready && !o->note[0])
		ret = drive_load(s, server, hooks, o);
	if (ret)
		return ret;
	return stop_server(server, o);
}

static void set_load_metrics(struct trial *t, const struct service_outcome *o)
{
	static const struct {
		enum load_quantity q;
		enum metric_id m;
	} map[] = {
		{ LQ_THROUGHPUT, M_THROUGHPUT }, { LQ_AVG, M_REQUEST_AVG },
		{ LQ_P50, M_REQUEST_P50 },	 { LQ_P95, M_REQUEST_P95 },
		{ LQ_P99, M_REQUEST_P99 },	 { LQ_MAX, M_REQUEST_MAX },
	};

	trial_set(t, M_ELAPSED, ns_to_s(o->load_ns));
	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (o->parsed.have[map[i].q])
			trial_set(t, map[i].m, o->parsed.value[map[i].q]);
}

/* The server's last line, for a note: a database says why it stopped there. */
static void server_said(const struct workload *server, char *buf, size_t len)
{
	size_t n;
	const struct job *j = &server->jobs[0];
	const char *from = last_lines(j->output, j->output_len, 1, &n);

	snprintf(buf, len, "%.*s", (int)n, from);
}

void service_record(struct trial *t, const struct workload *server, const struct service_outcome *o)
{
	char said[160];

	t->have[M_ELAPSED] = 0; /* the server's life is not what a service trial measures */
	if (t->status == TRIAL_INTERRUPTED)
		return;
	if (o->server_died) {
		server_said(server, said, sizeof(said));
		if (t->status == TRIAL_OK)
			t->status = TRIAL_FAILED;
		snprintf(t->note, sizeof(t->note), "the server %s during its %s%s%.120s",
			 t->status == TRIAL_OOM ? "was OOM-killed" : "exited", o->phase,
			 said[0] ? "; its log ends: " : "", said);
		return;
	}
	if (o->note[0]) {
		t->status = TRIAL_FAILED;
		snprintf(t->note, sizeof(t->note), "%s", o->note);
		return;
	}
	if (t->status == TRIAL_OK && o->parsed_ok)
		set_load_metrics(t, o);
}
