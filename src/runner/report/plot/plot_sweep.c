/* sweep-jobs, sweep-limit, sweep-comp: the median of the run's primary metric (elapsed, a
 * service's throughput) against the swept option, a line per backend (with the other axes'
 * values), bars the interval of the median the verdict uses (plot_bars.c). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/size.h"
#include "common/util.h"
#include "runner/report/device/device.h"
#include "runner/report/format.h"
#include "runner/report/plot/plot_bars.h"
#include "runner/report/plot/plot_cells.h"
#include "runner/report/plot/plot_data.h"
#include "runner/report/plot/plot_script.h"
#include "runner/report/plot/plot_titles.h"

enum axis {
	AX_JOBS,
	AX_LIMIT,
	AX_COMP,
	AX_COUNT
};

static const struct {
	const char *file, *what, *xlabel;
} axes[AX_COUNT] = {
	[AX_JOBS] = { "sweep-jobs", "against jobs", "jobs (processes in the cgroup)" },
	[AX_LIMIT] = { "sweep-limit", "against the memory limit",
		       "memory limit of the cgroup (MiB)" },
	[AX_COMP] = { "sweep-comp", "against the compressor", "compressor" },
};

/* A cell on the axis; have: a trial of it finished. */
struct point {
	double x;
	struct plot_point p;
	int have;
};

/* One line of a sweep: a backend (with the other axes' values) in one set. */
struct group {
	size_t set;
	char name[128];
	struct point *pts;
	size_t n;
};

struct sweep {
	enum axis a;
	enum metric_id m; /* what the lines are of: the first set's primary metric */
	const char *comps[64]; /* the comp axis's places: every compressor, first seen first */
	size_t ncomps;
	int varies[AX_COUNT];
	struct group *groups;
	size_t ngroups;
	struct plot_bars bars;
};

/* The compressor a cell asked for, else the one the kernel chose; NULL: the backend takes none. */
static const char *cell_comp(const struct result_cell *c)
{
	return c->comp[0] ? c->comp : c->comp_used[0] ? c->comp_used : NULL;
}

/* Where cell c is on axis a; 0 when it is not on it (a backend without a compressor). */
static int axis_pos(const struct sweep *w, enum axis a, const struct result_cell *c, double *pos)
{
	const char *comp = cell_comp(c);

	if (a == AX_JOBS)
		*pos = c->jobs;
	else if (a == AX_LIMIT)
		*pos = (double)c->limit / MIB_BYTES;
	for (size_t i = 0; a == AX_COMP && comp && i < w->ncomps; i++)
		if (strcmp(w->comps[i], comp) == 0) {
			*pos = (double)i;
			return 1;
		}
	return a != AX_COMP;
}

/* The compressors, and which axes take more than one value in all the cells. */
static void sweep_axes(const struct plot_ctx *x, struct sweep *w)
{
	double first[AX_COUNT] = { NAN, NAN, NAN }, pos;

	for (size_t k = 0; k < x->n; k++)
		for (size_t i = 0; i < x->sets[k]->ncells; i++) {
			const struct result_cell *c = &x->sets[k]->cells[i];
			if (cell_comp(c) && !axis_pos(w, AX_COMP, c, &pos) &&
			    w->ncomps < ARRAY_SIZE(w->comps))
				w->comps[w->ncomps++] = cell_comp(c);
			for (int a = 0; a < AX_COUNT; a++) {
				if (!axis_pos(w, (enum axis)a, c, &pos))
					continue;
				if (isnan(first[a]))
					first[a] = pos;
				w->varies[a] |= pos != first[a];
			}
		}
}

static void group_name(const struct sweep *w, const struct result_cell *c, char *buf, size_t len)
{
	char limit[32];
	size_t at = (size_t)snprintf(buf, len, "%s", c->backend);

	/* The other axes as the cells' labels spell them (plan.c). */
	if (w->a != AX_COMP && c->comp[0] && at < len)
		at += (size_t)snprintf(buf + at, len - at, ":%s", c->comp);
	if (w->a != AX_JOBS && w->varies[AX_JOBS] && at < len)
		at += (size_t)snprintf(buf + at, len - at, " jobs=%u", c->jobs);
	size_format(c->limit, limit, sizeof(limit));
	if (w->a != AX_LIMIT && w->varies[AX_LIMIT] && at < len)
		snprintf(buf + at, len - at, " limit=%s", limit);
}

static int group_add_point(struct sweep *w, size_t k, const char *name, struct point pt)
{
	struct group *g = NULL;
	struct point *grown;

	for (size_t i = 0; i < w->ngroups && !g; i++)
		if (w->groups[i].set == k && strcmp(w->groups[i].name, name) == 0)
			g = &w->groups[i];
	if (!g) {
		struct group *more = realloc(w->groups, (w->ngroups + 1) * sizeof(*more));
		if (!more)
			return -ENOMEM;
		w->groups = more;
		g = &more[w->ngroups++];
		*g = (struct group){ .set = k };
		snprintf(g->name, sizeof(g->name), "%s", name);
	}
	if (!(grown = realloc(g->pts, (g->n + 1) * sizeof(*grown))))
		return -ENOMEM;
	g->pts = grown;
	/* Sorted along x as they come: the line joins them left to right. */
	size_t p = g->n++;
	for (; p > 0 && g->pts[p - 1].x > pt.x; p--)
		g->pts[p] = g->pts[p - 1];
	g->pts[p] = pt;
	return 0;
}

