#include "runner/result/environment.h"

#include <json.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* A setting, by where it is in the file: "system.kernel" or a path in system.facts. */
struct fact {
	const char *name;
	const char *path;         /* slash-separated keys under system.facts; NULL: see plan_key */
	const char *plan_key;     /* a key of the file's plan object instead */
};

static const struct fact settings[] = {
	{ "kernel", "kernel/release", NULL },
	{ "kernel command line", "kernel/cmdline", NULL },
	{ "CPU model", "cpu/model", NULL },
	{ "CPUs online", "cpu/online", NULL },
	{ "SMT", "cpu/smt_active", NULL },
	{ "CPU governor", "cpu/governor", NULL },
	{ "CPU boost", "cpu/boost", NULL },
	{ "memory", "memory/total", NULL },
	{ "cgroup mode", "cgroup/mode", NULL },
	{ "THP", "mm/thp_enabled", NULL },
	{ "THP defrag", "mm/thp_defrag", NULL },
	{ "MGLRU", "mm/mglru", NULL },
	{ "ASLR", "mm/aslr", NULL },
	{ "KSM", "mm/ksm_running", NULL },
	{ "swappiness", "swap/swappiness", NULL },
	{ "page-cluster", "swap/page_cluster", NULL },
	{ "zswap enabled", "zswap/enabled", NULL },
	{ "swapfile filesystem", "swap_dir/fs_type", NULL },
	{ "swapfile disk", "swap_dir/model", NULL },
	{ "workload CPUs", NULL, "workload_cpus" },
};

static json_object *at(json_object *o, const char *path)
{
	char key[64];

	while (o && *path) {
		size_t n = strcspn(path, "/");
		snprintf(key, sizeof(key), "%.*s", (int)n, path);
		if (!json_object_object_get_ex(o, key, &o))
			return NULL;
		path += n + (path[n] == '/');
	}
	return o;
}

/* The fact as text; 0 when the file does not have it. */
static int fact_text(const struct results *r, const struct fact *f, char *buf, size_t len)
{
	json_object *v = f->path ? at(r->system.facts, f->path) : at(r->plan, f->plan_key);

	if (!(f->path ? r->system.facts : r->plan))
		return 0;
	snprintf(buf, len, "%s", v ? json_object_get_string(v) : "unknown");
	return 1;
}

static double number_at(const struct results *r, const char *path, size_t index)
{
	json_object *v = at(r->system.facts, path);

	if (v && json_object_is_type(v, json_type_array))
		v = json_object_array_get_idx(v, index);
	return v && (json_object_is_type(v, json_type_double) || json_object_is_type(v, json_type_int)) ?
		       json_object_get_double(v) : NAN;
}

/* Load per CPU apart by more than 0.5, memory pressure by more than 1 point. */
static size_t conditions(const struct results *a, const struct results *b, struct env_difference *out, size_t max)
{
	double cpus = number_at(a, "cpu/online", 0), la = number_at(a, "memory/loadavg", 0);
	double lb = number_at(b, "memory/loadavg", 0);
	double pa = number_at(a, "memory/psi/some_avg10", 0), pb = number_at(b, "memory/psi/some_avg10", 0);
	size_t n = 0;

	if (!(cpus >= 1))
		cpus = 1;
	if (n < max && isfinite(la) && isfinite(lb) && fabs(la - lb) / cpus > 0.5) {
		out[n] = (struct env_difference){ .fact = "load average before", .condition = 1 };
		snprintf(out[n].base, sizeof(out[n].base), "%.2f", la);
		snprintf(out[n].now, sizeof(out[n].now), "%.2f", lb);
		n++;
	}
	if (n < max && isfinite(pa) && isfinite(pb) && fabs(pa - pb) > 1.0) {
		out[n] = (struct env_difference){ .fact = "memory pressure before (PSI some, 10 s)", .condition = 1 };
		snprintf(out[n].base, sizeof(out[n].base), "%.2f%%", pa);
		snprintf(out[n].now, sizeof(out[n].now), "%.2f%%", pb);
		n++;
	}
	return n;
}

size_t env_differences(const struct results *base, const struct results *other, struct env_difference *out,
		       size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < sizeof(settings) / sizeof(settings[0]) && n < max; i++) {
		struct env_difference *d = &out[n];
		if (!fact_text(base, &settings[i], d->base, sizeof(d->base)) ||
		    !fact_text(other, &settings[i], d->now, sizeof(d->now)) || strcmp(d->base, d->now) == 0)
			continue;
		d->fact = settings[i].name;
		d->condition = 0;
		n++;
	}
	if (strcmp(base->system.hostname, other->system.hostname) == 0)
		n += conditions(base, other, out + n, max - n);
	return n;
}
