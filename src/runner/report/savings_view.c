#include "runner/report/savings_view.h"

#include <math.h>

#include "common/size.h"
#include "runner/base/wrap.h"

static void answer_line(const struct savings_report *r, size_t i, FILE *out)
{
	const struct savings_search *b = &r->backends[i];
	double saved, lo, hi;
	char pass[32], fail[32];

	savings_answer(b, &saved, &lo, &hi);
	size_format(b->pass_limit, pass, sizeof(pass));
	size_format(b->fail_limit, fail, sizeof(fail));
	fprintf(out, "  %s: %.0f%% less memory [%.0f%%, %.0f%%] at <= %g%% slowdown: %s %s",
		r->names[i], 100 * saved, 100 * lo, 100 * hi, r->target_pct, pass,
		b->pass_limit == r->footprint ? "(the footprint itself)" : "held it");
	if (b->fail_limit)
		fprintf(out, ", %s did not", fail);
	fprintf(out, " (%u step%s%s)\n", b->nsteps, b->nsteps == 1 ? "" : "s",
		b->by_median ? "; a step decided by its median, not told from the target: the "
			       "answer's interval spans the steps that settled"
			     : "");
}

/* A table: kept whole where a text capture wraps the lines around it (base/wrap.h). */
static void steps_table(const struct savings_report *r, struct text_capture *c, FILE *out)
{
	char limit[32];
	long mark;

	fputc('\n', out);
	mark = text_capture_mark(c, out);
	fprintf(out, "  %-10s %8s %9s %20s %6s %8s  %s\n", "BACKEND", "LIMIT", "SLOWDOWN",
		"95% INTERVAL", "TRIALS", "P", "VERDICT");
	for (size_t i = 0; i < r->nbackends; i++)
		for (unsigned k = 0; k < r->backends[i].nsteps; k++) {
			const struct savings_step *st = &r->backends[i].steps[k];
			char iv[48] = "-", sl[24] = "-", n[16] = "-", p[16] = "-";
			if (st->trials)
				snprintf(n, sizeof(n), "%u", st->trials);
			if (!isnan(st->p_target))
				snprintf(p, sizeof(p), "%.2g", st->p_target);
			if (!isnan(st->slowdown_pct))
				snprintf(sl, sizeof(sl), "%+.1f%%", st->slowdown_pct);
			if (!isnan(st->lo_pct))
				snprintf(iv, sizeof(iv), "[%+.1f%%, %+.1f%%]", st->lo_pct,
					 st->hi_pct);
			fprintf(out, "  %-10s %8s %9s %20s %6s %8s  %s%s%s\n", r->names[i],
				size_format(st->limit, limit, sizeof(limit)), sl, iv, n, p,
				step_verdict_name(st->verdict), st->note[0] ? ": " : "", st->note);
		}
	text_capture_keep(c, out, mark);
}

static void print_lines(const struct savings_report *r, struct text_capture *c, FILE *out)
{
	char f[32], lo[32], hi[32];

	fprintf(out,
		"memory saved at <= %g%% slowdown of %s, against the workload with no limit "
		"and no swap (footprint %s, %s to %s over its trials):\n",
		r->target_pct, savings_metric_name(r), size_format(r->footprint, f, sizeof(f)),
		size_format(r->footprint_lo, lo, sizeof(lo)),
		size_format(r->footprint_hi, hi, sizeof(hi)));
	for (size_t i = 0; i < r->nbackends; i++)
		answer_line(r, i, out);
	steps_table(r, c, out);
	fprintf(out,
		"\n  %u trials. A step is within the slowdown when its trials are significantly "
		"within it, beyond it when they are significantly beyond it (P: a Mann-Whitney "
		"test of the backend's trials against the reference's moved by the slowdown); from "
		"its first look on, a step's run ends as soon as it is one or the other. The "
		"interval of the memory saved "
		"spans the smallest limit that held to the largest that did not, over the "
		"footprint's spread.\n",
		r->trials);
}

/* Its lines within VIEW_COLUMNS, the steps' table as it is; unwrapped where memory for the
 * capture is short, rather than not at all. */
void savings_print(const struct savings_report *r, FILE *out)
{
	struct text_capture c;

	if (!text_capture_begin(&c)) {
		print_lines(r, NULL, out);
		return;
	}
	print_lines(r, &c, c.f);
	if (text_capture_end(&c, out))
		print_lines(r, NULL, out);
}
