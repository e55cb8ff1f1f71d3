/* Every sysinfo fact once (fact_table.h): its key, its row, its type and how compare treats
 * it; the facts made from several fields have their JSON and their text side by side. */
#include "runner/system/fact_table.h"

#include <json.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/size.h"
#include "common/util.h"

#define UNKNOWN "unknown"
#define FIELD(name) .at = offsetof(struct sysinfo_facts, name)

/* ---- values as JSON and as text ---- */

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

static json_object *text_json(const char *v)
{
	return v[0] ? json_object_new_string(v) : NULL;
}

/* A space-separated list as an array of strings. */
static json_object *words_json(const char *list)
{
	json_object *a = json_object_new_array();
	char copy[512], *save = NULL;

	snprintf(copy, sizeof(copy), "%s", list);
	for (char *w = strtok_r(copy, " ", &save); w; w = strtok_r(NULL, " ", &save))
		json_object_array_add(a, json_object_new_string(w));
	return a;
}

static const char *text_or_unknown(const char *v)
{
	return v[0] ? v : UNKNOWN;
}

static const char *tri(int v, const char *yes, const char *no)
{
	return v == SYSINFO_UNKNOWN ? UNKNOWN : v ? yes : no;
}

/* ---- the facts made from several fields ---- */

/* The one governor of all policies; null when none or when they differ. */
static json_object *governor_json(const struct sysinfo_facts *s)
{
	return s->cpu.ngovernors == 1 ? text_json(s->cpu.governors[0].name) : NULL;
}

static void governor_text(const struct sysinfo_facts *s, char *buf, size_t len)
{
	size_t at = 0;

	buf[0] = '\0';
	if (s->cpu.policies == SYSINFO_UNKNOWN)
		snprintf(buf, len, UNKNOWN);
	else if (s->cpu.policies == 0)
		snprintf(buf, len, UNKNOWN " (no cpufreq policy)");
	else if (s->cpu.ngovernors == 1)
		snprintf(buf, len, "%s (all %d polic%s)", s->cpu.governors[0].name, s->cpu.policies,
			 s->cpu.policies > 1 ? "ies" : "y");
	else
		for (int i = 0; i < s->cpu.ngovernors && at < len; i++)
			at += (size_t)snprintf(buf + at, len - at, "%s%s on %s", i ? ", " : "",
					       s->cpu.governors[i].name,
					       s->cpu.governors[i].policies);
}

/* Governor -> its policies ("0-3,6"); null when unknown. */
static json_object *governors_json(const struct sysinfo_facts *s)
{
	json_object *g;

	if (s->cpu.policies == SYSINFO_UNKNOWN)
		return NULL;
	g = json_object_new_object();
	for (int i = 0; i < s->cpu.ngovernors; i++)
		json_object_object_add(g, s->cpu.governors[i].name,
				       json_object_new_string(s->cpu.governors[i].policies));
	return g;
}

static json_object *loadavg_json(const struct sysinfo_facts *s)
{
	json_object *load;

	if (isnan(s->mem.load[0]))
		return NULL;
	load = json_object_new_array();
	for (int i = 0; i < 3; i++)
		json_object_array_add(load, hundredths(s->mem.load[i]));
	return load;
}

static void loadavg_text(const struct sysinfo_facts *s, char *buf, size_t len)
{
	if (isnan(s->mem.load[0]))
		snprintf(buf, len, UNKNOWN);
	else
		snprintf(buf, len, "%.2f %.2f %.2f", s->mem.load[0], s->mem.load[1],
			 s->mem.load[2]);
}

static json_object *psi_json(const struct sysinfo_facts *s)
{
	json_object *psi;

	if (s->mem.psi_available != 1)
		return NULL;
	psi = json_object_new_object();
	add_double(psi, "some_avg10", s->mem.some_avg10);
	add_double(psi, "some_avg60", s->mem.some_avg60);
	add_double(psi, "full_avg10", s->mem.full_avg10);
	add_double(psi, "full_avg60", s->mem.full_avg60);
	return psi;
}

