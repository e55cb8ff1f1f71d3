/* The sweep of a setting the cells have of their own (plot_sweep.c, AX_KNOB): a sweep-SETTING
 * plot per setting, placed by number where every value is one and by name otherwise, a line per
 * backend and the other settings' values. gnuplot is a stand-in that draws nothing (the scripts
 * are what is tested), so the suite runs in the mutation check. */
#include <criterion/criterion.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/util.h"
#include "runner/report/plot/plot.h"
#include "tools.h"

/* A gnuplot that draws nothing, first on PATH (each test runs in a process of its own). */
static char *fake_gnuplot(void)
{
	char *bin = temp_dir("zsb-knobplot"), path[PATH_MAX];
	FILE *f;

	snprintf(path, sizeof(path), "%s/gnuplot", bin);
	cr_assert_not_null(f = fopen(path, "w"));
	fputs("#!/bin/sh\nexit 0\n", f);
	fclose(f);
	cr_assert_eq(chmod(path, 0755), 0);
	setenv("PATH", bin, 1);
	return bin;
}

/* A cell of backend with its settings ("swappiness", "10", ...; NULL ends), five trials of
 * elapsed around base. */
static void add_cell(struct results *r, const char *backend, double base, ...)
{
	static const double spread[] = { 1.0, 1.1, 0.9, 1.05, 0.95 };
	struct result_cell *c = results_add_cell(r);
	const char *name;
	va_list ap;

	cr_assert_not_null(c);
	snprintf(c->backend, sizeof(c->backend), "%s", backend);
	snprintf(c->label, sizeof(c->label), "%s %zu", backend, r->ncells);
	c->jobs = 1;
	c->limit = 64 * MIB_BYTES;
	c->alloc = 128 * MIB_BYTES;
	va_start(ap, base);
	while ((name = va_arg(ap, const char *))) {
		struct cell_knob *k = &c->knobs[c->nknobs++];
		snprintf(k->name, sizeof(k->name), "%s", name);
		snprintf(k->value, sizeof(k->value), "%s", va_arg(ap, const char *));
	}
	va_end(ap);
	for (size_t i = 0; i < 5; i++) {
		struct trial *t = cell_add_trial(c);
		cr_assert_not_null(t);
		t->index = (unsigned)i + 1;
		t->status = TRIAL_OK;
		trial_set(t, M_ELAPSED, base * spread[i]);
	}
	cell_update_stats(c);
}

static struct plot_output out;
static char *bin, *dir;

static void start(void)
{
	bin = fake_gnuplot();
	dir = temp_dir("zsb-knobplot");
}

static void gone(void)
{
	plot_output_free(&out);
	remove_dir(dir);
	remove_dir(bin);
}

TestSuite(knob_plot, .init = start, .fini = gone);

static void plot_into(const struct results *r)
{
	const struct results *sets[] = { r };
	char why[1024] = "";

	plot_output_free(&out);
	memset(&out, 0, sizeof(out));
	cr_assert_eq(plot_results(sets, NULL, 1, dir, 0, &out, why, sizeof(why)), 0, "%s", why);
}

/* How many of the pictures written are named name. */
static size_t written(const char *name)
{
	size_t n = 0;

	for (size_t i = 0; i < out.nwritten; i++) {
		const char *base = strrchr(out.written[i], '/');
		n += strcmp(base ? base + 1 : out.written[i], name) == 0;
	}
	return n;
}

static char *script(const char *name)
{
	char path[PATH_MAX];
	char *text;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	text = slurp(path);
	cr_assert_not_null(text, "no %s", name);
	return text;
}

static int has_script(const char *name)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return access(path, F_OK) == 0;
}

/* The x of each row of datablock $dID, up to 8. */
static size_t block_xs(const char *gp, int id, double *x)
{
	char head[32];
	const char *p;
	size_t n = 0;

	snprintf(head, sizeof(head), "$d%d << EOD\n", id);
	p = strstr(gp, head);
	cr_assert_not_null(p, "no datablock $d%d in %s", id, gp);
	p += strlen(head);
	while (strncmp(p, "EOD\n", 4) != 0 && n < 8) {
		x[n++] = strtod(p, NULL);
		p = strchr(p, '\n') + 1;
	}
	return n;
}

