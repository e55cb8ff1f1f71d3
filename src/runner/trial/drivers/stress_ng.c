/* stress-ng's memory stressor (--workload stress-ng:vm[:Ns]): its --vm workers write --alloc
 * between them pass after pass for a time, in the cgroup, and its bogo operations per second of
 * its own wall clock are the throughput. It starts the jobs itself, as fio does: one process. */
#include "runner/trial/drivers/driver.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "runner/loadgen/stress_ng.h"

#define STRESS_NG_SECONDS_DEFAULT 10
#define STRESS_NG_SECONDS_MAX 3600

/* The stressors driven: each one's options of its worker count, each worker's bytes, and how
 * it works them. vm's write64 writes every word of its share in a pass (a bogo op): each pass
 * faults in every page swapped out since the last; the default, "all", cycles through methods
 * of costs ten times apart, and its rate would measure the cycle. */
static const struct {
	const char *name, *workers, *bytes, *method;
} stressors[] = {
	{ "vm", "--vm", "--vm-bytes", "--vm-method=write64" },
};

struct stress_ng_args {
	size_t stressor;
	unsigned seconds;
};

/* "vm" or "vm:30s". */
static int parse_args(const char *args, struct stress_ng_args *out)
{
	const char *colon = strchr(args, ':');
	size_t n = colon ? (size_t)(colon - args) : strlen(args);
	char *end;
	unsigned long s = STRESS_NG_SECONDS_DEFAULT;

	if (n == 0 && !colon) {
		out->stressor = 0; /* "stress-ng" alone: its vm stressor */
		out->seconds = STRESS_NG_SECONDS_DEFAULT;
		return 0;
	}
	for (out->stressor = 0; out->stressor < sizeof(stressors) / sizeof(stressors[0]);
	     out->stressor++)
		if (strlen(stressors[out->stressor].name) == n &&
		    strncmp(stressors[out->stressor].name, args, n) == 0)
			break;
	if (out->stressor == sizeof(stressors) / sizeof(stressors[0]))
		return -ENOENT;
	if (colon) {
		s = strtoul(colon + 1, &end, 10);
		if (end == colon + 1 || strcmp(end, "s") != 0 || s == 0 ||
		    s > STRESS_NG_SECONDS_MAX || colon[1] == '-' || colon[1] == '+')
			return -EINVAL;
	}
	out->seconds = (unsigned)s;
	return 0;
}

static double stress_ng_seconds(const char *args)
{
	struct stress_ng_args a;

	return parse_args(args, &a) ? 0 : a.seconds;
}

static int check_stress_ng(const char *args, char *why, size_t len)
{
	struct stress_ng_args a;
	int ret = parse_args(args, &a);

	if (ret == -ENOENT)
		snprintf(why, len, "'%s': not a stressor zswapbench drives (vm)", args);
	else if (ret)
		snprintf(why, len, "'%s': the time is 1s to %ds, as in vm:30s", args,
			 STRESS_NG_SECONDS_MAX);
	return ret ? -EINVAL : 0;
}

/* stress-ng --vm JOBS --vm-bytes ALLOC --vm-keep --vm-method=write64 --timeout Ns
 * --metrics-brief --yaml /dev/stdout: the YAML comes last in its output, where the runner
 * keeps the tail; --vm-keep holds the mapping from pass to pass (no unmap, no refault of
 * fresh zero pages). Its manual says --vm-bytes is each worker's, but stress-ng (0.15, as later
 * ones) shares it among them: two workers given 32M hold 16M each (their max-rss). */
static int plan_stress_ng(const struct driver_cell_in *in, struct driver_cell *out)
{
	struct stress_ng_args a;
	int ret;

	if (parse_args(in->args, &a) || in->jobs == 0)
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	ret = driver_cell_add(out, "stress-ng");
	ret = ret ? ret : driver_cell_add(out, "%s", stressors[a.stressor].workers);
	ret = ret ? ret : driver_cell_add(out, "%u", in->jobs);
	ret = ret ? ret : driver_cell_add(out, "%s", stressors[a.stressor].bytes);
	ret = ret ? ret : driver_cell_add(out, "%llu", (unsigned long long)in->alloc);
	ret = ret ? ret : driver_cell_add(out, "--vm-keep");
	ret = ret ? ret : driver_cell_add(out, "%s", stressors[a.stressor].method);
	ret = ret ? ret : driver_cell_add(out, "--timeout");
	ret = ret ? ret : driver_cell_add(out, "%us", a.seconds);
	ret = ret ? ret : driver_cell_add(out, "--metrics-brief");
	ret = ret ? ret : driver_cell_add(out, "--yaml");
	return ret ? ret : driver_cell_add(out, "/dev/stdout");
}

/* Its own numbers, cross-checked: the rate is its ops over its wall clock, and that clock ran
 * inside the trial's elapsed time (the release to the last exit). */
static const char *checked_rate(const struct stress_ng_metrics *m, const struct trial *t)
{
	double rate = m->wall_s > 0 ? m->bogo_ops / m->wall_s : 0;

	if (m->wall_s <= 0 || m->bogo_ops <= 0)
		return "stress-ng did no work";
	if (m->ops_per_s < rate * 0.99 || m->ops_per_s > rate * 1.01)
		return "stress-ng's rate is not its ops over its wall clock";
	if (t->have[M_ELAPSED] && m->wall_s > t->value[M_ELAPSED] + 0.005)
		return "stress-ng's wall clock ran longer than the trial";
	return NULL;
}

static void record_stress_ng(struct driver_run *r, struct trial *t)
{
	const struct job *j = &r->wt->w->jobs[0];
	struct stress_ng_args a;
	struct stress_ng_metrics m;
	const char *bad;

	if (t->status != TRIAL_OK || parse_args(r->s->driver_args, &a))
		return;
	if (stress_ng_metrics_parse(j->output, j->output_len, stressors[a.stressor].name, &m,
				    t->note, sizeof(t->note))) {
		t->status = TRIAL_FAILED;
		return;
	}
	bad = checked_rate(&m, t);
	if (bad) {
		t->status = TRIAL_FAILED;
		snprintf(t->note, sizeof(t->note), "%s (%.0f bogo ops in %.3f s, %.1f/s)", bad,
			 m.bogo_ops, m.wall_s, m.ops_per_s);
		return;
	}
	trial_set(t, M_THROUGHPUT, m.ops_per_s);
}

const struct workload_driver driver_stress_ng = {
	.name = "stress-ng",
	.help = "stress-ng's vm stressor, its --vm workers holding --alloc between them for a "
		"time (stress-ng:vm:30s; 10s by default), its bogo ops/s the throughput",
	.by_name = 1,
	.program = "stress-ng",
	.package = "stress-ng",
	.chosen_by = "--workload stress-ng",
	.check_args = check_stress_ng,
	.seconds = stress_ng_seconds,
	.plan = plan_stress_ng,
	.follow = driver_follow_jobs,
	.record = record_stress_ng,
};
