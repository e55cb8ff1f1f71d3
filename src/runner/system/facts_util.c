/* The helpers the fact readers share (facts_util.h). */
#include "runner/system/facts_util.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "runner/kernel/sysfs.h"
#include "runner/kernel/zram.h"

void facts_init(struct sysinfo_facts *s)
{
	memset(s, 0, sizeof(*s)); /* every string "" */
	s->cpu.online = s->cpu.smt_active = s->cpu.boost = s->cpu.policies = SYSINFO_UNKNOWN;
	s->mem.total = s->mem.available = SYSINFO_U64_UNKNOWN;
	for (int i = 0; i < 3; i++)
		s->mem.load[i] = NAN;
	s->mem.some_avg10 = s->mem.some_avg60 = s->mem.full_avg10 = s->mem.full_avg60 = NAN;
	s->mem.psi_available = SYSINFO_UNKNOWN;
	s->zram.module = s->zram.hot_add = SYSINFO_UNKNOWN;
	s->zram.writeback = s->zram.recompression = s->zram.algorithm_params = SYSINFO_UNKNOWN;
	s->zswap.present = s->zswap.enabled = SYSINFO_UNKNOWN;
	s->zswap.max_pool_percent = s->zswap.shrinker_enabled = SYSINFO_UNKNOWN;
	s->swap.nareas = SYSINFO_UNKNOWN;
	s->swap.swappiness = s->swap.page_cluster = s->swap.overcommit_memory = SYSINFO_UNKNOWN;
	s->mm.mglru_enabled = s->mm.aslr = s->mm.ksm_running = SYSINFO_UNKNOWN;
	s->swap_dir.rotational = SYSINFO_UNKNOWN;
}

int facts_line(const char *path, char *buf, size_t len)
{
	int ret = sysfs_read_line(path, buf, len);
	size_t n;

	if (ret < 0) {
		buf[0] = '\0';
		return ret;
	}
	n = strlen(buf);
	while (n && (buf[n - 1] == ' ' || buf[n - 1] == '\t'))
		buf[--n] = '\0';
	return 0;
}

int facts_int(const char *path)
{
	char buf[32], *end;
	long v;

	if (facts_line(path, buf, sizeof(buf)) < 0 || buf[0] < '0' || buf[0] > '9')
		return SYSINFO_UNKNOWN; /* strtol would take "-1" and " 1" */
	errno = 0;
	v = strtol(buf, &end, 10);
	if (errno || *end || v > 0x7fffffff)
		return SYSINFO_UNKNOWN;
	return (int)v;
}

int facts_yes_no(const char *path)
{
	static const char *const yes[] = { "Y", "y", "1", "on" },
				 *const no[] = { "N", "n", "0", "off" };
	char buf[16];

	if (facts_line(path, buf, sizeof(buf)) < 0)
		return SYSINFO_UNKNOWN;
	for (size_t i = 0; i < ARRAY_SIZE(yes); i++) {
		if (strcmp(buf, yes[i]) == 0)
			return 1;
		if (strcmp(buf, no[i]) == 0)
			return 0;
	}
	return SYSINFO_UNKNOWN;
}

int facts_bracketed(const char *path, char *buf, size_t len)
{
	char line[256];
	int ret = facts_line(path, line, sizeof(line));

	buf[0] = '\0';
	if (ret < 0)
		return ret;
	/* The same "a [b] c" format as zram's comp_algorithm: one reader for both. */
	return zram_algorithm_parse(line, NULL, 0, buf, len);
}

/* One number of a CPU list, at *p; advances p. -1 when there is none. */
static long list_number(const char **p)
{
	char *end;
	long v;

	if (**p < '0' || **p > '9')
		return -1;
	errno = 0;
	v = strtol(*p, &end, 10);
	if (errno || v > 1 << 22)
		return -1;
	*p = end;
	return v;
}

int facts_cpu_list_count(const char *list)
{
	const char *p = list;
	long count = 0;

	while (*p && *p != '\n') {
		long first = list_number(&p), last = first;
		if (first < 0)
			return -EINVAL;
		if (*p == '-') {
			p++;
			last = list_number(&p);
			if (last < first)
				return -EINVAL;
		}
		count += last - first + 1;
		if (*p == ',')
			p++;
		else if (*p && *p != '\n')
			return -EINVAL;
	}
	return count ? (int)count : -EINVAL;
}

void facts_ranges(const int *nums, size_t n, char *buf, size_t len)
{
	size_t at = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < n;) {
		size_t j = i;
		char item[32];
		while (j + 1 < n && nums[j + 1] == nums[j] + 1)
			j++;
		if (j > i)
			snprintf(item, sizeof(item), "%s%d-%d", at ? "," : "", nums[i], nums[j]);
		else
			snprintf(item, sizeof(item), "%s%d", at ? "," : "", nums[i]);
		if (at + strlen(item) + 4 > len) { /* room for ",..." and the NUL */
			snprintf(buf + at, len - at, "%s", at ? ",..." : "...");
			return;
		}
		at += (size_t)snprintf(buf + at, len - at, "%s", item);
		i = j + 1;
	}
}

void facts_append(char *buf, size_t len, const char *word)
{
	size_t at = strlen(buf);
	if (at + 1 < len)
		snprintf(buf + at, len - at, "%s%s", at ? " " : "", word);
}
