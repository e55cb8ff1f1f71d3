#include "runner/result/results.h"

#include <errno.h>
#include <fcntl.h>
#include <json.h>
#include <libgen.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysinfo.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "runner/result/compare.h"
#include "runner/trial/validity.h"

#define RESULT_FORMAT_VERSION 1

static void add_str(json_object *o, const char *key, const char *value)
{
	json_object_object_add(o, key, value ? json_object_new_string(value) : NULL);
}

static void add_u64(json_object *o, const char *key, unsigned long long value)
{
	json_object_object_add(o, key, json_object_new_uint64(value));
}

/* JSON has no NaN or infinity: those become null. */
static json_object *number(double v)
{
	return isfinite(v) ? json_object_new_double(v) : NULL;
}

static json_object *system_info(const struct run *run)
{
	json_object *o = json_object_new_object(), *others = json_object_new_array();
	struct utsname u;
	struct sysinfo si;
	char host[256] = "", *save = NULL, list[512];

	if (uname(&u) == 0) {
		add_str(o, "kernel", u.release);
		add_str(o, "kernel_build", u.version);
		add_str(o, "arch", u.machine);
	}
	if (gethostname(host, sizeof(host) - 1) == 0)
		add_str(o, "hostname", host);
	json_object_object_add(o, "cpus", json_object_new_int((int)sysconf(_SC_NPROCESSORS_ONLN)));
	if (sysinfo(&si) == 0)
		add_u64(o, "mem_total", (unsigned long long)si.totalram * si.mem_unit);
	add_str(o, "cgroup_mode", cgroup_mode_name(run->env.mode));
	snprintf(list, sizeof(list), "%s", run->other_swap);
	for (char *tok = strtok_r(list, " ", &save); tok; tok = strtok_r(NULL, " ", &save))
		json_object_array_add(others, json_object_new_string(tok));
	json_object_object_add(o, "other_swap", others);
	return o;
}

static json_object *string_list(const char *const *items, size_t n)
{
	json_object *a = json_object_new_array();
	for (size_t i = 0; i < n; i++)
		json_object_array_add(a, json_object_new_string(items[i]));
	return a;
}

static json_object *config_info(const struct run *run)
{
	const struct config *cfg = run->cfg;
	json_object *o = json_object_new_object();

	json_object *limits = json_object_new_array(), *jobs = json_object_new_array();
	for (size_t i = 0; i < cfg->nlimits; i++)
		json_object_array_add(limits, json_object_new_uint64(cfg->limits[i]));
	for (size_t i = 0; i < cfg->njobs; i++)
		json_object_array_add(jobs, json_object_new_uint64(cfg->jobs[i]));
	json_object_object_add(o, "limit", limits);
	json_object_object_add(o, "jobs", jobs);
	add_str(o, "limit_mode", cfg->limit_mode == LIMIT_HIGH ? "high" : "max");
	add_str(o, "order", cfg->order == ORDER_SEQUENTIAL ? "sequential" :
			    cfg->order == ORDER_SHUFFLED ? "shuffled" : "interleaved");
	add_u64(o, "seed", cfg->order == ORDER_SHUFFLED ? run->seed : 0);
	json_object_object_add(o, "swappiness", cfg->swappiness >= 0 ? json_object_new_int(cfg->swappiness) : NULL);
	json_object_object_add(o, "page_cluster", cfg->page_cluster >= 0 ? json_object_new_int(cfg->page_cluster) : NULL);
	add_u64(o, "zswap_pool", cfg->zswap_pool);
	add_str(o, "zswap_zpool", cfg->zswap_zpool);
	add_u64(o, "zram_size", cfg->zram_size);
	add_u64(o, "zram_mem_limit", cfg->zram_mem_limit);
	add_str(o, "zram_algo_params", cfg->zram_algo_params);
	add_u64(o, "disk_throttle_read", cfg->throttle_read);
	add_u64(o, "disk_throttle_write", cfg->throttle_write);
	add_str(o, "disk_throttle_device", run->throttle_dev[0] ? run->throttle_dev : NULL);
	if (run->throttle_dev[0] && !run->env.memory_v2)
		add_str(o, "disk_throttle_note",
			"cgroup v1 throttles this cgroup's swap-in reads; swap-out writes are charged to the root, not throttled");
	json_object_object_add(o, "settle", json_object_new_boolean(cfg->settle));
	json_object_object_add(o, "extended", json_object_new_boolean(cfg->extended));
	add_u64(o, "timeout", cfg->timeout);
	add_u64(o, "alloc", cfg->alloc);
	add_u64(o, "chunk", cfg->chunk);
	add_u64(o, "swap_limit", cfg->swap_limit);
	add_u64(o, "swap_size", run->swap_size);
	json_object_object_add(o, "swap", string_list(cfg->backends, cfg->nbackends));
	json_object_object_add(o, "comp", string_list(cfg->comps, cfg->ncomps));
	add_u64(o, "trials", cfg->trials);
	add_u64(o, "warmup", cfg->warmup);
	add_str(o, "access", cfg->command ? NULL : cfg->access);
	add_u64(o, "threads", cfg->threads);
	add_u64(o, "alloc_per_job", cfg->alloc_per_job);
	add_u64(o, "background", cfg->background);
	if (cfg->command) {
		json_object *argv = json_object_new_array();
		for (char **a = cfg->command; *a; a++)
			json_object_array_add(argv, json_object_new_string(*a));
		json_object_object_add(o, "command", argv);
	} else {
		json_object_object_add(o, "command", NULL);
	}
	add_u64(o, "priority", (unsigned long long)cfg->priority);
	add_u64(o, "interval_ms", cfg->sample_ms);
	add_str(o, "data", cfg->command ? NULL : cfg->data);
	add_str(o, "swapfile", run->swapfile);
	add_str(o, "hogger", run->hogger);
	json_object_object_add(o, "seccomp", json_object_new_boolean(!cfg->no_seccomp));
	json_object_object_add(o, "prefault", json_object_new_boolean(cfg->prefault));
	add_str(o, "user", cfg->user ? cfg->user : "root");
	return o;
}

