/* The text of the plots' gnuplot scripts, line for line: strings and numbers as gnuplot reads
 * them, a trace's style, the canvas sized by the title and the key, titles and key names, the
 * data blocks of the fill curve and of the time series in their units; the gnuplot process
 * (found on PATH, its pictures moved in, its last word kept) and the lists of what was drawn.
 * gnuplot is a stand-in that draws nothing, so the suite runs in the mutation check. */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/util.h"
#include "runner/report/plot/plot.h"
#include "runner/report/plot/plot_ctx.h"
#include "runner/report/plot/plot_data.h"
#include "runner/report/plot/plot_gnuplot.h"
#include "runner/report/plot/plot_output.h"
#include "runner/report/plot/plot_script.h"
#include "runner/report/plot/plot_titles.h"
#include "runner/result/series.h"
#include "fixture.h"
#include "tools.h"

static void draw_savings(const char *dir, char *why, size_t len);

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

/* A plots' folder another user could change is refused before any script, in a line naming
 * it: one everyone can write (not sticky), another user's, a link. The user's who ran sudo, and
 * a sticky one (/tmp), are drawn in. */
Test(plot_script, a_folder_other_users_can_write_is_refused)
{
	char gp[PATH_MAX], why[512] = "", *bin = fake_gnuplot(draws_nothing, gp, sizeof(gp));
	char *dir = temp_dir("zsb-plotdir"), want[PATH_MAX + 64], link[PATH_MAX];
	struct plot_ctx x = { .dir = dir, .why = why, .why_len = sizeof(why) };

	unsetenv("SUDO_UID");
	cr_assert_eq(chmod(dir, 0777), 0);
	cr_expect_eq(plot_begin(&x), -EPERM);
	snprintf(want, sizeof(want), "%s: writable by other users (mode 777)", dir);
	cr_expect(strstr(why, want), "%s", why);
	plot_end(&x);
	cr_assert_eq(chmod(dir, 01777), 0);
	cr_expect_eq(plot_begin(&x), 0, "sticky: %s", why);
	plot_end(&x);
	cr_assert_eq(chmod(dir, 0755), 0);
	if (geteuid() == 0) {
		cr_assert_eq(chown(dir, NOBODY, NOBODY), 0);
		cr_expect_eq(plot_begin(&x), -EPERM);
		cr_expect(strstr(why, "owned by uid 65534"), "%s", why);
		plot_end(&x);
		setenv("SUDO_UID", "65534", 1);
		cr_expect_eq(plot_begin(&x), 0, "the user who ran sudo's: %s", why);
		plot_end(&x);
		unsetenv("SUDO_UID");
	}
	snprintf(link, sizeof(link), "%s-link", dir);
	cr_assert_eq(symlink(dir, link), 0);
	x.dir = link;
	cr_expect_eq(plot_begin(&x), -EPERM);
	cr_expect(strstr(why, "a symbolic link"), "%s", why);
	plot_end(&x);
	unlink(link);
	remove_dir(dir);
	(void)bin;
}

/* A picture's name another user planted as a link (in the folder of the user who ran sudo):
 * replaced by the picture, the file it pointed to untouched. */
Test(plot_script, a_picture_replaces_a_planted_link)
{
	char gp[PATH_MAX], why[1024] = "", victim[PATH_MAX], picture[PATH_MAX], *text;
	char *parent, *users = nobodys_folder("zsb-plotpic", &parent);
	struct stat st;
	FILE *f;

	fake_gnuplot("#!/bin/sh\necho picture > savings.svg\nexit 0\n", gp, sizeof(gp));
	snprintf(victim, sizeof(victim), "%s/victim", parent);
	snprintf(picture, sizeof(picture), "%s/savings.svg", users);
	cr_assert_not_null(f = fopen(victim, "w"));
	fputs("precious\n", f);
	fclose(f);
	cr_assert_eq(symlink(victim, picture), 0);
	setenv("SUDO_UID", "65534", 1);
	draw_savings(users, why, sizeof(why));
	text = slurp(victim);
	cr_expect_str_eq(text, "precious\n");
	free(text);
	cr_assert_eq(lstat(picture, &st), 0);
	cr_expect(S_ISREG(st.st_mode));
	free(users);
	remove_dir(parent);
}

