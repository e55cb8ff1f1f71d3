/* --background: a hogger outside the trial's cgroup that fills SIZE and holds it until the run
 * ends, as the seeds' MEM_HOGGER_SIZE. */
#ifndef ZSB_BACKGROUND_H
#define ZSB_BACKGROUND_H
#include <stdint.h>

#include "runner/base/log.h"
#include "runner/trial/hogger_argv.h"
#include "runner/trial/workload.h"

struct background {
	struct workload w;
	struct workload_spec spec;
	struct hogger_argv argv;
};

/* Starts it in zswapbench's own cgroup and waits until SIZE is filled; the failure set. */
int background_start(struct background *bg, const char *hogger, uint64_t size, const char *data,
		     struct failure *f);
/* -ECHILD, with the failure set, once it has died. */
int background_check(struct background *bg, struct failure *f);
void background_stop(struct background *bg);

#endif
