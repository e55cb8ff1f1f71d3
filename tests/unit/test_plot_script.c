/* The text of the plots' gnuplot scripts, line for line: strings and numbers as gnuplot reads
 * them, a trace's style, the canvas sized by the title and the key, titles and key names, the
 * data blocks of the fill curve and of the time series in their units; the gnuplot process
 * (found on PATH, its pictures moved in, its last word kept) and the lists of what was drawn.
 * gnuplot is a stand-in that draws nothing, so the suite runs in the mutation check. */
#include <criterion/criterion.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/util.h"
#include "runner/report/plot.h"
#include "runner/report/plot_ctx.h"
#include "runner/report/plot_data.h"
#include "runner/report/plot_gnuplot.h"
#include "runner/report/plot_output.h"
#include "runner/report/plot_script.h"
#include "runner/report/plot_titles.h"
#include "runner/result/series.h"
#include "tools.h"

static void write_exe(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	cr_assert_not_null(f, "%s", path);
	fputs(text, f);
	fclose(f);
	cr_assert_eq(chmod(path, 0755), 0);
}

/* A gnuplot running text, first on PATH (each test runs in a process of its own); its path. */
static char *fake_gnuplot(const char *text, char *path, size_t len)
{
	char *bin = temp_dir("zsb-plotscript");

	snprintf(path, len, "%s/gnuplot", bin);
	write_exe(path, text);
	setenv("PATH", bin, 1);
	return bin;
}

static const char draws_nothing[] = "#!/bin/sh\nexit 0\n";

static char *text_of(void (*put)(FILE *, const char *), const char *s)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	put(f, s);
	fclose(f);
	return text;
}

static char *num_of(double v)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	gp_num(f, v);
	fclose(f);
	return text;
}

Test(plot_script, strings_and_numbers_as_gnuplot_reads_them)
{
	cr_expect_str_eq(text_of(gp_text, "it's"), "'it''s'");
	cr_expect_str_eq(text_of(gp_text, "a\tb\xff"), "'a b?'");
	/* U+110000 is no character: each of its bytes a question mark. */
	cr_expect_str_eq(text_of(gp_text, "x\xf4\x90\x80\x80y"), "'x????y'");
	cr_expect_str_eq(text_of(gp_text, "\xf4\x8f\xbf\xbf"), "'\xf4\x8f\xbf\xbf'");
	cr_expect_str_eq(num_of(1234567.891), " 1234567.891");
	cr_expect_str_eq(num_of(NAN), " NaN");
}

Test(plot_script, the_lists_of_what_was_drawn)
{
	struct plot_output o = { 0 };

	cr_assert_eq(plot_list_add(&o.written, &o.nwritten, strdup("a.svg")), 0);
	cr_assert_eq(plot_list_add(&o.written, &o.nwritten, strdup("b.svg")), 0);
	cr_assert_eq(plot_list_add(&o.skipped, &o.nskipped, strdup("c.svg: no")), 0);
	cr_assert_eq(o.nwritten, 2);
	cr_expect_str_eq(o.written[0], "a.svg");
	cr_expect_str_eq(o.written[1], "b.svg");
	cr_assert_eq(o.nskipped, 1);
	cr_expect_eq(plot_list_add(&o.written, &o.nwritten, NULL), -ENOMEM);
	cr_expect_eq(o.nwritten, 2);
	plot_output_free(&o);
	cr_expect_null(o.written);
	cr_expect_null(o.skipped);
	cr_expect_eq(o.nwritten + o.nskipped, 0);
	plot_output_free(&o);
	plot_output_free(NULL);
}

