/* The HTML report of fixture result files: the verdict is the text `show` prints, every plot
 * is inline and its ids its own, nothing is fetched from elsewhere, the page is XML, the
 * user's text is text, and without gnuplot nothing is written. xmllint checks the page where
 * it is installed; a test that needs it and lacks it is skipped and says which package. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <errno.h>
#include <json.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runner/cli/options.h"
#include "runner/cli/report_opts.h"
#include "runner/report/formats/formats.h"
#include "runner/report/html/html.h"
#include "runner/report/plot/plot.h"
#include "fixture.h"
#include "tools.h"

static void need_gnuplot(void)
{
	if (!have_tool("gnuplot"))
		cr_skip_test("gnuplot is not installed (apt-get install gnuplot-nox)");
}

/* Entries of a folder, . and .. aside. */
static int entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	cr_assert_not_null(d, "%s: %s", dir, strerror(errno));
	while ((e = readdir(d)))
		n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	closedir(d);
	return n;
}

/* The options `zswapbench show` renders with when given none. */
static struct report_opts show_opts(void)
{
	static struct config cfg;

	config_free(&cfg); /* what the call before left */
	options_defaults(&cfg);
	return report_opts_of(&cfg);
}

/* The report of the sets as text; its path in path (under dir). The plots' temporary folder
 * goes under a TMPDIR of its own, which must be empty again afterwards. */
static char *report(const struct results *const *sets, const char *const *names, size_t n,
		    const char *dir, char *path, size_t len)
{
	struct report_opts o = show_opts();
	char why[1024] = "", tmpdir[PATH_MAX];
	char *text;
	int ret;

	snprintf(tmpdir, sizeof(tmpdir), "%s/tmp", dir);
	cr_assert_eq(mkdir(tmpdir, 0700), 0);
	setenv("TMPDIR", tmpdir, 1);
	snprintf(path, len, "%s/report.html", dir);
	ret = html_report(sets, names, n, &o, path, why, sizeof(why));
	cr_assert_eq(ret, 0, "html_report: %d %s", ret, why);
	cr_expect_eq(entries(tmpdir), 0, "the plots' temporary folder is left behind");
	/* The report and the tmp folder, no temporary file beside the report. */
	cr_expect_eq(entries(dir), 2, "a temporary file is left beside the report");
	text = slurp(path);
	rmdir(tmpdir);
	return text;
}

static char *report_one(const struct results *r, const char *dir, char *path, size_t len)
{
	const struct results *sets[] = { r };
	const char *names[] = { "disk-zram.json" };
	return report(sets, names, 1, dir, path, len);
}

/* What the page must hold for text: the five markup characters as references. */
static char *escaped(const char *s)
{
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);

	for (; *s; s++) {
		if (*s == '&')
			fputs("&amp;", f);
		else if (*s == '<')
			fputs("&lt;", f);
		else if (*s == '>')
			fputs("&gt;", f);
		else if (*s == '"')
			fputs("&quot;", f);
		else if (*s == '\'')
			fputs("&#39;", f);
		else
			fputc(*s, f);
	}
	fclose(f);
	return out;
}

static size_t count(const char *text, const char *what)
{
	size_t n = 0;
	for (const char *p = text; (p = strstr(p, what)); p += strlen(what))
		n++;
	return n;
}

/* The verdict as `show -q` prints it: its sentences wrapped within 100 columns. */
static char *show_q(const struct results *r)
{
	struct report_opts o = show_opts();
	char *verdict = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&verdict, &len);

	o.quiet = 1;
	cr_assert_eq(report_print(r, &o, f), 0);
	fclose(f);
	cr_assert_gt(len, 20);
	return verdict;
}

