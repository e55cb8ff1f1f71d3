/*
 * One HTML page of one or several result files, to be mailed and opened anywhere: no script,
 * no stylesheet, font or picture fetched from elsewhere. The text parts are the very text the
 * terminal views print (the verdict, the comparison, the warnings), escaped into <pre>, so the
 * page and `zswapbench show` never disagree. The page is XHTML-compatible HTML5: an XML parser
 * reads it as well as a browser does, which is how the tests check it.
 */
#include "runner/report/html.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <json.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/size.h"
#include "runner/base/fileio.h"
#include "runner/report/compare_view.h"
#include "runner/report/format.h"
#include "runner/report/plot.h"

/* Written as UTF-8 bytes: the page declares its charset, whatever the locale. */
#define PM " \xc2\xb1 "
#define ELLIPSIS " \xe2\x80\xa6 "
/* gnuplot's title of every SVG; each inlined picture gets its plot's name instead. */
#define GNUPLOT_TITLE "<title>Gnuplot</title>"
/* "run " and the 20 digits of the largest size_t, with room to spare. */
#define DEFAULT_NAME_LEN 32

struct page {
	const struct results *const *sets;
	const char *const *names;
	size_t n;
	struct report_opts o;
	const struct plot_output *plots;
	FILE *out;
	char *why;
	size_t why_len;
};

static const char style[] =
	"body{font:15px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',sans-serif;color:#1b1b1b;"
	"background:#fff;max-width:1200px;margin:0 auto;padding:1em 1.5em 3em}\n"
	"h1{font-size:1.45em;margin:.5em 0 .2em}\n"
	"h2{font-size:1.2em;border-bottom:1px solid #d8dde3;padding-bottom:.2em;margin-top:1.8em}\n"
	"h3{font-size:1.05em;margin:1.2em 0 .4em}\n"
	"nav a{margin-right:1em}\n"
	".meta,figcaption,.skipped{color:#555}\n"
	"pre{background:#f5f6f8;border:1px solid #e1e4e8;border-radius:4px;padding:.6em .9em;overflow-x:auto;"
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

/* ---- text into markup ---- */

/* The length of the character at s if XML and HTML both take it as text, else 0: valid UTF-8
 * without the control characters either refuses. A label is the user's bytes, and one stray
 * byte would make the whole page unreadable to an XML parser. */
static size_t text_char(const unsigned char *s)
{
	size_t len = s[0] < 0x80 ? 1 : s[0] < 0xc2 ? 0 : s[0] < 0xe0 ? 2 : s[0] < 0xf0 ? 3 : s[0] < 0xf5 ? 4 : 0;

	if (s[0] < 0x20)
		return s[0] == '\t' || s[0] == '\n' || s[0] == '\r' ? 1 : 0;
	/* DEL and C1 controls, overlong forms, UTF-16 surrogates, above U+10FFFF. */
	if (s[0] == 0x7f || (s[0] == 0xc2 && s[1] < 0xa0) || (s[0] == 0xe0 && s[1] < 0xa0) ||
	    (s[0] == 0xed && s[1] >= 0xa0) || (s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] >= 0x90))
		return 0;
	for (size_t i = 1; i < len; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	/* U+FFFE and U+FFFF are no characters to XML. */
	if (len == 3 && s[0] == 0xef && s[1] == 0xbf && s[2] >= 0xbe)
		return 0;
	return len;
}

/* Text as text: markup characters as references, anything else unreadable as U+FFFD. */
static void put_esc(FILE *f, const char *text)
{
	const unsigned char *s = (const unsigned char *)text;

	while (*s) {
		size_t len = text_char(s);
		if (!len) {
			fputs("&#xFFFD;", f);
			s++;
			continue;
		}
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
			fwrite(s, 1, len, f);
		s += len;
	}
}

__attribute__((format(printf, 2, 3)))
static void put_escf(FILE *f, const char *fmt, ...)
{
	char *text = NULL;
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = vasprintf(&text, fmt, ap);
	va_end(ap);
	if (ret >= 0)
		put_esc(f, text);
	free(text);
}

static void put_pre(FILE *f, const char *cls, const char *text)
{
	fprintf(f, "<pre class=\"%s\">", cls);
	put_esc(f, text);
	fputs("</pre>\n", f);
}

static void td(FILE *f, const char *cls, const char *text)
{
	fputs(cls ? "<td class=\"" : "<td", f);
	if (cls)
		fprintf(f, "%s\"", cls);
	fputc('>', f);
	put_esc(f, text);
	fputs("</td>", f);
}

