/* Pressure stall information: how long tasks waited for memory (Documentation/accounting/psi.rst). */
#ifndef ZSB_PSI_H
#define ZSB_PSI_H
#include <stdint.h>

struct psi {
	double some_avg10, full_avg10;   /* percent */
	uint64_t some_total, full_total; /* microseconds, cumulative */
};

int psi_parse(const char *text, struct psi *p);
/* path: /proc/pressure/memory or a cgroup's memory.pressure. */
int psi_read(const char *path, struct psi *p);

#endif
