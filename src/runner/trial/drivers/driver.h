/*
 * The workload drivers, a row each (driver.c), as the backends are rows of swap/backend.c:
 * what runs in the trial's cgroup and what only it measures. A trial (trial/trial.c) calls the
 * hooks of its cell's driver and names none of them. Adding one is a file of hooks and a row;
 * docs/architecture.md shows how, with the stress-ng driver as the example.
 */
#ifndef ZSB_DRIVER_H
#define ZSB_DRIVER_H
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "runner/base/option_row.h"
#include "runner/result/results.h"
#include "runner/trial/setup.h"
#include "runner/trial/watch.h"
#include "runner/trial/workload.h"

#define DRIVER_TEXT_MAX 512
#define DRIVER_WORDS_MAX 24

/* One trial as its driver's hooks see it. */
struct driver_run {
	const struct trial_setup *s;
	struct watch *wt;
	struct bench_cgroup *cg;
	const struct workload_hooks *hooks;
	unsigned sample_ms; /* how often the hooks tick */
	void *state; /* the driver's own, state_size bytes, zeroed for each trial */
	char note[256]; /* why the trial failed after its work ran; empty: it did not */
};

/* A cell's command line as its driver's plan hook builds it, held by the plan's cell. */
struct driver_cell {
	char text[DRIVER_TEXT_MAX];
	char *argv[DRIVER_WORDS_MAX + 1];
	size_t used, words;
};

/* One more word of the cell's command line, printf-style; -E2BIG when it does not fit. */
int driver_cell_add(struct driver_cell *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* What a plan hook is given of its cell. */
struct driver_cell_in {
	const char *args; /* what follows "NAME:" in --workload; "" when nothing does */
	unsigned jobs;
	uint64_t alloc; /* bytes all its jobs hold in all */
};

struct workload_driver {
	const char *name; /* as --workload takes it, and as results and --help name it */
	const char *help;
	/* Chosen by --workload (the rest by the options that make them: a command after --,
	 * --load, --target). */
	int by_name;
	/* The program it runs and the Debian package holding it: preflight refuses a run
	 * without it (exit 3). NULL: nothing to look for. */
	const char *program, *package;
	const char *chosen_by; /* the option that chose it, as a message names it */
	/* Its own rows of the option table (ended by a row without a name; NULL: none), their
	 * fields in struct driver_settings: trial/drivers/options.h walks them. */
	const struct option_desc *option_rows;
	size_t state_size;
	/* --workload NAME:ARGS: -EINVAL, why filled, for what it cannot take. */
	int (*check_args)(const char *args, char *why, size_t len);
	/* How long a trial of its runs, for the dry run's estimate; NULL: its bytes tell. */
	double (*seconds)(const char *args);
	/* The cell's command line into out; -EINVAL when it does not fit. NULL: the plan builds
	 * the cell's workload itself (the hogger, a command, fio). */
	int (*plan)(const struct driver_cell_in *in, struct driver_cell *out);
	/* From the release of the jobs to the end of their work. */
	int (*follow)(struct driver_run *r);
	/* After the counters' last reading: what the work left behind (a device's flush and
	 * its read phase). NULL: nothing. */
	void (*after)(struct driver_run *r);
	/* What it alone measured, into the trial, after trial_record. NULL: nothing. */
	void (*record)(struct driver_run *r, struct trial *t);
};

extern const struct workload_driver *const workload_drivers[];
extern const size_t workload_driver_count;

/* The driver --workload names ("stress-ng" of "stress-ng:vm"), its arguments into *args;
 * NULL for a name of no driver chosen by name. */
const struct workload_driver *driver_named(const char *workload, const char **args);
/* "hogger or stress-ng": the names --workload takes, for --help and errors. */
const char *driver_names(void);

/* The drivers every run has; the plan picks one per cell. */
extern const struct workload_driver driver_hogger, driver_command, driver_service, driver_block,
	driver_fs, driver_stress_ng;

/* Follow the jobs to their exit: the hogger's, a command's and fio's way. */
int driver_follow_jobs(struct driver_run *r);

#endif
