#include "runner/kernel/cpus.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/kernel/sysfs.h"

/* One number of a list: digits only, below CPU_SETSIZE. */
static int cpu_number(const char **p, unsigned *cpu)
{
	char *end;
	unsigned long v;

	if (**p < '0' || **p > '9')
		return -EINVAL;
	errno = 0;
	v = strtoul(*p, &end, 10);
	if (errno || v >= CPU_SETSIZE)
		return -EINVAL;
	*cpu = (unsigned)v;
	*p = end;
	return 0;
}

int cpulist_parse(const char *text, cpu_set_t *set)
{
	const char *p = text;

	CPU_ZERO(set);
	for (;;) {
		unsigned lo, hi;
		if (cpu_number(&p, &lo))
			return -EINVAL;
		hi = lo;
		if (*p == '-' && (p++, cpu_number(&p, &hi) || hi < lo))
			return -EINVAL;
		for (unsigned c = lo; c <= hi; c++)
			CPU_SET(c, set);
		if (*p != ',')
			break;
		p++; /* a comma must be followed by another CPU */
	}
	return *p ? -EINVAL : 0;
}

void cpulist_format(const cpu_set_t *set, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (unsigned c = 0; c < CPU_SETSIZE && used < len; c++) {
		unsigned hi = c;
		if (!CPU_ISSET(c, set))
			continue;
		while (hi + 1 < CPU_SETSIZE && CPU_ISSET(hi + 1, set))
			hi++;
		used += (size_t)snprintf(buf + used, len - used, hi > c ? "%s%u-%u" : "%s%u",
					 used ? "," : "", c, hi);
		c = hi;
	}
}

int cpus_online(cpu_set_t *set)
{
	char line[4096];
	int ret = sysfs_read_line("/sys/devices/system/cpu/online", line, sizeof(line));

	return ret < 0 ? ret : cpulist_parse(line, set);
}

/* The CPU numbers of the header line ("CPU0 CPU1 ..."): a column may be missing for an
 * offline CPU, so the columns are numbered by the header, not by position. */
static size_t header_cpus(const char *line, int *cpu_of_column, size_t max)
{
	size_t n = 0;

	for (const char *p = strstr(line, "CPU"); p && n < max; p = strstr(p + 3, "CPU"))
		cpu_of_column[n++] = atoi(p + 3);
	return n;
}

static void add_irq_line(const char *line, const int *cpu_of_column, size_t ncols, uint64_t *counts,
			 size_t n)
{
	char *end;
	const char *p = line + strspn(line, " ");

	strtoul(p, &end, 10);
	if (end == p || *end != ':')
		return; /* "LOC:", "NMI:": timers and IPIs, not devices */
	p = end + 1;
	for (size_t col = 0; col < ncols; col++) {
		unsigned long long v = strtoull(p, &end, 10);
		if (end == p)
			return;
		if (cpu_of_column[col] >= 0 && (size_t)cpu_of_column[col] < n)
			counts[cpu_of_column[col]] += v;
		p = end;
	}
}

int cpus_irq_counts(uint64_t *counts, size_t n)
{
	static int cpu_of_column[CPU_SETSIZE];
	char *text, *save = NULL;
	size_t ncols = 0;
	int ret = sysfs_read_alloc("/proc/interrupts", &text);

	if (ret < 0)
		return ret;
	memset(counts, 0, n * sizeof(*counts));
	for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (!ncols)
			ncols = header_cpus(line, cpu_of_column, CPU_SETSIZE);
		else
			add_irq_line(line, cpu_of_column, ncols, counts, n);
	}
	free(text);
	return ncols ? 0 : -EINVAL;
}

void cpus_quietest(const cpu_set_t *online, const uint64_t *irqs, size_t nirqs, unsigned want,
		   cpu_set_t *out)
{
	cpu_set_t left = *online;

	CPU_ZERO(out);
	for (unsigned k = 0; k < want && CPU_COUNT(&left); k++) {
		int best = -1;
		for (unsigned c = 0; c < CPU_SETSIZE; c++) {
			uint64_t v = c < nirqs ? irqs[c] : 0;
			if (CPU_ISSET(c, &left) &&
			    (best < 0 || v < ((unsigned)best < nirqs ? irqs[best] : 0)))
				best = (int)c;
		}
		CPU_SET(best, out);
		CPU_CLR(best, &left);
	}
}

int cpus_nth(const cpu_set_t *set, unsigned n)
{
	int count = CPU_COUNT(set);

	if (!count)
		return -1;
	n %= (unsigned)count;
	for (unsigned c = 0; c < CPU_SETSIZE; c++)
		if (CPU_ISSET(c, set) && n-- == 0)
			return (int)c;
	return -1;
}

int proc_last_cpu(pid_t pid, int *cpu)
{
	char path[64], buf[2048], *p;
	int ret;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	if ((ret = sysfs_read(path, buf, sizeof(buf))) < 0)
		return ret;
	/* The command name may hold blanks and parentheses: fields count from its last ')'. */
	if (!(p = strrchr(buf, ')')))
		return -EINVAL;
	for (int field = 2; field < 39 && p; field++)
		p = strchr(p + 1, ' ');
	if (!p || sscanf(p + 1, "%d", cpu) != 1)
		return -EINVAL;
	return 0;
}

int proc_migrations(pid_t pid, uint64_t *count)
{
	char path[64], *text, *p;
	int ret;

	snprintf(path, sizeof(path), "/proc/%d/sched", (int)pid);
	if ((ret = sysfs_read_alloc(path, &text)) < 0)
		return ret;
	/* "se.nr_migrations   :   3": the key, then a colon set apart by blanks. */
	p = strstr(text, "se.nr_migrations");
	if (!p)
		ret = -ENOENT;
	else
		ret = sscanf(p + strlen("se.nr_migrations") +
				     strspn(p + strlen("se.nr_migrations"), " \t:"),
			     "%" SCNu64, count) == 1
			? 0
			: -EINVAL;
	free(text);
	return ret;
}