static void psi_text(const struct sysinfo_facts *s, char *buf, size_t len)
{
	if (s->mem.psi_available != 1)
		snprintf(buf, len, UNKNOWN);
	else if (isnan(s->mem.full_avg10))
		snprintf(buf, len, "some %.2f%% / %.2f%% (avg10 / avg60)", s->mem.some_avg10,
			 s->mem.some_avg60);
	else
		snprintf(buf, len, "some %.2f%% / %.2f%%, full %.2f%% / %.2f%% (avg10 / avg60)",
			 s->mem.some_avg10, s->mem.some_avg60, s->mem.full_avg10,
			 s->mem.full_avg60);
}

static void zpool_text(const struct sysinfo_facts *s, char *buf, size_t len)
{
	/* Newer kernels dropped the parameter (zsmalloc only). */
	snprintf(buf, len, "%s",
		 s->zswap.present == 1 && !s->zswap.zpool[0] ? "none (no zpool parameter)"
							     : text_or_unknown(s->zswap.zpool));
}

/* Each area {name, type, size, used, priority}, sizes in bytes; null when unreadable. */
static json_object *areas_json(const struct sysinfo_facts *s)
{
	json_object *areas;

	if (s->swap.nareas == SYSINFO_UNKNOWN)
		return NULL;
	areas = json_object_new_array();
	for (int i = 0; i < s->swap.nareas; i++) {
		const struct sysinfo_swap_area *a = &s->swap.areas[i];
		json_object *e = json_object_new_object();
		json_object_object_add(e, "name", text_json(a->name));
		json_object_object_add(e, "type", text_json(a->type));
		json_object_object_add(e, "size", json_object_new_uint64(a->size));
		json_object_object_add(e, "used", json_object_new_uint64(a->used));
		json_object_object_add(e, "priority", json_object_new_int(a->priority));
		json_object_array_add(areas, e);
	}
	return areas;
}

static void areas_text(const struct sysinfo_facts *s, char *buf, size_t len)
{
	if (s->swap.nareas == SYSINFO_UNKNOWN)
		snprintf(buf, len, UNKNOWN);
	else if (s->swap.nareas == 0)
		snprintf(buf, len, "none");
	else
		snprintf(buf, len, "%d active", s->swap.nareas);
}

static int area_row(const struct sysinfo_facts *s, size_t i, char *buf, size_t len)
{
	const struct sysinfo_swap_area *a;
	char size[32], used[32];

	if (s->swap.nareas == SYSINFO_UNKNOWN || i >= (size_t)s->swap.nareas)
		return 0;
	a = &s->swap.areas[i];
	snprintf(buf, len, "%s %s, %s, %s used, priority %d", a->name, text_or_unknown(a->type),
		 size_format(a->size, size, sizeof(size)), size_format(a->used, used, sizeof(used)),
		 a->priority);
	return 1;
}

/* -1 is a real setting (everything allowed), so the file's text decides, not a sentinel. */
static json_object *paranoid_json(const struct sysinfo_facts *s)
{
	char *end;
	long paranoid = strtol(s->perf.paranoid, &end, 10);

	return s->perf.paranoid[0] && !*end ? json_object_new_int((int)paranoid) : NULL;
}

/* ---- the table ---- */

#define TEXT(k, field, ...)                                                                        \
	{                                                                                          \
		.key = k, .type = FACT_TEXT, FIELD(field), __VA_ARGS__                             \
	}
#define INT(k, field, ...)                                                                         \
	{                                                                                          \
		.key = k, .type = FACT_INT, FIELD(field), __VA_ARGS__                              \
	}
#define BOOL(k, field, y, n, ...)                                                                  \
	{                                                                                          \
		.key = k, .type = FACT_BOOL, FIELD(field), .yes = y, .no = n, __VA_ARGS__          \
	}
