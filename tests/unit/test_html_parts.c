/* The HTML page's parts, cell by cell: text escaped as XML reads it, each section of the page
 * written from result sets, and the page's head; gnuplot is a stand-in writing an empty SVG
 * for each plot, so the suite runs in the mutation check (the html suite draws with gnuplot). */
#include <criterion/criterion.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "runner/cli/options.h"
#include "runner/cli/report_opts.h"
#include "runner/report/html/html.h"
#include "runner/report/html/html_markup.h"
#include "runner/report/html/html_page.h"
#include "tools.h"

/* The options `zswapbench show` renders with when given none. */
static struct report_opts show_opts(void)
{
	static struct config cfg;

	config_free(&cfg);
	options_defaults(&cfg);
	return report_opts_of(&cfg);
}

static const struct plot_output no_plots;

static char *section(int (*fn)(struct html_page *), const struct results *const *sets,
		     const char *const *names, size_t n)
{
	char *text = NULL, why[256] = "";
	size_t len = 0;
	struct html_page p = { .sets = sets,
			       .names = names,
			       .n = n,
			       .o = show_opts(),
			       .plots = &no_plots,
			       .why = why,
			       .why_len = sizeof(why) };

	p.o.render.format = FORMAT_TABLE;
	p.out = open_memstream(&text, &len);
	cr_assert_eq(fn(&p), 0, "%s", why);
	fclose(p.out);
	return text;
}

static char *one_section(int (*fn)(struct html_page *), const struct results *r)
{
	const struct results *sets[] = { r };
	const char *names[] = { "a.json" };

	return section(fn, sets, names, 1);
}

static char *escaped(const char *s)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	html_esc(f, s);
	fclose(f);
	return text;
}

static size_t count(const char *text, const char *what)
{
	size_t n = 0;

	for (const char *p = text; (p = strstr(p, what)); p += strlen(what))
		n++;
	return n;
}

#define FFFD "&#xFFFD;"

Test(html_parts, text_as_xml_reads_it)
{
	cr_expect_str_eq(escaped("a'b\"<&>"), "a&#39;b&quot;&lt;&amp;&gt;");
	cr_expect_str_eq(escaped("a\r\n\tb"), "a\r\n\tb");
	cr_expect_str_eq(escaped("\x01\x7f"), FFFD FFFD);
	/* A surrogate, U+FFFE, a lead byte where a continuation byte belongs. */
	cr_expect_str_eq(escaped("\xed\xa0\x80"), FFFD FFFD FFFD);
	cr_expect_str_eq(escaped("\xed\x9f\xbf"), "\xed\x9f\xbf");
	cr_expect_str_eq(escaped("\xef\xbf\xbe"), FFFD FFFD FFFD);
	cr_expect_str_eq(escaped("\xef\xbf\xbd"), "\xef\xbf\xbd");
	cr_expect_str_eq(escaped("\xc3\xc3"), FFFD FFFD);
	cr_expect_str_eq(escaped("\xc3\xa9"), "\xc3\xa9");
}

static void swap_cells(struct results *r, size_t a, size_t b)
{
	struct result_cell c = r->cells[a];

	r->cells[a] = r->cells[b];
	r->cells[b] = c;
}

/* A swap run's cells: the failed trial left out, no RAM for the disk, its device without a
 * compressor, the range low to high; one file's verdict is at the top, not here. */
Test(html_parts, a_swap_runs_cells)
{
	struct results r;
	char *html;

	read_fixture("oom.json", &r);
	/* A disk's RAM is 0 where the file records it. */
	r.cells[0].have_stats[M_SWAP_RAM] = 1;
	r.cells[0].stats[M_SWAP_RAM].median = 0;
	html = one_section(html_cells_section, &r);
	cr_expect(strstr(html,
			 "<tr><td>disk</td><td class=\"num\">5/5</td><td class=\"num\">0.167 "
			 "s</td><td class=\"num\">0.153 ... 0.225 s (94%)</td><td "
			 "class=\"num\">0.153 … 0.225 s, sd 0.032 s</td><td "
			 "class=\"num\">0.156 s</td><td class=\"num\">64.9 MiB</td><td "
			 "class=\"num\"></td><td class=\"num\"></td><td>/var/tmp/"
			 "zswapbench-26469.swap</td></tr>"),
		  "%s", html);
	cr_expect(strstr(html, "<tr><td>zram</td><td class=\"num\">4/5</td>"), "%s", html);
	cr_expect(strstr(html,
			 "<td class=\"num\">34.6 MiB</td><td class=\"num\">1.87x</td><td>/"
			 "dev/zram1 lzo-rle</td></tr>"),
		  "%s", html);
	cr_expect(!strstr(html, "<pre"), "%s", html);
	free(html);
	results_free(&r);
}

