#include "runner/swap/backend.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/swap.h>

#include "runner/kernel/spawn.h"
#include "runner/kernel/sysfs.h"

static const struct backend *const backends[] = { &backend_disk, &backend_zram, &backend_zswap, &backend_none };

const struct backend *backend_find(const char *name)
{
	for (size_t i = 0; i < sizeof(backends) / sizeof(backends[0]); i++)
		if (strcmp(backends[i]->name, name) == 0)
			return backends[i];
	return NULL;
}

const char *backend_names(void)
{
	static char names[128];
	if (!names[0])
		for (size_t i = 0; i < sizeof(backends) / sizeof(backends[0]); i++)
			snprintf(names + strlen(names), sizeof(names) - strlen(names), "%s%s",
				 i ? ", " : "", backends[i]->name);
	return names;
}

void swap_device_init(struct swap_device *dev, const struct backend *b, const struct swap_params *p)
{
	memset(dev, 0, sizeof(*dev));
	dev->backend = b;
	dev->params = *p;
	dev->zram_id = -1;
}

int swap_device_check(struct swap_device *dev)
{
	return dev->backend->check ? dev->backend->check(dev) : 0;
}

int swap_device_prepare(struct swap_device *dev, struct journal *j)
{
	return dev->backend->prepare ? dev->backend->prepare(dev, j) : 0;
}

int swap_device_start(struct swap_device *dev, struct journal *j)
{
	return dev->backend->start ? dev->backend->start(dev, j) : 0;
}

int swap_device_sample(const struct swap_device *dev, struct swap_sample *s)
{
	int ret = 0;

	memset(s, 0, sizeof(*s));
	if (dev->zram_id >= 0) {
		ret = zram_mm_stat_read(dev->zram_id, &s->mm);
		s->have_zram = ret == 0;
	}
	if (dev->backend == &backend_zswap)
		s->have_zswap = zswap_read_stats(&s->zswap) == 0;
	if (dev->device[0] && swaps_area(dev->device, &s->device_used, &s->device_size) == 0)
		s->have_used = 1;
	return ret;
}

int param_set(struct journal *j, const char *path, const char *value, char *failed, size_t len)
{
	char old[256];
	int ret;

	snprintf(failed, len, "%s", path);
	ret = sysfs_read_line(path, old, sizeof(old));
	if (ret < 0)
		return ret;
	if (strcmp(old, value) == 0)
		return 0;
	ret = sysfs_write(path, value);
	if (ret)
		return ret;
	return journal_push(j, UNDO_WRITE, path, old);
}

/* Calls fn for each active area of /proc/swaps with its name and Used bytes. */
static int swaps_each(int (*fn)(const char *name, uint64_t used, uint64_t size, void *arg), void *arg)
{
	char buf[16384], *save = NULL;
	int ret = sysfs_read("/proc/swaps", buf, sizeof(buf));

	if (ret < 0)
		return ret;
	strtok_r(buf, "\n", &save); /* header */
	for (char *line = strtok_r(NULL, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char name[PATH_MAX], type[32];
		unsigned long long size, used;
		if (sscanf(line, "%4095s %31s %llu %llu", name, type, &size, &used) != 4)
			continue;
		ret = fn(name, (uint64_t)used * 1024, (uint64_t)size * 1024, arg);
		if (ret)
			return ret;
	}
	return 0;
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

int swaps_used(const char *device, uint64_t *bytes)
{
	return swaps_area(device, bytes, NULL);
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

int swap_enable(struct swap_device *dev, struct journal *j)
{
	char *argv[] = { "mkswap", "-q", dev->device, NULL };
	int flags, ret;

	snprintf(dev->failed, sizeof(dev->failed), "mkswap %s", dev->device);
	ret = spawn_wait(argv);
	if (ret > 0)
		snprintf(dev->failed, sizeof(dev->failed), "mkswap %s (exit status %d)", dev->device, ret);
	if (ret)
		return ret < 0 ? ret : -EIO;
	snprintf(dev->failed, sizeof(dev->failed), "swapon %s", dev->device);
	flags = SWAP_FLAG_PREFER | ((dev->params.priority << SWAP_FLAG_PRIO_SHIFT) & SWAP_FLAG_PRIO_MASK);
	if (swapon(dev->device, flags) < 0)
		return -errno;
	return journal_push(j, UNDO_SWAPOFF, dev->device, NULL);
}

/* No swap at all: past the limit the hogger is OOM-killed, and the trial says so. */
const struct backend backend_none = {
	.name = "none",
	.help = "no swap: measures the limit alone (expect an OOM kill past it)",
};
