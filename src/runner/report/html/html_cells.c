/* The cells section: each file's cells in a table, with the uncertainty of its primary metric
 * (elapsed; a service's throughput). */
#include <limits.h>
#include <math.h>
#include <stdio.h>

#include "runner/base/sizes.h"
#include "runner/report/device/device.h"
#include "runner/report/format.h"
#include "runner/report/html/html_markup.h"
#include "runner/report/html/html_page.h"

static void metric_td(FILE *f, const struct result_cell *c, enum metric_id m)
{
	char buf[48];

	html_td(f, "num",
		c->have_stats[m] ? fmt_metric_unit(m, c->stats[m].median, buf, sizeof(buf)) : "");
}

/* The median of m, its interval (inside the trials, never below 0) and the trials' spread,
 * named a spread, as the short answer gives them. */
static void primary_tds(FILE *f, const struct result_cell *c, enum metric_id m)
{
	const struct summary *s = &c->stats[m];
	char a[48], b[48], sd[48], text[128];

	if (!c->have_stats[m]) {
		fputs("<td></td><td></td><td></td>", f);
		return;
	}
	html_td(f, "num", fmt_metric_unit(m, s->median, a, sizeof(a)));
	html_td(f, "num", fmt_median_interval(m, s, text, sizeof(text)));
	snprintf(text, sizeof(text), "%s" HTML_ELLIPSIS "%s, sd %s",
		 fmt_metric(m, s->min, a, sizeof(a)), fmt_metric_unit(m, s->max, b, sizeof(b)),
		 fmt_metric_unit(m, s->stddev, sd, sizeof(sd)));
	html_td(f, "num", text);
}

static void cell_row(FILE *f, const struct result_cell *c, enum metric_id m)
{
	char text[PATH_LEN];
	double ratio;

	fputs("<tr>", f);
	html_td(f, NULL, c->label);
	snprintf(text, sizeof(text), "%u/%u", c->measured - c->failed, c->measured);
	html_td(f, "num", text);
	primary_tds(f, c, m);
	metric_td(f, c, M_CPU_TIME);
	metric_td(f, c, M_SWAP_PEAK);
	/* As the short answer: a backend that holds nothing in RAM gets no number. */
	if (c->have_stats[M_SWAP_RAM] && c->stats[M_SWAP_RAM].median > 0)
		metric_td(f, c, M_SWAP_RAM);
	else
		html_td(f, "num", "");
	text[0] = '\0';
	if (report_ram_ratio(c, &ratio))
		snprintf(text, sizeof(text), "%.2fx", ratio);
	html_td(f, "num", text);
	snprintf(text, sizeof(text), "%s%s%s%s%s", c->device,
		 c->device[0] && c->comp_used[0] ? " " : "", c->comp_used,
		 c->zpool_used[0] ? "/" : "", c->zpool_used);
	html_td(f, NULL, text);
	fputs("</tr>\n", f);
}

/* One column of the primary metric for the file's cells: the file's question's. */
static void cells_table(FILE *f, const struct results *r)
{
	enum metric_id m = results_primary(r);

	fprintf(f,
		"<table>\n<tr><th>cell</th><th>trials ok</th><th>%s, median</th>"
		"<th>interval of the median (its coverage below 95%%)</th><th>range, sd</th>"
		"<th>CPU time</th><th>swap written</th><th>RAM holding it</th><th>stored / RAM</th>"
		"<th>device</th></tr>\n",
		metrics[m].key);
	for (size_t i = 0; i < r->ncells; i++)
		cell_row(f, &r->cells[i], m);
	fputs("</table>\n", f);
}

int html_cells_section(struct html_page *p)
{
	int ret = 0;

	fputs("<section id=\"cells\">\n<h2>Cells</h2>\n", p->out);
	for (size_t k = 0; k < p->n && !ret; k++) {
		html_set_heading(p, k);
		if (!p->sets[k]->ncells) {
			fputs("<p>No cell.</p>\n", p->out);
			continue;
		}
		if (device_kind_of(p->sets[k]) != DEVICE_SWAP)
			html_device_cells(p->out, p->sets[k]);
		else
			cells_table(p->out, p->sets[k]);
		/* The comparison at the top is across files; each file's own answer is here. */
		if (p->n > 1)
			ret = html_verdict(p, k);
	}
	fputs("</section>\n", p->out);
	return ret;
}
