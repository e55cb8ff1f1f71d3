/* The answer a user decides on: which did better by the run's primary metric (ran faster; a
 * service: served more operations per second) and by how much, with its uncertainty and
 * whether a test says it is real, and what swap cost in RAM. A sweep gets a table against its
 * first cell and the best cell tested as such.
 *
 * Every sentence is made of one decision (result/compare.h): the direction, the ratio and its
 * interval are the change of the median and its bootstrap interval, the same estimate the
 * test and the tables use. A mean pulled by one slow trial never picks the direction. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/report/format.h"
#include "runner/report/report.h"

struct factor {
	double f, lo, hi;
};

/* "disk ran 1.10 times faster than zram [1.05, 1.16]": the larger median over the smaller and
 * its interval, from the change of cell against base. */
static struct factor larger_over_smaller(const struct estimate *e)
{
	struct factor x = { 1 + e->change_pct / 100, 1 + e->lo_pct / 100, 1 + e->hi_pct / 100 };

	if (x.f < 1)
		x = (struct factor){ 1 / x.f, 1 / x.hi, 1 / x.lo };
	return x;
}

static const char *change_text(const struct estimate *e, char *buf, size_t len)
{
	return fmt_change(e->change_pct, e->lo_pct, e->hi_pct, buf, len);
}

/* The chance that identical setups give ranges this far apart: 2 / C(nb + nn, nb). */
static void too_few(const struct metric_comparison *mc, const char *what, const char *cell,
		    const char *base, FILE *out)
{
	char change[80];

	fprintf(out, "%s and %s: %zu vs %zu trials are too few to tell %s apart (median %s", cell,
		base, mc->ts.n_base, mc->ts.n_new, what,
		fmt_pct(mc->est.change_pct, 1, change, sizeof(change)));
	if (mc->sig == SIG_NOT_TESTABLE_DIFFERENT)
		fprintf(out,
			"; the ranges do not overlap, as they do not for %.0f%% of identical "
			"pairs at these sizes",
			100 * compare_min_p(mc->ts.n_base, mc->ts.n_new));
	fputs(")\n", out);
}

/* A real change the threshold calls too small to matter, or cannot tell from one. */
static void below_noise(const struct metric_comparison *mc, const struct compare_opts *o, FILE *out)
{
	int inside = mc->est.hi_pct < o->noise_pct && mc->est.lo_pct > -o->noise_pct;

	fprintf(out, ": a real change, %s the %.0f%% noise threshold\n",
		inside ? "within" : "not shown to exceed", o->noise_pct);
}

/* How a difference of a primary metric is said, by its direction: a time is run faster or
 * slower, a rate (a service's throughput) is served, more or fewer operations per second, and
 * its factor is said as a percentage more. */
struct speed_words {
	const char *verb, *better, *worse, *what;
	int percent;
};

static const struct speed_words time_words = { "ran", "faster", "slower", "", 0 };
static const struct speed_words rate_words = { "served", "more", "fewer", " operations per second",
					       1 };

/* "zram ran 1.10 times faster than disk [1.05, 1.16]", "zram served 55.6% more operations per
 * second than disk [50.1%, 61.0%]": the better side first. */
static void better_words(const struct speed_words *w, const struct result_cell *better,
			 const struct result_cell *worse, struct factor x, FILE *out)
{
	if (w->percent)
		fprintf(out, "%s %s %.1f%% %s%s than %s [%.1f%%, %.1f%%]", better->label, w->verb,
			100 * (x.f - 1), w->better, w->what, worse->label, 100 * (x.lo - 1),
			100 * (x.hi - 1));
	else
		fprintf(out, "%s %s %.2f times %s than %s [%.2f, %.2f]", better->label, w->verb,
			x.f, w->better, worse->label, x.lo, x.hi);
}

