/* The plots drawn from fixture result files: each SVG is XML, renders to a picture that is
 * not blank, plots without their data are skipped and named, and without gnuplot nothing is
 * written. The checks run the tools a user has (xmllint, rsvg-convert, python3 to read the
 * PNG); a test whose tool is missing is skipped and says which. */
#include <criterion/criterion.h>
#include <dirent.h>
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
#include "fixture.h"
#include "tools.h"

/* The PNG's width, height, distinct colours and the share of pixels that are not white, from
 * zlib alone: the five row filters of the PNG standard undone by hand. */
static const char png_reader[] =
	"import struct, sys, zlib\n"
	"d = open(sys.argv[1], 'rb').read()\n"
	"if d[:8] != b'\\x89PNG\\r\\n\\x1a\\n':\n"
	"    sys.exit('not a PNG')\n"
	"pos, idat = 8, b''\n"
	"while pos < len(d):\n"
	"    n, kind = struct.unpack('>I4s', d[pos:pos + 8])\n"
	"    body = d[pos + 8:pos + 8 + n]\n"
	"    pos += 12 + n\n"
	"    if kind == b'IHDR':\n"
	"        w, h, depth, ctype, _, _, lace = struct.unpack('>IIBBBBB', body)\n"
	"    elif kind == b'IDAT':\n"
	"        idat += body\n"
	"if depth != 8 or ctype not in (2, 6) or lace:\n"
	"    sys.exit('depth %d, colour type %d, interlace %d' % (depth, ctype, lace))\n"
	"bpp = 3 if ctype == 2 else 4\n"
	"raw, stride = zlib.decompress(idat), w * bpp\n"
	"prev, colours, ink, i = bytearray(stride), set(), 0, 0\n"
	"for y in range(h):\n"
	"    f, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])\n"
	"    i += 1 + stride\n"
	"    for x in range(stride):\n"
	"        a = line[x - bpp] if x >= bpp else 0\n"
	"        b = prev[x]\n"
	"        c = prev[x - bpp] if x >= bpp else 0\n"
	"        if f == 1:\n"
	"            line[x] = (line[x] + a) & 255\n"
	"        elif f == 2:\n"
	"            line[x] = (line[x] + b) & 255\n"
	"        elif f == 3:\n"
	"            line[x] = (line[x] + (a + b) // 2) & 255\n"
	"        elif f == 4:\n"
	"            p = a + b - c\n"
	"            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)\n"
	"            line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) "
	"& 255\n"
	"    for x in range(0, stride, bpp):\n"
	"        px = bytes(line[x:x + bpp])\n"
	"        colours.add(px)\n"
	"        ink += px[:3] != b'\\xff\\xff\\xff' and (bpp == 3 or px[3] != 0)\n"
	"    prev = line\n"
	"print(w, h, len(colours), ink / (w * h))\n";

static void need_tools(void)
{
	const char *tools[] = { "gnuplot", "xmllint", "rsvg-convert", "python3" };
	for (size_t i = 0; i < ARRAY_SIZE(tools); i++)
		if (!have_tool(tools[i]))
			cr_skip_test("%s is not installed (apt-get install gnuplot-nox "
				     "libxml2-utils librsvg2-bin python3)",
				     tools[i]);
}

static const char *base_name(const char *path)
{
	return strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
}

static int written(const struct plot_output *o, const char *name)
{
	for (size_t i = 0; i < o->nwritten; i++)
		if (strcmp(base_name(o->written[i]), name) == 0)
			return 1;
	return 0;
}

static int skipped(const struct plot_output *o, const char *name, const char *reason)
{
	for (size_t i = 0; i < o->nskipped; i++)
		if (strncmp(o->skipped[i], name, strlen(name)) == 0 &&
		    o->skipped[i][strlen(name)] == ':' && strstr(o->skipped[i], reason))
			return 1;
	return 0;
}

/* A picture with something drawn on it: many colours (lines, fills, antialiasing), and ink
 * on more than a sliver of it, less than all of it. */