Test(plot_script, the_folder_gnuplot_and_the_reasons)
{
	char gp[PATH_MAX], why[512] = "", file[PATH_MAX + 32];
	char *bin = fake_gnuplot(draws_nothing, gp, sizeof(gp));
	struct plot_output out = { 0 };
	struct plot_ctx x = { .dir = bin, .out = &out, .why = why, .why_len = sizeof(why) };

	cr_assert_eq(plot_begin(&x), 0, "%s", why);
	cr_expect_str_eq(x.gnuplot, gp);
	cr_assert_eq(plot_skip(&x, "fill-curve", "no curve in %d trials", 3), 0);
	cr_assert_eq(out.nskipped, 1);
	cr_expect_str_eq(out.skipped[0], "fill-curve.svg: no curve in 3 trials");
	x.dir = gp; /* a file, not a folder */
	cr_expect_eq(plot_begin(&x), -ENOTDIR);
	snprintf(file, sizeof(file), "%s: Not a directory", gp);
	cr_expect_str_eq(why, file);
	cr_expect_eq(plot_fail(&x, -ENOENT, "x %d", 1), -ENOENT);
	cr_expect_str_eq(why, "x 1: No such file or directory");
	plot_output_free(&out);
}

/* A relative folder of PATH is another folder once gnuplot runs in the plots' one. */
Test(plot_script, gnuplot_only_from_an_absolute_folder)
{
	char *top = temp_dir("zsb-plotpath"), rel[PATH_MAX], abs[PATH_MAX], path[PATH_MAX * 2 + 8];
	char found[PATH_MAX];

	snprintf(rel, sizeof(rel), "%s/rel", top);
	snprintf(abs, sizeof(abs), "%s/abs", top);
	cr_assert_eq(mkdir(rel, 0755), 0);
	cr_assert_eq(mkdir(abs, 0755), 0);
	snprintf(path, sizeof(path), "%s/gnuplot", rel);
	write_exe(path, draws_nothing);
	snprintf(path, sizeof(path), "%s/gnuplot", abs);
	write_exe(path, draws_nothing);
	cr_assert_eq(chdir(top), 0);
	snprintf(path, sizeof(path), "rel:%s", abs);
	setenv("PATH", path, 1);
	cr_assert_eq(gnuplot_find(found, sizeof(found)), 0);
	snprintf(path, sizeof(path), "%s/gnuplot", abs);
	cr_expect_str_eq(found, path);
}

Test(plot_script, gnuplots_pictures_are_moved_in)
{
	char gp[PATH_MAX], why[512] = "", path[PATH_MAX + 16];
	char *bin = fake_gnuplot("#!/bin/sh\necho picture > x.svg\nexit 0\n", gp, sizeof(gp));
	char *dir = temp_dir("zsb-plotrun");

	cr_assert_eq(gnuplot_run(gp, dir, "x.gp", why, sizeof(why)), 0, "%s", why);
	snprintf(path, sizeof(path), "%s/x.svg", dir);
	cr_expect_eq(access(path, F_OK), 0);
	(void)bin;
}

/* gnuplot's error is its last line, after pages of warnings: written at once, 6095 bytes are
 * read as 4095, trimmed to their last 1024, then 2000 more, trimmed again. */
Test(plot_script, gnuplots_last_line_is_the_reason)
{
	static const char tail[] = "      ^\n\"x.gp\" line 3: bad\n";
	char gp[PATH_MAX], why[1024] = "", want[PATH_MAX + 64], msgs[PATH_MAX], fake[PATH_MAX * 2];
	char *dir = temp_dir("zsb-plotrun"), *bin;
	size_t at = 0;
	FILE *f;

	snprintf(msgs, sizeof(msgs), "%s/messages", dir);
	cr_assert_not_null(f = fopen(msgs, "w"));
	for (int i = 0; at + 20 + strlen(tail) <= 6095; i++)
		at += (size_t)fprintf(f, "warning number %04d\n", i);
	for (; at + strlen(tail) < 6095; at++)
		fputc('x', f);
	fputs(tail, f);
	fclose(f);
	snprintf(fake, sizeof(fake), "#!/bin/sh\n/bin/cat %s >&2\nexit 1\n", msgs);
	bin = fake_gnuplot(fake, gp, sizeof(gp));
	cr_assert_eq(gnuplot_run(gp, dir, "x.gp", why, sizeof(why)), -EIO);
	snprintf(want, sizeof(want), "gnuplot failed on %s/x.gp: \"x.gp\" line 3: bad", dir);
	cr_expect_str_eq(why, want);
	(void)bin;
}

