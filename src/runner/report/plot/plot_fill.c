/* fill-curve: what the workload had written against time, every cell on one plot. */
#include <stdio.h>

#include "common/util.h"
#include "runner/report/plot/plot_cells.h"
#include "runner/report/plot/plot_data.h"
#include "runner/report/plot/plot_script.h"
#include "runner/report/plot/plot_titles.h"

static int curve_block(struct script *s, const struct trial *t)
{
	int id = datablock_begin(s);

	for (size_t i = 0; i < t->ncurve; i++) {
		gp_num(s->f, t->curve[i].t);
		gp_num(s->f, (double)t->curve[i].bytes / MIB_BYTES);
		fputc('\n', s->f);
	}
	datablock_end(s);
	return id;
}

/* Every trial thin under the median's bold line while the plot holds few cells; beyond, the
 * thin lines of a dozen cells hide the medians. */
static int fill_thin(const struct plot_ctx *x)
{
	return x->nlabels * x->n <= 6;
}

/* Cell j of set k: one set, a colour per cell; several, a colour per set and a dash and a
 * marker per cell. */
static void fill_cell(const struct plot_ctx *x, struct script *s, size_t j, size_t k,
		      const struct result_cell *c)
{
	const struct trial *med = plot_median_trial(c);
	struct style st = { plot_palette[(x->n > 1 ? k : j) % PLOT_NPALETTE],
			    x->n > 1 ? 1 + (int)(j % 5) : 1,
			    x->n > 1 || x->nlabels > PLOT_NPALETTE ? 1 + (int)(j % 13) : 0, 0 };
	char name[300];
	int titled = 0;

	if (med && !med->ncurve)
		med = NULL;
	plot_entry_name(x, k, c->label, name, sizeof(name));
	for (size_t i = 0; i < c->ntrials; i++) {
		const struct trial *t = &c->trials[i];
		int named = (t == med || !med) && !titled;
		if (t->warmup || !t->ncurve || (t != med && med && !fill_thin(x)))
			continue;
		st.bold = t == med;
		script_trace(s, curve_block(s, t), 2, &st, t->ncurve, named ? name : NULL);
		titled |= named;
	}
}

static int any_curve(const struct plot_ctx *x)
{
	for (size_t k = 0; k < x->n; k++)
		for (size_t i = 0; i < x->sets[k]->ncells; i++)
			for (size_t t = 0; t < x->sets[k]->cells[i].ntrials; t++)
				if (!x->sets[k]->cells[i].trials[t].warmup &&
				    x->sets[k]->cells[i].trials[t].ncurve)
					return 1;
	return 0;
}

int plot_fill_curve(struct plot_ctx *x)
{
	char detail[512];
	struct script s;
	int ret;

	if (!any_curve(x))
		return plot_skip(x, "fill-curve",
				 "no trial has a fill curve (a command reports no progress)");
	plot_sets_detail(x, detail, sizeof(detail));
	if ((ret = script_begin(x, &s, "fill-curve", 900, 520)))
		return ret;
	plot_title(x, &s, "memory written against time, every cell", NULL, detail);
	plot_axis_labels(&s, "time since the workload was released (s)",
			 "written by the workload (MiB)");
	fputs("set xrange [0:*]\nset yrange [0:*]\n", s.f);
	for (size_t j = 0; j < x->nlabels; j++)
		for (size_t k = 0; k < x->n; k++)
			if (plot_find_cell(x->sets[k], x->labels[j]))
				fill_cell(x, &s, j, k, plot_find_cell(x->sets[k], x->labels[j]));
	script_legend(&s, fill_thin(x), results_primary(x->sets[0]));
	return script_end(x, &s);
}
