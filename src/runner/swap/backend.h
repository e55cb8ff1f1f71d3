/*
 * Swap backends: a table of hooks (convention 6), the only place that knows one backend from
 * another. check runs per cell before any change; prepare once per run for what cells share
 * (a hot-added zram device, the debugfs mount zswap's counters need); start once per trial,
 * from scratch (a new swapfile, the zram device initialised, zswap's parameters set, mkswap,
 * swapon); sample reads what vanishes when the workload exits; stop reads the cumulative
 * counters after it; record turns both into the trial's metrics. Every change is journaled,
 * so teardown is a journal rewind and trials are independent.
 */
#ifndef ZSB_BACKEND_H
#define ZSB_BACKEND_H
#include <limits.h>
#include <stdint.h>
#include <stdio.h>

#include "runner/cli/config.h"
#include "runner/kernel/vmstat.h"
#include "runner/result/results.h"
#include "runner/kernel/zram.h"
#include "runner/kernel/zswap.h"
#include "runner/undo/journal.h"

/* What the cells of one run share. */
struct swap_shared {
	int zram_id;              /* our hot-added device, -1 until then */
	int zswap_ready;          /* debugfs checked (and mounted by us if it was not) */
	int swapfile_ready;       /* the run's swapfile created (disk and zswap share it) */
	int loop_n;               /* zram's backing loop device, -1 until attached */
	char backing[PATH_MAX + 16]; /* the file it serves */
};

struct swap_params {
	const struct config *cfg; /* the backend's own options (--zram-*, --zswap-*, --priority) */
	const char *comp;         /* this cell's algorithm; NULL keeps the kernel's default */
	uint64_t size;            /* the run's swap size: the swapfile, zram unless --zram-size */
	const char *swapfile;     /* disk, zswap: the file created for each trial */
	struct swap_shared *shared;
};

/* Read while the workload holds its memory: zram's and zswap's numbers vanish when it exits. */
struct swap_sample {
	int have_used;
	uint64_t device_used;     /* /proc/swaps Used of our area, bytes */
	uint64_t device_size;     /* and its Size */
	int have_store;           /* a compressed store: what it costs in RAM and its cap */
	uint64_t ram_used, ram_limit;
	int have_zram;
	struct zram_mm_stat mm;
	int have_zswap;
	struct zswap_stats zswap;
};

/* The state of one cell's swap. */
struct swap_device {
	const struct backend *backend;
	struct swap_params params;
	char device[PATH_MAX];    /* what swapon got; empty for none */
	int zram_id;              /* -1 unless zram */
	char comp_used[64];       /* what the kernel reports as selected */
	char zpool_used[32];      /* zswap: its allocator, where the kernel has a choice */
	struct zswap_stats zswap_before, zswap_after; /* cumulative counters around a trial */
	/* zram after the fill: writeback to the backing device and recompression. */
	double after_fill_s;      /* how long the after_fill hook took; -1: not run */
	struct zram_bd_stat bd_start, bd_filled, bd_end; /* bd_stat around it; */
	int have_bd;              /* read at the start, after the fill and at the end */
	struct zram_mm_stat mm_after_fill; /* mm_stat once writeback and recompression are done */
	int have_mm_after_fill;
	char failed[PATH_MAX + 320]; /* what the last error was about: a path, and the value */
	char why[512];            /* check(): the complete message for the user */
};

/* What record turns into metrics. */
struct swap_record_input {
	const struct swap_sample *filled;   /* at "filled" (or the swap peak, for a command) */
	const struct vmstat_snap *before, *after; /* /proc/vmstat around the trial */
};

enum backend_flag {
	BACKEND_COMP = 1 << 0,         /* takes --comp */
	BACKEND_DEVICE = 1 << 1,       /* has a swap area of its own */
	BACKEND_SWAPFILE = 1 << 2,     /* swaps to a file on disk */
	BACKEND_POOL_CHARGED_V2 = 1 << 3, /* cgroup v2 charges its compressed pool to the cgroup */
	BACKEND_UNCHARGED_RAM = 1 << 4, /* its compressed pages are charged to no cgroup: machine RAM */
};

struct backend {
	const char *name;
	const char *help;
	unsigned flags;
	/* Validation before any change: -EINVAL bad input, -ENOTSUP unsupported; fills why. */
	int (*check)(struct swap_device *dev);
	/* Once per run per cell, for what its cells share. */
	int (*prepare)(struct swap_device *dev, struct journal *j);
	/* Once per trial. */
	int (*start)(struct swap_device *dev, struct journal *j);
	/* Its own numbers into s (the area's Used is read for every backend). */
	void (*sample)(const struct swap_device *dev, struct swap_sample *s);
	/* Its own fields of a time series point. */
	void (*series)(const struct swap_sample *s, double *v, unsigned char *have);
	/* When the workload is filled, once its sample is taken: what the backend does with the
	 * pages before the access phase (zram's writeback and recompression). */
	void (*after_fill)(struct swap_device *dev);
	/* After the workload ended, before the journal undoes the trial. */
	void (*stop)(struct swap_device *dev);
	/* Its metrics into the trial. */
	void (*record)(const struct swap_device *dev, const struct swap_record_input *in, struct trial *t);
	/* --dry-run: every change it would make to the kernel, one line each, undone after. */
	void (*describe)(const struct swap_device *dev, FILE *out);
};

const struct backend *backend_find(const char *name);
/* "disk, zram, zswap, none", for --help and errors. */
const char *backend_names(void);

void swap_device_init(struct swap_device *dev, const struct backend *b, const struct swap_params *p);
int swap_device_check(struct swap_device *dev);
int swap_device_prepare(struct swap_device *dev, struct journal *j);
int swap_device_start(struct swap_device *dev, struct journal *j);
void swap_device_sample(const struct swap_device *dev, struct swap_sample *s);
void swap_device_series(const struct swap_device *dev, const struct swap_sample *s, double *v,
			unsigned char *have);
void swap_device_after_fill(struct swap_device *dev);
void swap_device_stop(struct swap_device *dev);
void swap_device_record(const struct swap_device *dev, const struct swap_record_input *in, struct trial *t);
void swap_device_describe(const struct swap_device *dev, FILE *out);

/* A file of size bytes at path, announced in the journal before it exists, confirmed with its
 * inode, fully allocated (no-COW on btrfs): swapfiles and zram's backing file. */
int file_create_journaled(const char *file, uint64_t size, struct journal *j, char *failed, size_t len);
/* Shared by the backends: mkswap then swapon at the priority, journaled. */
int swap_enable(struct swap_device *dev, struct journal *j);
/* zswap off for the trial when it is on (journaled, restored after), and the line --dry-run
 * prints for it: disk and zram cells measure their own device, not zswap in front of it. */
int swap_keep_zswap_out(struct swap_device *dev, struct journal *j);
void swap_describe_zswap_out(FILE *out);
/* disk and zswap: the run's swapfile, created once, fully allocated, journaled. */
int swapfile_prepare(struct swap_device *dev, struct journal *j);
/* disk and zswap, each trial: a fresh swap area on it (mkswap, swapon). */
int swapfile_start(struct swap_device *dev, struct journal *j);
/* disk and zswap: what the swapfile costs, for --dry-run. */
void swapfile_describe(const struct swap_device *dev, FILE *out);
/* disk and zswap: is params.swapfile a path a swapfile can be created at? */
int swapfile_check(struct swap_device *dev);

extern const struct backend backend_disk, backend_zram, backend_zswap, backend_none;

#endif