static void kv_row(FILE *f, const char *key, const char *value)
{
	fputs("<tr><th>", f);
	put_esc(f, key);
	fputs("</th>", f);
	td(f, NULL, value);
	fputs("</tr>\n", f);
}

/* A file's heading within a section, when there are several. */
static void set_heading(const struct page *p, size_t k)
{
	if (p->n < 2)
		return;
	fputs("<h3>", p->out);
	put_esc(p->out, p->names[k]);
	fputs("</h3>\n", p->out);
}

/* ---- what the text views print, caught in memory ---- */

struct capture {
	char *text;
	size_t len;
	FILE *f;
};

static FILE *capture_open(struct capture *c)
{
	c->text = NULL;
	c->len = 0;
	c->f = open_memstream(&c->text, &c->len);
	return c->f;
}

/* The text, or NULL when out of memory (then nothing is left to free). */
static char *capture_close(struct capture *c)
{
	if (fclose(c->f)) {
		free(c->text);
		return NULL;
	}
	return c->text;
}

static int page_fail(struct page *p, int err, const char *what)
{
	snprintf(p->why, p->why_len, "%s: %s", what, strerror(-err));
	return err;
}

/* ---- the head: kernels, hosts and dates in the title ---- */

/* The distinct values of one field over the sets, ", " between them. */
static void distinct(const struct page *p, const char *(*field)(const struct results *), char *buf, size_t len,
		     size_t *count)
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

static void title_text(const struct page *p, char *buf, size_t len)
{
	char kernels[512], hosts[512], dates[512];
	size_t nk, nh, nd;

	distinct(p, kernel_of, kernels, sizeof(kernels), &nk);
	distinct(p, host_of, hosts, sizeof(hosts), &nh);
	distinct(p, date_of, dates, sizeof(dates), &nd);
	snprintf(buf, len, "zswapbench: kernel%s %s on host%s %s, %s", nk > 1 ? "s" : "", kernels, nh > 1 ? "s" : "",
		 hosts, dates);
}

