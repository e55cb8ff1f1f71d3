/* The results in the format asked: the short answer or every metric, as a table or markdown;
 * the long CSV; or the result document itself. */
#include "runner/report/report.h"

#include <errno.h>
#include <stdlib.h>

#include "runner/report/markdown.h"
#include "runner/base/wrap.h"
#include "runner/result/json_write.h"

/* The result document, its comparisons the answer's: one decision, every format. */
static int print_json(const struct results *r, const struct answer *a, const struct report_opts *o,
		      FILE *out)
{
	char *text = results_to_string_with(r, &a->opts);

	(void)o;
	if (!text)
		return -ENOMEM;
	fprintf(out, "%s\n", text);
	free(text);
	return 0;
}

static int any_warning(const struct results *r)
{
	if (report_run_warnings(r, NULL, ""))
		return 1;
	for (size_t i = 0; i < r->ncells; i++)
		for (size_t j = 0; j < r->cells[i].ntrials; j++)
			if (r->cells[i].trials[j].status != TRIAL_OK || r->cells[i].trials[j].flags)
				return 1;
	return 0;
}

/* A device's answer is its table: the warnings come first, set apart by a blank line. */
static int device_answer(const struct results *r, const struct answer *a,
			 const struct report_opts *o, FILE *out)
{
	if (any_warning(r)) {
		report_all_warnings(r, out);
		fputc('\n', out);
	}
	return report_verdict(r, a, o, out);
}

int report_answer_of(const struct results *r, const struct report_opts *o, struct answer *a)
{
	struct compare_opts cmp = answer_opts(r, &o->cmp, o->alpha_given, o->noise_given);

	return answer_compute(r, &cmp, a);
}

static int print_text(const struct results *r, const struct answer *a, const struct report_opts *o,
		      FILE *out)
{
	int ret;

	if (o->quiet)
		return report_verdict(r, a, o, out);
	/* A sweep's cells, and a device's, are rows of the verdict's table; their warnings stay. */
	if (o->verbose)
		ret = report_full(r, a, o, out);
	else if (device_kind_of(r) != DEVICE_SWAP)
		return device_answer(r, a, o, out);
	else if (r->ncells > 2)
		ret = 0, report_all_warnings(r, out);
	else
		ret = report_cells(r, o, out);
	if (!ret && r->ncells > 0 && (o->verbose || r->ncells <= 2))
		fputc('\n', out);
	return ret ? ret : report_verdict(r, a, o, out);
}

/* The text wrapped within VIEW_COLUMNS, its tables as they are (base/wrap.h). */
static int print_wrapped(const struct results *r, const struct answer *a,
			 const struct report_opts *o, FILE *out)
{
	struct report_opts held = *o;
	struct text_capture c;
	int ret, end;

	if (!text_capture_begin(&c))
		return -ENOMEM;
	held.render.capture = &c;
	c.tables_only = o->render.json;
	ret = print_text(r, a, &held, c.f);
	end = text_capture_end(&c, out);
	return ret ? ret : end;
}

/* The text through markdown's rules (report/markdown.h). */
static int print_markdown(const struct results *r, const struct answer *a,
			  const struct report_opts *o, FILE *out)
{
	struct markdown_capture c;
	int ret, end;

	if (!markdown_begin(&c))
		return -ENOMEM;
	ret = print_text(r, a, o, c.f);
	end = markdown_end(&c, out);
	return ret ? ret : end;
}

typedef int (*answer_printer)(const struct results *r, const struct answer *a,
			      const struct report_opts *o, FILE *out);

/* r's answer decided once, then printed. */
static int with_answer(const struct results *r, const struct report_opts *o, FILE *out,
		       answer_printer print)
{
	struct answer a;
	int ret = report_answer_of(r, o, &a);

	if (!ret)
		ret = print(r, &a, o, out);
	answer_free(&a);
	return ret;
}

int answer_text(const struct results *r, const struct report_opts *o, FILE *out)
{
	return with_answer(r, o, out, print_wrapped);
}

int answer_json(const struct results *r, const struct report_opts *o, FILE *out)
{
	return with_answer(r, o, out, print_json);
}

int answer_markdown(const struct results *r, const struct report_opts *o, FILE *out)
{
	return with_answer(r, o, out, print_markdown);
}

/* The long table decides nothing: a row per trial and metric. */
int answer_csv(const struct results *r, const struct report_opts *o, FILE *out)
{
	const char *file = o->file ? o->file : "";

	return report_long_table(&r, &file, 1, &o->render, out);
}