/* In root's own folder too, a link at a script's name is replaced: the names in the plots'
 * folder are zswapbench's, never a path the user named to be written through. */
Test(plot_script, a_script_replaces_a_link_even_in_roots_folder)
{
	char gp[PATH_MAX], why[1024] = "", victim[PATH_MAX], script[PATH_MAX];
	char *dir = temp_dir("zsb-plotown"), *top = temp_dir("zsb-plotvictim");
	struct stat st;

	fake_gnuplot(draws_nothing, gp, sizeof(gp));
	snprintf(victim, sizeof(victim), "%s/victim.gp", top);
	snprintf(script, sizeof(script), "%s/savings.gp", dir);
	cr_assert_eq(symlink(victim, script), 0);
	draw_savings(dir, why, sizeof(why));
	cr_expect_neq(lstat(victim, &st), 0, "the script written through the link");
	cr_assert_eq(lstat(script, &st), 0);
	cr_expect(S_ISREG(st.st_mode));
	remove_dir(dir);
	remove_dir(top);
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

/* gnuplot_run on a script x.gp holding text, written in dir: what it returned. */
static int run_on(const char *gp, const char *dir, const char *text, char *why, size_t len)
{
	char path[PATH_MAX];
	struct gnuplot_script s = { .name = "x.gp", .dir = dir };
	FILE *f;
	int ret;

	snprintf(path, sizeof(path), "%s/x.gp", dir);
	cr_assert_not_null(f = fopen(path, "w"));
	fputs(text, f);
	fclose(f);
	cr_assert_geq(s.fd = open(path, O_RDONLY | O_CLOEXEC), 0);
	cr_assert_geq(s.dirfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC), 0);
	ret = gnuplot_run(gp, &s, why, len);
	close(s.fd);
	close(s.dirfd);
	return ret;
}

Test(plot_script, gnuplots_pictures_are_moved_in)
{
	char gp[PATH_MAX], why[512] = "", path[PATH_MAX + 16];
	char *bin = fake_gnuplot("#!/bin/sh\necho picture > x.svg\nexit 0\n", gp, sizeof(gp));
	char *dir = temp_dir("zsb-plotrun");

	cr_assert_eq(run_on(gp, dir, "", why, sizeof(why)), 0, "%s", why);
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
	cr_assert_eq(run_on(gp, dir, "", why, sizeof(why)), -EIO);
	snprintf(want, sizeof(want), "gnuplot failed on %s/x.gp: \"x.gp\" line 3: bad", dir);
	cr_expect_str_eq(why, want);
	(void)bin;
}

static struct plot_ctx ctx(const char *dir, const char *gp, struct plot_output *out, char *why,
			   size_t len)
{
	struct plot_ctx x = { .dir = dir, .out = out, .why = why, .why_len = len, .n = 1 };

	x.dirfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	cr_assert_geq(x.dirfd, 0, "%s", dir);
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

static char *record_of(const char *rec, const char *name)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/%s", rec, name);
	return slurp(path);
}

/* The savings answer drawn into dir with the stand-in gnuplot running text. */
static void draw_savings(const char *dir, char *why, size_t len)
{
	struct savings_report r;
	struct plot_output out;

	cr_assert_eq(savings_json_read(FIXTURES "/savings/hot25-zram.json", &r, why, len), 0, "%s",
		     why);
	cr_assert_eq(plot_savings(&r, dir, 0, &out, why, len), 0, "%s", why);
	plot_output_free(&out);
}

/* A stand-in that, before it reads its script, puts another script at NAME.gp in the plots'
 * folder, as whoever can write there could; then records its arguments and what it read.
 * gnuplot reads the script we wrote, from our descriptor: no argument names the file. */
