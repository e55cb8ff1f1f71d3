#include "runner/kernel/psi.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "runner/kernel/sysfs.h"

int psi_parse(const char *text, struct psi *p)
{
	const char *some = strstr(text, "some "), *full = strstr(text, "full ");
	unsigned long long st, ft;
	double s10, f10;

	memset(p, 0, sizeof(*p));
	if (!some || sscanf(some, "some avg10=%lf avg60=%*f avg300=%*f total=%llu", &s10, &st) != 2)
		return -EINVAL;
	p->some_avg10 = s10;
	p->some_total = st;
	/* "full" for memory exists since 5.2 on the system file; a cgroup has it too. */
	if (full && sscanf(full, "full avg10=%lf avg60=%*f avg300=%*f total=%llu", &f10, &ft) == 2) {
		p->full_avg10 = f10;
		p->full_total = ft;
	}
	return 0;
}

int psi_read(const char *path, struct psi *p)
{
	char buf[512];
	int ret = sysfs_read(path, buf, sizeof(buf));
	return ret < 0 ? ret : psi_parse(buf, p);
}