static void page_head(const struct page *p)
{
	char title[1600];

	title_text(p, title, sizeof(title));
	fputs("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n"
	      "<meta charset=\"utf-8\"/>\n"
	      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
	      "<meta name=\"generator\" content=\"zswapbench " ZSB_VERSION "\"/>\n<title>", p->out);
	put_esc(p->out, title);
	fprintf(p->out, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<h1>", style);
	put_esc(p->out, title);
	fputs("</h1>\n<p class=\"meta\">", p->out);
	for (size_t k = 0; k < p->n; k++) {
		put_escf(p->out, "%s%s: %zu cell%s, zswapbench %s, %s", k ? "; " : "", p->names[k], p->sets[k]->ncells,
			 p->sets[k]->ncells == 1 ? "" : "s", p->sets[k]->tool_version, run_status_name(p->sets[k]->status));
	}
	fputs("</p>\n<nav><a href=\"#verdict\">verdict</a><a href=\"#cells\">cells</a><a href=\"#plots\">plots</a>"
	      "<a href=\"#warnings\">warnings</a><a href=\"#system\">system</a><a href=\"#config\">configuration</a>"
	      "</nav>\n", p->out);
}

/* ---- the verdict ---- */

/* One file's verdict as `show` prints it; a sentence where it has nothing to say. */
static int put_verdict(struct page *p, size_t k)
{
	struct capture c;
	char *text;
	int ret;

	if (!capture_open(&c))
		return page_fail(p, -ENOMEM, "verdict");
	ret = report_verdict(p->sets[k], &p->o, c.f);
	if (!(text = capture_close(&c)))
		return page_fail(p, -ENOMEM, "verdict");
	if (ret)
		page_fail(p, ret, "verdict");
	else if (text[0])
		put_pre(p->out, "verdict", text);
	else
		fputs("<p>Nothing to compare: the run has one cell, summed up below.</p>\n", p->out);
	free(text);
	return ret;
}

/* Several files: the comparison as `compare` prints it; files that share no cell say so. */
static int put_comparison(struct page *p)
{
	char why[PATH_MAX + 512] = "";
	struct capture c;
	char *text;
	int ret;

	if (!capture_open(&c))
		return page_fail(p, -ENOMEM, "comparison");
	ret = report_compare(p->sets, p->names, p->n, &p->o, 0, c.f, why, sizeof(why));
	if (!(text = capture_close(&c)))
		return page_fail(p, -ENOMEM, "comparison");
	if (ret == -ENOENT) {
		fputs("<p>", p->out);
		put_esc(p->out, why);
		fputs("</p>\n", p->out);
		ret = 0;
	} else if (ret) {
		page_fail(p, ret, "comparison");
	} else {
		put_pre(p->out, "verdict", text);
	}
	free(text);
	return ret;
}

static int verdict_section(struct page *p)
{
	int ret;

	fprintf(p->out, "<section id=\"verdict\">\n<h2>%s</h2>\n", p->n > 1 ? "Comparison" : "Verdict");
	ret = p->n > 1 ? put_comparison(p) : put_verdict(p, 0);
	fputs("</section>\n", p->out);
	return ret;
}

/* ---- the cells ---- */

static void metric_td(FILE *f, const struct result_cell *c, enum metric_id m)
{
	char buf[48];

	td(f, "num", c->have_stats[m] ? fmt_metric_unit(m, c->stats[m].mean, buf, sizeof(buf)) : "");
}

static void elapsed_tds(FILE *f, const struct result_cell *c)
{
	const struct summary *s = &c->stats[M_ELAPSED];
	char a[48], b[48], text[128];

	if (!c->have_stats[M_ELAPSED]) {
		fputs("<td></td><td></td><td></td>", f);
		return;
	}
	snprintf(text, sizeof(text), "%s" PM "%s", fmt_metric(M_ELAPSED, s->mean, a, sizeof(a)),
		 fmt_metric_unit(M_ELAPSED, s->stddev, b, sizeof(b)));
	td(f, "num", text);
	text[0] = '\0';
	if (isfinite(s->mean_lo))
		snprintf(text, sizeof(text), "%s" ELLIPSIS "%s", fmt_metric(M_ELAPSED, s->mean_lo, a, sizeof(a)),
			 fmt_metric_unit(M_ELAPSED, s->mean_hi, b, sizeof(b)));
	td(f, "num", text);
	snprintf(text, sizeof(text), "%s" ELLIPSIS "%s", fmt_metric(M_ELAPSED, s->min, a, sizeof(a)),
		 fmt_metric_unit(M_ELAPSED, s->max, b, sizeof(b)));
	td(f, "num", text);
}

static void cell_row(FILE *f, const struct result_cell *c)
{
	char text[PATH_MAX + 128];
	double ratio;

	fputs("<tr>", f);
	td(f, NULL, c->label);
	snprintf(text, sizeof(text), "%u/%u", c->measured - c->failed, c->measured);
	td(f, "num", text);
	elapsed_tds(f, c);
	metric_td(f, c, M_CPU_TIME);
	metric_td(f, c, M_SWAP_PEAK);
	/* As the short answer: a backend that holds nothing in RAM gets no number. */
	if (c->have_stats[M_SWAP_RAM] && c->stats[M_SWAP_RAM].mean > 0)
		metric_td(f, c, M_SWAP_RAM);
	else
		td(f, "num", "");
	text[0] = '\0';
	if (report_ram_ratio(c, &ratio))
		snprintf(text, sizeof(text), "%.2fx", ratio);
	td(f, "num", text);
	snprintf(text, sizeof(text), "%s%s%s%s%s", c->device, c->device[0] && c->comp_used[0] ? " " : "", c->comp_used,
		 c->zpool_used[0] ? "/" : "", c->zpool_used);
	td(f, NULL, text);
	fputs("</tr>\n", f);
}

static void cells_table(FILE *f, const struct results *r)
{
	fputs("<table>\n<tr><th>cell</th><th>trials ok</th><th>elapsed, mean" PM "sd</th>"
	      "<th>95% interval of the mean</th><th>range</th><th>CPU time</th><th>swap written</th>"
	      "<th>RAM holding it</th><th>stored / RAM</th><th>device</th></tr>\n", f);
	for (size_t i = 0; i < r->ncells; i++)
		cell_row(f, &r->cells[i]);
	fputs("</table>\n", f);
}

static int cells_section(struct page *p)
{
	int ret = 0;

	fputs("<section id=\"cells\">\n<h2>Cells</h2>\n", p->out);
	for (size_t k = 0; k < p->n && !ret; k++) {
		set_heading(p, k);
		if (!p->sets[k]->ncells) {
			fputs("<p>No cell.</p>\n", p->out);
			continue;
		}
		cells_table(p->out, p->sets[k]);
		/* The comparison at the top is across files; each file's own answer is here. */
		if (p->n > 1)
			ret = put_verdict(p, k);
	}
	fputs("</section>\n", p->out);
	return ret;
}

/* ---- the plots ---- */

static char *read_text(const char *path)
{
	FILE *f = fopen(path, "re");
	char *text = NULL;
	size_t cap = 0;
	int err;

	if (!f)
		return NULL;
	if (getdelim(&text, &cap, '\0', f) < 0) {
		err = ferror(f) ? errno : EINVAL;
		free(text);
		fclose(f);
		errno = err;
		return NULL;
	}
	fclose(f);
	return text;
}

/* Whether the attribute whose value opens with the quote at q is called name. */
static int attr_is(const char *tag, const char *q, const char *name)
{
	const char *p = q - 1, *end;
	size_t len = strlen(name);

	while (p > tag && (*p == ' ' || *p == '\t' || *p == '\n'))
		p--;
	if (p <= tag || *p != '=')
		return 0;
	for (p--; p > tag && (*p == ' ' || *p == '\t' || *p == '\n'); p--)
		;
	end = p + 1;
	while (p > tag && (strchr(":-_.", *p) || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
			   (*p >= '0' && *p <= '9')))
		p--;
	return (size_t)(end - (p + 1)) == len && strncmp(p + 1, name, len) == 0;
}

/* One tag, '<' to '>', with its id and its references to ids prefixed. */
static const char *put_tag(FILE *f, const char *s, const char *prefix)
{
	const char *tag = s;
	char quote = 0;

	for (; *s; s++) {
		if (!quote && *s == '>') {
			fputc('>', f);
			return s + 1;
		}
		if (quote && *s == quote) {
			quote = 0;
		} else if (!quote && (*s == '"' || *s == '\'')) {
			quote = *s;
			fputc(*s, f);
			if (attr_is(tag, s, "id"))
				fputs(prefix, f);
			else if ((attr_is(tag, s, "href") || attr_is(tag, s, "xlink:href")) && s[1] == '#') {
				fprintf(f, "#%s", prefix);
				s++;
			}
			continue;
		} else if (quote && strncmp(s, "url(#", 5) == 0) {
			fprintf(f, "url(#%s", prefix);
			s += 4;
			continue;
		}
		fputc(*s, f);
	}
	return s;
}

/* The SVG with every id prefixed, and every reference to one: gnuplot names its canvas and
 * point shapes alike in every picture ("gnuplot_canvas", "gpPt0"), and in one page a <use>
 * would draw the first picture's shape. Text between tags is gnuplot's, already escaped. */
static void put_svg_body(FILE *f, const char *s, const char *prefix)
{
	while (*s) {
		size_t len;
		if (strncmp(s, "<!--", 4) == 0) {
			const char *end = strstr(s, "-->");
			len = end ? (size_t)(end + 3 - s) : strlen(s);
		} else if (*s != '<') {
			len = strcspn(s, "<");
		} else {
			s = put_tag(f, s, prefix);
			continue;
		}
		fwrite(s, 1, len, f);
		s += len;
	}
}

/* The picture inline, without its XML declaration, titled with its plot's name. */
static int put_svg(FILE *f, char *svg, size_t k, const char *name)
{
	char *start = strstr(svg, "<svg"), *title, prefix[32];

	if (!start)
		return -EINVAL;
	snprintf(prefix, sizeof(prefix), "plot%zu-", k);
	title = strstr(start, GNUPLOT_TITLE);
	if (title)
		*title = '\0';
	put_svg_body(f, start, prefix);
	if (title) {
		fputs("<title>", f);
		put_esc(f, name);
		fputs("</title>", f);
		put_svg_body(f, title + strlen(GNUPLOT_TITLE), prefix);
	}
	fputc('\n', f);
	return 0;
}

static int put_figure(struct page *p, const char *path, size_t k)
{
	const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	char *svg = read_text(path);
	int ret;

	if (!svg)
		return page_fail(p, -errno, path);
	fprintf(p->out, "<figure id=\"plot-%zu\">\n<div class=\"plot\">\n", k + 1);
	ret = put_svg(p->out, svg, k + 1, name);
	free(svg);
	if (ret)
		return page_fail(p, ret, path);
	fputs("</div>\n<figcaption>", p->out);
	put_esc(p->out, name);
	fputs("</figcaption>\n</figure>\n", p->out);
	return 0;
}

static int plots_section(struct page *p)
{
	const struct plot_output *po = p->plots;
	int ret = 0;

	fputs("<section id=\"plots\">\n<h2>Plots</h2>\n", p->out);
	for (size_t i = 0; i < po->nwritten && !ret; i++)
		ret = put_figure(p, po->written[i], i);
	if (!po->nwritten)
		fputs("<p>No plot: the results hold nothing to draw.</p>\n", p->out);
	if (po->nskipped) {
		fputs("<p class=\"skipped\">Not drawn, for want of data: ", p->out);
		for (size_t i = 0; i < po->nskipped; i++)
			put_escf(p->out, "%s%s", i ? "; " : "", po->skipped[i]);
		fputs(".</p>\n", p->out);
	}
	fputs("</section>\n", p->out);
	return ret;
}

/* ---- warnings, system, configuration ---- */

static int warnings_section(struct page *p)
{
	struct capture c;
	char *text;

	fputs("<section id=\"warnings\">\n<h2>Warnings</h2>\n", p->out);
	for (size_t k = 0; k < p->n; k++) {
		const struct results *r = p->sets[k];
		set_heading(p, k);
		if (r->status != RUN_COMPLETE) {
			fputs("<p>", p->out);
			put_escf(p->out, "The run is %s%s%s.", run_status_name(r->status), r->error[0] ? ": " : "",
				 r->error);
			fputs("</p>\n", p->out);
		}
		if (!capture_open(&c))
			return page_fail(p, -ENOMEM, "warnings");
		report_all_warnings(r, c.f);
		if (!(text = capture_close(&c)))
			return page_fail(p, -ENOMEM, "warnings");
		if (text[0])
			put_pre(p->out, "warnings", text);
		else
			fputs("<p>None: every trial ran, and none looks doubtful.</p>\n", p->out);
		free(text);
	}
	fputs("</section>\n", p->out);
	return 0;
}

static void put_json_pre(FILE *f, const char *summary, struct json_object *j)
{
	fputs("<details><summary>", f);
	put_esc(f, summary);
	fputs("</summary>\n", f);
	put_pre(f, "json", json_object_to_json_string_ext(j, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE));
	fputs("</details>\n", f);
}

static void system_table(FILE *f, const struct results *r)
{
	const struct result_system *s = &r->system;
	char text[64];

	fputs("<table>\n", f);
	kv_row(f, "kernel", s->kernel);
	kv_row(f, "kernel build", s->kernel_build);
	kv_row(f, "architecture", s->arch);
	kv_row(f, "host", s->hostname);
	snprintf(text, sizeof(text), "%d", s->cpus);
	kv_row(f, "CPUs", text);
	snprintf(text, sizeof(text), "%.1f GiB", (double)s->mem_total / (1024.0 * 1024 * 1024));
	kv_row(f, "memory", text);
	kv_row(f, "cgroup mode", s->cgroup_mode);
	kv_row(f, "other swap", s->other_swap[0] ? s->other_swap : "none");
	kv_row(f, "zswapbench", r->tool_version);
	kv_row(f, "started", r->started);
	kv_row(f, "updated", r->updated);
	kv_row(f, "status", run_status_name(r->status));
	fputs("</table>\n", f);
}

static int system_section(struct page *p)
{
	fputs("<section id=\"system\">\n<h2>System</h2>\n", p->out);
	for (size_t k = 0; k < p->n; k++) {
		set_heading(p, k);
		system_table(p->out, p->sets[k]);
		if (p->sets[k]->system.facts)
			put_json_pre(p->out, "What zswapbench sysinfo read before the run", p->sets[k]->system.facts);
	}
	fputs("</section>\n", p->out);
	return 0;
}

/* An option's value as it would be typed: sizes with their unit, durations in seconds, lists
 * with commas. */
static void put_value(FILE *f, enum value_kind kind, struct json_object *v)
{
	char buf[64];

	switch (json_object_get_type(v)) {
	case json_type_string:
		put_esc(f, json_object_get_string(v));
		break;
	case json_type_array:
		for (size_t i = 0; i < json_object_array_length(v); i++) {
			fputs(i ? ", " : "", f);
			put_value(f, kind, json_object_array_get_idx(v, i));
		}
		break;
	case json_type_int:
		if (kind == VALUE_SIZE)
			put_esc(f, size_format(json_object_get_uint64(v), buf, sizeof(buf)));
		else
			put_esc(f, json_object_get_string(v));
		break;
	case json_type_double:
		/* json-c prints 0.1 as 0.10000000000000001. */
		snprintf(buf, sizeof(buf), "%.15g%s", json_object_get_double(v), kind == VALUE_DURATION ? "s" : "");
		put_esc(f, buf);
		break;
	default:
		put_esc(f, json_object_to_json_string_ext(v, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE));
	}
}

static void config_table(FILE *f, const struct report_opts *o, struct json_object *config)
{
	fputs("<table>\n<tr><th>option</th><th>value</th></tr>\n", f);
	json_object_object_foreach(config, key, v) {
		/* null or an empty list: not given, the kernel's or the tool's default applied. */
		int unset = !v || (json_object_is_type(v, json_type_array) && !json_object_array_length(v));
		fputs("<tr><th>", f);
		put_esc(f, key);
		fputs(unset ? "</th><td class=\"unset\">default" : "</th><td>", f);
		if (!unset)
			put_value(f, o->value_kind ? o->value_kind(key) : VALUE_PLAIN, v);
		fputs("</td></tr>\n", f);
	}
	fputs("</table>\n", f);
}

static int config_section(struct page *p)
{
	fputs("<section id=\"config\">\n<h2>Configuration</h2>\n", p->out);
	for (size_t k = 0; k < p->n; k++) {
		const struct results *r = p->sets[k];
		set_heading(p, k);
		if (r->config && json_object_is_type(r->config, json_type_object))
			config_table(p->out, &p->o, r->config);
		else
			fputs("<p>The result file records no configuration.</p>\n", p->out);
		if (r->plan)
			put_json_pre(p->out, "What the run derived from it (plan)", r->plan);
	}
	fputs("</section>\n", p->out);
	return 0;
}

/* ---- the file ---- */

static int render(struct page *p, char **html, size_t *len)
{
	int (*const sections[])(struct page *) = { verdict_section, cells_section, plots_section, warnings_section,
						  system_section, config_section };
	int ret = 0;

	if (!(p->out = open_memstream(html, len)))
		return page_fail(p, -ENOMEM, "page");
	page_head(p);
	for (size_t i = 0; i < sizeof(sections) / sizeof(sections[0]) && !ret; i++)
		ret = sections[i](p);
	fputs("</body>\n</html>\n", p->out);
	if (fclose(p->out) && !ret)
		ret = page_fail(p, -ENOMEM, "page");
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
static int plots_and_page(struct page *p, char **html, size_t *len)
{
	const char *tmpdir = getenv("TMPDIR") && getenv("TMPDIR")[0] ? getenv("TMPDIR") : "/tmp";
	struct plot_output po = { 0 };
	char dir[PATH_MAX];
	int ret;

	if ((size_t)snprintf(dir, sizeof(dir), "%s/zswapbench-report-XXXXXX", tmpdir) >= sizeof(dir))
		return page_fail(p, -ENAMETOOLONG, tmpdir);
	if (!mkdtemp(dir))
		return page_fail(p, -errno, dir);
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

/* A temporary file beside path, readable as the umask allows, as any new file. */
static int open_temp(char *tmp, size_t len, const char *path)
{
	mode_t mask = umask(0);
	int fd;

	umask(mask);
	if ((size_t)snprintf(tmp, len, "%s.XXXXXX", path) >= len)
		return -ENAMETOOLONG;
	fd = mkostemp(tmp, O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (fchmod(fd, 0666 & ~mask) < 0) {
		int err = -errno;
		close(fd);
		unlink(tmp);
		return err;
	}
	return fd;
}

int html_report(const struct results *const *sets, const char *const *names, size_t n, const struct report_opts *o,
		const char *path, char *why, size_t why_len)
{
	const char **own = names ? NULL : default_names(n);
	struct page p = { .sets = sets, .names = names ? names : own, .n = n, .o = *o, .why = why, .why_len = why_len };
	char tmp[PATH_MAX + 16], reason[PATH_MAX + 512] = "", *html = NULL;
	size_t len = 0;
	int fd = -1, ret;

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
	} else if ((fd = ret = open_temp(tmp, sizeof(tmp), path)) >= 0) {
		ret = plots_and_page(&p, &html, &len);
		if (!ret)
			ret = write_full(fd, html, len);
		if (close(fd) < 0 && !ret)
			ret = -errno;
		if (!ret && rename(tmp, path) < 0)
			ret = -errno;
		if (ret)
			unlink(tmp);
	}
	if (ret)
		snprintf(why, why_len, "%s: %s", path ? path : "", reason[0] ? reason : strerror(-ret));
	free(html);
	free(own);
	return ret;
}