Test(plot_script, gnuplot_reads_the_script_we_wrote_not_its_name)
{
	char gp[PATH_MAX], why[1024] = "", fake[PATH_MAX * 4], *text;
	char *dir = temp_dir("zsb-plotout"), *rec = temp_dir("zsb-plotrec");

	snprintf(fake, sizeof(fake),
		 "#!/bin/sh\n"
		 "printf 'system(\"touch pwned\")\\n' > %s/savings.gp\n"
		 "printf '%%s\\n' \"$@\" > %s/argv\n"
		 "/bin/cat \"$1\" > %s/read\n"
		 "exit 0\n",
		 dir, rec, rec);
	fake_gnuplot(fake, gp, sizeof(gp));
	draw_savings(dir, why, sizeof(why));
	text = record_of(rec, "read");
	cr_expect_eq(strncmp(text, "# zswapbench: savings.svg", 25), 0, "gnuplot read: %.80s",
		     text);
	cr_expect_null(strstr(text, "pwned"), "gnuplot read the script put in its place");
	free(text);
	text = record_of(rec, "argv");
	cr_expect_null(strstr(text, ".gp"), "gnuplot's argument names the file: %s", text);
	free(text);
	text = script_of(dir, "savings");
	cr_expect_eq(strncmp(text, "# zswapbench: savings.svg", 25), 0, "savings.gp: %.80s", text);
	free(text);
	remove_dir(rec);
	remove_dir(dir);
}

/* gnuplot's message, which names the script as gnuplot read it, names it as the user knows it. */
Test(plot_script, gnuplots_message_names_the_script)
{
	char gp[PATH_MAX], why[1024] = "", want[PATH_MAX + 64];
	char *dir = temp_dir("zsb-plotrun");

	fake_gnuplot("#!/bin/sh\necho \"\\\"$1\\\" line 3: bad\" >&2\nexit 1\n", gp, sizeof(gp));
	cr_assert_eq(run_on(gp, dir, "", why, sizeof(why)), -EIO);
	snprintf(want, sizeof(want), "gnuplot failed on %s/x.gp: \"x.gp\" line 3: bad", dir);
	cr_expect_str_eq(why, want);
	remove_dir(dir);
}

struct swapping {
	const char *evil, *script;
};

/* A script of the other user's written afresh, then renamed over the name. */
static void swap_script(void *arg)
{
	static const char text[] = "system(\"touch pwned\")\n";
	const struct swapping *s = arg;
	int fd = open(s->evil, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	if (fd >= 0) {
		(void)!write(fd, text, sizeof(text) - 1);
		close(fd);
		rename(s->evil, s->script);
	}
}

/* The plots' folder is the user's who ran sudo (theirs to write in): that user swaps savings.gp
 * for a script of their own again and again while it is drawn 200 times. gnuplot, root, reads
 * ours each time. */
Test(plot_script, another_users_script_is_never_run, .timeout = 120)
{
	char gp[PATH_MAX], why[1024] = "", fake[PATH_MAX * 2], evil[PATH_MAX], script[PATH_MAX];
	char *parent, *users = nobodys_folder("zsb-plotrace", &parent), *rec = temp_dir("zsb-rec");
	struct swapping sw = { evil, script };
	char *text, *bad;
	pid_t pid;

	snprintf(evil, sizeof(evil), "%s/.evil", users);
	snprintf(script, sizeof(script), "%s/savings.gp", users);
	snprintf(fake, sizeof(fake), "#!/bin/sh\n/usr/bin/head -n 1 \"$1\" >> %s/read\nexit 0\n",
		 rec);
	fake_gnuplot(fake, gp, sizeof(gp));
	setenv("SUDO_UID", "65534", 1);
	pid = as_nobody_looping(swap_script, &sw);
	for (int i = 0; i < 200; i++)
		draw_savings(users, why, sizeof(why));
	usleep(50000);
	stop_child(pid);
	text = slurp(script);
	cr_assert(strstr(text, "pwned"), "the other user never swapped the script: no race tested");
	free(text);
	text = record_of(rec, "read");
	bad = strstr(text, "pwned");
	cr_expect_null(bad, "gnuplot read the other user's script");
	free(text);
	free(users);
	remove_dir(rec);
	remove_dir(parent);
}