static struct plot_ctx ctx(const char *dir, const char *gp, struct plot_output *out, char *why,
			   size_t len)
{
	struct plot_ctx x = { .dir = dir, .out = out, .why = why, .why_len = len, .n = 1 };

	snprintf(x.gnuplot, sizeof(x.gnuplot), "%s", gp);
	return x;
}

static char *script_of(const char *dir, const char *name)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/%s.gp", dir, name);
	return slurp(path);
}

Test(plot_script, a_trace_its_style_and_the_canvas)
{
	char gp[PATH_MAX], why[512] = "", title[201];
	char *bin = fake_gnuplot(draws_nothing, gp, sizeof(gp)), *dir = temp_dir("zsb-plotout");
	struct plot_output out = { 0 };
	struct plot_ctx x = ctx(dir, gp, &out, why, sizeof(why));
	const char *lines[] = { title, "short" };
	struct style bold = { "1f77b4", 1, 5, 1 }, thin = { "ff7f0e", 2, 5, 0 };
	struct script s;
	char *text;

	memset(title, 'T', 200);
	title[200] = '\0';
	cr_assert_eq(script_begin(&x, &s, "t", 900, 520), 0, "%s", why);
	plot_title_lines(&s, lines, 2);
	cr_expect_eq(datablock_begin(&s), 0);
	gp_num(s.f, 1);
	gp_num(s.f, 2);
	fputc('\n', s.f);
	datablock_end(&s);
	script_trace(&s, 0, 2, &bold, 4, "med");
	script_trace(&s, 0, 3, &thin, 4, NULL);
	script_trace(&s, 0, 2, &thin, 1, NULL);
	script_legend(&s, 1, M_ELAPSED);
	cr_assert_eq(script_end(&x, &s), 0, "%s", why);
	cr_assert_eq(out.nwritten, 1);
	text = script_of(dir, "t");
	cr_expect(strstr(text, "$d0 << EOD\n 1 2\nEOD\n"), "%s", text);
	cr_expect(strstr(text, "set title '" /* the title's lines */), "%s", text);
	/* 200 characters at 6.6 pixels and 120 to spare; the key's two entries in a row. */
	cr_expect(strstr(text,
			 "set terminal svg size 1440,538 fixed noenhanced font 'sans,11' "
			 "background '#ffffff'\nset output 't.svg'\n"),
		  "%s", text);
	cr_expect(strstr(text,
			 "plot $d0 using 1:2 with linespoints lw 2.5 lc rgb '#1f77b4' dt 1 pt 5 "
			 "ps 0.9 pi 1 title 'med', \\\n"
			 "     $d0 using 1:3 with lines lw 1 lc rgb '#70ff7f0e' dt 2 notitle, \\\n"
			 "     $d0 using 1:2 with points pt 7 ps 0.7 lw 1 lc rgb '#70ff7f0e' dt 2 "
			 "notitle, \\\n"
			 "     NaN with lines lw 1 lc rgb '#999999' title 'thin: each trial; bold: "
			 "the median trial by elapsed'\n"),
		  "%s", text);
	free(text);
	plot_output_free(&out);
	(void)bin;
}

/* A trial of elapsed seconds v, with a fill curve of MiB written at 0, 1, 2 s. */
static struct trial *curve_trial(struct result_cell *c, double v, double mib, int warmup)
{
	struct trial *t = cell_add_trial(c);

	cr_assert_not_null(t);
	t->index = (unsigned)c->ntrials;
	t->status = TRIAL_OK;
	t->warmup = warmup;
	trial_set(t, M_ELAPSED, v);
	t->curve = calloc(3, sizeof(*t->curve));
	t->ncurve = 3;
	for (size_t i = 0; i < 3; i++)
		t->curve[i] = (struct curve_point){ (double)i, (uint64_t)(mib * MIB_BYTES * i), 0 };
	return t;
}

