/* bandwidth-MODE: a block device's bandwidth against jobs, a plot per fio mode; a line per
 * setup (backend, compressor) of one file, or per file and setup of several, reads solid and
 * writes dashed; the median of each cell's trials, bars the interval of the median the verdict
 * uses (plot_bars.c). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/fio/job.h"
#include "runner/report/device/device.h"
#include "runner/report/plot/plot_bars.h"
#include "runner/report/plot/plot_data.h"
#include "runner/report/plot/plot_script.h"
#include "runner/report/plot/plot_titles.h"

struct bw_point {
	double jobs;
	struct plot_point p;
};

/* One line: a setup of one set, one direction. */
struct bw_line {
	size_t set, group; /* group: the set's setup, numbered across the sets */
	char setup[96];
	enum metric_id m;
	struct bw_point *pts;
	size_t n;
};

struct bw_plot {
	const char *mode;
	struct bw_line *lines;
	size_t nlines, ngroups;
	struct plot_bars bars;
};

static int block_set(const struct plot_ctx *x, size_t k)
{
	return device_kind_of(x->sets[k]) == DEVICE_BLOCK;
}

static size_t group_of(const struct bw_plot *p, size_t set, const char *setup)
{
	for (size_t i = 0; i < p->nlines; i++)
		if (p->lines[i].set == set && strcmp(p->lines[i].setup, setup) == 0)
			return p->lines[i].group;
	return p->ngroups;
}

static struct bw_line *line_of(struct bw_plot *p, size_t set, const char *setup, enum metric_id m)
{
	struct bw_line *more;
	size_t group = group_of(p, set, setup);

	for (size_t i = 0; i < p->nlines; i++)
		if (p->lines[i].set == set && p->lines[i].m == m &&
		    strcmp(p->lines[i].setup, setup) == 0)
			return &p->lines[i];
	if (!(more = realloc(p->lines, (p->nlines + 1) * sizeof(*more))))
		return NULL;
	p->lines = more;
	more = &p->lines[p->nlines++];
	*more = (struct bw_line){ .set = set, .group = group, .m = m };
	snprintf(more->setup, sizeof(more->setup), "%s", setup);
	p->ngroups += group == p->ngroups;
	return more;
}

/* Sorted along jobs as they come: the line joins them left to right. */
static int add_point(struct bw_line *l, struct bw_point pt)
{
	struct bw_point *grown = realloc(l->pts, (l->n + 1) * sizeof(*grown));
	size_t at;

	if (!grown)
		return -ENOMEM;
	l->pts = grown;
	for (at = l->n++; at > 0 && l->pts[at - 1].jobs > pt.jobs; at--)
		l->pts[at] = l->pts[at - 1];
	l->pts[at] = pt;
	return 0;
}

static int add_cell(struct bw_plot *p, size_t k, const struct result_cell *c, enum metric_id m)
{
	struct device_qty q = device_qty_of(m);
	struct bw_point pt = { .jobs = c->jobs };
	struct bw_line *l;
	char setup[96];
	struct summary s;
	int ret = device_summary(c, &q, &s);

	if (ret)
		return ret == -ENODATA ? 0 : ret;
	if (!(l = line_of(p, k, device_setup(c, setup, sizeof(setup)), m)))
		return -ENOMEM;
	plot_point_of(&s, &pt.p);
	plot_bars_add(&p->bars, &pt.p);
	return add_point(l, pt);
}

static int collect(const struct plot_ctx *x, struct bw_plot *p)
{
	int ret = 0;

	for (size_t k = 0; k < x->n && !ret; k++)
		for (size_t i = 0; block_set(x, k) && i < x->sets[k]->ncells && !ret; i++) {
			const struct result_cell *c = &x->sets[k]->cells[i];
			if (strcmp(c->mode, p->mode) != 0)
				continue;
			if (device_mode_reads(c))
				ret = add_cell(p, k, c, M_READ_BW);
			if (!ret && device_mode_writes(c))
				ret = add_cell(p, k, c, M_WRITE_BW);
		}
	return ret;
}

static void line_name(const struct plot_ctx *x, const struct bw_line *l, char *buf, size_t len)
{
	char label[160];

	snprintf(label, sizeof(label), "%s %s", l->setup, l->m == M_READ_BW ? "read" : "write");
	plot_entry_name(x, l->set, label, buf, len);
}

/* A colour per setup and file, a marker per setup; reads solid, writes dashed. */
static void draw_lines(const struct plot_ctx *x, struct script *s, const struct bw_plot *p)
{
	char name[300];

	for (size_t i = 0; i < p->nlines; i++) {
		const struct bw_line *l = &p->lines[i];
		int id = datablock_begin(s);
		const char *colour = plot_palette[l->group % PLOT_NPALETTE];
		for (size_t j = 0; j < l->n; j++)
			plot_bars_row(s->f, l->pts[j].jobs, &l->pts[j].p);
		datablock_end(s);
		line_name(x, l, name, sizeof(name));
		fprintf(script_element(s),
			"$d%d using 1:2:3:4 with yerrorlines lw 2 pt %d ps 1 lc rgb '#%s' dt %d",
			id, 5 + (int)(l->group % 4) * 2, colour, l->m == M_READ_BW ? 1 : 2);
		script_key(s, name);
		plot_bars_rings(s, &p->bars, id, colour);
	}
	plot_bars_ring_key(s, &p->bars);
}

/* Every jobs value of the plot as a tic. */
static void jobs_tics(struct script *s, const struct bw_plot *p)
{
	int first = 1;

	fputs("set xtics nomirror (", s->f);
	for (size_t i = 0; i < p->nlines; i++)
		for (size_t j = 0; j < p->lines[i].n; j++) {
			fprintf(s->f, "%s%.10g", first ? "" : ", ", p->lines[i].pts[j].jobs);
			first = 0;
		}
	fputs(")\nset offsets graph 0.05, graph 0.05, graph 0.05, 0\nset yrange [0:*]\n", s->f);
}

static int draw(struct plot_ctx *x, const struct bw_plot *p)
{
	char file[NAME_MAX_PLOT], what[128], bars[200];
	struct script s;
	int ret;

	snprintf(file, sizeof(file), "bandwidth-%s", p->mode);
	snprintf(what, sizeof(what), "fio's bandwidth against jobs, %s", p->mode);
	if ((ret = script_begin(x, &s, file, 900, 520)))
		return ret;
	plot_title_with(x, &s, what, NULL,
			"the median of each cell's trials; reads solid, writes dashed",
			plot_bars_text(&p->bars, bars, sizeof(bars)));
	plot_axis_labels(&s, "jobs (fio's numjobs)", "bandwidth, median (MiB/s)");
	jobs_tics(&s, p);
	draw_lines(x, &s, p);
	return script_end(x, &s);
}

static void bw_free(struct bw_plot *p)
{
	for (size_t i = 0; i < p->nlines; i++)
		free(p->lines[i].pts);
	free(p->lines);
}

static int plot_mode(struct plot_ctx *x, const char *mode)
{
	struct bw_plot p = { .mode = mode, .bars = PLOT_BARS_INIT };
	int ret = collect(x, &p);

	if (ret)
		ret = plot_fail(x, ret, "the statistics of bandwidth-%s", mode);
	else if (p.nlines)
		ret = draw(x, &p);
	bw_free(&p);
	return ret;
}

int plot_bandwidth(struct plot_ctx *x)
{
	int ret = 0;

	/* In fio's order, writes first, as the plan runs them. */
	for (int m = 0; m < FIO_MODE_COUNT && !ret; m++)
		ret = plot_mode(x, fio_modes[m].name);
	return ret;
}