#define BYTES(k, field, ...)                                                                       \
	{                                                                                          \
		.key = k, .type = FACT_BYTES, FIELD(field), __VA_ARGS__                            \
	}
#define WORDS(k, field, ...)                                                                       \
	{                                                                                          \
		.key = k, .type = FACT_WORDS, FIELD(field), __VA_ARGS__                            \
	}
#define CUSTOM(k, ...)                                                                             \
	{                                                                                          \
		.key = k, .type = FACT_CUSTOM, __VA_ARGS__                                         \
	}
#define SETTING(n) .compare = { .name = n }
#define SET_BY(n, opt) .compare = { .name = n, .option = opt }

const struct sysinfo_fact sysinfo_fact_table[] = {
	TEXT("kernel/release", kernel.release, .label = "kernel", SETTING("kernel")),
	TEXT("kernel/version", kernel.version, .label = "kernel version"),
	TEXT("kernel/arch", kernel.arch, .label = "arch", SETTING("architecture")),
	TEXT("kernel/hostname", kernel.hostname, .label = "hostname"),
	TEXT("kernel/cmdline", kernel.cmdline, .label = "kernel command line",
	     SETTING("kernel command line")),

	TEXT("cpu/model", cpu.model, .label = "cpu model", SETTING("CPU model")),
	INT("cpu/online", cpu.online, .label = "cpus online", SETTING("CPUs online")),
	BOOL("cpu/smt_active", cpu.smt_active, "on", "off", .label = "smt",
	     .aside = "cpu/smt_control", .aside_open = " (control: ", SETTING("SMT")),
	TEXT("cpu/smt_control", cpu.smt_control),
	INT("cpu/cpufreq_policies", cpu.policies),
	CUSTOM("cpu/governor", .label = "cpu governor", .json = governor_json,
	       .text = governor_text, SETTING("CPU governor")),
	CUSTOM("cpu/governors", .json = governors_json),
	BOOL("cpu/boost", cpu.boost, "on", "off", .label = "cpu boost", .aside = "cpu/boost_source",
	     .aside_open = " (", SETTING("CPU boost")),
	TEXT("cpu/boost_source", cpu.boost_source),

	BYTES("memory/total", mem.total, .label = "memory total", SETTING("memory")),
	BYTES("memory/available", mem.available, .label = "memory available"),
	/* Load per CPU apart by more than 0.5, memory pressure by more than 1 point. */
	CUSTOM("memory/loadavg", .label = "load average", .json = loadavg_json,
	       .text = loadavg_text,
	       .compare = { .name = "load average before", .apart = 0.5, .per = "cpu/online" }),
	CUSTOM("memory/psi", .label = "memory pressure", .json = psi_json, .text = psi_text,
	       .compare = { .name = "memory pressure before (PSI some, 10 s)",
			    .apart = 1.0,
			    .sub = "some_avg10",
			    .unit = "%" }),

	TEXT("cgroup/mode", cgroup.mode, .label = "cgroup mode", SETTING("cgroup mode")),
	WORDS("cgroup/v1_controllers", cgroup.v1_controllers, .label = "cgroup v1 controllers",
	      .known = "cgroup/mode"),
	WORDS("cgroup/v2_controllers", cgroup.v2_controllers, .label = "cgroup v2 controllers",
	      .known = "cgroup/mode"),

	BOOL("zram/module", zram.module, "loaded", "not loaded", .label = "zram"),
	BOOL("zram/hot_add", zram.hot_add, "yes", "no", .label = "zram hot_add"),
	TEXT("zram/device", zram.device, .label = "zram device asked", .none = "none"),
	WORDS("zram/algorithms", zram.algorithms, .label = "zram algorithms"),
	BOOL("zram/writeback", zram.writeback, "yes", "no", .label = "zram writeback"),
	BOOL("zram/recompression", zram.recompression, "yes", "no", .label = "zram recompression"),
	BOOL("zram/algorithm_params", zram.algorithm_params, "yes", "no",
	     .label = "zram algorithm_params"),

	BOOL("zswap/present", zswap.present, "present", "absent", .label = "zswap"),
	BOOL("zswap/enabled", zswap.enabled, "yes", "no", .label = "zswap enabled",
	     SETTING("zswap enabled")),
	TEXT("zswap/compressor", zswap.compressor, .label = "zswap compressor",
	     SETTING("zswap compressor")),
	TEXT("zswap/zpool", zswap.zpool, .label = "zswap zpool", .text = zpool_text,
	     SET_BY("zswap zpool", "zswap-zpool")),
	INT("zswap/max_pool_percent", zswap.max_pool_percent, .label = "zswap max_pool_percent",
	    SET_BY("zswap pool size", "zswap-pool")),
	/* The crypto API's, not zswap's: its own row after zswap's. */
	WORDS("zswap/crypto_compressors", zswap.crypto_compressors, .label = "crypto compressors",
	      .group = "crypto"),
	BOOL("zswap/shrinker_enabled", zswap.shrinker_enabled, "on", "off",
	     .label = "zswap shrinker", SET_BY("zswap shrinker", "zswap-shrinker")),

	CUSTOM("swap/areas", .label = "swap areas", .json = areas_json, .text = areas_text,
	       .each = area_row, .each_label = "swap area"),
	INT("swap/swappiness", swap.swappiness, .label = "vm.swappiness",
	    SET_BY("swappiness", "swappiness")),
	INT("swap/page_cluster", swap.page_cluster, .label = "vm.page-cluster",
	    SET_BY("page-cluster", "page-cluster")),
	INT("swap/overcommit_memory", swap.overcommit_memory, .label = "vm.overcommit_memory"),

	TEXT("mm/thp_enabled", mm.thp_enabled, .label = "thp enabled", SET_BY("THP", "thp")),
	TEXT("mm/thp_defrag", mm.thp_defrag, .label = "thp defrag", SETTING("THP defrag")),
	TEXT("mm/mglru", mm.mglru, SETTING("MGLRU")),
	BOOL("mm/mglru_enabled", mm.mglru_enabled, "on", "off", .label = "mglru",
	     .aside = "mm/mglru", .aside_open = " ("),
	INT("mm/aslr", mm.aslr, .label = "aslr", SETTING("ASLR")),
	BOOL("mm/ksm_running", mm.ksm_running, "running", "not running", .label = "ksm",
	     SETTING("KSM")),

	BOOL("psi_available", mem.psi_available, "available", "unavailable", .label = "psi",
	     .group = "memory"),

	TEXT("perf/events", perf.events, .label = "perf events"),
	TEXT("perf/paranoid", perf.paranoid, .label = "perf_event_paranoid", .json = paranoid_json),

	TEXT("swap_dir/path", swap_dir.path, .label = "swap dir", .none = "not given"),
	TEXT("swap_dir/fs_type", swap_dir.fs_type, .label = "swap dir filesystem",
	     SETTING("swapfile filesystem")),
	TEXT("swap_dir/device", swap_dir.device, .label = "swap dir device"),
	TEXT("swap_dir/disk", swap_dir.disk, .label = "swap dir disk",
	     .aside = "swap_dir/partition", .aside_open = " (partition "),
	TEXT("swap_dir/partition", swap_dir.partition),
	TEXT("swap_dir/model", swap_dir.model, .label = "swap dir disk model",
	     SETTING("swapfile disk")),
	BOOL("swap_dir/rotational", swap_dir.rotational, "yes", "no",
	     .label = "swap dir rotational", SETTING("swapfile disk rotational")),
};

