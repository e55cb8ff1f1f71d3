/*
 * Swap backends: a table of hooks, the only place that knows one backend from another (as
 * fio's ioengine_ops are for its engines). Each backend owns its options (swap/settings.h,
 * and the option names it lists), its state (a private block the core never reads) and its
 * metrics (its record hook). check runs per cell before any change; prepare once per run for
 * what cells share; start once per trial, from scratch (a new swap area, the zram device
 * initialised, zswap's parameters set, mkswap, swapon); sample reads what vanishes when the
 * workload exits; stop reads the cumulative counters after it; record turns both into the
 * trial's metrics. Every change is journaled, so teardown is a journal rewind and trials are
 * independent.
 */
#ifndef ZSB_BACKEND_H
#define ZSB_BACKEND_H
#include <limits.h>
#include <stdint.h>
#include <stdio.h>

#include "runner/base/sizes.h"
#include "runner/kernel/cgroup.h"
#include "runner/kernel/vmstat.h"
#include "runner/result/results.h"
#include "runner/swap/settings.h"
#include "runner/undo/journal.h"

/* What the cells of one run share: the swapfile, and each backend's own run-wide state
 * (zram's hot-added device, zswap's debugfs mount), made by its shared_init. */
#define SHARED_MAX 8
struct swap_shared {
	int swapfile_ready; /* the run's swapfile created (the backends on a swapfile share it) */
	struct {
		const struct backend *backend;
		void *state;
	} of[SHARED_MAX];
	size_t n;
};

/* What a cell's device is used as: swap (the default), a block device fio measures, or a
 * filesystem a command runs in. */
enum device_use {
	USE_SWAP,
	USE_BLOCK,
	USE_FS,
	USE_COUNT
};
extern const char *const device_use_names[USE_COUNT];

struct swap_params {
	const struct swap_settings *settings; /* the backends' own options */
	const char *comp; /* this cell's algorithm; NULL keeps the kernel's default */
	uint64_t size; /* the run's swap size: the swapfile, zram unless its own size */
	const char *swapfile; /* the file created for the backends on a swapfile */
	enum device_use use;
	int cgroup_v2; /* the trials' memory controller is v2 */
	const char *cgroup_mode; /* "v1", "v2", "hybrid": for messages */
	unsigned kernel; /* major * 100 + minor, e.g. 608; 0: unknown (a fixture tree) */
	struct swap_shared *shared;
};

/* What every backend's sample has: its swap area's fill and, for a compressed store, what
 * the store costs in RAM. A backend keeps its own numbers in its private state. */
struct swap_sample {
	int have_used;
	uint64_t device_used; /* /proc/swaps Used of our area, bytes */
	uint64_t device_size; /* and its Size */
	int have_store; /* a compressed store: what it costs in RAM and its cap */
	uint64_t ram_used, ram_limit;
};

/* The state of one cell's swap. */
struct swap_device {
	const struct backend *backend;
	struct swap_params params;
	char device[PATH_MAX]; /* what swapon got; empty for none */
	char block[32]; /* its block device under /sys/block ("zram1"); empty: none */
	char comp_used[64]; /* what the kernel reports as selected */
	/* the allocator of the compressed pages, where the kernel has a choice */
	char zpool_used[32];
	void *priv; /* the backend's own state, priv_size bytes, zeroed at init */
	char failed[MSG_LEN]; /* what the last error was about: a path, and the value */
	char why[512]; /* check(): the complete message for the user */
};

/* What record turns into metrics. */
struct swap_record_input {
	const struct swap_sample *filled; /* at "filled" (or the swap peak, for a command) */
	const struct vmstat_snap *before, *after; /* /proc/vmstat around the trial */
};

enum backend_flag {
	BACKEND_COMP = 1 << 0, /* takes --comp */
	BACKEND_DEVICE = 1 << 1, /* has a swap area of its own */
	BACKEND_SWAPFILE = 1 << 2, /* swaps to a file on disk */
	BACKEND_POOL_CHARGED_V2 = 1 << 3, /* cgroup v2 charges its compressed pool to the cgroup */
	BACKEND_BLOCK =
		1 << 4, /* its device can be a block device or hold a filesystem, not only swap */
};

struct option_desc;

