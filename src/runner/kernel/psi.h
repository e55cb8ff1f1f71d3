/* Pressure stall information: how long tasks waited for memory (Documentation/accounting/psi.rst).
 * The one reader of the system's file and of a cgroup's memory.pressure. */
#ifndef ZSB_PSI_H
#define ZSB_PSI_H
#include <stdint.h>

/* The system's memory pressure; a cgroup has its own memory.pressure. */
#define PSI_MEMORY "/proc/pressure/memory"

struct psi {
	double some_avg10, some_avg60; /* percent */
	double full_avg10, full_avg60;
	uint64_t some_total, full_total; /* microseconds, cumulative */
	int have_full; /* 0: no "full" line (before 5.2), its fields 0 */
};

/* "some" must be there; a "full" line that is missing or malformed leaves have_full 0. */
int psi_parse(const char *text, struct psi *p);
/* path: PSI_MEMORY or a cgroup's memory.pressure, under the sysfs root. */
int psi_read(const char *path, struct psi *p);

#endif