static void check_png(const char *path, int min_width)
{
	char *argv[] = { "python3", "-c", (char *)png_reader, (char *)path, NULL };
	char out[256];
	unsigned w, h, colours;
	double ink;

	cr_assert_eq(run_program(argv, out, sizeof(out), 0), 0, "%s: not a PNG read: %s", path,
		     out);
	cr_assert_eq(sscanf(out, "%u %u %u %lf", &w, &h, &colours, &ink), 4, "%s: %s", path, out);
	cr_expect_geq(w, (unsigned)min_width, "%s: %u pixels wide", path, w);
	cr_expect_geq(colours, 8, "%s: %u colours: blank?", path, colours);
	cr_expect(ink > 0.01 && ink < 0.9, "%s: %.3f of the pixels inked", path, ink);
}

/* XML, and a picture: rendered at full size (it must render), and read at a third of it (a
 * pure-Python PNG reader is slow). */
static void check_svg(const char *path)
{
	char full[PATH_MAX], small[PATH_MAX];
	char *lint[] = { "xmllint", "--noout", (char *)path, NULL };
	char *render[] = { "rsvg-convert", (char *)path, "-o", full, NULL };
	char *shrink[] = { "rsvg-convert", "-z", "0.34", (char *)path, "-o", small, NULL };
	struct stat st;

	snprintf(full, sizeof(full), "%s.png", path);
	snprintf(small, sizeof(small), "%s.small.png", path);
	cr_assert_eq(run_program(lint, NULL, 0, 0), 0, "%s is not well-formed XML", path);
	cr_assert_eq(run_program(render, NULL, 0, 0), 0, "rsvg-convert could not render %s", path);
	cr_assert_eq(stat(full, &st), 0);
	cr_expect_gt(st.st_size, 8000, "%s renders to %ld bytes: blank?", path, (long)st.st_size);
	cr_assert_eq(run_program(shrink, NULL, 0, 0), 0);
	check_png(small, 150);
}

static void check_all(const struct plot_output *o)
{
	cr_assert_gt(o->nwritten, 0);
	for (size_t i = 0; i < o->nwritten; i++)
		check_svg(o->written[i]);
}

/* One result file plotted into a fresh folder. */
static void plot_one(const struct results *r, const char *dir, int png, struct plot_output *out)
{
	const struct results *sets[] = { r };
	char why[1024] = "";
	int ret = plot_results(sets, NULL, 1, dir, png, out, why, sizeof(why));
	cr_assert_eq(ret, 0, "plot_results: %d %s", ret, why);
}

Test(plot, every_plot_of_a_run)
{
	const char *expect[] = { "memory-disk.svg", "psi-disk.svg",
				 "memory-zram.svg", "psi-zram.svg",
				 "fill-curve.svg",  "trials-elapsed.svg",
				 "trials-cpu.svg",  "trials-compression-ratio.svg" };
	struct plot_output out;
	struct results r;
	char *dir, path[PATH_MAX];

	need_tools();
	dir = temp_dir("zsb-plot");
	read_fixture("disk-zram.json", &r);
	plot_one(&r, dir, 0, &out);
	cr_assert_eq(out.nwritten, ARRAY_SIZE(expect));
	for (size_t i = 0; i < ARRAY_SIZE(expect); i++)
		cr_expect(written(&out, expect[i]), "%s not written", expect[i]);
	/* Not a sweep: no sweep plot, and none said to be skipped. */
	cr_expect_eq(out.nskipped, 0, "skipped: %s", out.nskipped ? out.skipped[0] : "");
	/* The script stays beside its picture, to be edited and drawn again. */
	snprintf(path, sizeof(path), "%s/memory-zram.gp", dir);
	cr_expect_eq(access(path, R_OK), 0);
	check_all(&out);
	plot_output_free(&out);
	results_free(&r);
	remove_dir(dir);
}

