#include "runner/trial/watch.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "common/clock.h"
#include "runner/kernel/signals.h"
#include "runner/kernel/swaps.h"
#include "runner/kernel/sysfs.h"

#define CURVE_POINTS 256

static void take_sample(struct watch *wt)
{
	wt->have_cgroup_swap = bench_cgroup_swap_usage(wt->cg, &wt->cgroup_swap) == 0;
	swap_device_sample(wt->s->dev, &wt->dev, 1);
	wt->have_mid = vmstat_snapshot(&wt->mid) == 0;
	wt->sampled = 1;
}

/* Outside pressure, before the trial: the share of a quiet window that tasks spent stalled on
 * memory (avg10 would still hold our own previous trial). The window is the reference probe's
 * run (trial.c); one shorter than QUIET_WINDOW_US (a probe that could not run) is slept to it. */
#define QUIET_WINDOW_US 30000

void watch_quiet(struct watch *wt, const struct psi *before, uint64_t since_ns)
{
	uint64_t waited_us = (clock_now_ns() - since_ns) / 1000;
	struct timespec rest = { 0, 0 };

	wt->psi_before_pct = -1;
	if (!before)
		return;
	if (waited_us < QUIET_WINDOW_US) {
		rest.tv_nsec = (long)(QUIET_WINDOW_US - waited_us) * 1000L;
		nanosleep(&rest, NULL);
		waited_us = QUIET_WINDOW_US;
	}
	if (psi_read(PSI_MEMORY, &wt->psi_start) == 0)
		wt->psi_before_pct = 100.0 *
			(double)(wt->psi_start.some_total - before->some_total) / (double)waited_us;
}

void watch_start(struct watch *wt)
{
	vmstat_snapshot(&wt->start);
	wt->have_psi = psi_read(PSI_MEMORY, &wt->psi_start) == 0;
	wt->have_cg_psi = wt->cg->pressure[0] && psi_read(wt->cg->pressure, &wt->cg_psi_start) == 0;
	pressure_start(&wt->pressure, wt->s->pressure_target_pct, wt->cg, clock_now_ns());
}

/* A device that fills up ends the trial in an OOM kill, and frees everything with it: its
 * highest fill is kept from every tick and every point of the fill curve. */
static void note_device_fill(struct watch *wt, uint64_t used, uint64_t size)
{
	if (used > wt->device_used_max)
		wt->device_used_max = used;
	wt->device_size = size;
}

/* One point of the series: every source read once, missing ones left out; the cgroup's swap
 * comes from the tick, which has just read it. */
static void record_point(struct watch *wt, int have_swap, uint64_t swap)
{
	struct trial *t = wt->t;
	double v[S_COUNT] = { 0 };
	unsigned char have[S_COUNT] = { 0 };
	uint64_t x, total = 0;
	struct swap_sample dev;
	struct vmstat_snap vm;
	struct psi p;

#define PUT(field, value) (v[field] = (double)(value), have[field] = 1)
	if (bench_cgroup_mem_usage(wt->cg, &x) == 0)
		PUT(S_CGROUP_MEM, x);
	if (have_swap)
		PUT(S_CGROUP_SWAP, swap);
	swap_device_sample(wt->s->dev, &dev, 0);
	if (dev.have_used) {
		PUT(S_DEVICE_USED, dev.device_used);
		note_device_fill(wt, dev.device_used, dev.device_size);
	}
	swap_device_series(wt->s->dev, v, have);
	if (vmstat_snapshot(&vm) == 0) {
		PUT(S_PSWPOUT, vm.pswpout - wt->start.pswpout);
		PUT(S_PSWPIN, vm.pswpin - wt->start.pswpin);
		PUT(S_PGMAJFAULT, vm.pgmajfault - wt->start.pgmajfault);
	}
	if (wt->have_psi && psi_read(PSI_MEMORY, &p) == 0) {
		PUT(S_PSI_SOME, p.some_total - wt->psi_start.some_total);
		PUT(S_PSI_FULL, p.full_total - wt->psi_start.full_total);
	}
	if (wt->have_cg_psi && psi_read(wt->cg->pressure, &p) == 0) {
		PUT(S_CG_PSI_SOME, p.some_total - wt->cg_psi_start.some_total);
		PUT(S_CG_PSI_FULL, p.full_total - wt->cg_psi_start.full_total);
	}
	for (unsigned i = 0; i < wt->w->n; i++)
		total += wt->w->jobs[i].ev.bytes;
	if (!wt->s->workload->command)
		PUT(S_PROGRESS, total);
#undef PUT
	series_add(t->series, seconds_since(wt->w->release_ns), v, have);
}

void watch_tick(void *arg)
{
	struct watch *wt = arg;
	uint64_t swap = 0;
	int have_swap = bench_cgroup_swap_usage(wt->cg, &swap) == 0;

	pressure_tick(&wt->pressure, wt->cg, clock_now_ns());

	if (wt->t->series && series_due(wt->t->series))
		record_point(wt, have_swap, swap);
	if (!have_swap || swap <= wt->swap_peak)
		return;
	wt->swap_peak = swap;
	/* A command never says it is filled: keep what the device held at the swap peak. */
	if (wt->s->workload->command)
		take_sample(wt);
}

void watch_progress(void *arg, uint64_t total, uint64_t ns)
{
	struct watch *wt = arg;
	struct trial *t = wt->t;
	struct curve_point *grown;
	uint64_t swap = 0, used, size;

	if (wt->s->on_phase)
		wt->s->on_phase(wt->s->phase_arg, "fill", total);
	/* The last point is always kept: the curve ends where the fill did. */
	if ((total < wt->next_curve_bytes && total < wt->s->alloc) || t->ncurve >= CURVE_POINTS + 2)
		return;
	grown = realloc(t->curve, (t->ncurve + 1) * sizeof(*grown));
	if (!grown)
		return;
	t->curve = grown;
	bench_cgroup_swap_usage(wt->cg, &swap);
	if (wt->s->dev->device[0] && swaps_area(wt->s->dev->device, &used, &size) == 0)
		note_device_fill(wt, used, size);
	t->curve[t->ncurve++] = (struct curve_point){
		.t = ns_to_s(ns - wt->w->release_ns),
		.bytes = total,
		.swap = swap,
	};
	wt->next_curve_bytes = total +
		(wt->s->alloc / CURVE_POINTS > (1 << 20) ? wt->s->alloc / CURVE_POINTS : (1 << 20));
}

void watch_filled(void *arg)
{
	struct watch *wt = arg;
	wt->seen = clock_now_ns();
	signals_pause_point("sampling");
	take_sample(wt);
	/* Inside the pause, which elapsed leaves out: the backend's own work has its own clock. */
	swap_device_after_fill(wt->s->dev);
	wt->go = clock_now_ns();
	if (wt->s->on_phase)
		wt->s->on_phase(wt->s->phase_arg, "access", 0);
}
