/*
 * One HTML page of one or several result files, to be mailed and opened anywhere: no script,
 * no stylesheet, font or picture fetched from elsewhere. The text parts are the very text the
 * terminal views print (the verdict, the comparison, the warnings), escaped into <pre>, so the
 * page and `zswapbench show` never disagree. The page is XHTML-compatible HTML5: an XML parser
 * reads it as well as a browser does, which is how the tests check it.
 *
 * This file writes the page's head and the file; each section is written by a file of its own
 * (html_page.h lists them) with the markup of html_markup.c.
 */
#include "runner/report/html/html.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/util.h"
#include "runner/base/fileio.h"
#include "runner/base/sizes.h"
#include "runner/report/html/html_markup.h"
#include "runner/report/html/html_page.h"

/* "run " and the 20 digits of the largest size_t, with room to spare. */
#define DEFAULT_NAME_LEN 32

static const char style[] =
	"body{font:15px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu "
	"Sans',sans-serif;color:#1b1b1b;"
	"background:#fff;max-width:1200px;margin:0 auto;padding:1em 1.5em 3em}\n"
	"h1{font-size:1.45em;margin:.5em 0 .2em}\n"
	"h2{font-size:1.2em;border-bottom:1px solid #d8dde3;padding-bottom:.2em;margin-top:1.8em}\n"
	"h3{font-size:1.05em;margin:1.2em 0 .4em}\n"
	"nav a{margin-right:1em}\n"
	".meta,figcaption,.skipped{color:#555}\n"
	"pre{background:#f5f6f8;border:1px solid #e1e4e8;border-radius:4px;padding:.6em "
	".9em;overflow-x:auto;"
	"font:13px/1.4 ui-monospace,'DejaVu Sans Mono',Menlo,Consolas,monospace}\n"
	"pre.verdict{background:#eef6ee;border-color:#b5d8b5;font-size:14px}\n"
	"pre.warnings{background:#fff8e6;border-color:#f0d58a}\n"
	"table{border-collapse:collapse;margin:.4em 0 1em;font-size:14px}\n"
	"th,td{border:1px solid #d8dde3;padding:.25em .6em;text-align:left;vertical-align:top}\n"
	"th{background:#f0f2f5;font-weight:600}\n"
	"td.num{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}\n"
	"td.unset{color:#999}\n"
	"td:first-child{white-space:nowrap}\n"
	"figure{margin:1.2em 0}\n"
	".plot{overflow-x:auto}\n"
	".plot svg{max-width:100%;height:auto}\n"
	"details summary{cursor:pointer;color:#345}\n";

int html_fail(struct html_page *p, int err, const char *what)
{
	snprintf(p->why, p->why_len, "%s: %s", what, strerror(-err));
	return err;
}

/* A file's heading within a section, when there are several. */
void html_set_heading(const struct html_page *p, size_t k)
{
	if (p->n < 2)
		return;
	fputs("<h3>", p->out);
	html_esc(p->out, p->names[k]);
	fputs("</h3>\n", p->out);
}

/* ---- the head: kernels, hosts and dates in the title ---- */

/* The distinct values of one field over the sets, ", " between them. */
static void distinct(const struct html_page *p, const char *(*field)(const struct results *),
		     char *buf, size_t len, size_t *count)
{
	size_t at = 0;

	buf[0] = '\0';
	*count = 0;
	for (size_t k = 0; k < p->n; k++) {
		const char *v = field(p->sets[k])[0] ? field(p->sets[k]) : "?";
		int seen = 0;
		for (size_t j = 0; j < k && !seen; j++)
			seen = strcmp(v, field(p->sets[j])[0] ? field(p->sets[j]) : "?") == 0;
		if (seen || at >= len)
			continue;
		at += (size_t)snprintf(buf + at, len - at, "%s%s", *count ? ", " : "", v);
		(*count)++;
	}
}

static const char *kernel_of(const struct results *r)
{
	return r->system.kernel;
}

static const char *host_of(const struct results *r)
{
	return r->system.hostname;
}

static const char *date_of(const struct results *r)
{
	return r->started;
}

static void title_text(const struct html_page *p, char *buf, size_t len)
{
	char kernels[512], hosts[512], dates[512];
	size_t nk, nh, nd;

	distinct(p, kernel_of, kernels, sizeof(kernels), &nk);
	distinct(p, host_of, hosts, sizeof(hosts), &nh);
	distinct(p, date_of, dates, sizeof(dates), &nd);
	snprintf(buf, len, "zswapbench: kernel%s %s on host%s %s, %s", nk > 1 ? "s" : "", kernels,
		 nh > 1 ? "s" : "", hosts, dates);
}

