/* The facts as a table people read: one fact per line, "!" before a fact with a warning,
 * the warnings' sentences after the table. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "common/size.h"
#include "runner/system/facts.h"

#define UNKNOWN "unknown"

__attribute__((format(printf, 4, 5)))
static void row(FILE *out, const struct sysinfo_facts *s, const char *label, const char *fmt, ...)
{
	va_list ap;

	fprintf(out, "%s %-24s ", facts_warned(s, label) ? "!" : " ", label);
	va_start(ap, fmt);
	vfprintf(out, fmt, ap);
	va_end(ap);
	fputc('\n', out);
}

static const char *text(const char *v)
{
	return v[0] ? v : UNKNOWN;
}

static const char *tri(int v, const char *yes, const char *no)
{
	return v == SYSINFO_UNKNOWN ? UNKNOWN : v ? yes : no;
}

static const char *num(int v, char *buf, size_t len)
{
	if (v == SYSINFO_UNKNOWN)
		return UNKNOWN;
	snprintf(buf, len, "%d", v);
	return buf;
}

static const char *bytes(uint64_t v, char *buf, size_t len)
{
	return v == SYSINFO_U64_UNKNOWN ? UNKNOWN : size_format(v, buf, len);
}

static void print_kernel(const struct sysinfo_facts *s, FILE *out)
{
	row(out, s, "kernel", "%s", text(s->kernel.release));
	row(out, s, "kernel version", "%s", text(s->kernel.version));
	row(out, s, "arch", "%s", text(s->kernel.arch));
	row(out, s, "hostname", "%s", text(s->kernel.hostname));
	row(out, s, "kernel command line", "%s", text(s->kernel.cmdline));
}

static void print_governors(const struct sysinfo_facts *s, FILE *out)
{
	char list[SYSINFO_MAX_GOVERNORS * 140] = "";
	size_t at = 0;

	if (s->cpu.policies == SYSINFO_UNKNOWN) {
		row(out, s, "cpu governor", UNKNOWN);
		return;
	}
	if (s->cpu.policies == 0) {
		row(out, s, "cpu governor", UNKNOWN " (no cpufreq policy)");
		return;
	}
	if (s->cpu.ngovernors == 1) {
		row(out, s, "cpu governor", "%s (all %d polic%s)", s->cpu.governors[0].name, s->cpu.policies,
		    s->cpu.policies > 1 ? "ies" : "y");
		return;
	}
	for (int i = 0; i < s->cpu.ngovernors && at < sizeof(list); i++)
		at += (size_t)snprintf(list + at, sizeof(list) - at, "%s%s on %s", i ? ", " : "",
				       s->cpu.governors[i].name, s->cpu.governors[i].policies);
	row(out, s, "cpu governor", "%s", list);
}

static void print_cpu(const struct sysinfo_facts *s, FILE *out)
{
	char b[32];

	row(out, s, "cpu model", "%s", text(s->cpu.model));
	row(out, s, "cpus online", "%s", num(s->cpu.online, b, sizeof(b)));
	row(out, s, "smt", "%s%s%s%s", tri(s->cpu.smt_active, "on", "off"), s->cpu.smt_control[0] ? " (control: " : "",
	    s->cpu.smt_control, s->cpu.smt_control[0] ? ")" : "");
	print_governors(s, out);
	row(out, s, "cpu boost", "%s%s%s%s", tri(s->cpu.boost, "on", "off"), s->cpu.boost_source[0] ? " (" : "",
	    s->cpu.boost_source, s->cpu.boost_source[0] ? ")" : "");
}

static void print_memory(const struct sysinfo_facts *s, FILE *out)
{
	char b[32];

	row(out, s, "memory total", "%s", bytes(s->mem.total, b, sizeof(b)));
	row(out, s, "memory available", "%s", bytes(s->mem.available, b, sizeof(b)));
	if (isnan(s->mem.load[0]))
		row(out, s, "load average", UNKNOWN);
	else
		row(out, s, "load average", "%.2f %.2f %.2f", s->mem.load[0], s->mem.load[1], s->mem.load[2]);
	if (s->mem.psi_available != 1)
		row(out, s, "memory pressure", UNKNOWN);
	else if (isnan(s->mem.full_avg10))
		row(out, s, "memory pressure", "some %.2f%% / %.2f%% (avg10 / avg60)", s->mem.some_avg10,
		    s->mem.some_avg60);
	else
		row(out, s, "memory pressure", "some %.2f%% / %.2f%%, full %.2f%% / %.2f%% (avg10 / avg60)",
		    s->mem.some_avg10, s->mem.some_avg60, s->mem.full_avg10, s->mem.full_avg60);
	row(out, s, "psi", "%s", tri(s->mem.psi_available, "available", "unavailable"));
}

static void print_cgroup(const struct sysinfo_facts *s, FILE *out)
{
	int known = s->cgroup.mode[0] != '\0';

	row(out, s, "cgroup mode", "%s", text(s->cgroup.mode));
	row(out, s, "cgroup v1 controllers", "%s", !known ? UNKNOWN : s->cgroup.v1_controllers[0] ? s->cgroup.v1_controllers : "none");
	row(out, s, "cgroup v2 controllers", "%s", !known ? UNKNOWN : s->cgroup.v2_controllers[0] ? s->cgroup.v2_controllers : "none");
}

static void print_zram(const struct sysinfo_facts *s, FILE *out)
{
	row(out, s, "zram", "%s", tri(s->zram.module, "loaded", "not loaded"));
	row(out, s, "zram hot_add", "%s", tri(s->zram.hot_add, "yes", "no"));
	row(out, s, "zram device asked", "%s", s->zram.device[0] ? s->zram.device : "none");
	row(out, s, "zram algorithms", "%s", text(s->zram.algorithms));
	row(out, s, "zram writeback", "%s", tri(s->zram.writeback, "yes", "no"));
	row(out, s, "zram recompression", "%s", tri(s->zram.recompression, "yes", "no"));
	row(out, s, "zram algorithm_params", "%s", tri(s->zram.algorithm_params, "yes", "no"));
}

static void print_zswap(const struct sysinfo_facts *s, FILE *out)
{
	char b[32];

	row(out, s, "zswap", "%s", tri(s->zswap.present, "present", "absent"));
	row(out, s, "zswap enabled", "%s", tri(s->zswap.enabled, "yes", "no"));
	row(out, s, "zswap compressor", "%s", text(s->zswap.compressor));
	row(out, s, "zswap zpool", "%s", s->zswap.present == 1 && !s->zswap.zpool[0] ? "none (no zpool parameter)" : text(s->zswap.zpool));
	row(out, s, "zswap max_pool_percent", "%s", num(s->zswap.max_pool_percent, b, sizeof(b)));
	row(out, s, "zswap shrinker", "%s", tri(s->zswap.shrinker_enabled, "on", "off"));
	row(out, s, "crypto compressors", "%s", text(s->zswap.crypto_compressors));
}

static void print_swap(const struct sysinfo_facts *s, FILE *out)
{
	char b[32], size[32], used[32];

	if (s->swap.nareas == SYSINFO_UNKNOWN)
		row(out, s, "swap areas", UNKNOWN);
	else if (s->swap.nareas == 0)
		row(out, s, "swap areas", "none");
	else
		row(out, s, "swap areas", "%d active", s->swap.nareas);
	for (int i = 0; i < s->swap.nareas; i++) {
		const struct sysinfo_swap_area *a = &s->swap.areas[i];
		row(out, s, "swap area", "%s %s, %s, %s used, priority %d", a->name, text(a->type),
		    size_format(a->size, size, sizeof(size)), size_format(a->used, used, sizeof(used)), a->priority);
	}
	row(out, s, "vm.swappiness", "%s", num(s->swap.swappiness, b, sizeof(b)));
	row(out, s, "vm.page-cluster", "%s", num(s->swap.page_cluster, b, sizeof(b)));
	row(out, s, "vm.overcommit_memory", "%s", num(s->swap.overcommit_memory, b, sizeof(b)));
}

static void print_mm(const struct sysinfo_facts *s, FILE *out)
{
	char b[32];

	row(out, s, "thp enabled", "%s", text(s->mm.thp_enabled));
	row(out, s, "thp defrag", "%s", text(s->mm.thp_defrag));
	row(out, s, "mglru", "%s%s%s%s", tri(s->mm.mglru_enabled, "on", "off"), s->mm.mglru[0] ? " (" : "",
	    s->mm.mglru, s->mm.mglru[0] ? ")" : "");
	row(out, s, "aslr", "%s", num(s->mm.aslr, b, sizeof(b)));
	row(out, s, "ksm", "%s", tri(s->mm.ksm_running, "running", "not running"));
}

static void print_perf_and_dir(const struct sysinfo_facts *s, FILE *out)
{
	row(out, s, "perf events", "%s", text(s->perf.events));
	row(out, s, "perf_event_paranoid", "%s", text(s->perf.paranoid));
	row(out, s, "swap dir", "%s", s->swap_dir.path[0] ? s->swap_dir.path : "not given");
	row(out, s, "swap dir filesystem", "%s", text(s->swap_dir.fs_type));
	row(out, s, "swap dir device", "%s", text(s->swap_dir.device));
	row(out, s, "swap dir disk", "%s%s%s%s", text(s->swap_dir.disk), s->swap_dir.partition[0] ? " (partition " : "",
	    s->swap_dir.partition, s->swap_dir.partition[0] ? ")" : "");
	row(out, s, "swap dir disk model", "%s", text(s->swap_dir.model));
	row(out, s, "swap dir rotational", "%s", tri(s->swap_dir.rotational, "yes", "no"));
}

void sysinfo_print(const struct sysinfo_facts *s, FILE *out)
{
	char warnings[SYSINFO_MAX_WARNINGS][SYSINFO_WARNING_LEN];
	size_t n = sysinfo_warnings(s, warnings, SYSINFO_MAX_WARNINGS);

	print_kernel(s, out);
	print_cpu(s, out);
	print_memory(s, out);
	print_cgroup(s, out);
	print_zram(s, out);
	print_zswap(s, out);
	print_swap(s, out);
	print_mm(s, out);
	print_perf_and_dir(s, out);
	if (!n)
		return;
	fprintf(out, "\nwarnings:\n");
	for (size_t i = 0; i < n; i++)
		fprintf(out, "! %s\n", warnings[i]);
}
