/* The facts as JSON (keys documented in sysinfo.h). Every key is always there; an unknown
 * fact is null, so a reader can tell "unknown" from "no" or zero. */
#include <json.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/system/facts.h"

static void add_str(json_object *o, const char *key, const char *v)
{
	json_object_object_add(o, key, v[0] ? json_object_new_string(v) : NULL);
}

static void add_bool(json_object *o, const char *key, int v)
{
	json_object_object_add(o, key, v == SYSINFO_UNKNOWN ? NULL : json_object_new_boolean(v));
}

static void add_int(json_object *o, const char *key, int v)
{
	json_object_object_add(o, key, v == SYSINFO_UNKNOWN ? NULL : json_object_new_int(v));
}

static void add_u64(json_object *o, const char *key, uint64_t v)
{
	json_object_object_add(o, key, v == SYSINFO_U64_UNKNOWN ? NULL : json_object_new_uint64(v));
}

/* Load and PSI as the kernel prints them, two decimals ("3.42", not 3.4199999999999999). */
static json_object *hundredths(double v)
{
	char text[32];

	snprintf(text, sizeof(text), "%.2f", v);
	return json_object_new_double_s(v, text);
}

/* JSON has no NaN. */
static void add_double(json_object *o, const char *key, double v)
{
	json_object_object_add(o, key, isnan(v) ? NULL : hundredths(v));
}

/* A space-separated list as an array of strings; known says whether "" means none or unknown. */
static void add_words(json_object *o, const char *key, const char *list, int known)
{
	json_object *a;
	char copy[512], *save = NULL;

	if (!known) {
		json_object_object_add(o, key, NULL);
		return;
	}
	a = json_object_new_array();
	snprintf(copy, sizeof(copy), "%s", list);
	for (char *w = strtok_r(copy, " ", &save); w; w = strtok_r(NULL, " ", &save))
		json_object_array_add(a, json_object_new_string(w));
	json_object_object_add(o, key, a);
}

static json_object *kernel_json(const struct sysinfo_facts *s)
{
	json_object *o = json_object_new_object();

	add_str(o, "release", s->kernel.release);
	add_str(o, "version", s->kernel.version);
	add_str(o, "arch", s->kernel.arch);
	add_str(o, "hostname", s->kernel.hostname);
	add_str(o, "cmdline", s->kernel.cmdline);
	return o;
}

static json_object *cpu_json(const struct sysinfo_facts *s)
{
	json_object *o = json_object_new_object(), *g = NULL;

	add_str(o, "model", s->cpu.model);
	add_int(o, "online", s->cpu.online);
	add_bool(o, "smt_active", s->cpu.smt_active);
	add_str(o, "smt_control", s->cpu.smt_control);
	add_int(o, "cpufreq_policies", s->cpu.policies);
	add_str(o, "governor", s->cpu.ngovernors == 1 ? s->cpu.governors[0].name : "");
	if (s->cpu.policies != SYSINFO_UNKNOWN)
		g = json_object_new_object();
	for (int i = 0; i < s->cpu.ngovernors; i++)
		json_object_object_add(g, s->cpu.governors[i].name,
				       json_object_new_string(s->cpu.governors[i].policies));
	json_object_object_add(o, "governors", g);
	add_bool(o, "boost", s->cpu.boost);
	add_str(o, "boost_source", s->cpu.boost_source);
	return o;
}

static json_object *memory_json(const struct sysinfo_facts *s)
{
	json_object *o = json_object_new_object(), *load = NULL, *psi = NULL;

	add_u64(o, "total", s->mem.total);
	add_u64(o, "available", s->mem.available);
	if (!isnan(s->mem.load[0])) {
		load = json_object_new_array();
		for (int i = 0; i < 3; i++)
			json_object_array_add(load, hundredths(s->mem.load[i]));
	}
	json_object_object_add(o, "loadavg", load);
	if (s->mem.psi_available == 1) {
		psi = json_object_new_object();
		add_double(psi, "some_avg10", s->mem.some_avg10);
		add_double(psi, "some_avg60", s->mem.some_avg60);
		add_double(psi, "full_avg10", s->mem.full_avg10);
		add_double(psi, "full_avg60", s->mem.full_avg60);
	}
	json_object_object_add(o, "psi", psi);
	return o;
}

static json_object *cgroup_json(const struct sysinfo_facts *s)
{
	json_object *o = json_object_new_object();
	int known = s->cgroup.mode[0] != '\0';

	add_str(o, "mode", s->cgroup.mode);
	add_words(o, "v1_controllers", s->cgroup.v1_controllers, known);
	add_words(o, "v2_controllers", s->cgroup.v2_controllers, known);
	return o;
}

