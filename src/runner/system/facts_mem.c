/* Memory: total and available, load, pressure, and the mm settings that change how pages
 * are faulted, reclaimed and merged (THP, MGLRU, KSM, ASLR). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/kernel/meminfo.h"
#include "runner/kernel/psi.h"
#include "runner/kernel/sysfs.h"
#include "runner/system/facts.h"
#include "runner/system/facts_util.h"

/* Memory PSI now; unreadable also when the kernel has PSI but it is off (psi=0: EOPNOTSUPP). */
static void memory_pressure(struct sysinfo_facts *s)
{
	struct psi p;

	if (!sysfs_exists("/proc"))
		return; /* no /proc, no telling */
	s->mem.psi_available = 0;
	if (psi_read(PSI_MEMORY, &p) < 0)
		return;
	s->mem.psi_available = 1;
	s->mem.some_avg10 = p.some_avg10;
	s->mem.some_avg60 = p.some_avg60;
	/* No "full" line: unknown here, not zero. */
	if (p.have_full) {
		s->mem.full_avg10 = p.full_avg10;
		s->mem.full_avg60 = p.full_avg60;
	}
}

void facts_memory(struct sysinfo_facts *s)
{
	struct meminfo mi;
	char line[128];
	double load[3];
	uint64_t v;

	if (meminfo_read(&mi) == 0) {
		if (meminfo_get(&mi, "MemTotal", &v) == 0)
			s->mem.total = v;
		/* MemAvailable since 3.14. */
		if (meminfo_get(&mi, "MemAvailable", &v) == 0)
			s->mem.available = v;
	}
	if (facts_line("/proc/loadavg", line, sizeof(line)) == 0 &&
	    sscanf(line, "%lf %lf %lf", &load[0], &load[1], &load[2]) == 3 && load[0] >= 0 &&
	    load[1] >= 0 && load[2] >= 0)
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

	facts_bracketed("/sys/kernel/mm/transparent_hugepage/enabled", s->mm.thp_enabled,
			sizeof(s->mm.thp_enabled));
	facts_bracketed("/sys/kernel/mm/transparent_hugepage/defrag", s->mm.thp_defrag,
			sizeof(s->mm.thp_defrag));
	mglru(s);
	s->mm.aslr = facts_int("/proc/sys/kernel/randomize_va_space");
	/* run: 0 stopped, 1 running, 2 stopped after unmerging every page. */
	ksm = facts_int("/sys/kernel/mm/ksm/run");
	if (ksm != SYSINFO_UNKNOWN)
		s->mm.ksm_running = ksm == 1;
}