Test(html, the_verdict_is_the_text_show_prints)
{
	struct results r;
	char path[PATH_MAX], *dir = temp_dir("zsb-html"), *html, *verdict, *want, pre[512];

	need_gnuplot();
	read_fixture("disk-zram.json", &r);
	verdict = show_q(&r);
	want = escaped(verdict);
	html = report_one(&r, dir, path, sizeof(path));
	snprintf(pre, sizeof(pre), "<pre class=\"verdict\">");
	cr_assert(strstr(html, pre), "no verdict <pre>");
	cr_expect_eq(strncmp(strstr(html, pre) + strlen(pre), want, strlen(want)), 0,
		     "the verdict differs from:\n%s", verdict);
	cr_expect_eq(strncmp(strstr(html, pre) + strlen(pre) + strlen(want), "</pre>", 6), 0);
	/* At the top: before the cells, the plots and the rest. */
	cr_expect_lt(strstr(html, pre), strstr(html, "<section id=\"cells\">"));
	snprintf(pre, sizeof(pre), "kernel %s on host %s, %s</title>", r.system.kernel,
		 r.system.hostname, r.started);
	cr_expect(strstr(html, pre), "the title names no kernel, host or date");
	free(want);
	free(verdict);
	free(html);
	results_free(&r);
	remove_dir(dir);
}

/* A block device's page: its answer, its cells by bandwidth, and its bandwidth plots. */
Test(html, a_block_device_by_its_bandwidth)
{
	struct results r;
	char path[PATH_MAX], *dir = temp_dir("zsb-html"), *html, *verdict, *want;

	need_gnuplot();
	read_fixture("block-zram-disk.json", &r);
	verdict = show_q(&r);
	cr_assert(strstr(verdict, "zram higher than disk"), "%s", verdict);
	want = escaped(verdict);
	html = report_one(&r, dir, path, sizeof(path));
	cr_expect(strstr(html, want), "the page's verdict is not show's:\n%s", verdict);
	cr_expect(strstr(html, "<th>read, MiB/s</th>") && !strstr(html, "<th>swap written</th>"),
		  "the cells by bandwidth");
	cr_expect(strstr(html, "<figcaption>bandwidth-seq-read.svg</figcaption>"));
	/* Its trials drawn by what it is judged by, io_bw, after the bandwidth's plots. */
	cr_expect(strstr(html, "<figcaption>trials-io_bw.svg</figcaption>") &&
		  !strstr(html, "trials-elapsed.svg"));
	cr_expect_lt(strstr(html, "bandwidth-seq-write.svg"), strstr(html, "<figcaption>trials-"),
		     "bandwidth is the first plot");
	free(want);
	free(verdict);
	free(html);
	results_free(&r);
	remove_dir(dir);
}

/* The verdict's own picture once came sixth, after four time series: it is under the verdict
 * now, once, and the plots section goes on without it. */
Test(html, the_verdicts_picture_is_under_the_verdict)
{
	struct results r;
	char path[PATH_MAX], *dir = temp_dir("zsb-html"), *html, *verdict, *cells, *fig;

	need_gnuplot();
	read_fixture("disk-zram.json", &r);
	html = report_one(&r, dir, path, sizeof(path));
	verdict = strstr(html, "<section id=\"verdict\">");
	cells = strstr(html, "<section id=\"cells\">");
	fig = strstr(html, "<figcaption>trials-elapsed.svg</figcaption>");
	cr_assert(verdict && cells && fig);
	cr_expect(fig > verdict && fig < cells, "the verdict's picture is not in its section");
	cr_expect_eq(count(html, "<figcaption>trials-elapsed.svg</figcaption>"), 1);
	cr_expect_eq(count(verdict, "<figure"), count(cells, "<figure") + 1,
		     "one figure in the verdict's section");
	free(html);
	results_free(&r);
	remove_dir(dir);
}