const size_t sysinfo_nfacts = ARRAY_SIZE(sysinfo_fact_table);

const struct sysinfo_fact *sysinfo_fact_find(const char *key)
{
	for (size_t i = 0; i < sysinfo_nfacts; i++)
		if (strcmp(sysinfo_fact_table[i].key, key) == 0)
			return &sysinfo_fact_table[i];
	return NULL;
}

/* ---- a fact's value by its type ---- */

static const char *text_field(const struct sysinfo_fact *f, const struct sysinfo_facts *s)
{
	return (const char *)s + f->at;
}

static int int_field(const struct sysinfo_fact *f, const struct sysinfo_facts *s)
{
	int v;

	memcpy(&v, (const char *)s + f->at, sizeof(v));
	return v;
}

static uint64_t u64_field(const struct sysinfo_fact *f, const struct sysinfo_facts *s)
{
	uint64_t v;

	memcpy(&v, (const char *)s + f->at, sizeof(v));
	return v;
}

/* Is the list known: the fact .known names (or the list itself) is not "". */
static int words_known(const struct sysinfo_fact *f, const struct sysinfo_facts *s)
{
	const struct sysinfo_fact *k = f->known ? sysinfo_fact_find(f->known) : f;

	return k && text_field(k, s)[0] != '\0';
}

