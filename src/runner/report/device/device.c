/* What the device views read of the results: the target, setups, the rows' order, and each
 * quantity per trial with the statistics the result file's own are made with. */
#include "runner/report/device/device.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "runner/fio/job.h"
#include "runner/report/format.h"

struct device_qty device_qty_of(enum metric_id m)
{
	struct device_qty q = { .m = { m, m }, .n = 1 };
	return q;
}

int device_mode_reads(const struct result_cell *c)
{
	int mode = fio_mode_find(c->mode);

	return mode >= 0 ? fio_modes[mode].reads : c->have_stats[M_READ_BW];
}

int device_mode_writes(const struct result_cell *c)
{
	int mode = fio_mode_find(c->mode);

	return mode >= 0 ? fio_modes[mode].writes : c->have_stats[M_WRITE_BW];
}

int device_bandwidth(const struct result_cell *c, struct device_qty *q)
{
	int reads = device_mode_reads(c), writes = device_mode_writes(c);

	if (reads && writes)
		*q = (struct device_qty){ .m = { M_READ_BW, M_WRITE_BW }, .n = 2 };
	else if (reads || writes)
		*q = device_qty_of(reads ? M_READ_BW : M_WRITE_BW);
	else
		return -ENODATA;
	return 0;
}

int device_higher_better(const struct device_qty *q)
{
	return metric_higher_better(q->m[0]);
}

const char *device_qty_name(const struct device_qty *q)
{
	if (q->n == 2)
		return "read + write";
	if (q->m[0] == M_READ_BW)
		return "read";
	if (q->m[0] == M_WRITE_BW)
		return "write";
	return metrics[q->m[0]].key;
}

static int counted(const struct trial *t)
{
	return !t->warmup && t->status == TRIAL_OK;
}

size_t device_values(const struct result_cell *c, const struct device_qty *q, double *values)
{
	size_t n = 0;

	for (size_t i = 0; i < c->ntrials; i++) {
		const struct trial *t = &c->trials[i];
		double v = 0;
		int all = counted(t);
		for (size_t k = 0; k < q->n && all; k++) {
			all = t->have[q->m[k]] && isfinite(t->value[q->m[k]]);
			v += all ? t->value[q->m[k]] : 0;
		}
		if (all)
			values[n++] = v;
	}
	return n;
}

int device_summary(const struct result_cell *c, const struct device_qty *q, struct summary *s)
{
	double *v = malloc((c->ntrials ? c->ntrials : 1) * sizeof(*v));
	size_t n;
	int ret;

	if (!v)
		return -ENOMEM;
	n = device_values(c, q, v);
	ret = n ? summary_compute(v, n, STAT_CONFIDENCE, s) : -ENODATA;
	free(v);
	return ret;
}

/* Drops the first " word" of buf that is word. */
static void drop_word(char *buf, const char *word)
{
	size_t len = strlen(word);

	for (char *p = strchr(buf, ' '); p && len; p = strchr(p + 1, ' '))
		if (strncmp(p + 1, word, len) == 0 && (p[1 + len] == ' ' || !p[1 + len])) {
			memmove(p, p + 1 + len, strlen(p + 1 + len) + 1);
			return;
		}
}

/* The plan labels a cell by what varies (plan.c): what is left without jobs and mode is
 * what the setups differ by, a config file's section name included. */
const char *device_setup(const struct result_cell *c, char *buf, size_t len)
{
	char jobs[32];

	snprintf(buf, len, "%s", c->label);
	snprintf(jobs, sizeof(jobs), "jobs=%u", c->jobs);
	drop_word(buf, jobs);
	if (c->mode[0])
		drop_word(buf, c->mode);
	if (!buf[0])
		snprintf(buf, len, "%s", c->backend);
	return buf;
}

int device_several_setups(const struct results *r)
{
	char a[128], b[128];

	for (size_t i = 1; i < r->ncells; i++)
		if (strcmp(device_setup(&r->cells[0], a, sizeof(a)),
			   device_setup(&r->cells[i], b, sizeof(b))) != 0)
			return 1;
	return 0;
}

/* Unknown modes after fio's, in the order of fio's table (the plan's: writes first). */
static int mode_rank(const struct result_cell *c)
{
	int mode = fio_mode_find(c->mode);

	return mode >= 0 ? mode : FIO_MODE_COUNT;
}

static int before(const struct result_cell *a, size_t ia, const struct result_cell *b, size_t ib)
{
	if (a->jobs != b->jobs)
		return a->jobs < b->jobs;
	if (mode_rank(a) != mode_rank(b))
		return mode_rank(a) < mode_rank(b);
	return ia < ib;
}

void device_order(const struct results *r, size_t *order)
{
	for (size_t i = 0; i < r->ncells; i++) {
		size_t p = i;
		for (; p > 0 && before(&r->cells[i], i, &r->cells[order[p - 1]], order[p - 1]); p--)
			order[p] = order[p - 1];
		order[p] = i;
	}
}

/* 6 trials are the fewest whose order statistics hold the median with 95% (statistics.h). */
enum device_interval device_interval_of(const struct results *r)
{
	for (size_t i = 0; i < r->ncells; i++)
		if (r->cells[i].measured > r->cells[i].failed &&
		    r->cells[i].measured - r->cells[i].failed < 6)
			return INTERVAL_RANGE;
	return INTERVAL_MEDIAN_CI;
}

const char *device_interval_words(enum device_interval k)
{
	return k == INTERVAL_MEDIAN_CI
		? "95% interval of the median"
		: "range of the trials, too few for an interval of the median";
}

const char *device_median_text(enum metric_id m, const struct summary *s, enum device_interval k,
			       char *buf, size_t len)
{
	char mid[32], lo[32], hi[32];
	double a = k == INTERVAL_MEDIAN_CI ? s->median_lo : s->min;
	double b = k == INTERVAL_MEDIAN_CI ? s->median_hi : s->max;

	if (!s->n) {
		snprintf(buf, len, "-");
		return buf;
	}
	fmt_metric(m, s->median, mid, sizeof(mid));
	if (isfinite(a) && isfinite(b))
		snprintf(buf, len, "%s [%s%s%s]", mid, fmt_metric(m, a, lo, sizeof(lo)), ellipsis(),
			 fmt_metric(m, b, hi, sizeof(hi)));
	else
		snprintf(buf, len, "%s", mid);
	return buf;
}