static json_object *metric_info(void)
{
	json_object *o = json_object_new_object();
	for (int m = 0; m < M_COUNT; m++) {
		json_object *d = json_object_new_object();
		add_str(d, "unit", metrics[m].unit == UNIT_BYTES ? "bytes" : metric_unit_name(metrics[m].unit));
		add_str(d, "source", metrics[m].source);
		json_object_object_add(o, metrics[m].key, d);
	}
	return o;
}

/* Seconds that were not reported are null, not a made-up zero. */
static json_object *seconds_or_null(double s)
{
	return s >= 0 ? number(s) : NULL;
}

static json_object *jobs_info(const struct trial *t)
{
	json_object *a = json_object_new_array();
	for (unsigned i = 0; i < t->njobs; i++) {
		const struct job_result *r = &t->jobs[i];
		json_object *o = json_object_new_object();
		add_str(o, "status", trial_status_name(r->status));
		if (r->note[0])
			add_str(o, "note", r->note);
		json_object_object_add(o, "elapsed", number(r->elapsed));
		json_object_object_add(o, "fill_time", seconds_or_null(r->fill));
		json_object_object_add(o, "access_time", seconds_or_null(r->access));
		json_object_object_add(o, "user_cpu", number(r->user));
		json_object_object_add(o, "sys_cpu", number(r->sys));
		add_u64(o, "major_faults", r->majflt);
		add_u64(o, "bytes", r->bytes);
		json_object_array_add(a, o);
	}
	return a;
}

/* Three parallel arrays: compact, and what a plot wants. */
static json_object *curve_info(const struct trial *t)
{
	json_object *o = json_object_new_object(), *ts = json_object_new_array();
	json_object *bytes = json_object_new_array(), *swap = json_object_new_array();
	for (size_t i = 0; i < t->ncurve; i++) {
		json_object_array_add(ts, number(t->curve[i].t));
		json_object_array_add(bytes, json_object_new_uint64(t->curve[i].bytes));
		json_object_array_add(swap, json_object_new_uint64(t->curve[i].swap));
	}
	json_object_object_add(o, "t", ts);
	json_object_object_add(o, "bytes", bytes);
	json_object_object_add(o, "cgroup_swap", swap);
	return o;
}

