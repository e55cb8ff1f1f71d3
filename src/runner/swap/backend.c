/* The backend table, the hooks' dispatch, and what every backend with a swap area shares. */
#include "runner/swap/backend.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/swap.h>

#include "common/util.h"
#include "runner/kernel/loop.h"
#include "runner/kernel/signals.h"
#include "runner/kernel/spawn.h"
#include "runner/kernel/swaps.h"
#include "runner/kernel/sysfs.h"
#include "runner/kernel/zswap.h"
#include "runner/undo/param.h"

/* The backends, each defined in its own file; nothing outside swap/ names one. */
extern const struct backend backend_disk, backend_zram, backend_zswap, backend_none;
static const struct backend *const backends[] = { &backend_disk, &backend_zram, &backend_zswap,
						  &backend_none };

int backend_algorithms(char *buf, size_t len, char *why, size_t why_len)
{
	for (size_t i = 0; i < ARRAY_SIZE(backends); i++)
		if (backends[i]->algorithms)
			return backends[i]->algorithms(buf, len, why, why_len);
	snprintf(why, why_len, "no backend offers a list of algorithms");
	return -ENOENT;
}

const struct backend *backend_find(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(backends); i++)
		if (strcmp(backends[i]->name, name) == 0)
			return backends[i];
	return NULL;
}

const struct backend *backend_at(size_t i)
{
	return i < ARRAY_SIZE(backends) ? backends[i] : NULL;
}

const char *backend_names(void)
{
	static char names[128];
	if (!names[0])
		for (size_t i = 0; i < ARRAY_SIZE(backends); i++)
			snprintf(names + strlen(names), sizeof(names) - strlen(names), "%s%s",
				 i ? ", " : "", backends[i]->name);
	return names;
}

static int takes_option(const struct backend *b, const char *option)
{
	for (const char *const *o = b->options; o && *o; o++)
		if (strcmp(*o, option) == 0)
			return 1;
	return 0;
}

char *backends_of_option(const char *option, char *buf, size_t len)
{
	size_t at = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < ARRAY_SIZE(backends) && at < len; i++)
		if (takes_option(backends[i], option))
			at += (size_t)snprintf(buf + at, len - at, "%s%s", at ? "," : "",
					       backends[i]->name);
	return buf;
}

const struct backend *backend_of_option(const char *option)
{
	const struct backend *found = NULL;

	for (size_t i = 0; i < ARRAY_SIZE(backends); i++)
		if (takes_option(backends[i], option)) {
			if (found)
				return NULL;
			found = backends[i];
		}
	return found;
}

void swap_shared_init(struct swap_shared *sh)
{
	memset(sh, 0, sizeof(*sh));
}

void swap_shared_free(struct swap_shared *sh)
{
	for (size_t i = 0; i < sh->n; i++)
		free(sh->of[i].state);
	swap_shared_init(sh);
}

void *swap_shared_of(struct swap_shared *sh, const struct backend *b)
{
	for (size_t i = 0; i < sh->n; i++)
		if (sh->of[i].backend == b)
			return sh->of[i].state;
	if (sh->n == SHARED_MAX ||
	    !(sh->of[sh->n].state = calloc(1, b->shared_size ? b->shared_size : 1)))
		return NULL;
	sh->of[sh->n].backend = b;
	if (b->shared_init)
		b->shared_init(sh->of[sh->n].state);
	return sh->of[sh->n++].state;
}

int swap_device_init(struct swap_device *dev, const struct backend *b, const struct swap_params *p)
{
	memset(dev, 0, sizeof(*dev));
	dev->backend = b;
	dev->params = *p;
	if (b->priv_size && !(dev->priv = calloc(1, b->priv_size)))
		return -ENOMEM;
	return 0;
}

void swap_device_release(struct swap_device *dev)
{
	free(dev->priv);
	dev->priv = NULL;
}

const char *const device_use_names[USE_COUNT] = {
	[USE_SWAP] = "swap", [USE_BLOCK] = "block", [USE_FS] = "fs"
};

