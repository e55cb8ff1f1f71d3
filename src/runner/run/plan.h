/*
 * The plan of a run, built from the configuration and the few inputs it is given: the cells
 * (backend x compressor x jobs x limit x the values of each setting given a list, x fio's
 * modes for a block device), each with its workload and its settings, and the schedule of
 * their trials (--order). Pure: it reads no kernel file, no clock, no process, and changes
 * nothing.
 */
#ifndef ZSB_PLAN_H
#define ZSB_PLAN_H
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "runner/cli/config.h"
#include "runner/swap/backend.h"
#include "runner/trial/drivers/driver.h"
#include "runner/trial/hogger_argv.h"
#include "runner/trial/service.h"
#include "runner/trial/target.h"
#include "runner/trial/workload.h"

struct plan_cell {
	char label[96]; /* "disk", "zram:lz4", "zswap:lzo jobs=2 limit=100M" */
	const struct backend *backend;
	const char *comp; /* NULL: the kernel's default */
	uint64_t limit;
	unsigned jobs;
	uint64_t alloc; /* what its hoggers write in all */
	struct workload_spec
		/* the hogger with this cell's share, or the command (fio, for a block device) */
		workload;
	struct target_spec
		/* what its device is used as: swap, or a block device or filesystem measured */
		target;
	struct hogger_argv hogger;
	const struct workload_driver *driver; /* what runs the cell's trials */
	const char *driver_args; /* --workload's after "NAME:"; "" */
	struct driver_cell driver_cell; /* a driver's own command line (driver->plan) */
	int mode; /* block: the fio mode (enum fio_mode); -1: the device is not a block device */
	/* block: fio's job file and JSON output in the work directory, and fio's words; fs:
	 * the mount point and the read-back command's words (plan_place fills them) */
	char job_file[PATH_MAX], fio_output[PATH_MAX], mount_dir[PATH_MAX];
	char *fio_argv[6];
	char read_back_text[COMMAND_TEXT_MAX + 1];
	char *read_back_argv[COMMAND_WORDS_MAX + 1];
	/* Its settings: the run's config, or with its values of the knob axes (knob_axes.h)
	 * set, a copy the plan owns. */
	const struct config *cfg;
	struct config *own_cfg;
	/* ... those values, option ids and texts (into the plan's knob axes) */
	unsigned nknobs;
	int knob_id[KNOB_AXES_MAX];
	const char *knob_value[KNOB_AXES_MAX];
};

/* A service's commands, split once into words (their texts held here). */
struct plan_service {
	struct service_spec spec;
	char ready_text[COMMAND_TEXT_MAX + 1], warmup_text[COMMAND_TEXT_MAX + 1],
		load_text[COMMAND_TEXT_MAX + 1];
	char *ready_argv[COMMAND_WORDS_MAX + 1], *warmup_argv[COMMAND_WORDS_MAX + 1],
		*load_argv[COMMAND_WORDS_MAX + 1];
};

struct schedule_entry {
	unsigned cell, trial; /* trial is 1-based, warmups first */
};

struct plan {
	struct plan_cell *cells;
	size_t ncells;
	struct schedule_entry *schedule; /* the order trials run in */
	size_t nschedule;
	unsigned long seed; /* --order shuffled: the seed given, or one drawn */
	uint64_t swap_size; /* the swapfile's size and zram's disksize */
	struct name_list all_comps; /* --comp all, as this kernel's zram offers them */
	char swapfile[PATH_MAX];
	struct plan_service service;
	int has_service; /* --load: the command is a server */
	struct knob_axes *group_knobs; /* each group's: the run's, a section's over them */
	int has_own_cfg; /* a cell has settings of its own: each trial puts its cell's in place */
};

/* What the plan takes besides the config, filled by its caller: the PID names the default
 * swapfile, and a shuffled order given no seed uses this one (recorded, so a run replays). */
struct plan_inputs {
	pid_t pid;
	unsigned long seed; /* nonzero */
	struct name_list algorithms; /* --comp all: what this kernel offers (backend_algorithms) */
};

/* What the hoggers of a cell write in all: each job rounds its share up to whole chunks. */
uint64_t plan_hogger_bytes(uint64_t alloc, unsigned jobs, uint64_t chunk);
/* The swap size a run needs: --swap-size, or the largest allocation rounded up to 1M. */
uint64_t plan_swap_size(const struct config *cfg);
/* The swapfile path: --swapfile, or /var/tmp/zswapbench-<pid>.swap. */
void plan_swapfile(const struct config *cfg, pid_t pid, char *buf, size_t len);
/* Whether --comp all (or a section's comp = all) asks for the kernel's zram algorithms, which
 * the caller then reads into plan_inputs. */
int plan_wants_all_comps(const struct config *cfg);
/* The driver of the run's cells, its --workload arguments into *args: a device target's, a
 * server's, a command's, the one --workload names, else the hogger. */
const struct workload_driver *plan_driver(const struct config *cfg, const char **args);
/* The cells and the schedule; hogger is the hogger binary's path. -ENOMEM; -EINVAL when a
 * driver's command line does not fit. */
int plan_build(struct plan *p, const struct config *cfg, const char *hogger,
	       const struct plan_inputs *in);
/* A device target's files in the run's work directory: block: fio's job file, its output
 * and fio's words; fs: the mount point, where the command also runs. */
void plan_place(struct plan *p, const char *workdir);
void plan_free(struct plan *p);
/* Do two cells set their backend up alike: the same backend, compressor and values of the
 * backends' settings (a knob axis of swap/'s rows, --zram-size 256M,1G)? Each such pair is
 * checked and described once. */
int plan_cells_same_device(const struct plan_cell *a, const struct plan_cell *b);

#endif