static json_object *flags_info(const struct trial *t)
{
	json_object *a = json_object_new_array();
	for (unsigned i = 0; i < TRIAL_FLAG_COUNT; i++)
		if (t->flags & (1u << i))
			json_object_array_add(a, json_object_new_string(validity_flag_name(i)));
	return a;
}

/* Parallel arrays, one per source that was there; "t" in seconds since the release. */
static json_object *series_info(const struct series *s)
{
	json_object *o, *a;

	if (!s)
		return NULL;
	o = json_object_new_object();
	add_u64(o, "stride", s->stride);
	a = json_object_new_array_ext((int)s->n);
	for (size_t i = 0; i < s->n; i++)
		json_object_array_add(a, number(s->t[i]));
	json_object_object_add(o, "t", a);
	for (int f = 0; f < S_COUNT; f++) {
		if (!s->have[f])
			continue;
		a = json_object_new_array_ext((int)s->n);
		for (size_t i = 0; i < s->n; i++)
			json_object_array_add(a, number(s->v[f][i]));
		json_object_object_add(o, series_field_name(f), a);
	}
	return o;
}

static json_object *trial_info(const struct trial *t)
{
	json_object *o = json_object_new_object(), *values = json_object_new_object();

	add_u64(o, "index", t->index);
	json_object_object_add(o, "warmup", json_object_new_boolean(t->warmup));
	add_str(o, "status", trial_status_name(t->status));
	if (t->note[0])
		add_str(o, "note", t->note);
	for (int m = 0; m < M_COUNT; m++)
		if (t->have[m])
			json_object_object_add(values, metrics[m].key, number(t->value[m]));
	json_object_object_add(o, "values", values);
	json_object_object_add(o, "jobs", jobs_info(t));
	json_object_object_add(o, "fill_curve", curve_info(t));
	json_object_object_add(o, "flags", flags_info(t));
	json_object *unavailable = json_object_new_array();
	for (int m = 0; m < M_COUNT; m++)
		if (t->unavailable[m])
			json_object_array_add(unavailable, json_object_new_string(metrics[m].key));
	json_object_object_add(o, "unavailable", unavailable);
	if (t->outlier_z != 0)
		json_object_object_add(o, "outlier_z", number(t->outlier_z));
	json_object_object_add(o, "series", series_info(t->series));
	if (t->extended) {
		json_object *x = json_object_new_object(), *when[2] = { json_object_new_object(), json_object_new_object() };
		for (int f = 0; f < X_COUNT; f++) {
			if (t->extended->before[f])
				add_str(when[0], extended_name(f), t->extended->before[f]);
			if (t->extended->after[f])
				add_str(when[1], extended_name(f), t->extended->after[f]);
		}
		json_object_object_add(x, "before", when[0]);
		json_object_object_add(x, "after", when[1]);
		json_object_object_add(o, "extended", x);
	}
	return o;
}

static json_object *stats_info(const struct cell *c)
{
	json_object *o = json_object_new_object();
	for (int m = 0; m < M_COUNT; m++) {
		const struct stats *s = &c->stats[m];
		json_object *d;
		if (!c->have_stats[m])
			continue;
		d = json_object_new_object();
		add_u64(d, "n", s->n);
		json_object_object_add(d, "mean", number(s->mean));
		json_object_object_add(d, "stddev", number(s->stddev));
		json_object_object_add(d, "min", number(s->min));
		json_object_object_add(d, "median", number(s->median));
		json_object_object_add(d, "max", number(s->max));
		json_object_object_add(o, metrics[m].key, d);
	}
	return o;
}

static json_object *cell_info(const struct cell *c)
{
	json_object *o = json_object_new_object(), *trials = json_object_new_array();

	add_str(o, "label", c->label);
	add_str(o, "backend", c->backend->name);
	add_str(o, "comp", c->comp);
	add_str(o, "comp_used", c->dev.comp_used[0] ? c->dev.comp_used : NULL);
	add_str(o, "zpool_used", c->dev.zpool_used[0] ? c->dev.zpool_used : NULL);
	add_str(o, "device", c->dev.device[0] ? c->dev.device : NULL);
	add_u64(o, "limit", c->limit);
	add_u64(o, "jobs", c->jobs);
	add_u64(o, "alloc", c->alloc);
	for (size_t i = 0; i < c->ntrials; i++)
		json_object_array_add(trials, trial_info(&c->trials[i]));
	json_object_object_add(o, "trials", trials);
	add_u64(o, "failed", c->failed);
	json_object_object_add(o, "stats", stats_info(c));
	return o;
}