json_object *sysinfo_fact_json(const struct sysinfo_fact *f, const struct sysinfo_facts *s)
{
	if (f->json)
		return f->json(s);
	switch (f->type) {
	case FACT_TEXT:
		return text_json(text_field(f, s));
	case FACT_INT:
		return int_field(f, s) == SYSINFO_UNKNOWN ? NULL
							  : json_object_new_int(int_field(f, s));
	case FACT_BOOL:
		return int_field(f, s) == SYSINFO_UNKNOWN
			? NULL
			: json_object_new_boolean(int_field(f, s));
	case FACT_BYTES:
		return u64_field(f, s) == SYSINFO_U64_UNKNOWN
			? NULL
			: json_object_new_uint64(u64_field(f, s));
	case FACT_WORDS:
		return words_known(f, s) ? words_json(text_field(f, s)) : NULL;
	case FACT_CUSTOM:
		break;
	}
	return NULL;
}

/* The value alone, without its aside. */
static void value_text(const struct sysinfo_fact *f, const struct sysinfo_facts *s, char *buf,
		       size_t len)
{
	const char *v = f->type == FACT_TEXT || f->type == FACT_WORDS ? text_field(f, s) : "";

	if (f->text) {
		f->text(s, buf, len);
		return;
	}
	switch (f->type) {
	case FACT_TEXT:
		snprintf(buf, len, "%s", v[0] ? v : f->none ? f->none : UNKNOWN);
		break;
	case FACT_INT:
		if (int_field(f, s) == SYSINFO_UNKNOWN)
			snprintf(buf, len, UNKNOWN);
		else
			snprintf(buf, len, "%d", int_field(f, s));
		break;
	case FACT_BOOL:
		snprintf(buf, len, "%s", tri(int_field(f, s), f->yes, f->no));
		break;
	case FACT_BYTES:
		if (u64_field(f, s) == SYSINFO_U64_UNKNOWN)
			snprintf(buf, len, UNKNOWN);
		else
			size_format(u64_field(f, s), buf, len);
		break;
	case FACT_WORDS:
		snprintf(buf, len, "%s", !words_known(f, s) ? UNKNOWN : v[0] ? v : "none");
		break;
	case FACT_CUSTOM:
		buf[0] = '\0';
		break;
	}
}

void sysinfo_fact_text(const struct sysinfo_fact *f, const struct sysinfo_facts *s, char *buf,
		       size_t len)
{
	const struct sysinfo_fact *aside = f->aside ? sysinfo_fact_find(f->aside) : NULL;
	size_t at;

	value_text(f, s, buf, len);
	if (!aside || !text_field(aside, s)[0])
		return;
	at = strlen(buf);
	snprintf(buf + at, len - at, "%s%s)", f->aside_open, text_field(aside, s));
}

const char *sysinfo_fact_group(const struct sysinfo_fact *f, char *buf, size_t len)
{
	if (f->group)
		snprintf(buf, len, "%s", f->group);
	else
		snprintf(buf, len, "%.*s", (int)strcspn(f->key, "/"), f->key);
	return buf;
}
