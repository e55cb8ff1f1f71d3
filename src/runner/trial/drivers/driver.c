/* The table of workload drivers and the lookup --workload uses. */
#include "runner/trial/drivers/driver.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "runner/base/words.h"

const struct workload_driver *const workload_drivers[] = {
	&driver_hogger, &driver_command, &driver_service,
	&driver_block,	&driver_fs,	 &driver_stress_ng,
};
const size_t workload_driver_count = sizeof(workload_drivers) / sizeof(workload_drivers[0]);

const struct workload_driver *driver_named(const char *workload, const char **args)
{
	const char *colon = strchr(workload, ':');
	size_t n = colon ? (size_t)(colon - workload) : strlen(workload);

	for (size_t i = 0; i < workload_driver_count; i++) {
		const struct workload_driver *d = workload_drivers[i];
		if (d->by_name && strlen(d->name) == n && strncmp(d->name, workload, n) == 0) {
			if (args)
				*args = colon ? colon + 1 : "";
			return d;
		}
	}
	return NULL;
}

const char *driver_names(void)
{
	static char names[128];
	const char *named[16];
	size_t k = 0;

	for (size_t i = 0; i < workload_driver_count && k < sizeof(named) / sizeof(named[0]); i++)
		if (workload_drivers[i]->by_name)
			named[k++] = workload_drivers[i]->name;
	return words_or(named, k, names, sizeof(names));
}

int driver_follow_jobs(struct driver_run *r)
{
	return workload_follow(r->wt->w, r->sample_ms, r->s->timeout_ms, r->hooks);
}

int driver_cell_add(struct driver_cell *c, const char *fmt, ...)
{
	size_t left = sizeof(c->text) - c->used;
	va_list ap;
	int n;

	if (c->words >= DRIVER_WORDS_MAX || left == 0)
		return -E2BIG;
	va_start(ap, fmt);
	n = vsnprintf(c->text + c->used, left, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= left)
		return -E2BIG;
	c->argv[c->words++] = c->text + c->used;
	c->argv[c->words] = NULL;
	c->used += (size_t)n + 1;
	return 0;
}
