#include <criterion/criterion.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "runner/result/group.h"
#include "runner/result/match.h"
#include "runner/result/question.h"
#include "runner/result/series.h"

Test(question, the_first_metric_both_samples_have_asks)
{
	unsigned char a[M_COUNT] = { 0 }, b[M_COUNT] = { 0 }, none[M_COUNT] = { 0 };

	a[M_THROUGHPUT] = a[M_ELAPSED] = b[M_ELAPSED] = 1;
	cr_assert_eq(question_primary(question_of(a, b), a, b), M_ELAPSED,
		     "a throughput only one sample has asks nothing");
	cr_assert_eq(question_primary(question_of(a, a), a, a), M_THROUGHPUT);
	cr_assert_eq(question_primary(question_of(none, none), none, none), M_ELAPSED,
		     "no metric in common: elapsed's question");
}

Test(question, a_questions_last_secondary_is_one)
{
	unsigned char has[M_COUNT] = { 0 };
	const struct question *q = question_of(has, has);

	cr_assert_eq(question_secondary(q, M_ELAPSED, M_SETTLED_MEM), 1);
	cr_assert_eq(question_secondary(q, M_ELAPSED, M_CPU_TIME), 1);
	cr_assert_eq(question_secondary(q, M_ELAPSED, M_IO_BW), 0);
	cr_assert_eq(metric_is_key(M_SETTLED_MEM), 1);
	cr_assert_eq(metric_is_key(M_IO_BW), 1, "a primary only");
	cr_assert_eq(metric_is_key(M_REFERENCE_TIME), 0);
}

static void add_points(struct series *s, size_t n)
{
	double v[S_COUNT] = { 0 };
	unsigned char present[S_COUNT] = { 0 };

	present[S_CGROUP_MEM] = 1;
	for (size_t i = 0; i < n; i++) {
		v[S_CGROUP_MEM] = (double)i;
		cr_assert_eq(series_add(s, (double)i, v, present), 0);
	}
}

Test(series, full_it_keeps_the_even_points_and_samples_half_as_often)
{
	struct series s;

	series_init(&s);
	cr_assert_eq(series_due(&s), 1);
	cr_assert_eq(series_due(&s), 1);
	add_points(&s, SERIES_CAP + 1);
	cr_assert_eq(s.n, SERIES_CAP / 2 + 1);
	cr_assert_eq(s.stride, 2);
	cr_assert_eq(s.t[0], 0);
	cr_assert_eq(s.t[1], 2);
	cr_assert_eq(s.v[S_CGROUP_MEM][1], 2);
	cr_assert_eq(s.t[SERIES_CAP / 2], SERIES_CAP);
	s.ticks = 0;
	cr_assert_eq(series_due(&s), 1, "the first tick after a decimation is recorded");
	cr_assert_eq(series_due(&s), 0);
	cr_assert_eq(series_due(&s), 1);
	series_free(&s);
}

Test(series, a_field_not_read_is_absent_not_zero)
{
	struct series s;
	double v[S_COUNT] = { 0 };
	unsigned char present[S_COUNT] = { 0 };

	series_init(&s);
	present[S_PSWPOUT] = 1;
	v[S_PSWPOUT] = 7;
	cr_assert_eq(series_add(&s, 0.5, v, present), 0);
	present[S_PSWPOUT] = 0;
	cr_assert_eq(series_add(&s, 1.0, v, present), 0);
	cr_assert_eq(s.v[S_PSWPOUT][0], 7);
	cr_assert(isnan(s.v[S_PSWPOUT][1]));
	cr_assert(isnan(s.v[S_PSI_SOME][0]));
	cr_assert_eq(s.have[S_PSWPOUT], 1, "present once, present");
	cr_assert_eq(s.have[S_PSI_SOME], 0);
	series_free(&s);
}

Test(group, the_names_of_a_grouping)
{
	enum group_by by = GROUP_FILE;

	cr_assert_eq(group_by_parse("host,kernel", &by), 0);
	cr_assert_eq(by, GROUP_HOST_KERNEL);
	by = GROUP_FILE;
	cr_assert_eq(group_by_parse("kernel,host", &by), 0);
	cr_assert_eq(by, GROUP_HOST_KERNEL);
	cr_assert_eq(group_by_parse("kernel", &by), 0);
	cr_assert_eq(by, GROUP_KERNEL);
	cr_assert_eq(group_by_parse("hosts", &by), -EINVAL);
}