Test(html, every_plot_inline_with_its_own_ids)
{
	const struct results *sets[1];
	struct plot_output out;
	struct results r;
	char path[PATH_MAX], why[512] = "", *dir = temp_dir("zsb-html"),
			     *plots = temp_dir("zsb-html"), *html, *p;
	char **ids = NULL;
	size_t nids = 0;

	need_gnuplot();
	read_fixture("disk-zram.json", &r);
	sets[0] = &r;
	cr_assert_eq(plot_results(sets, NULL, 1, plots, 0, &out, why, sizeof(why)), 0, "%s", why);
	cr_assert_gt(out.nwritten, 1);
	html = report_one(&r, dir, path, sizeof(path));
	cr_expect_eq(count(html, "<svg"), out.nwritten, "%zu <svg for %zu plots",
		     count(html, "<svg"), out.nwritten);
	cr_expect_eq(count(html, "<figure"), out.nwritten);
	cr_expect_eq(count(html, "No plot"), 0, "a page of plots says it has none");
	cr_expect_eq(count(html, "<?xml"), 0, "an XML declaration inside the page");
	cr_expect_eq(count(html, "<title>Gnuplot</title>"), 0);
	cr_expect(strstr(html, "<title>memory-zram.svg</title>"),
		  "the plots are not titled by name");
	/* Every id once in the page, and every reference to one points at one. */
	for (p = html; (p = strstr(p, " id=")); p += 4) {
		char q = p[4], *end = strchr(p + 5, q);
		cr_assert(end && (q == '"' || q == '\''));
		cr_assert_not_null(ids = realloc(ids, (nids + 1) * sizeof(*ids)));
		ids[nids++] = strndup(p + 5, (size_t)(end - p - 5));
	}
	cr_assert_gt(nids, out.nwritten * 10);
	for (size_t i = 0; i < nids; i++)
		for (size_t j = i + 1; j < nids; j++)
			cr_expect_str_neq(ids[i], ids[j], "id %s twice", ids[i]);
	for (p = html; (p = strstr(p, "href='#")); p += 7) {
		size_t n = strcspn(p + 7, "'"), found = 0;
		for (size_t i = 0; i < nids && !found; i++)
			found = strlen(ids[i]) == n && strncmp(ids[i], p + 7, n) == 0;
		cr_expect(found, "a reference to a missing id: %.40s", p);
	}
	for (size_t i = 0; i < nids; i++)
		free(ids[i]);
	free(ids);
	free(html);
	plot_output_free(&out);
	results_free(&r);
	remove_dir(plots);
	remove_dir(dir);
}

/* A mail attachment opens offline: no address but the namespaces' names. */
Test(html, nothing_from_elsewhere)
{
	struct results r;
	char path[PATH_MAX], *dir = temp_dir("zsb-html"), *html, *p;

	need_gnuplot();
	read_fixture("disk-zram.json", &r);
	html = report_one(&r, dir, path, sizeof(path));
	for (p = html; (p = strstr(p, "://")); p += 3) {
		const char *attr = p;
		while (attr > html && attr[-1] != ' ' && attr[-1] != '\n' && attr[-1] != '<')
			attr--;
		cr_expect_eq(strncmp(attr, "xmlns", 5), 0, "an address outside xmlns: %.60s", attr);
	}
	cr_expect_eq(count(html, "<script"), 0);
	cr_expect_eq(count(html, "<link"), 0);
	cr_expect_eq(count(html, "@import"), 0);
	cr_expect_eq(count(html, "url("), count(html, "url(#"), "a url() that is not in the page");
	free(html);
	results_free(&r);
	remove_dir(dir);
}

/* XML to an XML parser; to libxml2's HTML parser (HTML 4), nothing worse than the HTML5 and
 * SVG tags it does not know. The labels hold markup and bytes that are not UTF-8. */