static void speed_words(const struct result_cell *base, const struct result_cell *cell,
			enum metric_id m, const struct metric_comparison *mc,
			const struct compare_opts *o, FILE *out)
{
	const struct speed_words *w = metric_higher_better(m) ? &rate_words : &time_words;
	int cell_better = metric_higher_better(m) ? mc->est.change_pct > 0 : mc->est.change_pct < 0;
	char change[80], p[16], nouns[48];

	fmt_p_is(mc->est.p, p, sizeof(p));
	change_text(&mc->est, change, sizeof(change));
	if (mc->sig == SIG_SIGNIFICANT) {
		better_words(w, cell_better ? cell : base, cell_better ? base : cell,
			     larger_over_smaller(&mc->est), out);
		fprintf(out, " (median %s, 95%% interval; %s, %zu vs %zu trials)\n", metrics[m].key,
			p, mc->ts.n_base, mc->ts.n_new);
	} else if (mc->sig == SIG_BELOW_NOISE) {
		fprintf(out, "%s %s %s%s than %s, median %s %s (%s)", cell->label, w->verb,
			cell_better ? w->better : w->worse, w->what, base->label, metrics[m].key,
			change, p);
		below_noise(mc, o, out);
	} else if (mc->sig == SIG_NONE) {
		fprintf(out, "%s and %s: no significant difference in %s (median %s, %s)\n",
			cell->label, base->label, metric_noun(m), change, p);
	} else {
		snprintf(nouns, sizeof(nouns), "%ss", metric_noun(m));
		too_few(mc, nouns, cell->label, base->label, out);
	}
}

static void speed_line(const struct result_cell *base, const struct result_cell *cell,
		       enum metric_id m, const struct metric_comparison *mc,
		       const struct compare_opts *o, FILE *out)
{
	if (!mc->have)
		fprintf(out, "%s and %s: no %s to compare (no successful trials on one side)\n",
			cell->label, base->label, metric_noun(m));
	else
		speed_words(base, cell, m, mc, o, out);
}

static int found(const struct metric_comparison *mc)
{
	return mc->have && (mc->sig == SIG_SIGNIFICANT || mc->sig == SIG_BELOW_NOISE);
}

/* CPU is worth a line only where a test finds a change. */
static void cpu_line(const struct result_cell *base, const struct result_cell *cell,
		     const struct metric_comparison *mc, const struct compare_opts *o, FILE *out)
{
	char change[80], p[16];

	if (!found(mc))
		return;
	fprintf(out, "%s used %s CPU time than %s (median %s, %s)", cell->label,
		mc->est.change_pct < 0 ? "less" : "more", base->label,
		change_text(&mc->est, change, sizeof(change)), fmt_p_is(mc->est.p, p, sizeof(p)));
	if (mc->sig == SIG_BELOW_NOISE)
		below_noise(mc, o, out);
	else
		fputc('\n', out);
}

/* What a user waits for: a swapped-out page (the p99 of the access latency, where both cells
 * have an access phase) or a service's request (the p99 its load generator printed). */
static void latency_line(const struct result_cell *base, const struct result_cell *cell,
			 const char *what, const struct metric_comparison *mc,
			 const struct compare_opts *o, FILE *out)
{
	char change[80], p[16], a[24], b[24];

	if (!mc->have)
		return;
	change_text(&mc->est, change, sizeof(change));
	fmt_ns(mc->base_median * 1000, a, sizeof(a));
	fmt_ns(mc->new_median * 1000, b, sizeof(b));
	fprintf(out, "p99 %s latency: ", what);
	if (mc->sig == SIG_NOT_TESTABLE_DIFFERENT || mc->sig == SIG_NOT_TESTABLE_SAME) {
		too_few(mc, "them", cell->label, base->label, out);
		return;
	}
	if (!found(mc)) {
		fprintf(out, "%s and %s: no significant difference (%s against %s, %s, %s)\n",
			cell->label, base->label, b, a, change, fmt_p_is(mc->est.p, p, sizeof(p)));
		return;
	}
	fprintf(out, "%s %s than %s, %s against %s (median %s, %s)", cell->label,
		mc->est.change_pct < 0 ? "shorter" : "longer", base->label, b, a, change,
		fmt_p_is(mc->est.p, p, sizeof(p)));
	if (mc->sig == SIG_BELOW_NOISE)
		below_noise(mc, o, out);
	else
		fputc('\n', out);
}