static void file_of(struct results *r, const char *host, const char *kernel, const char *backend,
		    size_t ntrials)
{
	struct result_cell *c;

	results_init(r);
	snprintf(r->system.hostname, sizeof(r->system.hostname), "%s", host);
	snprintf(r->system.kernel, sizeof(r->system.kernel), "%s", kernel);
	c = results_add_cell(r);
	cr_assert_not_null(c);
	snprintf(c->backend, sizeof(c->backend), "%s", backend);
	snprintf(c->label, sizeof(c->label), "%s", backend);
	c->jobs = 1;
	for (size_t i = 0; i < ntrials; i++) {
		struct trial *t = cell_add_trial(c);
		cr_assert_not_null(t);
		t->index = (unsigned)i + 1;
		trial_set(t, M_ELAPSED, 1.0 + (double)i);
	}
}

Test(group, a_kernels_files_pooled_each_trial_with_its_run)
{
	struct result_groups gs = { .by = GROUP_KERNEL };
	struct results a, b, c, d;
	const struct result_cell *cell;

	file_of(&a, "a", "6.1", "zram", 2);
	file_of(&b, "b", "6.1", "zram", 1);
	file_of(&c, "a", "6.12", "zram", 1);
	file_of(&d, "c", "6.1", "disk", 1);
	cr_assert_eq(groups_add(&gs, &a), 0);
	cr_assert_eq(groups_add(&gs, &b), 0);
	cr_assert_eq(groups_add(&gs, &c), 0);
	cr_assert_eq(groups_add(&gs, &d), 0);
	groups_finish(&gs);
	cr_assert_eq(gs.n, 2);
	cr_assert_str_eq(gs.g[0].name, "kernel 6.1");
	cr_assert_str_eq(gs.g[1].name, "kernel 6.12");
	cr_assert_eq(gs.g[0].nfiles, 3);
	cr_assert_eq(gs.g[0].r.ncells, 2);
	cell = &gs.g[0].r.cells[0];
	cr_assert_eq(cell->ntrials, 3);
	cr_assert_eq(cell->trials[0].run, 0);
	cr_assert_eq(cell->trials[1].run, 0);
	cr_assert_eq(cell->trials[2].run, 1);
	cr_assert_eq(cell->trials[2].index, 3, "the pooled order");
	cr_assert_eq(cell->trials[2].value[M_ELAPSED], 1.0);
	cr_assert_str_eq(gs.g[0].r.cells[1].backend, "disk");
	cr_assert_eq(gs.g[0].r.cells[1].trials[0].run, 2);
	cr_assert_eq(gs.g[1].r.cells[0].trials[0].run, 0);
	cr_assert_eq(b.cells[0].ntrials, 0, "moved, not copied");
	results_free(&a);
	results_free(&b);
	results_free(&c);
	results_free(&d);
	groups_free(&gs);
}

#define KEYS "swap,comp,jobs,limit,limit-mode,data,access,alloc,target,mode,knobs"

Test(match, keys_parsed_whole_once_each_target_always)
{
	unsigned mask = 0;
	char why[256];

	cr_assert_eq(match_keys_parse("swap,target", &mask, why, sizeof(why)), 0);
	cr_assert_eq(mask, (1u << MK_SWAP) | (1u << MK_TARGET));
	cr_assert_eq(match_keys_parse("limit", &mask, why, sizeof(why)), 0);
	cr_assert_eq(mask, (1u << MK_LIMIT) | (1u << MK_TARGET));
	cr_assert_eq(match_keys_parse("li", &mask, why, sizeof(why)), -EINVAL);
	cr_assert_str_eq(why, "no key 'li' (the keys: " KEYS ")");
	cr_assert_eq(match_keys_parse("swap,comp,swap", &mask, why, sizeof(why)), -EINVAL);
	cr_assert_str_eq(why, "a repeated key 'swap' (the keys: " KEYS ")");
}

Test(match, a_cells_key_and_the_first_cell_that_matches)
{
	struct results r;
	struct result_cell *c;
	struct cell_key k;
	char buf[256];
	size_t count = 0;

	file_of(&r, "a", "6.1", "zram", 1);
	c = results_add_cell(&r);
	cr_assert_not_null(c);
	snprintf(c->backend, sizeof(c->backend), "zram");
	c->jobs = 2;
	c->limit = 100 << 20;
	c->alloc = 1u << 30;
	cell_key_of(&r, c, &k);
	cr_assert_str_eq(k.target, "swap", "a file from before --target measured swap");
	cr_assert_str_eq(cell_key_value(&k, MK_ALLOC, buf, sizeof(buf)), "1G");
	cr_assert_str_eq(cell_key_value(&k, MK_LIMIT, buf, sizeof(buf)), "100M");
	cr_assert_str_eq(cell_key_value(&k, MK_JOBS, buf, sizeof(buf)), "2");
	cr_assert_str_eq(cell_key_text(&k, buf, sizeof(buf)),
			 "limit 100M, jobs 2, data -, access -, alloc 1G");
	cr_assert_eq(match_cell_on(&r, &r, c, 1u << MK_SWAP, &count), 0);
	cr_assert_eq(count, 2);
	cr_assert_eq(match_cell(&r, &r, c), 1);
	results_free(&r);
}