Test(plot, titles_name_kernel_host_cell_and_units)
{
	struct plot_output out;
	struct results r;
	char *dir, path[PATH_MAX], *svg, text[600];

	need_tools();
	dir = temp_dir("zsb-plot");
	read_fixture("disk-zram.json", &r);
	cr_assert_str_eq(r.cells[1].label, "zram");
	plot_one(&r, dir, 0, &out);
	snprintf(path, sizeof(path), "%s/memory-zram.svg", dir);
	svg = slurp(path);
	snprintf(text, sizeof(text), "kernel %s on %s", r.system.kernel, r.system.hostname);
	cr_expect(strstr(svg, text), "no kernel or host in the title");
	cr_expect(strstr(svg, "memory against time: zram"), "no cell in the title");
	snprintf(text, sizeof(text), "limit %g MiB, alloc %g MiB, jobs %u",
		 r.cells[1].limit / 1048576.0, r.cells[1].alloc / 1048576.0, r.cells[1].jobs);
	cr_expect(strstr(svg, text), "no configuration in the title");
	cr_expect(strstr(svg, "(s)</text>") && strstr(svg, "MiB</text>"), "axes without units");
	cr_expect(strstr(svg, "zram compressed size"), "no zram line");
	free(svg);
	plot_output_free(&out);
	results_free(&r);
	remove_dir(dir);
}

/* The plots draw what result/series.c says a field is: no file of report/ names a backend's
 * series or metric, so a backend added to swap/ needs no change there. */
/* Files checked under dir, its subfolders (report/formats/) included. */
static int expect_names_no_backend(const char *dir)
{
	static const char *const names[] = { "S_ZRAM_", "S_ZSWAP_", "M_ZRAM_", "M_ZSWAP_",
					     "M_ZSWP" };
	DIR *d = opendir(dir);
	struct dirent *e;
	int files = 0;

	cr_assert_not_null(d, "run from the repository's root");
	while ((e = readdir(d))) {
		char path[PATH_MAX], *text;
		struct stat st;
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		cr_assert_eq(stat(path, &st), 0, "%s", path);
		if (S_ISDIR(st.st_mode)) {
			files += expect_names_no_backend(path);
			continue;
		}
		text = slurp(path);
		for (size_t i = 0; i < ARRAY_SIZE(names); i++)
			cr_expect(!strstr(text, names[i]), "%s names %s...", path, names[i]);
		free(text);
		files++;
	}
	closedir(d);
	return files;
}

Test(plot, report_names_no_backend_series_or_metric)
{
	cr_expect_gt(expect_names_no_backend("src/runner/report"), 10);
}

/* Column col (1: time) of the first row of the first datablock of dir/name. */
static double first_block_value(const char *dir, const char *name, int col)
{
	char path[PATH_MAX], *text, *row;
	double v = NAN;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	text = slurp(path);
	row = strstr(text, "$d0 << EOD\n");
	cr_assert_not_null(row, "%s: no datablock", path);
	row = strchr(row, '\n') + 1;
	for (int c = 1; c <= col && row; c++)
		v = strtod(row, &row);
	free(text);
	return v;
}

/* zswap counts what it stores in pages: a file from an arm64 host with 64 KiB pages is drawn
 * with 64 KiB pages, whatever the page size of the machine that draws it. */
Test(plot, zswap_pages_scale_by_the_files_page_size)
{
	struct plot_output out;
	struct results r;
	const struct series *se;
	char *dir;
	double mib;

	if (!have_tool("gnuplot"))
		cr_skip_test("gnuplot is not installed (apt-get install gnuplot-nox)");
	read_fixture("zswap-64k-pages.json", &r);
	cr_assert_eq(r.system.page_size, 65536);
	cr_assert_str_eq(r.cells[1].label, "zswap");
	se = r.cells[1].trials[0].series;
	cr_assert(se && se->n && se->have[S_ZSWAP_STORED]);
	/* The datablock: t, cgroup memory, cgroup swap, zram compressed, zswap stored (MiB). */
	dir = temp_dir("zsb-plot");
	plot_one(&r, dir, 0, &out);
	mib = se->v[S_ZSWAP_STORED][0] * 65536 / 1048576.0;
	cr_expect_float_eq(first_block_value(dir, "memory-zswap.gp", 5), mib, 1e-9);
	plot_output_free(&out);
	remove_dir(dir);
	/* The same series from a 4 KiB machine's file is sixteen times less. */
	r.system.page_size = 4096;
	dir = temp_dir("zsb-plot");
	plot_one(&r, dir, 0, &out);
	cr_expect_float_eq(first_block_value(dir, "memory-zswap.gp", 5), mib / 16, 1e-9);
	plot_output_free(&out);
	remove_dir(dir);
	results_free(&r);
}

