#include "runner/run/placement.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "runner/kernel/cpus.h"
#include "runner/base/log.h"

/* The most processes and threads a cell runs at once. */
static unsigned widest_cell(const struct config *cfg, const struct plan *plan)
{
	unsigned most = 1;

	for (size_t i = 0; i < plan->ncells; i++)
		if (plan->cells[i].jobs * cfg->threads > most)
			most = plan->cells[i].jobs * cfg->threads;
	return most;
}

/* --cpus LIST: every CPU of it online. */
static int given_set(const struct config *cfg, const cpu_set_t *online, struct placement *pl)
{
	char list[128];

	cpulist_parse(cfg->cpus, &pl->workload);
	for (unsigned c = 0; c < CPU_SETSIZE; c++)
		if (CPU_ISSET(c, &pl->workload) && !CPU_ISSET(c, online)) {
			cpulist_format(online, list, sizeof(list));
			say("--cpus '%s': CPU %u is not online (online: %s)", cfg->cpus, c, list);
			return EXIT_USAGE;
		}
	snprintf(pl->why, sizeof(pl->why), "--cpus %s", cfg->cpus);
	return 0;
}

/* The quietest CPUs by device interrupts, keeping one spare for the runner if there is one. */
static void chosen_set(unsigned want, const cpu_set_t *online, struct placement *pl)
{
	static uint64_t irqs[CPU_SETSIZE];
	unsigned n = (unsigned)CPU_COUNT(online);
	int have_irqs = cpus_irq_counts(irqs, CPU_SETSIZE) == 0;
	char list[128];

	if (want > n)
		want = n; /* the widest cell needs every CPU: the runner shares them */
	cpus_quietest(online, have_irqs ? irqs : NULL, have_irqs ? CPU_SETSIZE : 0, want,
		      &pl->workload);
	cpulist_format(&pl->workload, list, sizeof(list));
	snprintf(pl->why, sizeof(pl->why), "CPU%s %s: the %s device interrupts%s",
		 want > 1 ? "s" : "", list,
		 want > 1 ? "CPUs that take the fewest" : "CPU that takes the fewest",
		 have_irqs ? "" : " (no /proc/interrupts: the lowest numbers)");
}

int placement_choose(const struct config *cfg, const struct plan *plan, struct placement *pl)
{
	cpu_set_t online;
	int status;

	memset(pl, 0, sizeof(*pl));
	if (strcmp(cfg->cpus, "all") == 0) {
		snprintf(pl->why, sizeof(pl->why), "--cpus all: not pinned");
		return 0;
	}
	if (cpus_online(&online)) {
		if (cfg->cpus[0]) {
			say("--cpus '%s': /sys/devices/system/cpu/online is unreadable, so no CPU "
			    "can be checked; "
			    "--cpus all runs without pinning",
			    cfg->cpus);
			return EXIT_UNSUPPORTED;
		}
		snprintf(pl->why, sizeof(pl->why),
			 "not pinned: the online CPUs are unknown (no "
			 "/sys/devices/system/cpu/online)");
		return 0;
	}
	if (cfg->cpus[0] && (status = given_set(cfg, &online, pl)))
		return status;
	if (!cfg->cpus[0])
		chosen_set(widest_cell(cfg, plan), &online, pl);
	pl->pinned = 1;
	CPU_XOR(&pl->runner, &online, &pl->workload); /* the set is within online */
	return 0;
}

void placement_apply(const struct placement *pl, struct plan *plan, unsigned threads)
{
	for (size_t i = 0; i < plan->ncells; i++) {
		plan->cells[i].workload.cpus = pl->pinned ? &pl->workload : NULL;
		plan->cells[i].workload.threads = threads;
	}
}

int placement_move_runner(struct placement *pl)
{
	CPU_ZERO(&pl->before);
	if (!pl->pinned || !CPU_COUNT(&pl->runner))
		return 0;
	if (sched_getaffinity(0, sizeof(pl->before), &pl->before) < 0)
		CPU_ZERO(&pl->before);
	return sched_setaffinity(0, sizeof(pl->runner), &pl->runner) < 0 ? -errno : 0;
}

const cpu_set_t *placement_unmeasured(const struct placement *pl)
{
	return CPU_COUNT(&pl->before) ? &pl->before : NULL;
}

void placement_restore_runner(const struct placement *pl)
{
	/* It failing leaves the runner where it was moved: the next run sees fewer CPUs, no
	 * more. */
	if (CPU_COUNT(&pl->before))
		(void)sched_setaffinity(0, sizeof(pl->before), &pl->before);
}