int swap_device_check(struct swap_device *dev)
{
	if (dev->params.use != USE_SWAP && !(dev->backend->flags & BACKEND_BLOCK)) {
		snprintf(dev->why, sizeof(dev->why),
			 "--target %s: --swap %s has no device of its own to measure (%s)",
			 device_use_names[dev->params.use], dev->backend->name, dev->backend->help);
		return -EINVAL;
	}
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

void swap_device_sample(struct swap_device *dev, struct swap_sample *s, int keep)
{
	memset(s, 0, sizeof(*s));
	if (dev->backend->sample)
		dev->backend->sample(dev, s, keep);
	if (dev->device[0] && swaps_area(dev->device, &s->device_used, &s->device_size) == 0)
		s->have_used = 1;
}

void swap_device_series(const struct swap_device *dev, double *v, unsigned char *have)
{
	if (dev->backend->series)
		dev->backend->series(dev, v, have);
}

void swap_device_after_fill(struct swap_device *dev)
{
	if (dev->backend->after_fill)
		dev->backend->after_fill(dev);
}

void swap_device_stop(struct swap_device *dev)
{
	if (dev->backend->stop)
		dev->backend->stop(dev);
}

void swap_device_record(const struct swap_device *dev, const struct swap_record_input *in,
			struct trial *t)
{
	if (in->filled->have_used)
		trial_set(t, M_DEVICE_USED, (double)in->filled->device_used);
	/* A swap area with no compressed store in front costs no RAM: a real zero. */
	if ((dev->backend->flags & BACKEND_DEVICE) && !(dev->backend->flags & BACKEND_COMP))
		trial_set(t, M_SWAP_RAM, 0);
	if (dev->backend->record)
		dev->backend->record(dev, in, t);
}

void swap_device_describe(const struct swap_device *dev, FILE *out)
{
	if (dev->backend->describe)
		dev->backend->describe(dev, out);
	if (!(dev->backend->flags & BACKEND_DEVICE) || dev->params.use != USE_SWAP)
		return;
	if (dev->backend->flags & BACKEND_SWAPFILE)
		fprintf(out,
			"  once: mkswap -L zswapbench on it; each trial: swapon at priority %d, "
			"swapoff after\n",
			dev->params.settings->priority);
	else
		fprintf(out,
			"  each trial: mkswap -L zswapbench and swapon at priority %d; swapoff "
			"after\n",
			dev->params.settings->priority);
}

void swap_device_cgroup_limits(const struct swap_device *dev, struct cgroup_limits *l)
{
	if (dev->backend->cgroup_limits)
		dev->backend->cgroup_limits(dev, l);
}

uint64_t swap_device_uncharged_ram(const struct swap_device *dev, uint64_t spill, double ratio)
{
	return dev->backend->uncharged_ram ? dev->backend->uncharged_ram(dev, spill, ratio) : 0;
}

/* The loop device's number goes into the intent before the attach; one taken in between by
 * someone else is given up and another asked for. */
int loop_attach_journaled(const char *file, int direct, struct journal *j, int *loop_n, char *why,
			  size_t len)
{
	for (int tries = 0; tries < 8; tries++) {
		char dev[32];
		int n = loop_free_number(), idx, ret;
		if (n < 0) {
			snprintf(why, len, "/dev/loop-control");
			return n;
		}
		snprintf(dev, sizeof(dev), "/dev/loop%d", n);
		snprintf(why, len, "%s (for %s)", dev, file);
		if ((idx = journal_intend(j, UNDO_LOOP_DETACH, dev, file, NULL)) < 0)
			return idx;
		ret = loop_attach(n, file, direct);
		if (ret) {
			journal_cancel(j, idx);
			if (ret == -EBUSY)
				continue;
			return ret;
		}
		*loop_n = n;
		return journal_confirm(j, idx, NULL, 0, 0);
	}
	return -EBUSY;
}

int swap_mkswap(struct swap_device *dev, struct journal *j)
{
	/* The label marks the area as zswapbench's, for anyone who finds it later; a swapfile's
	 * UUID is the one its journal entry holds, so cleanup knows the file after a reboot. */
	const char *uuid = journal_file_mark(j, dev->device);
	char *plain[] = { "mkswap", "-q", "-L", "zswapbench", dev->device, NULL };
	char *marked[] = {
		"mkswap", "-q", "-L", "zswapbench", "-U", (char *)uuid, dev->device, NULL
	};
	int ret;

	snprintf(dev->failed, sizeof(dev->failed), "mkswap %s", dev->device);
	ret = spawn_wait(uuid ? marked : plain);
	if (ret > 0)
		snprintf(dev->failed, sizeof(dev->failed), "mkswap %s (exit status %d)",
			 dev->device, ret);
	return ret > 0 ? -EIO : ret;
}

int swap_on(struct swap_device *dev, struct journal *j)
{
	int flags, ret, idx;

	snprintf(dev->failed, sizeof(dev->failed), "swapon %s", dev->device);
	flags = SWAP_FLAG_PREFER |
		((dev->params.settings->priority << SWAP_FLAG_PRIO_SHIFT) & SWAP_FLAG_PRIO_MASK);
	idx = journal_intend(j, UNDO_SWAPOFF, dev->device, NULL, NULL);
	if (idx < 0)
		return idx;
	signals_pause_point("swapon-announced");
	if (swapon(dev->device, flags) < 0) {
		ret = -errno;
		journal_cancel(j, idx);
		return ret;
	}
	return journal_confirm(j, idx, NULL, 0, 0);
}

int swap_enable(struct swap_device *dev, struct journal *j)
{
	int ret = swap_mkswap(dev, j);

	return ret ? ret : swap_on(dev, j);
}

/* zswap in front of our device would decide what disk and zram cells measure: off for the
 * trial if someone left it on, restored after. */
int swap_keep_zswap_out(struct swap_device *dev, struct journal *j)
{
	char enabled[8];

	if (!zswap_present() ||
	    sysfs_read_line(ZSWAP_PARAMS "/enabled", enabled, sizeof(enabled)) < 0 ||
	    enabled[0] != 'Y')
		return 0;
	return param_set(j, ZSWAP_PARAMS "/enabled", "N", dev->failed, sizeof(dev->failed));
}

void swap_describe_zswap_out(FILE *out)
{
	if (zswap_present())
		fprintf(out,
			"  each trial: %s/enabled N if zswap is on (restored after), so that it "
			"measures %s\n",
			ZSWAP_PARAMS, "this backend alone");
}

/* No swap at all: past the limit the workload is OOM-killed, and the trial says so. */
const struct backend backend_none = {
	.name = "none",
	.help = "no swap: measures the limit alone (expect an OOM kill past it)",
};
