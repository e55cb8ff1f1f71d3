#include "runner/trial/pressure.h"

#include <math.h>
#include <string.h>

#include "common/util.h"
#include "runner/kernel/psi.h"
#include "runner/result/statistics.h"

#define STEP_NS 1000000000ULL
/* At most this share of memory.high a second: senpai moves far less, over hours, and a trial
 * has a minute; still small enough that reclaim meets the pressure it makes before the next
 * cut. */
#define MAX_CUT 0.10
#define MAX_RAISE 0.10
/* Below this the workload's own pages and page tables would not fit: the floor. */
#define FLOOR_BYTES (4 * MIB_BYTES)

static int read_some(const struct bench_cgroup *cg, uint64_t *some_us)
{
	struct psi p;

	if (!cg->pressure[0] || psi_read(cg->pressure, &p))
		return -1;
	*some_us = p.some_total;
	return 0;
}

void pressure_start(struct pressure_ctl *c, double target_pct, const struct bench_cgroup *cg,
		    uint64_t now_ns)
{
	memset(c, 0, sizeof(*c));
	c->target_pct = target_pct;
	c->last_ns = now_ns;
	if (target_pct > 0 && read_some(cg, &c->last_some_us))
		c->broken = 1;
}

/* The new memory.high from this second's pressure: a cut that shrinks as the pressure nears
 * the target, a raise that grows as it passes it. */
static uint64_t next_high(const struct pressure_ctl *c, uint64_t current, double pressure_pct)
{
	double ratio = pressure_pct / c->target_pct, base;
	uint64_t high;

	if (ratio < 1) {
		base = (double)(c->high && c->high < current ? c->high : current);
		high = (uint64_t)(base * (1 - MAX_CUT * (1 - ratio)));
	} else {
		base = (double)(c->high ? c->high : current);
		high = (uint64_t)(base *
				  (1 + (ratio - 1 < 1 ? (ratio - 1) * MAX_RAISE : MAX_RAISE)));
	}
	return high < FLOOR_BYTES ? FLOOR_BYTES : high;
}

void pressure_tick(struct pressure_ctl *c, const struct bench_cgroup *cg, uint64_t now_ns)
{
	uint64_t some, current, high;
	double pressure_pct;

	if (c->target_pct <= 0 || c->broken || now_ns - c->last_ns < STEP_NS)
		return;
	if (read_some(cg, &some) || bench_cgroup_mem_usage(cg, &current)) {
		c->broken = 1;
		return;
	}
	pressure_pct =
		100.0 * (double)(some - c->last_some_us) / ((double)(now_ns - c->last_ns) / 1000);
	high = next_high(c, current, pressure_pct);
	if (bench_cgroup_set_high(cg, high)) {
		c->broken = 1;
		return;
	}
	if (high > c->high && c->high)
		c->raised++;
	else
		c->lowered++;
	c->high = high;
	c->last_ns = now_ns;
	c->last_some_us = some;
	if (c->n < PRESSURE_SAMPLES)
		c->current[c->n++] = (double)current;
}

void pressure_record(const struct pressure_ctl *c, struct trial *t)
{
	unsigned from = c->n / 2;
	double settled;

	if (c->target_pct <= 0 || c->broken || c->n == from)
		return;
	settled = median_of(c->current + from, c->n - from);
	if (!isnan(settled)) /* out of memory: not recorded */
		trial_set(t, M_SETTLED_MEM, settled);
	trial_set(t, M_FINAL_HIGH, (double)c->high);
}