/* A block device's cells in jobs then mode order whatever the file's, each direction's
 * bandwidth, one direction's IOPS and p99, no RAM for the disk. */
Test(html_parts, a_block_devices_cells)
{
	struct results r;
	char *html;
	const char *zram, *disk;

	read_fixture("block-zram-disk.json", &r);
	swap_cells(&r, 0, 7);
	html = one_section(html_cells_section, &r);
	zram = strstr(html,
		      "<tr><td>zram jobs=1 seq-write</td><td class=\"num\">3/3</td><td "
		      "class=\"num\">-</td><td class=\"num\">551.7 [533.3...727.3]</td><td "
		      "class=\"num\">141241 [136533...186182]</td><td "
		      "class=\"num\">19.3</td><td class=\"num\">75 %</td><td "
		      "class=\"num\">1.89x</td><td class=\"num\">16.0 MiB</td><td "
		      "class=\"num\">8.6 MiB</td><td class=\"num\">1.87x</td><td>/dev/"
		      "zram1</td></tr>");
	disk = strstr(html,
		      "<tr><td>disk jobs=1 seq-write</td><td class=\"num\">3/3</td><td "
		      "class=\"num\">-</td><td class=\"num\">35.8 [32.9...37.9]</td><td "
		      "class=\"num\">9163 [8428...9706]</td><td class=\"num\">244.7</td><td "
		      "class=\"num\">8 %</td><td class=\"num\">-</td><td></td><td></td><td></"
		      "td><td>/dev/loop0</td></tr>");
	cr_expect(zram, "%s", html);
	cr_expect(disk, "%s", html);
	cr_expect(strstr(html,
			 "<tr><td>zram jobs=1 seq-read</td><td class=\"num\">3/3</td><td "
			 "class=\"num\">888.9 [842.1...888.9]</td><td class=\"num\">-</td><td "
			 "class=\"num\">227556 [215579...227556]</td><td "
			 "class=\"num\">5.0</td>"),
		  "%s", html);
	/* Within a jobs and mode, the file's order: the swap put disk first. */
	cr_expect(zram && disk && disk < zram, "%s", html);
	cr_expect(strstr(html, "<tr><td>disk jobs=2 seq-read</td>") > zram, "%s", html);
	free(html);
	results_free(&r);
}

Test(html_parts, a_filesystems_cells)
{
	struct results r;
	char *html;

	read_fixture("fs-compressors.json", &r);
	html = one_section(html_cells_section, &r);
	cr_expect(strstr(html,
			 "<tr><td>zram:lzo-rle</td><td class=\"num\">3/3</td><td "
			 "class=\"num\">0.038 s</td><td class=\"num\">0.059 s</td><td "
			 "class=\"num\">0.138 s</td><td class=\"num\">0.240 "
			 "[0.230...0.627]</td><td class=\"num\">16.8 MiB</td><td "
			 "class=\"num\">12.0 MiB</td><td class=\"num\">1.41x</td><td>/dev/"
			 "zram1</td></tr>"),
		  "%s", html);
	free(html);
	results_free(&r);
}

static enum value_kind kind_of(const char *option)
{
	return strcmp(option, "interval") == 0 ? VALUE_DURATION
		: strcmp(option, "limit") == 0 ? VALUE_SIZE
					       : VALUE_PLAIN;
}