/* Every cell on the axis as a point of its group's line; NaN where no trial finished. */
static int sweep_groups(const struct plot_ctx *x, struct sweep *w)
{
	char name[128];

	for (size_t k = 0; k < x->n; k++)
		for (size_t i = 0; i < x->sets[k]->ncells; i++) {
			const struct result_cell *c = &x->sets[k]->cells[i];
			struct summary sum;
			struct point pt = { 0 };
			int ret;
			if (!axis_pos(w, w->a, c, &pt.x))
				continue;
			if ((ret = plot_cell_summary(c, w->m, &sum)) && ret != -ENODATA)
				return ret;
			if (!ret) {
				plot_point_of(&sum, &pt.p);
				plot_bars_add(&w->bars, &pt.p);
				pt.have = 1;
			}
			group_name(w, c, name, sizeof(name));
			if ((ret = group_add_point(w, k, name, pt)))
				return ret;
		}
	return 0;
}

/* The most points one line has: all of them (finished = 0), or those with a finished trial. */
static size_t longest_line(const struct sweep *w, int finished)
{
	size_t most = 0;

	for (size_t g = 0; g < w->ngroups; g++) {
		size_t n = 0;
		for (size_t p = 0; p < w->groups[g].n; p++)
			n += !finished || w->groups[g].pts[p].have;
		most = n > most ? n : most;
	}
	return most;
}

static void sweep_free(struct sweep *w)
{
	for (size_t i = 0; i < w->ngroups; i++)
		free(w->groups[i].pts);
	free(w->groups);
}

/* The axis's values as tics: compressors by name, numbers as they are. */
static void sweep_tics(struct script *s, const struct sweep *w)
{
	int first = 1;

	fputs("set xtics nomirror (", s->f);
	for (size_t i = 0; w->a == AX_COMP && i < w->ncomps; i++) {
		fputs(i ? ", " : "", s->f);
		gp_text(s->f, w->comps[i]);
		fprintf(s->f, " %zu", i);
	}
	for (size_t g = 0; w->a != AX_COMP && g < w->ngroups; g++)
		for (size_t p = 0; p < w->groups[g].n; p++) {
			fprintf(s->f, "%s%.10g", first ? "" : ", ", w->groups[g].pts[p].x);
			first = 0;
		}
	fputs(")\nset offsets graph 0.05, graph 0.05, graph 0.05, 0\nset yrange [0:*]\n", s->f);
}

/* Each group's line: one set, a colour per group; several, a colour per set, a dash per group. */
static void sweep_lines(const struct plot_ctx *x, struct script *s, const struct sweep *w)
{
	size_t nth[64] = { 0 };
	char name[300];

	for (size_t g = 0; g < w->ngroups; g++) {
		const struct group *gr = &w->groups[g];
		size_t i = nth[gr->set % 64]++;
		int id = datablock_begin(s);
		const char *colour = plot_palette[(x->n > 1 ? gr->set : i) % PLOT_NPALETTE];
		for (size_t p = 0; p < gr->n; p++)
			/* A cell without a finished trial is left out, not a break in the line. */
			if (gr->pts[p].have)
				plot_bars_row(s->f, gr->pts[p].x, &gr->pts[p].p);
		datablock_end(s);
		plot_entry_name(x, gr->set, gr->name, name, sizeof(name));
		fprintf(script_element(s),
			"$d%d using 1:2:3:4 with yerrorlines lw 2 pt %d ps 1 lc rgb '#%s' dt %d",
			id, 5 + (int)(i % 4) * 2, colour, x->n > 1 ? 1 + (int)(i % 5) : 1);
		script_key(s, name);
		plot_bars_rings(s, &w->bars, id, colour);
	}
	plot_bars_ring_key(s, &w->bars);
}

static int sweep_draw(struct plot_ctx *x, const struct sweep *w)
{
	char detail[600], bars[200], what[128], ylabel[64];
	struct script s;
	int ret;

	plot_sets_detail(x, detail, sizeof(detail));
	plot_bars_text(&w->bars, bars, sizeof(bars));
	snprintf(what, sizeof(what), "median %s %s", metric_noun(w->m), axes[w->a].what);
	snprintf(ylabel, sizeof(ylabel), "%s, median (%s)", metrics[w->m].key,
		 metric_unit_name(metrics[w->m].unit));
	if ((ret = script_begin(x, &s, axes[w->a].file, 900, 520)))
		return ret;
	plot_title_with(x, &s, what, NULL, detail, bars);
	plot_axis_labels(&s, axes[w->a].xlabel, ylabel);
	sweep_tics(&s, w);
	sweep_lines(x, &s, w);
	return script_end(x, &s);
}

/* A sweep along a: a line of some backend (and the other axes' values) takes two values of it;
 * a compressor per backend (zram's lzo-rle, zswap's lzo) is none. */
static int plot_sweep(struct plot_ctx *x, enum axis a)
{
	struct sweep w = { .a = a, .m = results_primary(x->sets[0]), .bars = PLOT_BARS_INIT };
	int ret;

	sweep_axes(x, &w);
	if (!w.varies[a])
		return 0;
	if ((ret = sweep_groups(x, &w)))
		ret = plot_fail(x, ret, "the statistics of %s", axes[a].file);
	else if (longest_line(&w, 0) > 1 && longest_line(&w, 1) < 2)
		ret = plot_skip(x, axes[a].file,
				"no line has a finished trial at two of its values");
	else if (longest_line(&w, 0) > 1)
		ret = sweep_draw(x, &w);
	sweep_free(&w);
	return ret;
}

int plot_sweeps(struct plot_ctx *x)
{
	int ret = 0;

	/* A block device's cells are modes as well as jobs: elapsed against jobs would join a
	 * write and a read in one line. bandwidth-MODE draws them. */
	for (size_t k = 0; k < x->n; k++)
		if (device_kind_of(x->sets[k]) == DEVICE_BLOCK)
			return 0;

	for (int a = 0; a < AX_COUNT && !ret; a++)
		ret = plot_sweep(x, (enum axis)a);
	return ret;
}
