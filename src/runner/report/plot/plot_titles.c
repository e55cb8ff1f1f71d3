/* What a plot says of itself: titles from the result sets, axis labels, key names. */
#include "runner/report/plot/plot_titles.h"

#include <json.h>
#include <stdio.h>
#include <string.h>

#include "common/util.h"
#include "runner/report/plot/plot_data.h"

static void put_size(char *buf, size_t len, uint64_t bytes)
{
	snprintf(buf, len, "%g MiB", (double)bytes / MIB_BYTES);
}

static const char *config_text(const struct results *r, const char *key)
{
	json_object *v;

	if (!r->config || !json_object_object_get_ex(r->config, key, &v) || !v)
		return NULL;
	return json_object_get_string(v);
}

/* What a run was: its allocation, data and trials, for plots across its cells. */
static void run_detail(const struct results *r, char *buf, size_t len)
{
	char alloc[32] = "?";
	const char *data = config_text(r, "data"), *access_mode = config_text(r, "access");
	const char *trials = config_text(r, "trials");

	if (r->ncells)
		put_size(alloc, sizeof(alloc), r->cells[0].alloc);
	snprintf(buf, len, "alloc %s, data %s, access %s, %s trials a cell", alloc,
		 data ? data : "?", access_mode ? access_mode : "?", trials ? trials : "?");
}

/* The first set's, and whether the others were run otherwise. */
void plot_sets_detail(const struct plot_ctx *x, char *buf, size_t len)
{
	char other[512];

	run_detail(x->sets[0], buf, len);
	for (size_t k = 1; k < x->n; k++) {
		run_detail(x->sets[k], other, sizeof(other));
		if (strcmp(buf, other) != 0) {
			size_t at = strlen(buf);
			snprintf(buf + at, len - at, " in %s; the other sets differ", x->names[0]);
			return;
		}
	}
}

void plot_cell_detail(const struct results *r, const struct result_cell *c, char *buf, size_t len)
{
	char limit[32], alloc[32];
	const char *data = config_text(r, "data");

	put_size(limit, sizeof(limit), c->limit);
	put_size(alloc, sizeof(alloc), c->alloc);
	snprintf(buf, len, "limit %s, alloc %s, jobs %u%s%s%s%s%s, data %s", limit, alloc, c->jobs,
		 c->comp_used[0] ? ", comp " : "", c->comp_used, c->zpool_used[0] ? " (" : "",
		 c->zpool_used, c->zpool_used[0] ? ")" : "", data ? data : "?");
}

/* Which kernel on which host; with several sets, each by its name. */
static void origins(const struct plot_ctx *x, char *buf, size_t len)
{
	size_t at = 0;

	buf[0] = '\0';
	for (size_t k = 0; k < x->n && at < len; k++) {
		const struct result_system *sys = &x->sets[k]->system;
		at += (size_t)snprintf(buf + at, len - at, "%s%s%skernel %s on %s", k ? "; " : "",
				       x->n > 1 ? x->names[k] : "", x->n > 1 ? ": " : "",
				       sys->kernel[0] ? sys->kernel : "?",
				       sys->hostname[0] ? sys->hostname : "?");
	}
}

void plot_title_lines(struct script *s, const char *const *lines, size_t n)
{
	fputs("set title ", s->f);
	for (size_t i = 0; i < n; i++) {
		if (i)
			fputs(" . \"\\n\" . ", s->f);
		gp_text(s->f, lines[i]);
		s->titlelen = strlen(lines[i]) > s->titlelen ? strlen(lines[i]) : s->titlelen;
	}
	fputc('\n', s->f);
}

/* Three lines: what is drawn (and of which cell), where it ran, how it was configured; and
 * a fourth, what the bars are, where given. */
void plot_title_with(const struct plot_ctx *x, struct script *s, const char *what,
		     const char *label, const char *detail, const char *bars)
{
	char line[1200], where[1200];
	const char *lines[4] = { line, where };
	size_t n = 2;

	snprintf(line, sizeof(line), "%s%s%s", what, label ? ": " : "", label ? label : "");
	origins(x, where, sizeof(where));
	if (detail && detail[0])
		lines[n++] = detail;
	if (bars && bars[0])
		lines[n++] = bars;
	plot_title_lines(s, lines, n);
}

void plot_title(const struct plot_ctx *x, struct script *s, const char *what, const char *label,
		const char *detail)
{
	plot_title_with(x, s, what, label, detail, NULL);
}

void plot_axis_labels(struct script *s, const char *xlabel, const char *ylabel)
{
	fputs("set xlabel ", s->f);
	gp_text(s->f, xlabel);
	fputs("\nset ylabel ", s->f);
	gp_text(s->f, ylabel);
	fputc('\n', s->f);
}

/* What a key says of cell j in set k: the label, and with several sets whose it is. */
void plot_entry_name(const struct plot_ctx *x, size_t k, const char *label, char *buf, size_t len)
{
	if (x->n > 1)
		snprintf(buf, len, "%s: %s", x->tags[k], label);
	else
		snprintf(buf, len, "%s", label);
}