static json_object *zram_json(const struct sysinfo_facts *s)
{
	json_object *o = json_object_new_object();

	add_bool(o, "module", s->zram.module);
	add_bool(o, "hot_add", s->zram.hot_add);
	add_str(o, "device", s->zram.device);
	add_words(o, "algorithms", s->zram.algorithms, s->zram.algorithms[0] != '\0');
	add_bool(o, "writeback", s->zram.writeback);
	add_bool(o, "recompression", s->zram.recompression);
	add_bool(o, "algorithm_params", s->zram.algorithm_params);
	return o;
}

static json_object *zswap_json(const struct sysinfo_facts *s)
{
	json_object *o = json_object_new_object();

	add_bool(o, "present", s->zswap.present);
	add_bool(o, "enabled", s->zswap.enabled);
	add_str(o, "compressor", s->zswap.compressor);
	add_str(o, "zpool", s->zswap.zpool);
	add_int(o, "max_pool_percent", s->zswap.max_pool_percent);
	add_words(o, "crypto_compressors", s->zswap.crypto_compressors, s->zswap.crypto_compressors[0] != '\0');
	add_bool(o, "shrinker_enabled", s->zswap.shrinker_enabled);
	return o;
}

static json_object *swap_json(const struct sysinfo_facts *s)
{
	json_object *o = json_object_new_object(), *areas = NULL;

	if (s->swap.nareas != SYSINFO_UNKNOWN) {
		areas = json_object_new_array();
		for (int i = 0; i < s->swap.nareas; i++) {
			const struct sysinfo_swap_area *a = &s->swap.areas[i];
			json_object *e = json_object_new_object();
			add_str(e, "name", a->name);
			add_str(e, "type", a->type);
			json_object_object_add(e, "size", json_object_new_uint64(a->size));
			json_object_object_add(e, "used", json_object_new_uint64(a->used));
			json_object_object_add(e, "priority", json_object_new_int(a->priority));
			json_object_array_add(areas, e);
		}
	}
	json_object_object_add(o, "areas", areas);
	add_int(o, "swappiness", s->swap.swappiness);
	add_int(o, "page_cluster", s->swap.page_cluster);
	add_int(o, "overcommit_memory", s->swap.overcommit_memory);
	return o;
}

static json_object *mm_json(const struct sysinfo_facts *s)
{
	json_object *o = json_object_new_object();

	add_str(o, "thp_enabled", s->mm.thp_enabled);
	add_str(o, "thp_defrag", s->mm.thp_defrag);
	add_str(o, "mglru", s->mm.mglru);
	add_bool(o, "mglru_enabled", s->mm.mglru_enabled);
	add_int(o, "aslr", s->mm.aslr);
	add_bool(o, "ksm_running", s->mm.ksm_running);
	return o;
}

static json_object *perf_json(const struct sysinfo_facts *s)
{
	json_object *o = json_object_new_object();
	char *end;
	long paranoid = strtol(s->perf.paranoid, &end, 10);

	add_str(o, "events", s->perf.events);
	/* -1 is a real setting (everything allowed), so the file's text decides, not a sentinel. */
	json_object_object_add(o, "paranoid", s->perf.paranoid[0] && !*end ? json_object_new_int((int)paranoid) : NULL);
	return o;
}

static json_object *swap_dir_json(const struct sysinfo_facts *s)
{
	json_object *o = json_object_new_object();

	add_str(o, "path", s->swap_dir.path);
	add_str(o, "fs_type", s->swap_dir.fs_type);
	add_str(o, "device", s->swap_dir.device);
	add_str(o, "disk", s->swap_dir.disk);
	add_str(o, "partition", s->swap_dir.partition);
	add_str(o, "model", s->swap_dir.model);
	add_bool(o, "rotational", s->swap_dir.rotational);
	return o;
}

static json_object *warnings_json(const struct sysinfo_facts *s)
{
	char warnings[SYSINFO_MAX_WARNINGS][SYSINFO_WARNING_LEN];
	size_t n = sysinfo_warnings(s, warnings, SYSINFO_MAX_WARNINGS);
	json_object *a = json_object_new_array();

	for (size_t i = 0; i < n; i++)
		json_object_array_add(a, json_object_new_string(warnings[i]));
	return a;
}

struct json_object *sysinfo_to_json(const struct sysinfo_facts *s)
{
	json_object *o = json_object_new_object();

	if (!o)
		return NULL;
	json_object_object_add(o, "kernel", kernel_json(s));
	json_object_object_add(o, "cpu", cpu_json(s));
	json_object_object_add(o, "memory", memory_json(s));
	json_object_object_add(o, "cgroup", cgroup_json(s));
	json_object_object_add(o, "zram", zram_json(s));
	json_object_object_add(o, "zswap", zswap_json(s));
	json_object_object_add(o, "swap", swap_json(s));
	json_object_object_add(o, "mm", mm_json(s));
	add_bool(o, "psi_available", s->mem.psi_available);
	json_object_object_add(o, "perf", perf_json(s));
	json_object_object_add(o, "swap_dir", swap_dir_json(s));
	json_object_object_add(o, "warnings", warnings_json(s));
	return o;
}
