/* The plots section: the pictures plot_results drew for the page, inlined as SVG, and those
 * left out for want of data. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/report/device/device.h"
#include "runner/report/html/html_markup.h"
#include "runner/report/html/html_page.h"
#include "runner/report/html/html_svg.h"

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

static int put_figure(struct html_page *p, const char *path, size_t k)
{
	const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	char *svg = read_text(path);
	int ret;

	if (!svg)
		return html_fail(p, -errno, path);
	fprintf(p->out, "<figure id=\"plot-%zu\">\n<div class=\"plot\">\n", k + 1);
	ret = html_svg(p->out, svg, k + 1, name);
	free(svg);
	if (ret)
		return html_fail(p, ret, path);
	fputs("</div>\n<figcaption>", p->out);
	html_esc(p->out, name);
	fputs("</figcaption>\n</figure>\n", p->out);
	return 0;
}

/* The written plot that shows what the verdict says (each trial of the primary metric:
 * trials-elapsed, a service's trials-throughput), or -1: a device's answer is its bandwidth or
 * its phases, and their plots come first of the section already. */
static long verdict_plot(const struct html_page *p)
{
	const struct plot_output *po = p->plots;
	char name[64];

	snprintf(name, sizeof(name), "trials-%s.svg", metrics[results_primary(p->sets[0])].key);
	for (size_t i = 0; device_kind_of(p->sets[0]) == DEVICE_SWAP && i < po->nwritten; i++) {
		const char *slash = strrchr(po->written[i], '/');
		if (strcmp(slash ? slash + 1 : po->written[i], name) == 0)
			return (long)i;
	}
	return -1;
}

int html_verdict_figure(struct html_page *p)
{
	long k = verdict_plot(p);

	return k < 0 ? 0 : put_figure(p, p->plots->written[k], (size_t)k);
}

int html_plots_section(struct html_page *p)
{
	const struct plot_output *po = p->plots;
	long first = verdict_plot(p);
	int ret = 0;

	fputs("<section id=\"plots\">\n<h2>Plots</h2>\n", p->out);
	for (size_t i = 0; i < po->nwritten && !ret; i++)
		if ((long)i != first)
			ret = put_figure(p, po->written[i], i);
	if (!po->nwritten)
		fputs("<p>No plot: the results hold nothing to draw.</p>\n", p->out);
	if (po->nskipped) {
		fputs("<p class=\"skipped\">Not drawn, for want of data: ", p->out);
		for (size_t i = 0; i < po->nskipped; i++)
			html_escf(p->out, "%s%s", i ? "; " : "", po->skipped[i]);
		fputs(".</p>\n", p->out);
	}
	fputs("</section>\n", p->out);
	return ret;
}