Test(plot, a_sweep_draws_elapsed_against_jobs)
{
	struct plot_output out;
	struct results r;
	char *dir, path[PATH_MAX], *svg;

	need_tools();
	dir = temp_dir("zsb-plot");
	read_fixture("sweep-jobs.json", &r);
	plot_one(&r, dir, 0, &out);
	cr_assert(written(&out, "sweep-jobs.svg"));
	cr_expect(written(&out, "memory-zram-jobs-2.svg") && written(&out, "psi-disk-jobs-1.svg"));
	/* Limit and compressor did not vary: not sweeps, and not called skipped either. */
	cr_expect(!written(&out, "sweep-limit.svg") && !written(&out, "sweep-comp.svg"));
	cr_expect_eq(out.nskipped, 0);
	snprintf(path, sizeof(path), "%s/sweep-jobs.svg", dir);
	svg = slurp(path);
	cr_expect(strstr(svg, "jobs (processes in the cgroup)") &&
			  strstr(svg, "<text>disk</text>") && strstr(svg, "<text>zram</text>"),
		  "a line per backend, the axis named");
	free(svg);
	check_svg(path);
	plot_output_free(&out);
	results_free(&r);
	remove_dir(dir);
}

/* A block device: its bandwidth against jobs, a plot per fio mode, a line per setup; no
 * elapsed sweep, which would join a write and a read in one line. */
Test(plot, a_block_device_draws_bandwidth_against_jobs)
{
	struct plot_output out;
	struct results r;
	char *dir, path[PATH_MAX], *svg;

	need_tools();
	dir = temp_dir("zsb-plot");
	read_fixture("block-zram-disk.json", &r);
	plot_one(&r, dir, 0, &out);
	cr_expect(written(&out, "bandwidth-seq-write.svg") &&
		  written(&out, "bandwidth-seq-read.svg"));
	cr_expect(!written(&out, "bandwidth-rand-read.svg"), "a mode the run did not measure");
	cr_expect(!written(&out, "sweep-jobs.svg"));
	cr_expect(strstr(out.written[0], "bandwidth-seq-write.svg"), "bandwidth first: %s",
		  out.written[0]);
	/* The first line is zram's reads: jobs 1, its median, the range of its trials. */
	cr_assert_str_eq(r.cells[1].label, "zram jobs=1 seq-read");
	cr_expect_float_eq(first_block_value(dir, "bandwidth-seq-read.gp", 1), 1, 1e-9);
	cr_expect_float_eq(first_block_value(dir, "bandwidth-seq-read.gp", 2),
			   r.cells[1].stats[M_READ_BW].median, 1e-6);
	cr_expect_float_eq(first_block_value(dir, "bandwidth-seq-read.gp", 3),
			   r.cells[1].stats[M_READ_BW].min, 1e-6);
	snprintf(path, sizeof(path), "%s/bandwidth-seq-read.svg", dir);
	svg = slurp(path);
	cr_expect(strstr(svg, "<text>zram read</text>") && strstr(svg, "<text>disk read</text>") &&
			  !strstr(svg, "write</text>"),
		  "a line per setup, reads alone in a read mode");
	cr_expect(strstr(svg, "bandwidth, median (MiB/s)") && strstr(svg, "jobs (fio"),
		  "the axes named");
	free(svg);
	check_all(&out);
	plot_output_free(&out);
	results_free(&r);
	remove_dir(dir);
}

/* Two files: a line per file, reads and writes of a mixed mode each. */
Test(plot, two_block_files_a_line_each)
{
	const char *names[] = { "a.json", "b.json" };
	struct results a, b;
	const struct results *sets[] = { &a, &b };
	struct plot_output out;
	char why[512] = "", *dir, path[PATH_MAX], *svg, key[300];

	need_tools();
	dir = temp_dir("zsb-plot");
	read_fixture("block-static.json", &a);
	read_fixture("block-static-b.json", &b);
	cr_assert_eq(plot_results(sets, names, 2, dir, 0, &out, why, sizeof(why)), 0, "%s", why);
	for (size_t i = 0; i < 6; i++) {
		static const char *const modes[] = { "seq-write", "rand-write", "seq-read",
						     "rand-read", "seq-rw",	"rand-rw" };
		snprintf(path, sizeof(path), "bandwidth-%s.svg", modes[i]);
		cr_expect(written(&out, path), "%s", path);
	}
	snprintf(path, sizeof(path), "%s/bandwidth-seq-rw.svg", dir);
	svg = slurp(path);
	snprintf(key, sizeof(key), "<text>b.json (%s): zram write</text>", b.system.kernel);
	cr_expect(strstr(svg, key), "%s", key);
	snprintf(key, sizeof(key), "<text>a.json (%s): zram read</text>", a.system.kernel);
	cr_expect(strstr(svg, key), "%s", key);
	free(svg);
	check_all(&out);
	plot_output_free(&out);
	results_free(&a);
	results_free(&b);
	remove_dir(dir);
}

