/*
 * Swap backends: a table of {name, check, prepare, start} (convention 6). check runs per cell
 * before any change; prepare once per run for what cells share (a hot-added zram device, the
 * debugfs mount zswap's counters need); start once per trial, from scratch (a new swapfile,
 * the zram device initialised, zswap's parameters set, mkswap, swapon). Every change is
 * journaled, so teardown is a journal rewind and trials are independent.
 */
#ifndef ZSB_SWAP_H
#define ZSB_SWAP_H
#include <limits.h>
#include <stdint.h>

#include "runner/undo/journal.h"
#include "runner/swap/zram_sysfs.h"
#include "runner/swap/zswap_sysfs.h"

/* What the cells of one run share. */
struct swap_shared {
	int zram_id;              /* our hot-added device, -1 until then */
	int zswap_ready;          /* debugfs checked (and mounted by us if it was not) */
};

struct swap_params {
	uint64_t size;         /* swapfile size, zram disksize */
	int priority;
	const char *comp;      /* zram or zswap algorithm; NULL keeps the kernel's default */
	const char *swapfile;  /* disk, zswap: the file created for each trial */
	unsigned zswap_pool;   /* max_pool_percent; 0 leaves it */
	const char *zswap_zpool; /* zpool; NULL leaves it */
	uint64_t zram_mem_limit; /* zram mem_limit; 0: none */
	const char *zram_algo_params; /* algorithm_params, after comp_algorithm; NULL: none */
	struct swap_shared *shared;
};

struct swap_device {
	const struct backend *backend;
	struct swap_params params;
	char device[PATH_MAX];    /* what swapon got; empty for none */
	int zram_id;              /* -1 unless zram */
	char comp_used[64];       /* what the kernel reports as selected */
	char zpool_used[32];      /* zswap: its allocator, where the kernel has a choice */
	char failed[PATH_MAX + 64]; /* what the last error was about, for the message */
	char why[512];            /* check(): the complete message for the user */
};

/* Read while the hogger holds its memory: both vanish when it exits. */
struct swap_sample {
	int have_zram;
	struct zram_mm_stat mm;
	int have_zswap;
	struct zswap_stats zswap;
	int have_used;
	uint64_t device_used;     /* /proc/swaps Used of our device, bytes */
	uint64_t device_size;     /* and its Size */
};

struct backend {
	const char *name;
	const char *help;
	int uses_comp;
	int uses_device;
	int uses_swapfile;
	/* Validation before any change: -EINVAL bad input, -ENOTSUP unsupported; fills why. */
	int (*check)(struct swap_device *dev);
	/* Once per run per backend, for what its cells share. */
	int (*prepare)(struct swap_device *dev, struct journal *j);
	/* Once per trial. */
	int (*start)(struct swap_device *dev, struct journal *j);
};

const struct backend *backend_find(const char *name);
/* "disk, zram, zswap, none", for --help and errors. */
const char *backend_names(void);

void swap_device_init(struct swap_device *dev, const struct backend *b, const struct swap_params *p);
int swap_device_check(struct swap_device *dev);
int swap_device_prepare(struct swap_device *dev, struct journal *j);
int swap_device_start(struct swap_device *dev, struct journal *j);
int swap_device_sample(const struct swap_device *dev, struct swap_sample *s);

/* /proc/swaps: Used of one area in bytes (-ENOENT if not active); size may be NULL. */
int swaps_used(const char *device, uint64_t *bytes);
int swaps_area(const char *device, uint64_t *used, uint64_t *size);
/* Active swap areas other than own (may be NULL): count, names into list. */
int swaps_others(const char *own, char *list, size_t len);

/* Shared by the backends: mkswap then swapon at the priority, journaled. */
int swap_enable(struct swap_device *dev, struct journal *j);
/* disk and zswap: a new, fully allocated swapfile, journaled; then swap_enable. */
int swapfile_start(struct swap_device *dev, struct journal *j);
/* disk and zswap: is params.swapfile a path a swapfile can be created at? */
int swapfile_check(struct swap_device *dev);
/* Writes a module parameter or sysctl, journaling the old value first read; a no-op when it
 * already holds value. */
int param_set(struct journal *j, const char *path, const char *value, char *failed, size_t len);

extern const struct backend backend_disk, backend_zram, backend_zswap, backend_none;

#endif