static void page_head(const struct html_page *p)
{
	char title[1600];

	title_text(p, title, sizeof(title));
	fputs("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n"
	      "<meta charset=\"utf-8\"/>\n"
	      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
	      "<meta name=\"generator\" content=\"zswapbench " ZSB_VERSION "\"/>\n<title>",
	      p->out);
	html_esc(p->out, title);
	fprintf(p->out, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<h1>", style);
	html_esc(p->out, title);
	fputs("</h1>\n<p class=\"meta\">", p->out);
	for (size_t k = 0; k < p->n; k++) {
		html_escf(p->out, "%s%s: %zu cell%s, zswapbench %s, %s", k ? "; " : "", p->names[k],
			  p->sets[k]->ncells, p->sets[k]->ncells == 1 ? "" : "s",
			  p->sets[k]->tool_version, run_status_name(p->sets[k]->status));
	}
	fputs("</p>\n<nav><a href=\"#verdict\">verdict</a><a href=\"#cells\">cells</a><a "
	      "href=\"#plots\">plots</a>"
	      "<a href=\"#warnings\">warnings</a><a href=\"#system\">system</a><a "
	      "href=\"#config\">configuration</a>"
	      "</nav>\n",
	      p->out);
}

/* ---- the file ---- */

static int render(struct html_page *p, char **html, size_t *len)
{
	int (*const sections[])(struct html_page *) = { html_verdict_section, html_cells_section,
							html_plots_section,   html_warnings_section,
							html_system_section,  html_config_section };
	int ret = 0;

	if (!(p->out = open_memstream(html, len)))
		return html_fail(p, -ENOMEM, "page");
	page_head(p);
	for (size_t i = 0; i < ARRAY_SIZE(sections) && !ret; i++)
		ret = sections[i](p);
	fputs("</body>\n</html>\n", p->out);
	if (fclose(p->out) && !ret)
		ret = html_fail(p, -ENOMEM, "page");
	p->out = NULL;
	return ret;
}

/* The plots' folder and everything gnuplot left in it. */
static void remove_tree(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	while (d && (e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			unlinkat(dirfd(d), e->d_name, 0);
	if (d)
		closedir(d);
	rmdir(dir);
}

/* The plots, drawn into a private folder that is gone before this returns. The page is
 * rendered while the pictures are there. */
static int plots_and_page(struct html_page *p, char **html, size_t *len)
{
	const char *tmpdir = getenv("TMPDIR") && getenv("TMPDIR")[0] ? getenv("TMPDIR") : "/tmp";
	struct plot_output po = { 0 };
	char dir[PATH_MAX];
	int ret;

	if ((size_t)snprintf(dir, sizeof(dir), "%s/zswapbench-report-XXXXXX", tmpdir) >=
	    sizeof(dir))
		return html_fail(p, -ENAMETOOLONG, tmpdir);
	if (!mkdtemp(dir))
		return html_fail(p, -errno, dir);
	ret = plot_results(p->sets, p->names, p->n, dir, 0, &po, p->why, p->why_len);
	p->plots = &po;
	if (!ret)
		ret = render(p, html, len);
	p->plots = NULL;
	plot_output_free(&po);
	remove_tree(dir);
	return ret;
}

/* "run 1", "run 2"... where the caller names no file: one block, the pointers then the text. */
static const char **default_names(size_t n)
{
	const char **names = n ? malloc(n * (sizeof(*names) + DEFAULT_NAME_LEN)) : NULL;
	char *text = names ? (char *)(names + n) : NULL;

	for (size_t k = 0; names && k < n; k++) {
		snprintf(text + k * DEFAULT_NAME_LEN, DEFAULT_NAME_LEN, "run %zu", k + 1);
		names[k] = text + k * DEFAULT_NAME_LEN;
	}
	return names;
}

/* The page into a temporary file renamed over path, so a reader never sees half of it; for
 * "-", onto standard output. */
static int write_page(struct html_page *p, const char *path)
{
	char *html = NULL;
	size_t len = 0;
	int ret = plots_and_page(p, &html, &len);

	if (!ret && strcmp(path, "-") == 0) {
		fflush(stdout);
		ret = write_full(STDOUT_FILENO, html, len);
	} else if (!ret) {
		ret = write_file_atomic_mode(path, html, len, 0, 0666);
	}
	free(html);
	return ret;
}

int html_report(const struct results *const *sets, const char *const *names, size_t n,
		const struct report_opts *o, const char *path, char *why, size_t why_len)
{
	const char **own = names ? NULL : default_names(n);
	struct html_page p = { .sets = sets,
			       .names = names ? names : own,
			       .n = n,
			       .o = *o,
			       .why = why,
			       .why_len = why_len };
	char reason[MSG_LEN] = "";
	int ret;

	/* The text views' own layout, whatever format the command line asked for. */
	p.o.render.format = FORMAT_TABLE;
	p.why = reason;
	p.why_len = sizeof(reason);
	if (!sets || !n || !path || !path[0] || !p.names) {
		ret = !p.names && n ? -ENOMEM : -EINVAL;
		snprintf(reason, sizeof(reason), "no result set or no file to write");
	} else if (!plot_available()) {
		snprintf(why, why_len, "%s", PLOT_NO_GNUPLOT);
		free(own);
		return -ENOENT;
	} else {
		ret = write_page(&p, path);
	}
	if (ret)
		snprintf(why, why_len, "%s: %s", path ? path : "",
			 reason[0] ? reason : strerror(-ret));
	free(own);
	return ret;
}
