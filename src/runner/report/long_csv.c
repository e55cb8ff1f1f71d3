/* The long form pandas and R want: one row per file, cell, trial and metric, with the cell's
 * configuration in columns, raw values in their own unit (bytes, seconds). Many files, one
 * table: `zswapbench show --format csv results/NAME.json...`. */
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>

#include "common/util.h"
#include "runner/report/report.h"

static const enum column_id cols[] = {
	COL_FILE,  COL_HOST,   COL_KERNEL,     COL_CELL,   COL_BACKEND, COL_COMP,
	COL_JOBS,  COL_LIMIT,  COL_LIMIT_MODE, COL_DATA,   COL_ACCESS,	COL_ALLOC,
	COL_TRIAL, COL_WARMUP, COL_STATUS,     COL_METRIC, COL_VALUE,	COL_UNIT,
};

/* Everything that says which experiment a row belongs to. */
static void context(struct table *t, const struct results *r, const char *file,
		    const struct result_cell *c)
{
	char buf[PATH_MAX];

	table_set(t, COL_FILE, file);
	table_set(t, COL_HOST, r->system.hostname);
	table_set(t, COL_KERNEL, r->system.kernel);
	table_set(t, COL_CELL, c->label);
	table_set(t, COL_BACKEND, c->backend);
	table_set(t, COL_COMP, c->comp_used[0] ? c->comp_used : c->comp);
	table_setf(t, COL_JOBS, "%u", c->jobs);
	table_setf(t, COL_LIMIT, "%" PRIu64, c->limit);
	table_set(t, COL_LIMIT_MODE, results_config_text(r, "limit-mode", buf, sizeof(buf)));
	table_set(t, COL_DATA, results_config_text(r, "data", buf, sizeof(buf)));
	table_set(t, COL_ACCESS, results_config_text(r, "access", buf, sizeof(buf)));
	table_setf(t, COL_ALLOC, "%" PRIu64, c->alloc);
}

static int add_trial(struct table *t, const struct results *r, const char *file,
		     const struct result_cell *c, const struct trial *tr)
{
	for (int m = 0; m < M_COUNT; m++) {
		int ret;
		if (!tr->have[m])
			continue;
		if ((ret = table_add_row(t)) < 0)
			return ret;
		context(t, r, file, c);
		table_setf(t, COL_TRIAL, "%u", tr->index);
		table_set(t, COL_WARMUP, tr->warmup ? "yes" : "no");
		table_set(t, COL_STATUS, trial_status_name(tr->status));
		table_set(t, COL_METRIC, metrics[m].key);
		table_setf(t, COL_VALUE, "%.10g", tr->value[m]);
		table_set(t, COL_UNIT,
			  metrics[m].unit == UNIT_BYTES ? "bytes"
							: metric_unit_name(metrics[m].unit));
	}
	return 0;
}

int report_long_table(const struct results *const *sets, const char *const *files, size_t n,
		      const struct render_opts *o, FILE *out)
{
	struct table t;
	int ret = 0;

	table_init(&t, "", cols, ARRAY_SIZE(cols));
	t.name = "trials";
	for (size_t f = 0; f < n && !ret; f++)
		for (size_t i = 0; i < sets[f]->ncells && !ret; i++)
			for (size_t k = 0; k < sets[f]->cells[i].ntrials && !ret; k++)
				ret = add_trial(&t, sets[f], files[f], &sets[f]->cells[i],
						&sets[f]->cells[i].trials[k]);
	if (!ret)
		ret = table_print(&t, o, out);
	table_free(&t);
	return ret;
}