/* zram's default lzo-rle against zswap's lzo is two compressors, but no line through both. */
Test(plot, one_compressor_per_backend_is_no_sweep)
{
	struct plot_output out;
	struct results r;
	char *dir;

	need_tools();
	dir = temp_dir("zsb-plot");
	read_fixture("disk-zram.json", &r);
	snprintf(r.cells[0].backend, sizeof(r.cells[0].backend), "zswap");
	snprintf(r.cells[0].label, sizeof(r.cells[0].label), "zswap");
	snprintf(r.cells[0].comp_used, sizeof(r.cells[0].comp_used), "lzo");
	plot_one(&r, dir, 0, &out);
	cr_expect(!written(&out, "sweep-comp.svg"));
	cr_expect_eq(out.nskipped, 0, "skipped: %s", out.nskipped ? out.skipped[0] : "");
	plot_output_free(&out);
	results_free(&r);
	remove_dir(dir);
}

/* Twelve cells with long labels: a compressor x limit sweep, labels turned and apart. */
Test(plot, twelve_cells_keep_their_labels_apart)
{
	struct plot_output out;
	struct results r;
	char *dir, path[PATH_MAX], *svg, *p;
	double x[16], y;
	size_t n = 0, first_len = 0;

	need_tools();
	dir = temp_dir("zsb-plot");
	read_fixture("twelve-cells.json", &r);
	cr_assert_eq(r.ncells, 12);
	plot_one(&r, dir, 0, &out);
	cr_expect(written(&out, "sweep-limit.svg") && written(&out, "sweep-comp.svg") &&
		  !written(&out, "sweep-jobs.svg"));
	snprintf(path, sizeof(path), "%s/trials-elapsed.svg", dir);
	svg = slurp(path);
	/* gnuplot writes each turned tic label as translate(x,y) rotate(-30), then its text. */
	for (p = svg; (p = strstr(p, "<g transform=\"translate(")) && n < 16; p++) {
		int at = 0;
		if (sscanf(p, "<g transform=\"translate(%lf,%lf%n", &x[n], &y, &at) != 2 ||
		    strncmp(p + at, ") rotate(-30)", 13) != 0)
			continue;
		if (n++ == 0 && strstr(p, "<text>"))
			first_len = strcspn(strstr(p, "<text>") + 6, "<");
	}
	cr_assert_eq(n, 12, "%zu turned labels", n);
	/* Parallel lines of text 30 degrees up are dx / 2 apart: more than a line of 11px text. */
	for (size_t i = 1; i < n; i++)
		cr_expect_geq(x[i] - x[i - 1], 2 * 14.0, "labels %zu and %zu %.1f px apart", i,
			      i + 1, x[i] - x[i - 1]);
	/* The first label, right-aligned at its tic, stays on the canvas. */
	cr_assert_gt(first_len, 10);
	cr_expect_geq(x[0] - 0.87 * (double)first_len * 6.6, 0,
		      "the first label reaches %.0f px left of the canvas",
		      0.87 * (double)first_len * 6.6 - x[0]);
	free(svg);
	check_all(&out);
	plot_output_free(&out);
	results_free(&r);
	remove_dir(dir);
}

