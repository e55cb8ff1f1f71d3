/* The sections that are the terminal's own text, caught in memory and escaped into <pre>:
 * the verdict or the comparison, and the warnings. The page and `zswapbench show` never
 * disagree. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#include "runner/report/formats/formats.h"
#include "runner/report/compare_view.h"
#include "runner/base/sizes.h"
#include "runner/report/html/html_markup.h"
#include "runner/report/html/html_page.h"
#include "runner/base/wrap.h"

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

/* r's verdict as `show` prints it, wrapped as show wraps it (base/wrap.h), to out. */
static int wrapped_verdict(const struct results *r, const struct report_opts *o, FILE *out)
{
	struct report_opts held = *o;
	struct text_capture c;
	struct answer a;
	int ret, end;

	if (!text_capture_begin(&c))
		return -ENOMEM;
	held.render.capture = &c;
	ret = report_answer_of(r, o, &a);
	if (!ret)
		ret = report_verdict(r, &a, &held, c.f);
	answer_free(&a);
	end = text_capture_end(&c, out);
	return ret ? ret : end;
}

/* One file's verdict as `show` prints it; a sentence where it has nothing to say. */
int html_verdict(struct html_page *p, size_t k)
{
	struct capture c;
	char *text;
	int ret;

	if (!capture_open(&c))
		return html_fail(p, -ENOMEM, "verdict");
	ret = wrapped_verdict(p->sets[k], &p->o, c.f);
	if (!(text = capture_close(&c)))
		return html_fail(p, -ENOMEM, "verdict");
	if (ret)
		html_fail(p, ret, "verdict");
	else if (text[0])
		html_pre(p->out, "verdict", text);
	else
		fputs("<p>Nothing to compare: the run has one cell, summed up below.</p>\n",
		      p->out);
	free(text);
	return ret;
}

/* Several files: the comparison as `compare` prints it; files that share no cell say so. */
static int put_comparison(struct html_page *p)
{
	char why[MSG_LEN] = "";
	struct capture c;
	char *text;
	int ret;

	if (!capture_open(&c))
		return html_fail(p, -ENOMEM, "comparison");
	ret = report_compare(p->sets, p->names, p->n, &p->o, 0, c.f, why, sizeof(why));
	if (!(text = capture_close(&c)))
		return html_fail(p, -ENOMEM, "comparison");
	if (ret == -ENOENT) {
		fputs("<p>", p->out);
		html_esc(p->out, why);
		fputs("</p>\n", p->out);
		ret = 0;
	} else if (ret) {
		html_fail(p, ret, "comparison");
	} else {
		html_pre(p->out, "verdict", text);
	}
	free(text);
	return ret;
}

int html_verdict_section(struct html_page *p)
{
	int ret;

	fprintf(p->out, "<section id=\"verdict\">\n<h2>%s</h2>\n",
		p->n > 1 ? "Comparison" : "Verdict");
	ret = p->n > 1 ? put_comparison(p) : html_verdict(p, 0);
	if (!ret)
		ret = html_verdict_figure(p);
	fputs("</section>\n", p->out);
	return ret;
}

/* r's warnings as `show` prints them, wrapped as show wraps them: 0 or -ENOMEM. */
static int wrapped_warnings(const struct results *r, FILE *out)
{
	struct text_capture c;

	if (!text_capture_begin(&c))
		return -ENOMEM;
	report_all_warnings(r, c.f);
	return text_capture_end(&c, out);
}

int html_warnings_section(struct html_page *p)
{
	struct capture c;
	char *text;
	int wrapped;

	fputs("<section id=\"warnings\">\n<h2>Warnings</h2>\n", p->out);
	for (size_t k = 0; k < p->n; k++) {
		const struct results *r = p->sets[k];
		html_set_heading(p, k);
		if (r->status != RUN_COMPLETE) {
			fputs("<p>", p->out);
			html_escf(p->out, "The run is %s%s%s.", run_status_name(r->status),
				  r->error[0] ? ": " : "", r->error);
			fputs("</p>\n", p->out);
		}
		if (!capture_open(&c))
			return html_fail(p, -ENOMEM, "warnings");
		wrapped = wrapped_warnings(r, c.f);
		if (!(text = capture_close(&c)) || wrapped) {
			free(text);
			return html_fail(p, -ENOMEM, "warnings");
		}
		if (text[0])
			html_pre(p->out, "warnings", text);
		else
			fputs("<p>None: every trial ran, and none looks doubtful.</p>\n", p->out);
		free(text);
	}
	fputs("</section>\n", p->out);
	return 0;
}