/* Numbers, each placed by its value: the tics are the values. */
Test(knob_plot, a_setting_of_numbers_is_swept_by_its_values)
{
	struct results r;
	double x[8];
	char *gp;

	results_init(&r);
	r.status = RUN_COMPLETE;
	add_cell(&r, "disk", 2.0, "swappiness", "10", NULL);
	add_cell(&r, "disk", 2.2, "swappiness", "60", NULL);
	add_cell(&r, "disk", 2.4, "swappiness", "100", NULL);
	add_cell(&r, "zram", 1.0, "swappiness", "10", NULL);
	add_cell(&r, "zram", 1.2, "swappiness", "60", NULL);
	add_cell(&r, "zram", 1.4, "swappiness", "100", NULL);
	plot_into(&r);
	cr_assert_eq(written("sweep-swappiness.svg"), 1);
	cr_assert_eq(written("sweep-jobs.svg") + written("sweep-limit.svg"), 0);
	gp = script("sweep-swappiness.gp");
	cr_expect(strstr(gp, "set xtics nomirror (10, 60, 100, 10, 60, 100)\n"), "%s", gp);
	cr_expect(strstr(gp, "'median elapsed time against --swappiness'"), "%s", gp);
	cr_expect(strstr(gp, "set xlabel '--swappiness'"), "%s", gp);
	cr_assert_eq(block_xs(gp, 0, x), 3, "disk's line");
	cr_expect(x[0] == 10 && x[1] == 60 && x[2] == 100, "%g %g %g", x[0], x[1], x[2]);
	cr_assert_eq(block_xs(gp, 1, x), 3, "zram's line");
	cr_expect(strstr(gp, "title 'disk'") && strstr(gp, "title 'zram'"), "%s", gp);
	free(gp);
	results_free(&r);
}

/* Names (and sizes, "1G" being no number) each take a place, first seen first. */
Test(knob_plot, a_setting_of_names_is_swept_by_place)
{
	struct results r;
	double x[8];
	char *gp;

	results_init(&r);
	r.status = RUN_COMPLETE;
	add_cell(&r, "zram", 1.0, "zram-size", "256M", NULL);
	add_cell(&r, "zram", 1.2, "zram-size", "1G", NULL);
	add_cell(&r, "zram", 1.4, "zram-size", "64", NULL);
	plot_into(&r);
	gp = script("sweep-zram-size.gp");
	cr_expect(strstr(gp, "set xtics nomirror ('256M' 0, '1G' 1, '64' 2)\n"), "%s", gp);
	cr_assert_eq(block_xs(gp, 0, x), 3);
	cr_expect(x[0] == 0 && x[1] == 1 && x[2] == 2, "%g %g %g", x[0], x[1], x[2]);
	free(gp);
	results_free(&r);
}

/* Two settings: a plot of each, drawn once, its lines the other's values. */
Test(knob_plot, a_plot_per_setting_its_lines_the_other_settings_values)
{
	struct results r;
	double x[8];
	char *gp;

	results_init(&r);
	r.status = RUN_COMPLETE;
	add_cell(&r, "zram", 1.0, "swappiness", "10", "thp", "never", NULL);
	add_cell(&r, "zram", 1.1, "swappiness", "10", "thp", "always", NULL);
	add_cell(&r, "zram", 1.2, "swappiness", "60", "thp", "never", NULL);
	add_cell(&r, "zram", 1.3, "swappiness", "60", "thp", "always", NULL);
	plot_into(&r);
	cr_assert_eq(written("sweep-swappiness.svg"), 1, "each setting swept once");
	cr_assert_eq(written("sweep-thp.svg"), 1);
	gp = script("sweep-swappiness.gp");
	cr_expect(strstr(gp, "title 'zram thp=never'") && strstr(gp, "title 'zram thp=always'"),
		  "%s", gp);
	cr_expect(!strstr(gp, "swappiness=") && !strstr(gp, "$d2 << EOD"), "%s", gp);
	cr_assert_eq(block_xs(gp, 0, x), 2);
	cr_expect(x[0] == 10 && x[1] == 60);
	free(gp);
	gp = script("sweep-thp.gp");
	cr_expect(strstr(gp, "set xtics nomirror ('never' 0, 'always' 1)\n"), "%s", gp);
	cr_expect(strstr(gp, "title 'zram swappiness=10'") &&
			  strstr(gp, "title 'zram swappiness=60'"),
		  "%s", gp);
	cr_assert_eq(block_xs(gp, 1, x), 2);
	cr_expect(x[0] == 0 && x[1] == 1);
	free(gp);
	results_free(&r);
}

/* A setting of one value is no sweep; cells without settings have none to sweep. */
Test(knob_plot, one_value_or_none_is_no_sweep)
{
	struct results r;

	results_init(&r);
	r.status = RUN_COMPLETE;
	add_cell(&r, "disk", 2.0, "swappiness", "10", NULL);
	add_cell(&r, "zram", 1.0, "swappiness", "10", NULL);
	plot_into(&r);
	cr_assert_eq(written("sweep-swappiness.svg"), 0);
	cr_assert_not(has_script("sweep-swappiness.gp"));
	results_free(&r);
	results_init(&r);
	r.status = RUN_COMPLETE;
	add_cell(&r, "disk", 2.0, NULL);
	add_cell(&r, "zram", 1.0, NULL);
	plot_into(&r);
	for (size_t i = 0; i < out.nwritten; i++)
		cr_assert_null(strstr(out.written[i], "sweep-"), "%s", out.written[i]);
	results_free(&r);
}
