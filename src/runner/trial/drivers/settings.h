/*
 * The workload drivers' own options, typed, as the option table fills them (the rows the
 * drivers give it, trial/drivers/options.h): the config holds one struct driver_settings, its
 * driver member, and the plan reads a driver's part of it into the cells.
 */
#ifndef ZSB_DRIVER_SETTINGS_H
#define ZSB_DRIVER_SETTINGS_H
#include <stdint.h>

#include "runner/swap/settings.h"

/* A device measured itself rather than swapped to: fio on it (block), or a command writing
 * into a filesystem on it (fs). */
struct device_settings {
	/* What each cell's device is used as (enum device_use): swap, a block device fio
	 * measures, or a filesystem the command runs in. */
	int target;
	unsigned modes; /* block: fio's modes, a bit per enum fio_mode; 0: all six */
	uint64_t fio_bs, io_size, fio_rate; /* block: bytes; io_size 0: the device */
	unsigned loops;
	enum switch_state direct;
	char *read_back; /* fs: the read phase's command, the config's own; empty: none */
};

/* A service: the command is a server; these run outside the cgroup against it. Its texts are
 * the config's own. */
struct service_settings {
	char *load; /* the load generator, whose run is the measured phase; empty: no service */
	char *ready; /* run until it exits 0: the server is ready; empty: at once */
	char *load_warmup; /* run once after ready, before the measured load; empty: none */
	int load_format; /* how the load generator's output is read (enum load_format) */
	uint64_t ready_timeout_ms;
};

struct driver_settings {
	struct device_settings device;
	struct service_settings service;
};

#endif
