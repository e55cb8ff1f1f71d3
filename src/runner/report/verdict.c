/* The answer a user decides on: which ran faster and by how much, with its uncertainty and
 * whether a test says it is real, and what swap cost in RAM. A sweep gets a table against
 * its best cell and the best cell per key metric. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "runner/report/device.h"
#include "runner/report/format.h"
#include "runner/report/report.h"

/* "X ran 1.31 ± 0.04 times faster than Y": the slower mean over the faster, error propagated. */
static void speedup(const struct metric_comparison *mc, double *factor, double *err)
{
	double r = mc->ts.ratio, e = mc->ts.ratio_err;
	if (r < 1) {
		*factor = 1 / r;
		*err = e / (r * r);
	} else {
		*factor = r;
		*err = e;
	}
}

static void speed_line(const struct result_cell *base, const struct result_cell *cell,
		       const struct metric_comparison *mc, FILE *out)
{
	const struct result_cell *fast = mc->new_mean < mc->base_mean ? cell : base;
	const struct result_cell *slow = fast == cell ? base : cell;
	char change[80], p[16];
	double factor, err;

	if (!mc->have) {
		fprintf(out,
			"%s and %s: no elapsed time to compare (no successful trials on one "
			"side)\n",
			cell->label, base->label);
		return;
	}
	speedup(mc, &factor, &err);
	fmt_change(mc->ts.change_pct, mc->ts.change_lo_pct, mc->ts.change_hi_pct, change,
		   sizeof(change));
	fmt_p(mc->p, p, sizeof(p));
	if (mc->sig == SIG_SIGNIFICANT)
		fprintf(out,
			"%s ran %.2f %s %.2f times faster than %s (p = %s, %zu vs %zu trials)\n",
			fast->label, factor, plus_minus(), err, slow->label, p, mc->ts.n_base,
			mc->ts.n_new);
	else if (mc->sig == SIG_NOT_TESTABLE_DIFFERENT)
		fprintf(out,
			"%s ran %.2f %s %.2f times faster than %s (%zu vs %zu trials: too few for "
			"a test; "
			"the ranges do not overlap)\n",
			fast->label, factor, plus_minus(), err, slow->label, mc->ts.n_base,
			mc->ts.n_new);
	else if (mc->sig == SIG_NONE)
		fprintf(out, "%s and %s: no significant difference in elapsed time (%s, p = %s)\n",
			cell->label, base->label, change, p);
	else
		fprintf(out,
			"%s and %s: no clear difference in elapsed time (%s; %zu vs %zu trials are "
			"too few "
			"for a test)\n",
			cell->label, base->label, change, mc->ts.n_base, mc->ts.n_new);
}

/* CPU is worth a line only where it differs for real. */
static void cpu_line(const struct result_cell *base, const struct result_cell *cell,
		     const struct metric_comparison *mc, FILE *out)
{
	char change[80], p[16];

	if (!mc->have || (mc->sig != SIG_SIGNIFICANT && mc->sig != SIG_NOT_TESTABLE_DIFFERENT))
		return;
	fprintf(out, "%s used %s CPU time than %s (%s%s%s)\n", cell->label,
		mc->new_mean < mc->base_mean ? "less" : "more", base->label,
		fmt_change(mc->ts.change_pct, mc->ts.change_lo_pct, mc->ts.change_hi_pct, change,
			   sizeof(change)),
		mc->sig == SIG_SIGNIFICANT ? ", p = " : ", too few trials for a test",
		mc->sig == SIG_SIGNIFICANT ? fmt_p(mc->p, p, sizeof(p)) : "");
}

/* What a user waits for a swapped-out page: the p99 of the access latency, where both cells
 * have an access phase. */
static void latency_line(const struct result_cell *base, const struct result_cell *cell,
			 const struct metric_comparison *mc, FILE *out)
{
	char change[80], p[16], a[24], b[24];
	const char *how;

	if (!mc->have)
		return;
	fmt_change(mc->ts.change_pct, mc->ts.change_lo_pct, mc->ts.change_hi_pct, change,
		   sizeof(change));
	fmt_ns(base->stats[M_ACCESS_P99].median * 1000, a, sizeof(a));
	fmt_ns(cell->stats[M_ACCESS_P99].median * 1000, b, sizeof(b));
	if (mc->sig != SIG_SIGNIFICANT && mc->sig != SIG_NOT_TESTABLE_DIFFERENT) {
		fprintf(out,
			"p99 access latency: %s and %s: no significant difference (%s against %s, "
			"%s%s%s)\n",
			cell->label, base->label, b, a, change, mc->sig == SIG_NONE ? ", p = " : "",
			mc->sig == SIG_NONE ? fmt_p(mc->p, p, sizeof(p)) : "");
		return;
	}
	how = mc->new_mean < mc->base_mean ? "shorter" : "longer";
	fprintf(out, "p99 access latency: %s %s than %s, %s against %s (%s%s%s)\n", cell->label,
		how, base->label, b, a, change,
		mc->sig == SIG_SIGNIFICANT ? ", p = " : "; too few trials for a test",
		mc->sig == SIG_SIGNIFICANT ? fmt_p(mc->p, p, sizeof(p)) : "");
}

static void ram_lines(const struct results *r, FILE *out)
{
	char stored[32], ram[32];
	double ratio;

	for (size_t i = 0; i < r->ncells; i++) {
		const struct result_cell *c = &r->cells[i];
		if (!report_ram_ratio(c, &ratio))
			continue;
		fprintf(out, "%s kept %s of swapped pages in %s of RAM (%.2fx)\n", c->label,
			fmt_metric_unit(M_SWAP_STORED, c->stats[M_SWAP_STORED].mean, stored,
					sizeof(stored)),
			fmt_metric_unit(M_SWAP_RAM, c->stats[M_SWAP_RAM].mean, ram, sizeof(ram)),
			ratio);
	}
}

static int two_cells(const struct results *r, const struct report_opts *o, FILE *out)
{
	struct metric_comparison *mc = calloc(M_COUNT, sizeof(*mc));
	int ret = mc ? compare_cells(&r->cells[0], &r->cells[1], &o->cmp, mc) : -ENOMEM;

	if (!ret) {
		speed_line(&r->cells[0], &r->cells[1], &mc[M_ELAPSED], out);
		cpu_line(&r->cells[0], &r->cells[1], &mc[M_CPU_TIME], out);
		latency_line(&r->cells[0], &r->cells[1], &mc[M_ACCESS_P99], out);
	}
	free(mc);
	return ret;
}

int report_verdict(const struct results *r, const struct report_opts *o, FILE *out)
{
	int ret = 0;

	/* A device measured itself is judged by what it moved and held, not by elapsed time. */
	if (device_kind_of(r) == DEVICE_BLOCK)
		return report_device_block(r, o, out);
	if (device_kind_of(r) == DEVICE_FS)
		return report_device_fs(r, o, out);
	if (r->ncells == 2)
		ret = two_cells(r, o, out);
	else if (r->ncells > 2)
		ret = report_sweep(r, o, out);
	ram_lines(r, out);
	return ret;
}