static void ram_lines(const struct results *r, FILE *out)
{
	char stored[32], ram[32];
	double ratio;

	for (size_t i = 0; i < r->ncells; i++) {
		const struct result_cell *c = &r->cells[i];
		if (!report_ram_ratio(c, &ratio))
			continue;
		fprintf(out, "%s kept %s of swapped pages in %s of RAM (%.2fx, medians)\n",
			c->label,
			fmt_metric_unit(M_SWAP_STORED, c->stats[M_SWAP_STORED].median, stored,
					sizeof(stored)),
			fmt_metric_unit(M_SWAP_RAM, c->stats[M_SWAP_RAM].median, ram, sizeof(ram)),
			ratio);
	}
}

/* Which metric answers the question and which only add to it, as the tests treated them. */
static void families_line(const struct metric_comparison *mc, const struct compare_opts *o,
			  FILE *out)
{
	int listed = 0;

	for (int m = 0; m < M_COUNT; m++)
		if (mc[m].have && mc[m].family == FAMILY_PRIMARY)
			fprintf(out, "(primary: %s, tested at alpha %g;", metrics[m].key, o->alpha);
	for (int m = 0; m < M_COUNT; m++)
		if (mc[m].have && mc[m].family == FAMILY_SECONDARY)
			fprintf(out, "%s%s",
				listed++ ? ", " : " secondary, Holm among themselves: ",
				metrics[m].key);
	fputs(listed ? ")\n" : " no secondary metric)\n", out);
}

/* Trials run one cell after the other share no moment: a drift of the machine between the
 * cells reads as a difference between them. */
static void order_note(const struct results *r, FILE *out)
{
	char order[32];

	if (strcmp(results_config_text(r, "order", order, sizeof(order)), "sequential") == 0)
		fputs("note: the cells ran one after the other (--order sequential): a change of "
		      "the machine between them reads as a difference; interleave them\n",
		      out);
}

/* The metric the first line is about: the two cells' question's, or where one side measured
 * nothing, the question the other side's trials answer. */
static enum metric_id speed_metric(const struct results *r, const struct metric_comparison *mc)
{
	enum metric_id m = compare_primary(&r->cells[0], &r->cells[1]);

	return mc[m].have ? m : results_primary(r);
}

static void two_cells(const struct results *r, const struct answer *a, FILE *out)
{
	const struct answer_pair *pair = answer_pair_of(a, ROLE_PAIR, 1);
	const struct result_cell *base = &r->cells[0], *cell = &r->cells[1];
	const struct metric_comparison *mc;
	enum metric_id m;

	if (!pair)
		return;
	mc = pair->mc;
	m = speed_metric(r, mc);
	speed_line(base, cell, m, &mc[m], &a->opts, out);
	cpu_line(base, cell, &mc[M_CPU_TIME], &a->opts, out);
	latency_line(base, cell, "access", &mc[M_ACCESS_P99], &a->opts, out);
	latency_line(base, cell, "request", &mc[M_REQUEST_P99], &a->opts, out);
	families_line(mc, &a->opts, out);
	order_note(r, out);
}

int report_verdict(const struct results *r, const struct answer *a, const struct report_opts *o,
		   FILE *out)
{
	int ret = 0;

	/* A device measured itself is judged by what it moved and held, not by elapsed time. */
	if (a->kind == ANSWER_BLOCK)
		return report_device_block(r, a, o, out);
	if (a->kind == ANSWER_FS)
		return report_device_fs(r, a, o, out);
	if (a->kind == ANSWER_PAIR)
		two_cells(r, a, out);
	else if (a->kind == ANSWER_SWEEP)
		ret = report_sweep(r, a, o, out);
	ram_lines(r, out);
	return ret;
}
