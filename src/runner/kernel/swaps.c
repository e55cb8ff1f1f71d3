#include "runner/kernel/swaps.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/kernel/sysfs.h"

int swaps_parse(char *text, int (*fn)(const char *name, uint64_t used, uint64_t size, void *arg), void *arg)
{
	char *save = NULL;

	strtok_r(text, "\n", &save); /* header */
	for (char *line = strtok_r(NULL, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char name[PATH_MAX], type[32];
		unsigned long long size, used;
		int ret;
		if (sscanf(line, "%4095s %31s %llu %llu", name, type, &size, &used) != 4 ||
		    size > UINT64_MAX / 1024 || used > UINT64_MAX / 1024)
			continue;
		ret = fn(name, (uint64_t)used * 1024, (uint64_t)size * 1024, arg);
		if (ret)
			return ret;
	}
	return 0;
}

static int swaps_each(int (*fn)(const char *name, uint64_t used, uint64_t size, void *arg), void *arg)
{
	char *text;
	int ret = sysfs_read_alloc("/proc/swaps", &text);

	if (ret < 0)
		return ret;
	ret = swaps_parse(text, fn, arg);
	free(text);
	return ret;
}

struct used_query {
	const char *device;
	uint64_t used, size;
};

static int match_used(const char *name, uint64_t used, uint64_t size, void *arg)
{
	struct used_query *q = arg;
	if (strcmp(name, q->device) != 0)
		return 0;
	q->used = used;
	q->size = size;
	return 1;
}

int swaps_area(const char *device, uint64_t *used, uint64_t *size)
{
	struct used_query q = { .device = device };
	int ret = swaps_each(match_used, &q);
	if (ret < 0)
		return ret;
	if (ret == 0)
		return -ENOENT;
	*used = q.used;
	if (size)
		*size = q.size;
	return 0;
}

struct others_query {
	const char *own;
	char *list;
	size_t len;
	int count;
};

static int collect_other(const char *name, uint64_t used, uint64_t size, void *arg)
{
	struct others_query *q = arg;
	size_t at = strlen(q->list);
	(void)used;
	(void)size;
	if (q->own && strcmp(name, q->own) == 0)
		return 0;
	q->count++;
	snprintf(q->list + at, q->len - at, "%s%s", at ? " " : "", name);
	return 0;
}

int swaps_others(const char *own, char *list, size_t len)
{
	struct others_query q = { .own = own, .list = list, .len = len };
	int ret;
	list[0] = '\0';
	ret = swaps_each(collect_other, &q);
	return ret < 0 ? ret : q.count;
}
