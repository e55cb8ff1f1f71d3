/*
 * The tabs workload (--access tabs:N:CYCLES[:exp]): N hogger processes are N browser tabs.
 * After the fill, CYCLES times the runner picks one tab other than the one in front and pokes
 * it (the tab touches every page of its own and says how long that took), as ChromeOS's
 * tab-switching test does: uniformly, or favouring the tabs used recently (exp: the tab behind
 * the current one half the time, the next a quarter...).
 */
#ifndef ZSB_TABS_H
#define ZSB_TABS_H
#include <stdint.h>

#define TABS_MAX 64

struct tabs {
	unsigned n, cycles, sent;
	int recent;
	unsigned order[TABS_MAX]; /* the tabs, the one in front first, then by recency */
	uint64_t rng;
};

/* After the fill the last tab filled is in front. */
void tabs_init(struct tabs *t, unsigned n, unsigned cycles, int recent, uint64_t seed);
/* The next tab to poke, never the one in front; it comes to the front. -1 when the cycles
 * are done. */
int tabs_next(struct tabs *t);

#endif