Test(plot, a_failed_trial_is_drawn_apart)
{
	struct plot_output out;
	struct results r;
	char *dir, path[PATH_MAX], *svg;

	need_tools();
	dir = temp_dir("zsb-plot");
	read_fixture("oom.json", &r);
	cr_assert_eq(r.cells[1].trials[2].status, TRIAL_OOM);
	plot_one(&r, dir, 0, &out);
	cr_expect(written(&out, "memory-zram.svg") && written(&out, "trials-elapsed.svg"));
	snprintf(path, sizeof(path), "%s/trials-elapsed.svg", dir);
	svg = slurp(path);
	cr_expect(strstr(svg, "failed trials (not in the statistics)"),
		  "the OOM trial is not marked");
	free(svg);
	/* The failed trial measured no compression: the ratio plot has only the others. */
	snprintf(path, sizeof(path), "%s/trials-cpu.svg", dir);
	svg = slurp(path);
	cr_expect(strstr(svg, "failed trials"), "the OOM trial's CPU is not drawn");
	free(svg);
	check_all(&out);
	plot_output_free(&out);
	results_free(&r);
	remove_dir(dir);
}

Test(plot, without_series_the_time_plots_are_skipped)
{
	struct plot_output out;
	struct results r;
	char *dir;

	need_tools();
	dir = temp_dir("zsb-plot");
	read_fixture("no-series.json", &r);
	plot_one(&r, dir, 0, &out);
	for (size_t i = 0; i < out.nwritten; i++)
		cr_expect(strncmp(base_name(out.written[i]), "memory-", 7) &&
				  strncmp(base_name(out.written[i]), "psi-", 4),
			  "%s written without a series", out.written[i]);
	cr_expect(skipped(&out, "memory-*.svg", "--interval 0"));
	cr_expect(skipped(&out, "psi-*.svg", "--interval 0"));
	cr_expect(written(&out, "fill-curve.svg") && written(&out, "trials-elapsed.svg"));
	check_all(&out);
	plot_output_free(&out);
	results_free(&r);
	remove_dir(dir);
}

/* A command reports no progress and a disk measures no compression: those plots go. */
Test(plot, missing_curves_and_ratios_are_skipped)
{
	struct plot_output out;
	struct results r;
	char *dir;

	need_tools();
	dir = temp_dir("zsb-plot");
	read_fixture("no-series.json", &r);
	for (size_t i = 0; i < r.ncells; i++)
		for (size_t t = 0; t < r.cells[i].ntrials; t++) {
			r.cells[i].trials[t].ncurve = 0;
			r.cells[i].trials[t].have[M_COMP_RATIO] = 0;
		}
	plot_one(&r, dir, 0, &out);
	cr_expect(skipped(&out, "fill-curve.svg", "fill curve"));
	cr_expect(skipped(&out, "trials-compression-ratio.svg", "compression_ratio"));
	cr_expect(written(&out, "trials-elapsed.svg") && written(&out, "trials-cpu.svg"));
	cr_expect_eq(out.nwritten, 2);
	plot_output_free(&out);
	results_free(&r);
	remove_dir(dir);
}

/* A run that never finished a trial: nothing to draw, and no error. */
Test(plot, a_run_without_trials)
{
	struct plot_output out;
	struct results r;
	char *dir;

	need_tools();
	dir = temp_dir("zsb-plot");
	results_init(&r);
	snprintf(results_add_cell(&r)->label, sizeof(r.cells[0].label), "zram");
	plot_one(&r, dir, 0, &out);
	cr_expect_eq(out.nwritten, 0);
	cr_expect(skipped(&out, "trials-elapsed.svg", "no trial"));
	plot_output_free(&out);
	results_free(&r);
	remove_dir(dir);
}

Test(plot, two_files_one_colour_each)
{
	const char *names[] = { "before.json", "after.json" };
	struct results a, b;
	const struct results *sets[] = { &a, &b };
	struct plot_output out;
	char why[512] = "", *dir, path[PATH_MAX], *svg, before[300];

	need_tools();
	dir = temp_dir("zsb-plot");
	read_fixture("disk-zram.json", &a);
	read_fixture("disk-zram.json", &b);
	snprintf(b.system.kernel, sizeof(b.system.kernel), "6.1.0-27-amd64");
	for (size_t i = 0; i < b.ncells; i++)
		for (size_t t = 0; t < b.cells[i].ntrials; t++)
			b.cells[i].trials[t].value[M_ELAPSED] *= 1.5;
	cr_assert_eq(plot_results(sets, names, 2, dir, 0, &out, why, sizeof(why)), 0, "%s", why);
	cr_expect(written(&out, "memory-zram.svg") && written(&out, "fill-curve.svg"));
	snprintf(path, sizeof(path), "%s/trials-elapsed.svg", dir);
	svg = slurp(path);
	snprintf(before, sizeof(before), "before.json (%s): trials", a.system.kernel);
	cr_expect(strstr(svg, before) && strstr(svg, "after.json (6.1.0-27-amd64): trials"),
		  "keys name each file and its kernel");
	/* The palette's first two colours, as gnuplot writes them. */
	cr_expect(strstr(svg, "rgb( 31, 119, 180)") && strstr(svg, "rgb(255, 127,  14)"),
		  "one colour per file");
	free(svg);
	check_all(&out);
	plot_output_free(&out);
	results_free(&a);
	results_free(&b);
	remove_dir(dir);
}