Test(html_parts, the_system_and_the_options_as_typed)
{
	struct results r;
	char *html;
	const struct results *sets[] = { &r };
	const char *names[] = { "a.json" };
	struct html_page p = { .sets = sets, .names = names, .n = 1, .o = show_opts() };
	size_t len = 0;

	read_fixture("disk-zram.json", &r);
	html = one_section(html_system_section, &r);
	cr_expect(strstr(html, "<tr><th>memory</th><td>23.5 GiB</td></tr>"), "%s", html);
	cr_expect(strstr(html, "<tr><th>other swap</th><td>none</td></tr>"), "%s", html);
	cr_expect(!strstr(html, "<h3>"), "one file has no heading: %s", html);
	free(html);
	snprintf(r.system.other_swap, sizeof(r.system.other_swap), "/dev/sda2");
	html = one_section(html_system_section, &r);
	cr_expect(strstr(html, "<tr><th>other swap</th><td>/dev/sda2</td></tr>"), "%s", html);
	free(html);

	p.o.value_kind = kind_of;
	html = NULL;
	p.out = open_memstream(&html, &len);
	cr_assert_eq(html_config_section(&p), 0);
	fclose(p.out);
	cr_expect(strstr(html, "<tr><th>swap</th><td>disk, zram</td></tr>"), "%s", html);
	cr_expect(strstr(html, "<tr><th>comp</th><td class=\"unset\">default</td></tr>"), "%s",
		  html);
	cr_expect(strstr(html, "<tr><th>interval</th><td>0.1s</td></tr>"), "%s", html);
	cr_expect(strstr(html, "<tr><th>limit</th><td>32M</td></tr>"), "%s", html);
	free(html);
	results_free(&r);
}

/* An interrupted run says so, without an error it does not have. */
Test(html_parts, an_interrupted_runs_warning)
{
	struct results r;
	char *html;

	read_fixture("disk-zram.json", &r);
	r.status = RUN_INTERRUPTED;
	r.error[0] = '\0';
	html = one_section(html_warnings_section, &r);
	cr_expect(strstr(html, "<p>The run is interrupted.</p>"), "%s", html);
	free(html);
	results_free(&r);
}

/* The lines of the page's <pre class="cls"> boxes wider than 100 columns: an entity one column,
 * a UTF-8 character one. */
static int pre_lines_over_100(const char *html, const char *cls)
{
	char open[64];
	int over = 0;

	snprintf(open, sizeof(open), "<pre class=\"%s\">", cls);
	for (const char *p = strstr(html, open); p; p = strstr(p, open)) {
		const char *end = strstr(p, "</pre>");
		size_t cols = 0;
		cr_assert_not_null(end);
		for (p += strlen(open); p < end; p++) {
			if (*p == '\n') {
				over += cols > 100;
				cols = 0;
			} else if (*p == '&') {
				p = strchr(p, ';');
				cols++;
			} else {
				cols += ((unsigned char)*p & 0xc0) != 0x80;
			}
		}
		over += cols > 100;
	}
	return over;
}

/* The verdict's and the warnings' boxes hold show's lines, wrapped within 100 columns as show
 * wraps them; a table's rows, wider, are kept whole. */
Test(html_parts, the_boxes_text_is_wrapped_as_show_wraps_it)
{
	struct results r;
	char *html, *head;

	read_fixture("disk-zram.json", &r);
	html = one_section(html_warnings_section, &r);
	cr_expect(strstr(html,
			 "<pre class=\"warnings\">warning before the run: Load average 4.24 on "
			 "2 CPUs (above 0.5 per CPU): other work competes with\n  the trials "
			 "for CPU and disk.\n</pre>"),
		  "%s", html);
	cr_expect_eq(pre_lines_over_100(html, "warnings"), 0, "%s", html);
	free(html);
	html = one_section(html_verdict_section, &r);
	cr_expect(strstr(html, "<pre class=\"verdict\">"), "%s", html);
	cr_expect_eq(pre_lines_over_100(html, "verdict"), 0, "%s", html);
	free(html);
	results_free(&r);
	read_fixture("block-zram-disk.json", &r);
	html = one_section(html_verdict_section, &r);
	/* The table's heading and its 8 rows, over 120 columns, each on its line. */
	head = strstr(html, "\nJOBS MODE ");
	cr_assert_not_null(head, "%s", html);
	cr_expect(strstr(head, " P SIG\n") == strchr(head + 1, '\n') - strlen(" P SIG"), "%s",
		  html);
	cr_expect_eq(pre_lines_over_100(html, "verdict"), 9, "%s", html);
	cr_expect(strstr(html, "\n* significant (Mann-Whitney p &lt; alpha after Holm over the "),
		  "%s", html);
	free(html);
	results_free(&r);
}

/* Two files: a comparison, their names over each file's part, and each file's own verdict
 * under its cells. */