struct backend {
	const char *name;
	const char *help;
	unsigned flags;
	/* The options only this backend (among others) takes, by their names; NULL-terminated. */
	const char *const *options;
	/* The rows of its own options in the option table (swap/options.h), each of them among
	 * .options, ended by a row without a name; NULL: none. */
	const struct option_desc *option_rows;
	size_t priv_size; /* its state per cell */
	/* --dry-run's estimate: its device made and undone, seconds a trial (kernel 6.18, two
	 * CPUs: make bench's overhead.sh measures it). */
	double trial_s;
	size_t shared_size; /* its state per run, shared by its cells */
	void (*shared_init)(void *state);
	/* Validation before any change: -EINVAL bad input, -ENOTSUP unsupported; fills why. */
	int (*check)(struct swap_device *dev);
	/* Once per run per cell, for what its cells share. */
	int (*prepare)(struct swap_device *dev, struct journal *j);
	/* Once per trial. */
	int (*start)(struct swap_device *dev, struct journal *j);
	/* Its own numbers: the shared ones into s, the rest into its state. keep: this sample is
	 * the one record reads (at "filled", or the swap peak of a command). */
	void (*sample)(struct swap_device *dev, struct swap_sample *s, int keep);
	/* Its own fields of a time series point, from the last sample. */
	void (*series)(const struct swap_device *dev, double *v, unsigned char *have);
	/* When the workload is filled, once its sample is taken: what the backend does with the
	 * pages before the access phase (zram's writeback and recompression). */
	void (*after_fill)(struct swap_device *dev);
	/* After the workload ended, before the journal undoes the trial. */
	void (*stop)(struct swap_device *dev);
	/* Its metrics into the trial. */
	void (*record)(const struct swap_device *dev, const struct swap_record_input *in,
		       struct trial *t);
	/* --dry-run: every change it would make to the kernel, one line each, undone after. */
	void (*describe)(const struct swap_device *dev, FILE *out);
	/* Limits of its own on the trial's cgroup (zswap's per-cgroup switches). */
	void (*cgroup_limits)(const struct swap_device *dev, struct cgroup_limits *l);
	/* RAM its pages take outside the trial's cgroup, charged to nobody, when spill bytes
	 * leave the cgroup at the data's expected compression ratio. NULL: none. */
	uint64_t (*uncharged_ram)(const struct swap_device *dev, uint64_t spill, double ratio);
	/* --comp all: the algorithms this kernel offers it, blank-separated into buf; -errno,
	 * why filled, when it cannot tell. NULL: it takes none of its own. */
	int (*algorithms)(char *buf, size_t len, char *why, size_t why_len);
	/* What uncharged_ram counts, and the option that caps it, as preflight's refusal says
	 * them ("zram's compressed pages included"; " with --zram-mem-limit"). */
	const char *ram_outside, *ram_cap_option;
};

const struct backend *backend_find(const char *name);
/* The i-th backend of the table; NULL past the last. */
const struct backend *backend_at(size_t i);
/* "disk, zram, zswap, none", for --help and errors. */
const char *backend_names(void);
/* The backends that list option (its name without dashes), "zram,zswap" into buf; "" when
 * none does (an option every backend takes). Returns buf. */
char *backends_of_option(const char *option, char *buf, size_t len);
/* The backend that alone takes option (--zram-generator implies its backend); NULL: none or
 * several. */
const struct backend *backend_of_option(const char *option);

/* --comp all's algorithms: those of the first backend of the table that offers a list (zram's
 * serve every backend that takes --comp, as they always have). -ENOENT, why filled, when no
 * backend can tell. */
int backend_algorithms(char *buf, size_t len, char *why, size_t why_len);

/* The run's shared state, and each backend's in it. */
void swap_shared_init(struct swap_shared *sh);
void swap_shared_free(struct swap_shared *sh);
/* The backend's run-wide state, made (zeroed, shared_init) on first use; NULL: out of memory. */
void *swap_shared_of(struct swap_shared *sh, const struct backend *b);

/* A device for the cell; its private state is allocated: -ENOMEM. Release it after. */
int swap_device_init(struct swap_device *dev, const struct backend *b, const struct swap_params *p);
void swap_device_release(struct swap_device *dev);
int swap_device_check(struct swap_device *dev);
int swap_device_prepare(struct swap_device *dev, struct journal *j);
int swap_device_start(struct swap_device *dev, struct journal *j);
void swap_device_sample(struct swap_device *dev, struct swap_sample *s, int keep);
void swap_device_series(const struct swap_device *dev, double *v, unsigned char *have);
void swap_device_after_fill(struct swap_device *dev);
void swap_device_stop(struct swap_device *dev);
void swap_device_record(const struct swap_device *dev, const struct swap_record_input *in,
			struct trial *t);
void swap_device_describe(const struct swap_device *dev, FILE *out);
void swap_device_cgroup_limits(const struct swap_device *dev, struct cgroup_limits *l);
uint64_t swap_device_uncharged_ram(const struct swap_device *dev, uint64_t spill, double ratio);

/* A file of size bytes at path, announced in the journal before it exists, confirmed with its
 * inode, fully allocated (no-COW on btrfs): swapfiles and zram's backing file. */
int file_create_journaled(const char *file, uint64_t size, struct journal *j, char *why,
			  size_t len);
/* A loop device over file, announced by its number before the attach, confirmed after;
 * *loop_n its number. zram's backing device, and the disk backend's block device. */
int loop_attach_journaled(const char *file, int direct, struct journal *j, int *loop_n, char *why,
			  size_t len);
/* Shared by the backends: mkswap (the label, a swapfile's UUID from the journal), swapon at
 * the priority (journaled), and the two in turn. */
int swap_mkswap(struct swap_device *dev, struct journal *j);
int swap_on(struct swap_device *dev, struct journal *j);
int swap_enable(struct swap_device *dev, struct journal *j);
/* zswap off for the trial when it is on (journaled, restored after), and the line --dry-run
 * prints for it: disk and zram cells measure their own device, not zswap in front of it. */
int swap_keep_zswap_out(struct swap_device *dev, struct journal *j);
void swap_describe_zswap_out(FILE *out);
/* The backends on a swapfile: the run's swapfile, created once, fully allocated, journaled,
 * and its swap header written once (mkswap) where it is used as swap. */
int swapfile_prepare(struct swap_device *dev, struct journal *j);
/* Each trial: an empty swap area on it (swapon). */
int swapfile_start(struct swap_device *dev, struct journal *j);
/* What the swapfile costs, for --dry-run. */
void swapfile_describe(const struct swap_device *dev, FILE *out);
/* Is params.swapfile a path a swapfile can be created at? */
int swapfile_check(struct swap_device *dev);

#endif