static struct result_cell *curve_cell(struct results *r, const char *label, size_t trials)
{
	struct result_cell *c = results_add_cell(r);

	cr_assert_not_null(c);
	snprintf(c->label, sizeof(c->label), "%s", label);
	snprintf(c->backend, sizeof(c->backend), "zram");
	c->jobs = 1;
	c->limit = 64 * MIB_BYTES;
	c->alloc = 128 * MIB_BYTES;
	for (size_t i = 0; i < trials; i++)
		curve_trial(c, 1.0 + (double)i, 1.5 * (double)(i + 1), 0);
	cell_update_stats(c);
	return c;
}

/* A series of one point at 0.5 s: the fields of v that are not NaN. */
static void add_series(struct trial *t, const double *v)
{
	unsigned char have[S_COUNT];

	for (int f = 0; f < S_COUNT; f++)
		have[f] = !isnan(v[f]);
	t->series = calloc(1, sizeof(*t->series));
	cr_assert_not_null(t->series);
	series_init(t->series);
	cr_assert_eq(series_add(t->series, 0.5, v, have), 0);
}

static void plot_sets(const struct results *const *sets, size_t n, const char *dir,
		      struct plot_output *out)
{
	char why[1024] = "";

	cr_assert_eq(plot_results(sets, NULL, n, dir, 0, out, why, sizeof(why)), 0, "%s", why);
}

static size_t count(const char *text, const char *what)
{
	size_t n = 0;

	for (const char *p = text; (p = strstr(p, what)); p += strlen(what))
		n++;
	return n;
}

static int skipped(const struct plot_output *o, const char *prefix)
{
	for (size_t i = 0; i < o->nskipped; i++)
		if (strncmp(o->skipped[i], prefix, strlen(prefix)) == 0)
			return 1;
	return 0;
}

/* Labels as file names; unnamed sets "run 1", "run 2" with their kernels in the key. */
Test(plot_script, two_sets_their_names_and_their_labels_slugs)
{
	char gp[PATH_MAX];
	char *bin = fake_gnuplot(draws_nothing, gp, sizeof(gp)), *dir = temp_dir("zsb-plotout");
	struct results a, b;
	const struct results *sets[] = { &a, &b };
	double v[S_COUNT];
	struct plot_output out;
	char *text;

	results_init(&a);
	results_init(&b);
	a.status = b.status = RUN_COMPLETE;
	snprintf(b.system.kernel, sizeof(b.system.kernel), "6.1");
	curve_cell(&a, ".x", 1);
	curve_cell(&a, "a b", 1);
	curve_cell(&b, "a-b", 1);
	for (int f = 0; f < S_COUNT; f++)
		v[f] = f == S_CGROUP_MEM ? MIB_BYTES : NAN;
	add_series(&curve_cell(&b, "s", 1)->trials[0], v);
	plot_sets(sets, 2, dir, &out);
	cr_expect(skipped(&out, "memory-x.svg: "));
	cr_expect(skipped(&out, "memory-a-b.svg: "));
	cr_expect(skipped(&out, "memory-a-b-3.svg: "));
	text = script_of(dir, "fill-curve");
	cr_expect(strstr(text, "title 'run 1 (?): .x'"), "%s", text);
	cr_expect(strstr(text, "title 'run 2 (6.1): a-b'"), "%s", text);
	cr_expect(strstr(text,
			 "'run 1: kernel ? on ?; run 2: kernel 6.1 on ?' . \"\\n\" . "
			 "'alloc 128 MiB, data ?, access ?, ? trials a cell'\n"),
		  "%s", text);
	free(text);
	plot_output_free(&out);
	results_free(&a);
	results_free(&b);
	(void)bin;
}

