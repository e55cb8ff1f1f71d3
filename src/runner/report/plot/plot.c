/* plot_results: the result sets' labels, names and folder made ready, then every view drawn
 * in order; what was written and what was left out listed for the caller. */
#include "runner/report/plot/plot.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/report/plot/plot_ctx.h"
#include "runner/report/plot/plot_gnuplot.h"

int plot_available(void)
{
	char path[PATH_MAX];

	return gnuplot_find(path, sizeof(path)) == 0;
}

/* A label as a file name: letters, digits, . _ + kept, the rest one dash; unique. */
static void slugify(struct plot_ctx *x, size_t j)
{
	char *out = x->slugs[j];
	size_t k = 0, len = sizeof(x->slugs[j]) - 8;

	for (const char *p = x->labels[j]; *p && k < len; p++) {
		char ch = *p;
		int keep = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
			(ch >= '0' && ch <= '9') || (k && (ch == '.' || ch == '_' || ch == '+'));
		if (keep)
			out[k++] = ch;
		else if (k && out[k - 1] != '-')
			out[k++] = '-';
	}
	while (k && out[k - 1] == '-')
		k--;
	out[k] = '\0';
	for (size_t i = 0; i < j; i++)
		if (!k || strcmp(x->slugs[i], out) == 0) {
			snprintf(out + k, sizeof(x->slugs[j]) - k, "%s%zu", k ? "-" : "cell-",
				 j + 1);
			break;
		}
	if (!out[0])
		snprintf(out, sizeof(x->slugs[j]), "cell-%zu", j + 1);
}

static int collect_labels(struct plot_ctx *x)
{
	size_t total = 0;

	for (size_t k = 0; k < x->n; k++)
		total += x->sets[k]->ncells;
	x->labels = calloc(total + 1, sizeof(*x->labels));
	x->slugs = calloc(total + 1, sizeof(*x->slugs));
	if (!x->labels || !x->slugs)
		return -ENOMEM;
	for (size_t k = 0; k < x->n; k++)
		for (size_t i = 0; i < x->sets[k]->ncells; i++) {
			const char *label = x->sets[k]->cells[i].label;
			size_t j = 0;
			while (j < x->nlabels && strcmp(x->labels[j], label) != 0)
				j++;
			if (j == x->nlabels) {
				x->labels[x->nlabels] = label;
				slugify(x, x->nlabels++);
			}
		}
	return 0;
}

static int name_sets(struct plot_ctx *x, const char *const *names)
{
	x->names = calloc(x->n, sizeof(*x->names));
	x->tags = calloc(x->n, sizeof(*x->tags));
	if (!x->names || !x->tags)
		return -ENOMEM;
	for (size_t k = 0; k < x->n; k++) {
		const char *kernel = x->sets[k]->system.kernel;
		char *name = NULL, *tag = NULL;
		int ret = names && names[k] ? asprintf(&name, "%s", names[k])
					    : asprintf(&name, "run %zu", k + 1);
		if (ret < 0)
			return -ENOMEM;
		x->names[k] = name;
		if (asprintf(&tag, "%s (%s)", name, kernel[0] ? kernel : "?") < 0)
			return -ENOMEM;
		x->tags[k] = tag;
	}
	return 0;
}

static void ctx_free(struct plot_ctx *x)
{
	for (size_t k = 0; k < x->n; k++) {
		free(x->names ? x->names[k] : NULL);
		free(x->tags ? x->tags[k] : NULL);
	}
	free(x->names);
	free(x->tags);
	free(x->labels);
	free(x->slugs);
	plot_end(x);
}

/* A block device's bandwidth first: it is what the device is judged by. */
static int plot_all(struct plot_ctx *x)
{
	int ret = plot_bandwidth(x);

	if (!ret)
		ret = plot_against_time(x);
	if (!ret)
		ret = plot_fill_curve(x);
	if (!ret)
		ret = plot_trials_per_cell(x);
	if (!ret)
		ret = plot_sweeps(x);
	return ret;
}

int plot_results(const struct results *const *sets, const char *const *names, size_t n,
		 const char *dir, int png, struct plot_output *out, char *why, size_t why_len)
{
	struct plot_ctx x = { .sets = sets,
			      .n = n,
			      .dir = dir,
			      .dirfd = -1,
			      .png = png,
			      .out = out,
			      .why = why,
			      .why_len = why_len };
	int ret;

	if (out)
		memset(out, 0, sizeof(*out));
	if (!sets || !n) {
		snprintf(why, why_len, "no result set to plot");
		return -EINVAL;
	}
	if ((ret = plot_begin(&x)) == 0) {
		if (name_sets(&x, names) || collect_labels(&x))
			ret = plot_fail(&x, -ENOMEM, "plotting");
		else
			ret = plot_all(&x);
	}
	ctx_free(&x);
	return ret;
}
