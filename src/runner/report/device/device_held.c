/* What a compressed device held and what it cost in RAM, in words true for a device: nothing
 * was swapped, data was written to it. One line per setup where its cells agree (a block
 * run's cells often hold the same data), else one per cell. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/report/device/device.h"
#include "runner/report/format.h"
#include "runner/report/report.h"

/* "held 16.0 MiB of data in 8.6 MiB of RAM (1.87x)"; 0 for a cell without RAM to show (a
 * disk holds its data outside RAM). */
static int held_text(const struct result_cell *c, char *buf, size_t len)
{
	char data[32], ram[32];
	double stored = c->stats[M_SWAP_STORED].median, cost = c->stats[M_SWAP_RAM].median;

	if (!c->have_stats[M_SWAP_STORED] || !c->have_stats[M_SWAP_RAM] || cost <= 0)
		return 0;
	snprintf(buf, len, "held %s of data in %s of RAM (%.2fx)",
		 fmt_metric_unit(M_SWAP_STORED, stored, data, sizeof(data)),
		 fmt_metric_unit(M_SWAP_RAM, cost, ram, sizeof(ram)), stored / cost);
	return 1;
}

static int setup_seen(const struct results *r, size_t i)
{
	char a[128], b[128];

	device_setup(&r->cells[i], a, sizeof(a));
	for (size_t j = 0; j < i; j++)
		if (strcmp(a, device_setup(&r->cells[j], b, sizeof(b))) == 0)
			return 1;
	return 0;
}

/* What the setup's cells with RAM to show held, at least and at most. */
struct held_range {
	size_t n;
	double stored[2], ram[2], ratio[2];
};

static void widen(double *range, double v, int first)
{
	range[0] = first || v < range[0] ? v : range[0];
	range[1] = first || v > range[1] ? v : range[1];
}

static void range_of(const struct results *r, const char *setup, struct held_range *h)
{
	char other[128], text[160];

	h->n = 0;
	for (size_t i = 0; i < r->ncells; i++) {
		const struct result_cell *c = &r->cells[i];
		double stored = c->stats[M_SWAP_STORED].median, ram = c->stats[M_SWAP_RAM].median;
		if (strcmp(setup, device_setup(c, other, sizeof(other))) != 0 ||
		    !held_text(c, text, sizeof(text)))
			continue;
		widen(h->stored, stored, !h->n);
		widen(h->ram, ram, !h->n);
		widen(h->ratio, stored / ram, !h->n);
		h->n++;
	}
}

/* "16.0 MiB", or "0.2…0.3 MiB" where the cells differ. */
static const char *span(enum metric_id m, const double *range, char *buf, size_t len)
{
	char a[32], b[32];

	fmt_metric_unit(m, range[1], b, sizeof(b));
	if (strcmp(fmt_metric_unit(m, range[0], a, sizeof(a)), b) == 0)
		snprintf(buf, len, "%s", a);
	else
		snprintf(buf, len, "%s%s%s", fmt_metric(m, range[0], a, sizeof(a)), ellipsis(), b);
	return buf;
}

/* A setup of many cells that differ: one line with what they span. */
static void setup_span(const char *setup, const struct held_range *h, FILE *out)
{
	char data[48], ram[48], ratio[48];

	snprintf(ratio, sizeof(ratio), "%.2fx", h->ratio[0]);
	if (h->ratio[1] - h->ratio[0] >= 0.005)
		snprintf(ratio, sizeof(ratio), "%.2fx%s%.2fx", h->ratio[0], ellipsis(),
			 h->ratio[1]);
	fprintf(out, "%s held %s of data in %s of RAM (%s) over its %zu cells\n", setup,
		span(M_SWAP_STORED, h->stored, data, sizeof(data)),
		span(M_SWAP_RAM, h->ram, ram, sizeof(ram)), ratio, h->n);
}

/* Few cells that differ are worth a line each; more are a span. */
#define HELD_LINES_MAX 3

static void setup_lines(const struct results *r, size_t first, FILE *out)
{
	char setup[128], other[128], text[160], want[160] = "";
	size_t n = 0, same = 1, one = first;
	struct held_range h;

	device_setup(&r->cells[first], setup, sizeof(setup));
	for (size_t i = first; i < r->ncells; i++)
		if (strcmp(setup, device_setup(&r->cells[i], other, sizeof(other))) == 0 &&
		    held_text(&r->cells[i], text, sizeof(text))) {
			same &= !n || strcmp(text, want) == 0;
			if (!n++) {
				snprintf(want, sizeof(want), "%s", text);
				one = i;
			}
		}
	if (n == 1 || (n > 1 && same)) {
		fprintf(out, "%s %s", n == 1 ? r->cells[one].label : setup, want);
		if (n > 1)
			fprintf(out, " in each of its %zu cells", n);
		fputc('\n', out);
		return;
	}
	if (n > HELD_LINES_MAX) {
		range_of(r, setup, &h);
		setup_span(setup, &h, out);
		return;
	}
	for (size_t i = first; i < r->ncells && n; i++)
		if (strcmp(setup, device_setup(&r->cells[i], other, sizeof(other))) == 0 &&
		    held_text(&r->cells[i], text, sizeof(text)))
			fprintf(out, "%s %s\n", r->cells[i].label, text);
}

void report_device_held(const struct results *r, FILE *out)
{
	for (size_t i = 0; i < r->ncells; i++)
		if (!setup_seen(r, i))
			setup_lines(r, i, out);
}