/* Six cells are few enough for every trial thin under the median's bold; the warm-up is no
 * trial; the curve in MiB. */
Test(plot_script, the_fill_curve_of_six_cells)
{
	char gp[PATH_MAX], label[16];
	char *bin = fake_gnuplot(draws_nothing, gp, sizeof(gp)), *dir = temp_dir("zsb-plotout");
	struct results r;
	const struct results *sets[] = { &r };
	struct plot_output out;
	char *text;

	results_init(&r);
	r.status = RUN_COMPLETE;
	for (int i = 0; i < 6; i++) {
		snprintf(label, sizeof(label), "cell%d", i);
		curve_cell(&r, label, 3);
	}
	curve_trial(&r.cells[0], 9, 7, 1);
	cell_update_stats(&r.cells[0]);
	plot_sets(sets, 1, dir, &out);
	text = script_of(dir, "fill-curve");
	cr_expect_eq(count(text, "EOD\n"), 2 * 18, "%s", text);
	/* The median trial's (the second: 2 s) curve: 3 MiB a second. */
	cr_expect(strstr(text, "EOD\n 0 0\n 1 3\n 2 6\nEOD\n"), "%s", text);
	cr_expect_eq(count(text, "lw 2.5"), 6, "%s", text);
	cr_expect(strstr(text, "'kernel ? on ?' . "), "%s", text);
	free(text);
	plot_output_free(&out);
	results_free(&r);
	(void)bin;
}

/* A trial's time series: bytes and pages (of the file's page size) in MiB, stall time in ms. */
Test(plot_script, the_time_series_in_their_units)
{
	char gp[PATH_MAX], want[512];
	char *bin = fake_gnuplot(draws_nothing, gp, sizeof(gp)), *dir = temp_dir("zsb-plotout");
	struct results r;
	const struct results *sets[] = { &r };
	struct plot_output out;
	struct result_cell *c;
	struct trial *t;
	double v[S_COUNT];
	char *text;
	size_t at = 0;

	results_init(&r);
	r.status = RUN_COMPLETE;
	r.system.page_size = 16384;
	c = curve_cell(&r, "z", 1);
	t = &c->trials[0];
	for (int f = 0; f < S_COUNT; f++)
		v[f] = NAN;
	v[S_CGROUP_MEM] = 2 * MIB_BYTES;
	v[S_ZSWAP_STORED] = 512;
	v[S_PSI_SOME] = 1500;
	add_series(t, v);
	plot_sets(sets, 1, dir, &out);

	text = script_of(dir, "memory-z");
	at = (size_t)snprintf(want, sizeof(want), "$d0 << EOD\n 0.5");
	for (int f = 0; f < S_COUNT; f++)
		if (series_field_info((enum series_field)f)->plot == SERIES_PLOT_MEMORY)
			at += (size_t)snprintf(want + at, sizeof(want) - at, " %s",
					       f == S_CGROUP_MEM	     ? "2"
						       : f == S_ZSWAP_STORED ? "8"
									     : "NaN");
	snprintf(want + at, sizeof(want) - at, "\nEOD\n");
	cr_expect(strstr(text, want), "%s\nnot in\n%s", want, text);
	cr_expect(strstr(text, "lw 2.5"), "%s", text);
	free(text);

	text = script_of(dir, "psi-z");
	at = (size_t)snprintf(want, sizeof(want), "$d0 << EOD\n 0.5");
	for (int f = 0; f < S_COUNT; f++)
		if (series_field_info((enum series_field)f)->plot == SERIES_PLOT_PSI)
			at += (size_t)snprintf(want + at, sizeof(want) - at, " %s",
					       f == S_PSI_SOME ? "1.5" : "NaN");
	snprintf(want + at, sizeof(want) - at, "\nEOD\n");
	cr_expect(strstr(text, want), "%s\nnot in\n%s", want, text);
	free(text);
	plot_output_free(&out);
	results_free(&r);
	(void)bin;
}