static json_object *comparisons(const struct run *run)
{
	json_object *a = json_object_new_array();
	for (size_t i = 1; i < run->ncells; i++) {
		json_object *o = json_object_new_object(), *ms = json_object_new_object();
		add_str(o, "base", run->cells[0].label);
		add_str(o, "cell", run->cells[i].label);
		for (int m = 0; m < M_COUNT; m++) {
			struct comparison cmp;
			json_object *d;
			if (compare_metric(&run->cells[0], &run->cells[i], m, &cmp))
				continue;
			d = json_object_new_object();
			json_object_object_add(d, "base_mean", number(cmp.base));
			json_object_object_add(d, "mean", number(cmp.value));
			json_object_object_add(d, "ratio", number(cmp.ratio));
			json_object_object_add(d, "change_pct", number(cmp.change_pct));
			json_object_object_add(ms, metrics[m].key, d);
		}
		json_object_object_add(o, "metrics", ms);
		json_object_array_add(a, o);
	}
	return a;
}

static json_object *document(const struct run *run)
{
	json_object *doc = json_object_new_object(), *tool = json_object_new_object();
	json_object *cells = json_object_new_array();
	char now[32];
	time_t t = time(NULL);

	strftime(now, sizeof(now), "%Y-%m-%dT%H:%M:%SZ", gmtime(&t));
	add_str(doc, "format", "zswapbench-result");
	json_object_object_add(doc, "format_version", json_object_new_int(RESULT_FORMAT_VERSION));
	add_str(tool, "name", "zswapbench");
	add_str(tool, "version", ZSB_VERSION);
	json_object_object_add(doc, "tool", tool);
	add_str(doc, "status", run_status_name(run->status));
	if (run->error[0])
		add_str(doc, "error", run->error);
	add_str(doc, "started", run->started);
	add_str(doc, "updated", now);
	json_object_object_add(doc, "system", system_info(run));
	json_object_object_add(doc, "config", config_info(run));
	json_object_object_add(doc, "metrics", metric_info());
	for (size_t i = 0; i < run->ncells; i++)
		json_object_array_add(cells, cell_info(&run->cells[i]));
	json_object_object_add(doc, "cells", cells);
	json_object_object_add(doc, "comparisons", comparisons(run));
	return doc;
}

char *results_to_string(const struct run *run)
{
	json_object *doc = document(run);
	char *s = strdup(json_object_to_json_string_ext(doc, JSON_C_TO_STRING_PRETTY |
							      JSON_C_TO_STRING_NOSLASHESCAPE));
	json_object_put(doc);
	return s;
}

static int write_all(int fd, const char *s, size_t len)
{
	while (len) {
		ssize_t n = write(fd, s, len);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		s += n;
		len -= (size_t)n;
	}
	return 0;
}

int results_write(const struct run *run, const char *path)
{
	char tmp[PATH_MAX + 32], dircopy[PATH_MAX];
	char *text = results_to_string(run);
	int fd = -1, dfd = -1, ret;

	if (!text)
		return -ENOMEM;
	snprintf(tmp, sizeof(tmp), "%s.tmp.%d", path, (int)getpid());
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0) {
		ret = -errno;
		goto out;
	}
	ret = write_all(fd, text, strlen(text));
	if (!ret)
		ret = write_all(fd, "\n", 1);
	if (!ret && fsync(fd) < 0)
		ret = -errno;
	if (close(fd) < 0 && !ret)
		ret = -errno;
	fd = -1;
	if (!ret && rename(tmp, path) < 0)
		ret = -errno;
	if (ret) {
		unlink(tmp);
		goto out;
	}
	/* The rename itself must reach the disk for the file to survive a crash. */
	snprintf(dircopy, sizeof(dircopy), "%s", path);
	dfd = open(dirname(dircopy), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd >= 0) {
		fsync(dfd);
		close(dfd);
	}
out:
	if (fd >= 0)
		close(fd);
	free(text);
	return ret;
}
