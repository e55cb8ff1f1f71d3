/* sweep-jobs, sweep-limit, sweep-comp and sweep-SETTING of each knob axis (sweep-swappiness):
 * the median of the run's primary metric (elapsed, a service's throughput) against the swept
 * option, a line per backend (with the other axes'
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
	AX_KNOB, /* a setting the cells have of their own (result_cell's knobs) */
	AX_COUNT
};

static const struct {
	const char *file, *what, *xlabel;
} axes[AX_COUNT] = {
	[AX_JOBS] = { "sweep-jobs", "against jobs", "jobs (processes in the cgroup)" },
	[AX_LIMIT] = { "sweep-limit", "against the memory limit",
		       "memory limit of the cgroup (MiB)" },
	[AX_COMP] = { "sweep-comp", "against the compressor", "compressor" },
	[AX_KNOB] = { "sweep-", "against --", "--" }, /* each followed by the setting's name */
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
	const char *knob; /* AX_KNOB: the setting's name */
	int numeric; /* AX_KNOB: every value a number, placed by it; else by the places */
	enum metric_id m; /* what the lines are of: the first set's primary metric */
	/* the places of a named axis (comp, a knob's): every value, first seen first */
	const char *comps[64];
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

/* The cell's value of the setting name; NULL: it has none of its own. */
static const char *cell_knob(const struct result_cell *c, const char *name)
{
	for (unsigned k = 0; name && k < c->nknobs; k++)
		if (strcmp(c->knobs[k].name, name) == 0)
			return c->knobs[k].value;
	return NULL;
}

/* The text a named axis places the cell by: its compressor, or its value of the knob. */
static const char *named_value(const struct sweep *w, enum axis a, const struct result_cell *c)
{
	return a == AX_COMP ? cell_comp(c) : cell_knob(c, w->knob);
}

/* A knob's value as a number, where the whole of it is one ("60", "1G" is not). */
static int number_of(const char *text, double *out)
{
	char *end;

	*out = strtod(text, &end);
	return end != text && !*end && isfinite(*out);
}

/* Where cell c is on axis a; 0 when it is not on it (a backend without a compressor, a cell
 * without the setting). */
static int axis_pos(const struct sweep *w, enum axis a, const struct result_cell *c, double *pos)
{
	const char *named = a == AX_COMP || a == AX_KNOB ? named_value(w, a, c) : NULL;

	if (a == AX_JOBS)
		*pos = c->jobs;
	else if (a == AX_LIMIT)
		*pos = (double)c->limit / MIB_BYTES;
	if (a == AX_KNOB && named && w->numeric)
		return number_of(named, pos);
	for (size_t i = 0; named && i < w->ncomps; i++)
		if (strcmp(w->comps[i], named) == 0) {
			*pos = (double)i;
			return 1;
		}
	return a != AX_COMP && a != AX_KNOB;
}

/* The places of the named axis swept (comp's, or the knob's unless its values are numbers). */
static void named_places(const struct plot_ctx *x, struct sweep *w)
{
	double pos;

	w->numeric = w->a == AX_KNOB;
	for (size_t k = 0; k < x->n; k++)
		for (size_t i = 0; i < x->sets[k]->ncells; i++) {
			const char *v = named_value(w, w->a, &x->sets[k]->cells[i]);
			w->numeric &= !v || number_of(v, &pos);
		}
	for (size_t k = 0; k < x->n && !w->numeric; k++)
		for (size_t i = 0; i < x->sets[k]->ncells; i++) {
			const struct result_cell *c = &x->sets[k]->cells[i];
			const char *v = named_value(w, w->a, c);
			if (v && !axis_pos(w, w->a, c, &pos) && w->ncomps < ARRAY_SIZE(w->comps))
				w->comps[w->ncomps++] = v;
		}
}

/* The places of the axis, and which axes take more than one value in all the cells. */
static void sweep_axes(const struct plot_ctx *x, struct sweep *w)
{
	double first[AX_COUNT] = { NAN, NAN, NAN, NAN }, pos;

	named_places(x, w);
	for (size_t k = 0; k < x->n; k++)
		for (size_t i = 0; i < x->sets[k]->ncells; i++) {
			const struct result_cell *c = &x->sets[k]->cells[i];
			for (int a = 0; a < AX_COUNT; a++) {
				if ((a == AX_COMP || a == AX_KNOB) && (enum axis)a != w->a)
					continue;
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
		at += (size_t)snprintf(buf + at, len - at, " limit=%s", limit);
	for (unsigned k = 0; k < c->nknobs && at < len; k++)
		if (!w->knob || strcmp(c->knobs[k].name, w->knob) != 0)
			at += (size_t)snprintf(buf + at, len - at, " %s=%s", c->knobs[k].name,
					       c->knobs[k].value);
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
	int named = w->a == AX_COMP || (w->a == AX_KNOB && !w->numeric);

	for (size_t i = 0; named && i < w->ncomps; i++) {
		fputs(i ? ", " : "", s->f);
		gp_text(s->f, w->comps[i]);
		fprintf(s->f, " %zu", i);
	}
	for (size_t g = 0; !named && g < w->ngroups; g++)
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

/* "sweep-limit", "sweep-swappiness". */
static void axis_file(const struct sweep *w, char *buf, size_t len)
{
	snprintf(buf, len, "%s%s", axes[w->a].file, w->knob ? w->knob : "");
}

static int sweep_draw(struct plot_ctx *x, const struct sweep *w)
{
	char detail[600], bars[200], what[128], ylabel[64], file[64], xlabel[64];
	struct script s;
	int ret;

	plot_sets_detail(x, detail, sizeof(detail));
	plot_bars_text(&w->bars, bars, sizeof(bars));
	axis_file(w, file, sizeof(file));
	snprintf(xlabel, sizeof(xlabel), "%s%s", axes[w->a].xlabel, w->knob ? w->knob : "");
	snprintf(what, sizeof(what), "median %s %s%s", metric_noun(w->m), axes[w->a].what,
		 w->knob ? w->knob : "");
	snprintf(ylabel, sizeof(ylabel), "%s, median (%s)", metrics[w->m].key,
		 metric_unit_name(metrics[w->m].unit));
	if ((ret = script_begin(x, &s, file, 900, 520)))
		return ret;
	plot_title_with(x, &s, what, NULL, detail, bars);
	plot_axis_labels(&s, xlabel, ylabel);
	sweep_tics(&s, w);
	sweep_lines(x, &s, w);
	return script_end(x, &s);
}

/* A sweep along a: a line of some backend (and the other axes' values) takes two values of it;
 * a compressor per backend (zram's lzo-rle, zswap's lzo) is none. */
static int plot_sweep(struct plot_ctx *x, enum axis a, const char *knob)
{
	struct sweep w = {
		.a = a, .knob = knob, .m = results_primary(x->sets[0]), .bars = PLOT_BARS_INIT
	};
	char file[64];
	int ret;

	sweep_axes(x, &w);
	if (!w.varies[a])
		return 0;
	axis_file(&w, file, sizeof(file));
	if ((ret = sweep_groups(x, &w)))
		ret = plot_fail(x, ret, "the statistics of %s", file);
	else if (longest_line(&w, 0) > 1 && longest_line(&w, 1) < 2)
		ret = plot_skip(x, file, "no line has a finished trial at two of its values");
	else if (longest_line(&w, 0) > 1)
		ret = sweep_draw(x, &w);
	sweep_free(&w);
	return ret;
}

/* Has an earlier cell than (k, i) the setting of its knob j? Each setting is swept once. */
static int knob_seen(const struct plot_ctx *x, size_t k, size_t i, unsigned j)
{
	const char *name = x->sets[k]->cells[i].knobs[j].name;

	for (size_t kk = 0; kk <= k; kk++)
		for (size_t ii = 0; ii < (kk == k ? i : x->sets[kk]->ncells); ii++)
			if (cell_knob(&x->sets[kk]->cells[ii], name))
				return 1;
	for (unsigned jj = 0; jj < j; jj++)
		if (strcmp(x->sets[k]->cells[i].knobs[jj].name, name) == 0)
			return 1;
	return 0;
}

/* A plot per setting the cells have of their own. */
static int plot_knob_sweeps(struct plot_ctx *x)
{
	int ret = 0;

	for (size_t k = 0; k < x->n && !ret; k++)
		for (size_t i = 0; i < x->sets[k]->ncells && !ret; i++)
			for (unsigned j = 0; j < x->sets[k]->cells[i].nknobs && !ret; j++)
				if (!knob_seen(x, k, i, j))
					ret = plot_sweep(x, AX_KNOB,
							 x->sets[k]->cells[i].knobs[j].name);
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

	for (int a = 0; a < AX_KNOB && !ret; a++)
		ret = plot_sweep(x, (enum axis)a, NULL);
	return ret ? ret : plot_knob_sweeps(x);
}