/* Labels are the user's text: quotes, gnuplot's own syntax, markup, bytes that are not UTF-8. */
Test(plot, labels_are_escaped)
{
	static const char label[] = "it's \"q\" <&> a_b^2 @v `echo x` $d \\n \xc3\xa9 \xff";
	struct plot_output out;
	struct results r;
	char *dir, *svg, path[PATH_MAX];

	need_tools();
	dir = temp_dir("zsb-plot");
	read_fixture("disk-zram.json", &r);
	snprintf(r.cells[1].label, sizeof(r.cells[1].label), "%s", label);
	plot_one(&r, dir, 0, &out);
	for (size_t i = 0; i < out.nwritten; i++) {
		const char *name = base_name(out.written[i]);
		cr_expect_eq(strspn(name,
				    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
				    ".-_+"),
			     strlen(name), "file name %s", name);
	}
	cr_assert(written(&out, "memory-it-s-q-a_b-2-v-echo-x-d-n.svg"));
	snprintf(path, sizeof(path), "%s/memory-it-s-q-a_b-2-v-echo-x-d-n.svg", dir);
	svg = slurp(path);
	cr_expect(strstr(svg, "it's \"q\" &lt;&amp;> a_b^2 @v `echo x` $d \\n \xc3\xa9 ?"),
		  "the label as typed");
	free(svg);
	check_all(&out);
	plot_output_free(&out);
	results_free(&r);
	remove_dir(dir);
}

Test(plot, png_pictures)
{
	struct plot_output out;
	struct results r;
	char *dir;

	need_tools();
	dir = temp_dir("zsb-plot");
	read_fixture("sweep-jobs.json", &r);
	plot_one(&r, dir, 1, &out);
	cr_assert(written(&out, "sweep-jobs.png") && written(&out, "trials-elapsed.png"));
	for (size_t i = 0; i < out.nwritten; i++)
		cr_expect(strstr(out.written[i], ".png"), "%s", out.written[i]);
	/* One is enough to read whole: the reader takes a second or two per picture. */
	check_png(out.written[out.nwritten - 1], 600);
	plot_output_free(&out);
	results_free(&r);
	remove_dir(dir);
}

Test(plot, without_gnuplot_nothing_is_written)
{
	const struct results *sets[1];
	struct plot_output out;
	struct results r;
	char why[512] = "", *empty = temp_dir("zsb-plot"), target[PATH_MAX];

	read_fixture("disk-zram.json", &r);
	sets[0] = &r;
	snprintf(target, sizeof(target), "%s/plots", empty);
	setenv("PATH", empty, 1);
	cr_assert_eq(plot_results(sets, NULL, 1, target, 0, &out, why, sizeof(why)), -ENOENT);
	cr_expect(strstr(why, "gnuplot"), "why: %s", why);
	cr_expect_neq(access(target, F_OK), 0, "the folder was created");
	cr_expect_eq(out.nwritten, 0);
	plot_output_free(&out);
	results_free(&r);
	rmdir(empty);
	free(empty);
}

