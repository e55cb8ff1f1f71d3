/* Memory: total and available, load, pressure, and the mm settings that change how pages
 * are faulted, reclaimed and merged (THP, MGLRU, KSM, ASLR). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/kernel/kv.h"
#include "runner/kernel/psi.h"
#include "runner/kernel/sysfs.h"
#include "runner/system/facts.h"
#include "runner/system/facts_util.h"

#define PSI_MEMORY "/proc/pressure/memory"

/* avg60 of the line that starts with word; psi.h keeps only avg10 and total. -ENOENT without
 * the line ("full" before 5.2 is absent). */
static int psi_avg60(const char *text, const char *word, double *avg60)
{
	size_t wlen = strlen(word);

	for (const char *line = text; *line; line += strcspn(line, "\n"), line += *line == '\n') {
		const char *v;
		char *end;
		if (strncmp(line, word, wlen) != 0 || line[wlen] != ' ')
			continue;
		v = strstr(line, " avg60=");
		if (!v || v - line > (long)strcspn(line, "\n") || v[7] < '0' || v[7] > '9')
			return -EINVAL;
		errno = 0;
		*avg60 = strtod(v + 7, &end);
		return errno || (*end != ' ' && *end != '\n' && *end) || !(*avg60 <= 100.0) ? -EINVAL : 0;
	}
	return -ENOENT;
}

/* Memory PSI now; unreadable also when the kernel has PSI but it is off (psi=0: EOPNOTSUPP). */
static void memory_pressure(struct sysinfo_facts *s)
{
	char text[512];
	struct psi p;
	double some60, full60;

	if (!sysfs_exists("/proc"))
		return; /* no /proc, no telling */
	s->mem.psi_available = 0;
	if (sysfs_read(PSI_MEMORY, text, sizeof(text)) < 0 || psi_parse(text, &p) < 0 ||
	    psi_avg60(text, "some", &some60) < 0)
		return;
	s->mem.psi_available = 1;
	s->mem.some_avg10 = p.some_avg10;
	s->mem.some_avg60 = some60;
	/* psi_parse gives 0 for a missing "full" line: unknown here, not zero. */
	if (psi_avg60(text, "full", &full60) == 0) {
		s->mem.full_avg10 = p.full_avg10;
		s->mem.full_avg60 = full60;
	}
}

void facts_memory(struct sysinfo_facts *s)
{
	char line[128];
	double load[3];
	uint64_t v;

	if (kv_read("/proc/meminfo", "MemTotal", &v) == 0)
		s->mem.total = v;
	/* MemAvailable since 3.14. */
	if (kv_read("/proc/meminfo", "MemAvailable", &v) == 0)
		s->mem.available = v;
	if (facts_line("/proc/loadavg", line, sizeof(line)) == 0 &&
	    sscanf(line, "%lf %lf %lf", &load[0], &load[1], &load[2]) == 3 &&
	    load[0] >= 0 && load[1] >= 0 && load[2] >= 0)
		memcpy(s->mem.load, load, sizeof(load));
	memory_pressure(s);
}

/* lru_gen/enabled is a mask of features ("0x0007"); any bit set means MGLRU is on. */
static void mglru(struct sysinfo_facts *s)
{
	char *end;
	unsigned long mask;

	if (facts_line("/sys/kernel/mm/lru_gen/enabled", s->mm.mglru, sizeof(s->mm.mglru)) < 0) {
		/* Where /sys/kernel/mm is readable, no lru_gen means a kernel built without it. */
		if (sysfs_exists("/sys/kernel/mm"))
			s->mm.mglru_enabled = 0;
		return;
	}
	errno = 0;
	mask = strtoul(s->mm.mglru, &end, 16);
	if (!errno && end != s->mm.mglru && !*end && s->mm.mglru[0] != '-')
		s->mm.mglru_enabled = mask != 0;
}

void facts_mm(struct sysinfo_facts *s)
{
	int ksm;

	facts_bracketed("/sys/kernel/mm/transparent_hugepage/enabled", s->mm.thp_enabled, sizeof(s->mm.thp_enabled));
	facts_bracketed("/sys/kernel/mm/transparent_hugepage/defrag", s->mm.thp_defrag, sizeof(s->mm.thp_defrag));
	mglru(s);
	s->mm.aslr = facts_int("/proc/sys/kernel/randomize_va_space");
	/* run: 0 stopped, 1 running, 2 stopped after unmerging every page. */
	ksm = facts_int("/sys/kernel/mm/ksm/run");
	if (ksm != SYSINFO_UNKNOWN)
		s->mm.ksm_running = ksm == 1;
}
