/* The CPUs: model, how many are online, SMT, the frequency governors and boost. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/kernel/sysfs.h"
#include "runner/system/facts.h"
#include "runner/system/facts_util.h"

#define CPU "/sys/devices/system/cpu"
#define CPUFREQ CPU "/cpufreq"
#define MAX_POLICIES 1024

struct policy {
	int num;
	char governor[32];
};

/* "model name\t: AMD EPYC 7R13": the first CPU's (x86; other architectures have no such line). */
static void cpu_model(struct sysinfo_facts *s)
{
	static const char key[] = "model name";
	char *text;

	if (sysfs_read_alloc("/proc/cpuinfo", &text) < 0)
		return;
	for (const char *line = text; *line; line += strcspn(line, "\n"), line += *line == '\n') {
		const char *p = line + sizeof(key) - 1;
		if (strncmp(line, key, sizeof(key) - 1) != 0)
			continue;
		p += strspn(p, " \t");
		if (*p != ':')
			continue;
		p += 1 + strspn(p + 1, " \t");
		snprintf(s->cpu.model, sizeof(s->cpu.model), "%.*s", (int)strcspn(p, "\n"), p);
		break;
	}
	free(text);
}

/* smt/active says whether siblings run now; smt/control, older or without active, says
 * whether they may ("notsupported": a CPU or VM without SMT). */
static void cpu_smt(struct sysinfo_facts *s)
{
	facts_line(CPU "/smt/control", s->cpu.smt_control, sizeof(s->cpu.smt_control));
	s->cpu.smt_active = facts_yes_no(CPU "/smt/active");
	if (s->cpu.smt_active != SYSINFO_UNKNOWN)
		return;
	if (strcmp(s->cpu.smt_control, "on") == 0)
		s->cpu.smt_active = 1;
	else if (strcmp(s->cpu.smt_control, "off") == 0 ||
		 strcmp(s->cpu.smt_control, "forceoff") == 0 ||
		 strcmp(s->cpu.smt_control, "notsupported") == 0)
		s->cpu.smt_active = 0;
}

static int by_policy(const void *a, const void *b)
{
	const struct policy *x = a, *y = b;
	return (x->num > y->num) - (x->num < y->num);
}

/* Every cpufreq policy with a readable governor, sorted by number; how many, or -1 without
 * the cpufreq directory. */
static int read_policies(struct policy *out, size_t max)
{
	char dir[4096], path[320];
	struct dirent *de;
	size_t n = 0;
	DIR *d;

	if (!sysfs_path(dir, sizeof(dir), CPUFREQ) || !(d = opendir(dir)))
		return -1;
	while ((de = readdir(d)) && n < max) {
		char *end;
		long num;
		if (strncmp(de->d_name, "policy", 6) != 0 || de->d_name[6] < '0' ||
		    de->d_name[6] > '9')
			continue;
		num = strtol(de->d_name + 6, &end, 10);
		snprintf(path, sizeof(path), CPUFREQ "/%s/scaling_governor", de->d_name);
		if (*end || num > 1 << 22 ||
		    facts_line(path, out[n].governor, sizeof(out[n].governor)) < 0 ||
		    !out[n].governor[0])
			continue;
		out[n++].num = (int)num;
	}
	closedir(d);
	qsort(out, n, sizeof(out[0]), by_policy);
	return (int)n;
}

/* The policies grouped by governor, in the order of their first policy. */
static void group_governors(struct sysinfo_facts *s, const struct policy *p, size_t n)
{
	int nums[MAX_POLICIES], done[MAX_POLICIES] = { 0 };

	for (size_t i = 0; i < n && s->cpu.ngovernors < SYSINFO_MAX_GOVERNORS; i++) {
		struct sysinfo_governor *g;
		size_t k = 0;
		if (done[i])
			continue;
		for (size_t j = i; j < n; j++)
			if (!done[j] && strcmp(p[j].governor, p[i].governor) == 0) {
				done[j] = 1;
				nums[k++] = p[j].num;
			}
		g = &s->cpu.governors[s->cpu.ngovernors++];
		snprintf(g->name, sizeof(g->name), "%s", p[i].governor);
		facts_ranges(nums, k, g->policies, sizeof(g->policies));
		g->count = (int)k;
	}
}

/* Boost: acpi-cpufreq and amd-pstate have cpufreq/boost (1: on), intel_pstate no_turbo
 * (1: off), newer amd-pstate a boost file per policy. */
static void cpu_boost(struct sysinfo_facts *s, int first_policy)
{
	char policy[64];
	int v;

	if ((v = facts_yes_no(CPUFREQ "/boost")) != SYSINFO_UNKNOWN) {
		snprintf(s->cpu.boost_source, sizeof(s->cpu.boost_source), CPUFREQ "/boost");
	} else if ((v = facts_yes_no(CPU "/intel_pstate/no_turbo")) != SYSINFO_UNKNOWN) {
		v = !v;
		snprintf(s->cpu.boost_source, sizeof(s->cpu.boost_source),
			 CPU "/intel_pstate/no_turbo");
	} else if (first_policy >= 0) {
		snprintf(policy, sizeof(policy), CPUFREQ "/policy%d/boost", first_policy);
		if ((v = facts_yes_no(policy)) != SYSINFO_UNKNOWN)
			snprintf(s->cpu.boost_source, sizeof(s->cpu.boost_source), "%s", policy);
	}
	s->cpu.boost = v;
}

/* cpufreq: the policies, their governors and boost. */
static void cpu_frequency(struct sysinfo_facts *s)
{
	/* 36 KiB: on the heap, past the 16 KiB frame limit. Out of memory, all three stay
	 * unknown, as for files that cannot be read. */
	struct policy *policies = malloc(MAX_POLICIES * sizeof(*policies));
	int n;

	if (!policies)
		return;
	n = read_policies(policies, MAX_POLICIES);
	/* No cpufreq directory where the cpu directory is readable: a kernel or VM without
	 * frequency scaling, 0 policies. */
	if (n >= 0)
		s->cpu.policies = n;
	else if (sysfs_exists(CPU))
		s->cpu.policies = 0;
	group_governors(s, policies, n > 0 ? (size_t)n : 0);
	cpu_boost(s, n > 0 ? policies[0].num : -1);
	free(policies);
}

void facts_cpu(struct sysinfo_facts *s)
{
	char online[256];

	cpu_model(s);
	if (facts_line(CPU "/online", online, sizeof(online)) == 0) {
		int count = facts_cpu_list_count(online);
		s->cpu.online = count > 0 ? count : SYSINFO_UNKNOWN;
	}
	cpu_smt(s);
	cpu_frequency(s);
}