Test(html, the_page_is_xml)
{
	char *lint[] = { "xmllint", "--noout", NULL, NULL },
	     *lint_html[] = { "xmllint", "--html", "--noout", NULL, NULL };
	const char *names[] = { "a <b>.json", "b & c.json" };
	const struct results *sets[2];
	struct results a, b;
	char path[PATH_MAX], out[16384], *dir = temp_dir("zsb-html"), *html, *line;

	need_gnuplot();
	if (!have_tool("xmllint"))
		cr_skip_test("xmllint is not installed (apt-get install libxml2-utils)");
	read_fixture("disk-zram.json", &a);
	read_fixture("sweep-jobs.json", &b);
	snprintf(a.cells[0].label, sizeof(a.cells[0].label), "disk \xff\x01 \"q\" 'a' <i>");
	snprintf(a.system.hostname, sizeof(a.system.hostname), "h\xc3\xa9<st>\xed\xa0\x80");
	sets[0] = &a;
	sets[1] = &b;
	html = report(sets, names, 2, dir, path, sizeof(path));
	lint[2] = path;
	cr_expect_eq(run_program(lint, out, sizeof(out), 1), 0, "xmllint --noout:\n%s", out);
	lint_html[3] = path;
	run_program(lint_html, out, sizeof(out), 1);
	for (line = strtok(out, "\n"); line; line = strtok(NULL, "\n"))
		if (strstr(line, "error") && !strstr(line, "HTML parser error : Tag "))
			cr_expect(0, "xmllint --html: %s", line);
	cr_expect(strstr(html, "h\xc3\xa9&lt;st&gt;&#xFFFD;"), "the host as text");
	free(html);
	results_free(&a);
	results_free(&b);
	remove_dir(dir);
}

Test(html, a_label_with_a_script_is_text)
{
	struct results r;
	char path[PATH_MAX], *dir = temp_dir("zsb-html"), *html;

	need_gnuplot();
	read_fixture("disk-zram.json", &r);
	snprintf(r.cells[1].label, sizeof(r.cells[1].label), "<script>alert(1)</script>");
	json_object_object_add(r.config, "comp",
			       json_object_new_string("</td><script>x()</script>"));
	html = report_one(&r, dir, path, sizeof(path));
	cr_expect_eq(count(html, "<script"), 0, "a script in the page");
	cr_expect(strstr(html, "<td>&lt;script&gt;alert(1)&lt;/script&gt;</td>"),
		  "the label in the cells' table");
	cr_expect(strstr(html, "&lt;/td&gt;&lt;script&gt;x()&lt;/script&gt;"), "the config value");
	free(html);
	results_free(&r);
	remove_dir(dir);
}

Test(html, two_files_are_compared)
{
	const char *names[] = { "before.json", "after.json" };
	const struct results *sets[2];
	struct results a, b;
	char path[PATH_MAX], *dir = temp_dir("zsb-html"), *html, *cmp;

	need_gnuplot();
	read_fixture("disk-zram.json", &a);
	read_fixture("disk-zram.json", &b);
	snprintf(b.system.kernel, sizeof(b.system.kernel), "6.1.0-27-amd64");
	sets[0] = &a;
	sets[1] = &b;
	html = report(sets, names, 2, dir, path, sizeof(path));
	cr_assert(cmp = strstr(
			  html,
			  "<h2>Comparison</h2>\n<pre class=\"verdict\">base before.json: kernel "));
	cr_expect(strstr(cmp, "new  after.json: kernel 6.1.0-27-amd64"),
		  "the new file is not named");
	cr_expect(strstr(html, "kernels 6.18.44-fc-v657, 6.1.0-27-amd64 on host vm"),
		  "the title names both kernels");
	/* Each file its heading in the sections that follow, and its own verdict. */
	cr_expect_eq(count(html, "<h3>before.json</h3>"), 4);
	cr_expect_eq(count(html, "<pre class=\"verdict\">"), 3);
	free(html);
	results_free(&a);
	results_free(&b);
	remove_dir(dir);
}

Test(html, skipped_plots_are_said)
{
	struct results r;
	char path[PATH_MAX], *dir = temp_dir("zsb-html"), *html, *said;

	need_gnuplot();
	read_fixture("no-series.json", &r);
	html = report_one(&r, dir, path, sizeof(path));
	cr_assert(said = strstr(html, "<p class=\"skipped\">Not drawn, for want of data: "));
	cr_expect(strstr(said,
			 "memory-*.svg: no time series in any cell (the run had --interval 0)"));
	cr_expect(strstr(said, "psi-*.svg"));
	cr_expect_eq(count(html, "<svg"), count(html, "<figure"));
	free(html);
	results_free(&r);
	remove_dir(dir);
}