/* A gnuplot that fails: its message comes back, the picture is not listed. */
Test(plot, gnuplot_failing_is_an_error_with_its_message)
{
	const struct results *sets[1];
	struct plot_output out;
	struct results r;
	char why[512] = "", *bin = temp_dir("zsb-plot"), *dir = temp_dir("zsb-plot"),
	     fake[PATH_MAX];
	char *path = strdup(getenv("PATH") ? getenv("PATH") : "/usr/bin:/bin");
	FILE *f;

	snprintf(fake, sizeof(fake), "%s/gnuplot", bin);
	cr_assert_not_null(f = fopen(fake, "w"));
	fputs("#!/bin/sh\necho '\"x.gp\" line 3: undefined variable: nonsense' >&2\nexit 1\n", f);
	fclose(f);
	cr_assert_eq(chmod(fake, 0755), 0);
	read_fixture("disk-zram.json", &r);
	sets[0] = &r;
	setenv("PATH", bin, 1);
	cr_assert_eq(plot_results(sets, NULL, 1, dir, 0, &out, why, sizeof(why)), -EIO);
	cr_expect(strstr(why, "gnuplot failed on") && strstr(why, "undefined variable: nonsense"),
		  "why: %s", why);
	cr_expect_eq(out.nwritten, 0);
	plot_output_free(&out);
	results_free(&r);
	unlink(fake);
	rmdir(bin);
	free(bin);
	setenv("PATH", path, 1);
	free(path);
	remove_dir(dir);
}

/* A savings answer, no result set: its one picture, each backend a line of its steps in order
 * of limit, the killed step marked with its reason, the target and the footprint drawn. */
Test(plot, a_savings_answer_draws_its_search)
{
	struct savings_report r;
	struct plot_output out;
	char why[1024] = "", *dir, path[PATH_MAX], *svg, *gp;

	need_tools();
	dir = temp_dir("zsb-plot");
	cr_assert_eq(savings_json_read(FIXTURES "/savings/hot25-zram.json", &r, why, sizeof(why)),
		     0, "%s", why);
	cr_assert_eq(plot_savings(&r, dir, 0, &out, why, sizeof(why)), 0, "%s", why);
	cr_assert_eq(out.nwritten, 1);
	cr_expect(written(&out, "savings.svg"));
	check_all(&out);
	snprintf(path, sizeof(path), "%s/savings.svg", dir);
	svg = slurp(path);
	cr_expect(strstr(svg, "the slowdown of elapsed against the memory limit"), "no metric");
	cr_expect(strstr(svg, "target: at most 100% slower"), "no target");
	cr_expect(strstr(svg, "<text>zram: held at 20M"), "no line of the backend");
	cr_expect(strstr(svg, "hogger killed after the --timeout"), "the killed step unmarked");
	cr_expect(strstr(svg, "footprint: 65.0M"), "no footprint");
	free(svg);
	snprintf(path, sizeof(path), "%s/savings.gp", dir);
	gp = slurp(path);
	/* The steps as the search ran them were 32, 16, 24, 20 MiB: the line goes left to right,
	 * without the killed step, which is a mark at 16. */
	cr_expect(strstr(gp, "\n 20 98.8") && strstr(gp, "\n 24 63.2") && strstr(gp, "\n 32 47.9"),
		  "%s", gp);
	cr_expect(strstr(gp, "\n 20 98.8") < strstr(gp, "\n 24 63.2") &&
		  strstr(gp, "\n 24 63.2") < strstr(gp, "\n 32 47.9"));
	cr_expect(strstr(gp, "at first 16, graph"), "%s", gp);
	cr_expect(strstr(gp, "set arrow from first 64.98828125, graph 0"), "%s", gp);
	free(gp);
	plot_output_free(&out);
	remove_dir(dir);
}

/* PNG when asked; an answer of no backend is said, not drawn. */
Test(plot, a_savings_answer_as_png_and_with_no_backend)
{
	struct savings_report r;
	struct plot_output out;
	char why[1024] = "", *dir;

	need_tools();
	dir = temp_dir("zsb-plot");
	cr_assert_eq(savings_json_read(FIXTURES "/savings/hot25-zram.json", &r, why, sizeof(why)),
		     0, "%s", why);
	cr_assert_eq(plot_savings(&r, dir, 1, &out, why, sizeof(why)), 0, "%s", why);
	cr_assert(written(&out, "savings.png"));
	check_png(out.written[0], 600);
	plot_output_free(&out);
	r.nbackends = 0;
	cr_assert_eq(plot_savings(&r, dir, 0, &out, why, sizeof(why)), 0, "%s", why);
	cr_expect_eq(out.nwritten, 0);
	cr_expect(skipped(&out, "savings.svg", "no backend was searched"));
	plot_output_free(&out);
	remove_dir(dir);
}
