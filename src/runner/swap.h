/*
 * Swap backends: a table of {name, check, prepare, start} (convention 6). prepare runs once per
 * cell (create the swapfile, hot-add the zram device), start once per trial (mkswap, swapon),
 * and every change is journaled, so teardown is a journal rewind.
 */
#ifndef ZSB_SWAP_H
#define ZSB_SWAP_H
#include <limits.h>
#include <stdint.h>

#include "journal.h"
#include "zram.h"

struct swap_params {
	uint64_t size;         /* swapfile size, zram disksize */
	int priority;
	const char *comp;      /* zram algorithm; NULL keeps the kernel's default */
	const char *swapfile;  /* disk: the file to create */
};

struct swap_device {
	const struct backend *backend;
	struct swap_params params;
	char device[PATH_MAX];    /* what swapon got; empty for none */
	int zram_id;              /* -1 unless zram */
	char comp_used[64];       /* what the kernel reports as selected */
	char failed[PATH_MAX + 64]; /* what the last error was about, for the message */
	char why[512];            /* check(): the complete message for the user */
};

/* Read while the hogger holds its memory: both vanish when it exits. */
struct swap_sample {
	int have_zram;
	struct zram_mm_stat mm;
	int have_used;
	uint64_t device_used;     /* /proc/swaps Used of our device, bytes */
};

struct backend {
	const char *name;
	const char *help;
	int uses_comp;
	int uses_device;
	/* Validation before any change: -EINVAL bad input, -ENOTSUP unsupported; fills why. */
	int (*check)(struct swap_device *dev);
	int (*prepare)(struct swap_device *dev, struct journal *j);
	int (*start)(struct swap_device *dev, struct journal *j);
};

const struct backend *backend_find(const char *name);
/* "disk, zram, none", for --help and errors. */
const char *backend_names(void);

void swap_device_init(struct swap_device *dev, const struct backend *b, const struct swap_params *p);
int swap_device_check(struct swap_device *dev);
int swap_device_prepare(struct swap_device *dev, struct journal *j);
int swap_device_start(struct swap_device *dev, struct journal *j);
int swap_device_sample(const struct swap_device *dev, struct swap_sample *s);

/* /proc/swaps: Used of one area in bytes (-ENOENT if not active). */
int swaps_used(const char *device, uint64_t *bytes);
/* Active swap areas other than own (may be NULL): count, names into list. */
int swaps_others(const char *own, char *list, size_t len);

/* Shared by the backends: mkswap then swapon at the priority, journaled. */
int swap_enable(struct swap_device *dev, struct journal *j);

extern const struct backend backend_disk, backend_zram, backend_none;

#endif
