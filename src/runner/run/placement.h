/*
 * Where the workload runs. A trial's time depends on the CPU it lands on (on a VM, 45%
 * between two vCPUs), so a run pins its workload to one fixed set for all its trials, chosen
 * away from the CPU that takes the most device interrupts, and moves the runner and its
 * sampler off that set where a CPU is spare. --cpus LIST chooses the set; --cpus all pins
 * nothing.
 */
#ifndef ZSB_PLACEMENT_H
#define ZSB_PLACEMENT_H
#include <sched.h>

#include "runner/cli/config.h"
#include "runner/run/plan.h"

struct placement {
	int pinned; /* 0: --cpus all */
	cpu_set_t workload; /* the set every workload process is pinned to */
	cpu_set_t runner; /* where the runner goes; empty: it stays where it is */
	cpu_set_t before; /* where the runner could run before it moved; empty: it did not move */
	char why[256]; /* how the set was chosen, in words */
};

/* The set for the plan's cells: --cpus checked against the online CPUs (exit 2 naming the
 * CPU), or the quietest CPUs, as many as the largest cell runs processes and threads, one
 * left spare for the runner when the machine has one. An exit status or 0; changes nothing. */
int placement_choose(const struct config *cfg, const struct plan *plan, struct placement *pl);
/* Points every cell's workload at the set. */
void placement_apply(const struct placement *pl, struct plan *plan, unsigned threads);
/* Moves the runner (and what it spawns later: mkswap, the --background hogger) off the set,
 * noting where it could run before: what is not measured (--setup) runs there. */
int placement_move_runner(struct placement *pl);
/* Back where it could run before: a run in the same process after this one (savings' steps)
 * chooses and sets up from there. */
void placement_restore_runner(const struct placement *pl);
/* Where a program that is not measured may run: every CPU the runner had; NULL: the runner's. */
const cpu_set_t *placement_unmeasured(const struct placement *pl);

#endif
