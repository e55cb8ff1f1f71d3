#include "runner/kernel/psi.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "runner/kernel/sysfs.h"

/* An "avg10=" or "avg60=" field of line, a percentage as the kernel prints it, followed by
 * a blank; strtod would take "-1". */
static int psi_avg(const char *line, const char *field, double *avg)
{
	const char *v = strstr(line, field);
	size_t n = strlen(field);
	char *end;

	if (!v || v[n] < '0' || v[n] > '9')
		return -EINVAL;
	errno = 0;
	*avg = strtod(v + n, &end);
	return errno || *end != ' ' || !(*avg <= 100.0) ? -EINVAL : 0;
}

/* The line that starts with word: "some avg10=0.12 avg60=0.05 avg300=0.01 total=123456".
 * avg300 is not kept; each number must be a plain number as the kernel prints it (sscanf's
 * %llu has no defined result past 64 bits). */
static int psi_line(const char *text, const char *word, double *avg10, double *avg60,
		    uint64_t *total)
{
	size_t wlen = strlen(word);

	for (const char *line = text; *line; line += strcspn(line, "\n"), line += *line == '\n') {
		char copy[256], *v, *end;
		size_t len = strcspn(line, "\n");

		if (strncmp(line, word, wlen) != 0 || line[wlen] != ' ')
			continue;
		if (len >= sizeof(copy))
			return -EINVAL;
		memcpy(copy, line, len);
		copy[len] = '\0';
		if (psi_avg(copy, " avg10=", avg10) < 0 || psi_avg(copy, " avg60=", avg60) < 0)
			return -EINVAL;
		if (!(v = strstr(copy, " total=")) || v[7] < '0' || v[7] > '9')
			return -EINVAL;
		errno = 0;
		*total = strtoull(v + 7, &end, 10);
		if (errno || (*end != '\0' && *end != ' '))
			return -EINVAL;
		return 0;
	}
	return -ENOENT;
}

int psi_parse(const char *text, struct psi *p)
{
	memset(p, 0, sizeof(*p));
	if (psi_line(text, "some", &p->some_avg10, &p->some_avg60, &p->some_total))
		return -EINVAL;
	/* "full" for memory exists since 5.2 on the system file; a cgroup has it too. */
	if (psi_line(text, "full", &p->full_avg10, &p->full_avg60, &p->full_total) == 0) {
		p->have_full = 1;
	} else {
		p->full_avg10 = p->full_avg60 = 0;
		p->full_total = 0;
	}
	return 0;
}

int psi_read(const char *path, struct psi *p)
{
	char buf[512];
	int ret = sysfs_read(path, buf, sizeof(buf));
	return ret < 0 ? ret : psi_parse(buf, p);
}
