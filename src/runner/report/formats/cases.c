/* The cases of a comparison: the same pairs, metrics and decisions as every other view. */
#include "runner/report/formats/cases.h"

#include <stdio.h>

#include "runner/report/format.h"

static int case_of_pair(const struct compare_input *in, const struct file_pair *fp, case_fn fn,
			void *arg)
{
	const struct result_cell *b = &in->sets[0]->cells[fp->base_cell];
	const struct result_cell *c = &in->sets[fp->file]->cells[fp->cell];
	enum metric_id primary = compare_primary(b, c), order[M_COUNT];
	int ret = 0;

	comparison_order(fp->mc, order);
	for (int i = 0; i < M_COUNT && !ret; i++) {
		enum metric_id m = order[i];
		struct compare_case k = { in->files[0],
					  in->files[fp->file],
					  b,
					  c,
					  m,
					  &fp->mc[m],
					  comparison_outcome_of(&fp->mc[m], m) };
		if (m == primary || (in->all && fp->mc[m].have))
			ret = fn(&k, arg);
	}
	return ret;
}

int each_compare_case(const struct compare_input *in, size_t file, case_fn fn, void *arg)
{
	int ret = 0;

	for (size_t i = 0; i < in->fa->npairs && !ret; i++)
		if (file == 0 || in->fa->pairs[i].file == file)
			ret = case_of_pair(in, &in->fa->pairs[i], fn, arg);
	return ret;
}

static int count_one(const struct compare_case *c, void *arg)
{
	struct case_count *n = arg;

	n->cases++;
	n->regressions += c->outcome == OUTCOME_REGRESSION;
	n->untested += c->outcome == OUTCOME_UNTESTED;
	n->changes += comparison_is_finding(c->mc);
	return 0;
}

struct case_count compare_case_count(const struct compare_input *in, size_t file)
{
	struct case_count n = { 0 };

	each_compare_case(in, file, count_one, &n);
	return n;
}

const char *compare_case_finding(const struct compare_case *c, char *buf, size_t len)
{
	const struct estimate *e = &c->mc->est;
	char change[96], p[32];

	if (!c->mc->have) {
		snprintf(buf, len, "%s: not measured on both sides", metrics[c->m].key);
		return buf;
	}
	snprintf(buf, len, "%s %s, %s: %s", metrics[c->m].key,
		 fmt_change(e->change_pct, e->lo_pct, e->hi_pct, change, sizeof(change)),
		 fmt_p_is(e->p, p, sizeof(p)), comparison_significance_name(c->mc));
	return buf;
}

const char *compare_case_medians(const struct compare_case *c, char *buf, size_t len)
{
	char base[48], new[48];

	snprintf(buf, len, "%s against %s",
		 fmt_metric_unit(c->m, c->mc->base_median, base, sizeof(base)),
		 fmt_metric_unit(c->m, c->mc->new_median, new, sizeof(new)));
	return buf;
}