Test(html, system_and_configuration)
{
	struct results r;
	char path[PATH_MAX], *dir = temp_dir("zsb-html"), *html;

	need_gnuplot();
	read_fixture("oom.json", &r);
	r.system.facts = json_tokener_parse("{\"zram\": {\"algorithms\": [\"lzo\", \"<lz4>\"]}}");
	html = report_one(&r, dir, path, sizeof(path));
	cr_expect(strstr(html, "<tr><th>host</th><td>vm</td></tr>"));
	cr_expect(strstr(
		html, "<details><summary>What zswapbench sysinfo read before the run</summary>"));
	cr_expect(strstr(html, "&quot;&lt;lz4&gt;&quot;"), "the facts, escaped");
	cr_expect(strstr(html, "<tr><th>swap</th><td>disk, zram</td></tr>"), "a list as typed");
	cr_expect(strstr(html, "<tr><th>swappiness</th><td class=\"unset\">default</td></tr>"),
		  "null: not given");
	cr_expect(strstr(html, "<tr><th>limit</th><td>32M</td></tr>"), "a size as typed");
	cr_expect(strstr(html, "<tr><th>interval</th><td>0.1s</td></tr>"), "a duration as typed");
	/* The OOM-killed trial is a warning of its cell. */
	cr_assert(strstr(html, "<pre class=\"warnings\">"), "no warnings");
	cr_expect(strstr(strstr(html, "<pre class=\"warnings\">"),
			 "zram: trial 3: oom: OOM-killed"),
		  "no OOM kill");
	free(html);
	results_free(&r);
	remove_dir(dir);
}

Test(html, without_gnuplot_nothing_is_written)
{
	const struct results *sets[1];
	struct report_opts o = show_opts();
	struct results r;
	char why[512] = "", *dir = temp_dir("zsb-html"), *empty = temp_dir("zsb-html"),
	     path[PATH_MAX];

	read_fixture("disk-zram.json", &r);
	sets[0] = &r;
	snprintf(path, sizeof(path), "%s/report.html", dir);
	setenv("PATH", empty, 1);
	cr_assert_eq(html_report(sets, NULL, 1, &o, path, why, sizeof(why)), -ENOENT);
	cr_expect(strstr(why, "gnuplot"), "why: %s", why);
	cr_expect_eq(entries(dir), 0, "something was written");
	setenv("PATH", "/usr/bin:/bin", 1);
	results_free(&r);
	remove_dir(empty);
	remove_dir(dir);
}

/* A folder that is not there: the error names the report, nothing is left anywhere. */
Test(html, a_report_that_cannot_be_written)
{
	const struct results *sets[1];
	struct report_opts o = show_opts();
	struct results r;
	char why[PATH_MAX + 512] = "", *dir = temp_dir("zsb-html"), path[PATH_MAX],
			    tmpdir[PATH_MAX];

	need_gnuplot();
	read_fixture("disk-zram.json", &r);
	sets[0] = &r;
	snprintf(tmpdir, sizeof(tmpdir), "%s", dir);
	setenv("TMPDIR", tmpdir, 1);
	snprintf(path, sizeof(path), "%s/missing/report.html", dir);
	cr_assert_eq(html_report(sets, NULL, 1, &o, path, why, sizeof(why)), -ENOENT);
	cr_expect_eq(strncmp(why, path, strlen(path)), 0, "why: %s", why);
	cr_expect(strstr(why, "No such file or directory"), "why: %s", why);
	cr_expect_eq(entries(dir), 0, "the plots' folder is left behind");
	results_free(&r);
	remove_dir(dir);
}