Test(html_parts, two_files_compared)
{
	struct results a, b;
	const struct results *sets[] = { &a, &b };
	const char *names[] = { "a.json", "b.json" };
	char *html;

	read_fixture("disk-zram.json", &a);
	read_fixture("oom.json", &b);
	html = section(html_verdict_section, sets, names, 2);
	cr_expect(strstr(html, "<h2>Comparison</h2>"), "%s", html);
	/* compare's text, its legend of 386 columns wrapped within 100. */
	cr_expect(strstr(html,
			 "\n* significant (the primary metric at alpha, the secondary ones "
			 "Holm-corrected among themselves; the\n  whole interval"),
		  "%s", html);
	cr_expect_eq(pre_lines_over_100(html, "verdict"), 0, "%s", html);
	free(html);
	html = section(html_cells_section, sets, names, 2);
	cr_expect_eq(count(html, "<pre class=\"verdict\">"), 2, "%s", html);
	cr_expect(strstr(html, "<h3>b.json</h3>"), "%s", html);
	free(html);
	results_free(&a);
	results_free(&b);
}

/* Files that share no cell: the page says so and goes on. */
Test(html_parts, files_that_share_no_cell)
{
	struct results a, b;
	const struct results *sets[] = { &a, &b };
	const char *names[] = { "a.json", "b.json" };
	char *html;

	read_fixture("disk-zram.json", &a);
	read_fixture("disk-zram.json", &b);
	for (size_t i = 0; i < b.ncells; i++)
		b.cells[i].jobs = 7;
	html = section(html_verdict_section, sets, names, 2);
	cr_expect(strstr(html, "<h2>Comparison</h2>\n<p>"), "%s", html);
	free(html);
	results_free(&a);
	results_free(&b);
}

/* A gnuplot that writes an empty picture wherever its script says, first on PATH. */
static void fake_gnuplot(void)
{
	char *bin = temp_dir("zsb-htmlparts"), path[PATH_MAX];
	FILE *f;

	snprintf(path, sizeof(path), "%s/gnuplot", bin);
	cr_assert_not_null(f = fopen(path, "w"));
	fputs("#!/bin/sh\nout=$(sed -n \"s/^set output '\\(.*\\)'\\$/\\1/p\" \"$1\")\n"
	      "printf '<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" "
	      "height=\"10\"></svg>\\n' > \"$out\"\n",
	      f);
	fclose(f);
	cr_assert_eq(chmod(path, 0755), 0);
	snprintf(path, sizeof(path), "%s:/usr/bin:/bin", bin);
	setenv("PATH", path, 1);
}

static char *page(const struct results *const *sets, const char *const *names, size_t n)
{
	char *dir = temp_dir("zsb-htmlpage"), path[PATH_MAX], why[1024] = "";
	struct report_opts o = show_opts();
	char *text;

	fake_gnuplot();
	setenv("TMPDIR", dir, 1);
	snprintf(path, sizeof(path), "%s/report.html", dir);
	cr_assert_eq(html_report(sets, names, n, &o, path, why, sizeof(why)), 0, "%s", why);
	text = slurp(path);
	remove_dir(dir);
	return text;
}

/* The head: the kernels, hosts and dates of the files, each once; unnamed files "run 1"... */
Test(html_parts, the_pages_head)
{
	struct results a, b;
	const struct results *sets[] = { &a, &b };
	char *html;

	read_fixture("disk-zram.json", &a);
	read_fixture("oom.json", &b);
	html = page(sets, NULL, 1);
	cr_expect(strstr(html,
			 "<title>zswapbench: kernel 6.18.44-fc-v657 on host vm, "
			 "2026-11-30T02:23:25Z</title>"),
		  "%s", html);
	cr_expect(strstr(html,
			 "<p class=\"meta\">run 1: 2 cells, zswapbench 0.1.0, "
			 "complete</p>"),
		  "%s", html);
	cr_expect(!strstr(html, "<h3>"), "%s", html);
	free(html);
	snprintf(b.system.kernel, sizeof(b.system.kernel), "6.1");
	b.ncells = 1; /* the other cell leaks: a test's process ends */
	html = page(sets, NULL, 2);
	cr_expect(strstr(html, "<title>zswapbench: kernels 6.18.44-fc-v657, 6.1 on host vm, "),
		  "%s", html);
	cr_expect(strstr(html, "run 2: 1 cell, zswapbench"), "%s", html);
	free(html);
	results_free(&a);
	results_free(&b);
}
