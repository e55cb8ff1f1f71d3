/* The cells section of a device measured itself: a block device's bandwidth, IOPS, latency
 * and CPU per cell, a filesystem's phases per cell, with what each held in what RAM; the
 * medians with the uncertainty the text answer gives them. */
#include <stdio.h>
#include <stdlib.h>

#include "runner/report/device/device.h"
#include "runner/report/format.h"
#include "runner/report/html/html_markup.h"
#include "runner/report/html/html_page.h"

static void median_td(FILE *f, const struct result_cell *c, struct device_qty q,
		      enum device_interval k)
{
	char buf[96];
	struct summary s;

	html_td(f, "num",
		device_summary(c, &q, &s) ? "-"
					  : device_median_text(q.m[0], &s, k, buf, sizeof(buf)));
}

static void metric_td(FILE *f, const struct result_cell *c, enum metric_id m)
{
	char buf[48];

	html_td(f, "num",
		c->have_stats[m] ? fmt_metric_unit(m, c->stats[m].median, buf, sizeof(buf)) : "-");
}

/* Data held, the RAM it cost, and their ratio: nothing for a device outside RAM. */
static void held_tds(FILE *f, const struct result_cell *c)
{
	char buf[48] = "";

	if (!c->have_stats[M_SWAP_RAM] || c->stats[M_SWAP_RAM].median <= 0) {
		fputs("<td></td><td></td><td></td>", f);
		return;
	}
	metric_td(f, c, M_SWAP_STORED);
	metric_td(f, c, M_SWAP_RAM);
	if (c->have_stats[M_SWAP_STORED])
		snprintf(buf, sizeof(buf), "%.2fx",
			 c->stats[M_SWAP_STORED].median / c->stats[M_SWAP_RAM].median);
	html_td(f, "num", buf);
}

static void direction_td(FILE *f, const struct result_cell *c, int on, enum metric_id m,
			 enum device_interval k)
{
	if (on)
		median_td(f, c, device_qty_of(m), k);
	else
		html_td(f, "num", "-");
}

/* "18.3 / 4.0" in a mixed mode, the one direction's p99 otherwise. */
static void p99_td(FILE *f, const struct result_cell *c, int reads, int writes)
{
	char r[32], w[32], both[72];

	fmt_metric(M_READ_CLAT_P99, c->stats[M_READ_CLAT_P99].median, r, sizeof(r));
	fmt_metric(M_WRITE_CLAT_P99, c->stats[M_WRITE_CLAT_P99].median, w, sizeof(w));
	if (reads && !c->have_stats[M_READ_CLAT_P99])
		snprintf(r, sizeof(r), "-");
	if (writes && !c->have_stats[M_WRITE_CLAT_P99])
		snprintf(w, sizeof(w), "-");
	snprintf(both, sizeof(both), "%s / %s", r, w);
	html_td(f, "num", reads && writes ? both : reads ? r : w);
}

static void block_row(FILE *f, const struct result_cell *c, enum device_interval k)
{
	int reads = device_mode_reads(c), writes = device_mode_writes(c);
	struct device_qty iops = { .m = { M_READ_IOPS, M_WRITE_IOPS }, .n = 2 };

	if (!reads || !writes)
		iops = device_qty_of(reads ? M_READ_IOPS : M_WRITE_IOPS);
	direction_td(f, c, reads, M_READ_BW, k);
	direction_td(f, c, writes, M_WRITE_BW, k);
	median_td(f, c, iops, k);
	p99_td(f, c, reads, writes);
	metric_td(f, c, M_FIO_SYS);
	metric_td(f, c, M_COMP_RATIO);
}

static void fs_row(FILE *f, const struct result_cell *c, enum device_interval k)
{
	metric_td(f, c, M_ELAPSED);
	metric_td(f, c, M_FS_FLUSH_TIME);
	metric_td(f, c, M_FS_READ_TIME);
	median_td(f, c, device_qty_of(M_FS_TOTAL_TIME), k);
}

static void cell_row(FILE *f, const struct results *r, const struct result_cell *c,
		     enum device_interval k)
{
	char text[64];

	fputs("<tr>", f);
	html_td(f, NULL, c->label);
	snprintf(text, sizeof(text), "%u/%u", c->measured - c->failed, c->measured);
	html_td(f, "num", text);
	if (device_kind_of(r) == DEVICE_BLOCK)
		block_row(f, c, k);
	else
		fs_row(f, c, k);
	held_tds(f, c);
	html_td(f, NULL, c->device);
	fputs("</tr>\n", f);
}

void html_device_cells(FILE *f, const struct results *r)
{
	enum device_interval k = device_interval_of(r);
	size_t *order = calloc(r->ncells + 1, sizeof(*order));

	fputs("<table>\n<tr><th>cell</th><th>trials ok</th>", f);
	if (device_kind_of(r) == DEVICE_BLOCK)
		fputs("<th>read, MiB/s</th><th>write, MiB/s</th><th>IOPS</th><th>p99 completion "
		      "latency, us (read / write)</th><th>fio sys CPU</th><th>compression "
		      "ratio</th>",
		      f);
	else
		fputs("<th>write phase</th><th>flush</th><th>read phase</th><th>total, s</th>", f);
	fputs("<th>data held</th><th>RAM</th><th>held / RAM</th><th>device</th></tr>\n", f);
	if (order)
		device_order(r, order);
	for (size_t i = 0; i < r->ncells; i++)
		cell_row(f, r, &r->cells[order ? order[i] : i], k);
	fputs("</table>\n<p class=\"meta\">Medians; in brackets the ", f);
	html_esc(f, device_interval_words(k));
	fputs(".</p>\n", f);
	free(order);
}
