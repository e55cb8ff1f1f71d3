/* Calibrated noise: K runs' medians give the threshold and the run-to-run spread, the file
 * keeps one entry per host, configuration and metric, and compare tests a change between two
 * single runs against that spread, and not at all without it. And
 * the environment two files were measured in, compared fact by fact. */
#include <criterion/criterion.h>
#include <errno.h>
#include <json.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runner/result/calibration.h"
#include "runner/result/compare.h"
#include "runner/result/environment.h"
#include "runner/result/results.h"

/* A run of one zram cell whose elapsed trials are centre * (1 + spread[i]). */
static void run_of(struct results *r, double centre, const char *host)
{
	static const double spread[] = { -0.01, 0.0, 0.01, 0.02, -0.02 };
	struct result_cell *c;

	results_init(r);
	snprintf(r->system.hostname, sizeof(r->system.hostname), "%s", host);
	c = results_add_cell(r);
	snprintf(c->label, sizeof(c->label), "zram");
	snprintf(c->backend, sizeof(c->backend), "zram");
	c->limit = 32 << 20;
	c->jobs = 1;
	c->alloc = 160 << 20;
	for (size_t i = 0; i < 5; i++) {
		struct trial *t = cell_add_trial(c);
		t->index = (unsigned)i + 1;
		trial_set(t, M_ELAPSED, centre * (1 + spread[i]));
		trial_set(t, M_CPU_TIME, 0.5 * (1 + spread[i]));
	}
	cell_update_stats(c);
}

Test(calibration, threshold_is_the_90th_percentile_of_pairwise_changes)
{
	/* Run medians 1.00, 1.02, ..., 1.14: the pairwise changes run up to 14%. */
	struct results runs[8];
	const struct results *ptrs[8];
	struct calibration c;
	double changes[28];
	size_t p = 0;

	for (int i = 0; i < 8; i++) {
		run_of(&runs[i], 1.0 + 0.02 * i, "host-a");
		ptrs[i] = &runs[i];
	}
	cr_assert_eq(calibration_compute(ptrs, 8, &c), 0);
	const struct calibration_entry *e =
		calibration_find(&c, "host-a", c.entries[0].shape, M_ELAPSED);
	cr_assert_not_null(e);
	cr_assert_eq(e->runs, 8);
	cr_assert_eq(e->trials, 5);
	for (int i = 0; i < 8; i++)
		for (int j = i + 1; j < 8; j++)
			changes[p++] = 100 * fabs((1.0 + 0.02 * j) / (1.0 + 0.02 * i) - 1);
	/* By hand: sort, then linear interpolation at 0.9 * 27 = 24.3. */
	for (size_t i = 0; i < 28; i++)
		for (size_t j = i + 1; j < 28; j++)
			if (changes[j] < changes[i]) {
				double t = changes[i];
				changes[i] = changes[j];
				changes[j] = t;
			}
	cr_assert_float_eq(e->threshold_pct, changes[24] + 0.3 * (changes[25] - changes[24]), 1e-9);
	{
		double logs[8], mean = 0, ss = 0;
		for (int i = 0; i < 8; i++)
			mean += (logs[i] = log(1.0 + 0.02 * i)) / 8;
		for (int i = 0; i < 8; i++)
			ss += (logs[i] - mean) * (logs[i] - mean);
		cr_assert_float_eq(e->run_sd_log, sqrt(ss / 7), 1e-9, "the runs' spread, in logs");
	}
	cr_assert_str_eq(e->shape, "zram, limit 32M, jobs 1, data -, access -, alloc 160M");
	cr_assert_float_eq(e->median, 1.07, 1e-12, "the median of the runs' medians");
	cr_assert(calibration_find(&c, "host-a", e->shape, M_CPU_TIME), "CPU time too");
	cr_assert_null(calibration_find(&c, "host-b", e->shape, M_ELAPSED));
	calibration_free(&c);
	cr_assert_eq(calibration_compute(ptrs, 2, &c), -EINVAL, "two runs say nothing");
	for (int i = 0; i < 8; i++)
		results_free(&runs[i]);
}

Test(calibration, stored_replaced_and_read_back)
{
	char path[] = "/tmp/zsb-calibration-XXXXXX";
	struct results runs[3];
	const struct results *ptrs[3];
	struct calibration c, back;
	int fd = mkstemp(path);

	cr_assert_geq(fd, 0);
	close(fd);
	unlink(path);
	cr_assert_eq(calibration_load(path, &back), 0, "no file: empty");
	cr_assert_eq(back.n, 0);
	for (int i = 0; i < 3; i++) {
		run_of(&runs[i], 1.0 + 0.1 * i, "host-a");
		ptrs[i] = &runs[i];
	}
	cr_assert_eq(calibration_compute(ptrs, 3, &c), 0);
	cr_assert_eq(calibration_store(path, &c), 0);
	cr_assert_eq(calibration_store(path, &c), 0, "the same key replaces, never duplicates");
	cr_assert_eq(calibration_load(path, &back), 0);
	cr_assert_eq(back.n, c.n);
	cr_assert_float_eq(back.entries[0].threshold_pct, c.entries[0].threshold_pct, 1e-9);
	cr_assert_str_eq(back.entries[0].host, "host-a");
	calibration_free(&back);
	calibration_free(&c);
	FILE *f = fopen(path, "w");
	fputs("{\"format\": \"something else\"}", f);
	fclose(f);
	cr_assert_eq(calibration_load(path, &back), -EINVAL);
	unlink(path);
	for (int i = 0; i < 3; i++)
		results_free(&runs[i]);
}

Test(calibration, a_run_of_one_trial_is_no_run)
{
	struct results runs[3];
	const struct results *ptrs[3];
	struct calibration c;

	for (int i = 0; i < 3; i++) {
		run_of(&runs[i], 1.0 + 0.1 * i, "host-a");
		ptrs[i] = &runs[i];
	}
	runs[2].cells[0].ntrials = 1;
	cell_update_stats(&runs[2].cells[0]);
	cr_assert_eq(calibration_compute(ptrs, 3, &c), -EINVAL, "two runs of two trials or more");
	for (int i = 0; i < 3; i++)
		results_free(&runs[i]);
}

static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	cr_assert_not_null(f);
	fputs(text, f);
	fclose(f);
}

Test(calibration, a_spread_of_zero_kept_and_one_missing_derived)
{
	char path[] = "/tmp/zsb-calibration-XXXXXX";
	struct calibration back;
	int fd = mkstemp(path);

	cr_assert_geq(fd, 0);
	close(fd);
	write_text(path,
		   "{\"format\": \"zswapbench-calibration\", \"entries\": ["
		   "{\"host\": \"h\", \"configuration\": \"s\", \"metric\": \"elapsed\", "
		   "\"threshold_pct\": 10, \"run_sd_log\": 0, \"runs\": 4},"
		   "{\"host\": \"h\", \"configuration\": \"t\", \"metric\": \"elapsed\", "
		   "\"threshold_pct\": 10}]}");
	cr_assert_eq(calibration_load(path, &back), 0);
	cr_assert_eq(back.n, 2);
	cr_assert_eq(back.entries[0].run_sd_log, 0, "measured as no spread");
	cr_assert_eq(back.entries[0].runs, 4);
	cr_assert_float_eq(back.entries[1].run_sd_log, log1p(0.10) / 2.3262, 1e-12);
	calibration_free(&back);
	unlink(path);
}

Test(calibration, another_configuration_of_the_host_is_kept)
{
	char path[] = "/tmp/zsb-calibration-XXXXXX";
	struct calibration_entry e = {
		.host = "h", .shape = "zram", .metric = M_ELAPSED, .threshold_pct = 5
	};
	struct calibration one = { .entries = &e, .n = 1 }, back;
	int fd = mkstemp(path);

	cr_assert_geq(fd, 0);
	close(fd);
	unlink(path);
	cr_assert_eq(calibration_store(path, &one), 0);
	snprintf(e.shape, sizeof(e.shape), "zswap");
	cr_assert_eq(calibration_store(path, &one), 0);
	e.metric = M_CPU_TIME;
	cr_assert_eq(calibration_store(path, &one), 0);
	snprintf(e.host, sizeof(e.host), "g");
	cr_assert_eq(calibration_store(path, &one), 0);
	cr_assert_eq(calibration_store(path, &one), 0, "the same key replaces");
	cr_assert_eq(calibration_load(path, &back), 0);
	cr_assert_eq(back.n, 4);
	cr_assert_str_eq(back.entries[3].host, "g");
	cr_assert_str_eq(back.entries[0].shape, "zram");
	cr_assert_eq(back.entries[2].metric, M_CPU_TIME);
	calibration_free(&back);
	unlink(path);
}

/* Two single runs 10% apart, every trial apart. Within one run that is a finding; between two
 * runs the trials' spread says nothing of how runs differ: no test without a calibration, and
 * with one the change is weighed against the calibrated run-to-run spread. */
Test(calibration, one_run_a_side_is_tested_only_against_the_run_to_run_spread)
{
	struct results a, b;
	struct metric_comparison mc[M_COUNT];
	double sd[M_COUNT], df[M_COUNT];
	struct compare_opts o = { .alpha = 0.05, .noise_pct = 2 };

	run_of(&a, 1.00, "h");
	run_of(&b, 1.10, "h");
	cr_assert_eq(compare_cells(&a.cells[0], &b.cells[0], &o, mc), 0);
	cr_assert_eq(mc[M_ELAPSED].sig, SIG_SIGNIFICANT, "two cells of one run");
	o.between_runs = 1;
	cr_assert_eq(compare_cells(&a.cells[0], &b.cells[0], &o, mc), 0);
	cr_assert_eq(mc[M_ELAPSED].sig, SIG_NEEDS_RUNS);
	cr_assert_eq(mc[M_ELAPSED].by, BY_NOTHING);
	cr_assert_float_eq(mc[M_ELAPSED].est.change_pct, 10, 1e-9);
	for (int m = 0; m < M_COUNT; m++) {
		sd[m] = NAN;
		df[m] = 0;
	}
	o.run_sd_log = sd;
	o.run_df = df;
	sd[M_ELAPSED] = 0.15; /* this machine's runs differ by about 15% */
	df[M_ELAPSED] = 4;
	cr_assert_eq(compare_cells(&a.cells[0], &b.cells[0], &o, mc), 0);
	cr_assert_eq(mc[M_ELAPSED].by, BY_CALIBRATION);
	cr_assert_eq(mc[M_ELAPSED].sig, SIG_NONE, "inside the calibrated spread");
	cr_assert_eq(mc[M_CPU_TIME].sig, SIG_NEEDS_RUNS, "no calibration of CPU time");
	sd[M_ELAPSED] = 0.01;
	cr_assert_eq(compare_cells(&a.cells[0], &b.cells[0], &o, mc), 0);
	cr_assert_eq(mc[M_ELAPSED].sig, SIG_SIGNIFICANT, "far beyond a 1%% spread");
	/* t(4) at 0.975 is 2.776; se = 0.01 sqrt(2): the interval beyond the 2% threshold */
	cr_assert_float_eq(mc[M_ELAPSED].needed_up_pct,
			   100 * (1.02 * exp(2.7764451 * 0.01 * sqrt(2)) - 1), 1e-4);
	cr_assert_float_eq(mc[M_ELAPSED].needed_down_pct,
			   100 * (0.98 * exp(-2.7764451 * 0.01 * sqrt(2)) - 1), 1e-4);
	results_free(&a);
	results_free(&b);
}

static void set_fact(struct results *r, const char *section, const char *key, json_object *v)
{
	json_object *s;

	if (!r->system.facts)
		r->system.facts = json_object_new_object();
	if (!json_object_object_get_ex(r->system.facts, section, &s)) {
		s = json_object_new_object();
		json_object_object_add(r->system.facts, section, s);
	}
	json_object_object_add(s, key, v);
}

Test(environment, settings_and_conditions_that_differ)
{
	struct results a, b;
	struct env_difference d[16];
	size_t n;

	run_of(&a, 1, "h");
	run_of(&b, 1, "h");
	set_fact(&a, "mm", "thp_enabled", json_object_new_string("madvise"));
	set_fact(&b, "mm", "thp_enabled", json_object_new_string("always"));
	set_fact(&a, "kernel", "release", json_object_new_string("6.1.0"));
	set_fact(&b, "kernel", "release", json_object_new_string("6.1.0"));
	set_fact(&a, "cpu", "online", json_object_new_int(2));
	set_fact(&b, "cpu", "online", json_object_new_int(2));
	json_object *la = json_object_new_array(), *lb = json_object_new_array();
	json_object_array_add(la, json_object_new_double(0.2));
	json_object_array_add(lb, json_object_new_double(2.5));
	set_fact(&a, "memory", "loadavg", la);
	set_fact(&b, "memory", "loadavg", lb);
	n = env_differences(&a, &b, d, 16);
	cr_assert_eq(n, 2);
	cr_assert_str_eq(d[0].fact, "THP");
	cr_assert_str_eq(d[0].base, "madvise");
	cr_assert_str_eq(d[0].now, "always");
	cr_assert_not(d[0].condition);
	cr_assert_str_eq(d[1].fact, "load average before");
	cr_assert(d[1].condition);
	/* Other hosts: their loads are not compared, their settings are. */
	snprintf(b.system.hostname, sizeof(b.system.hostname), "other");
	cr_assert_eq(env_differences(&a, &b, d, 16), 1);
	/* A file without facts (older format) knows none of them: each the other knows is unknown
	 * there, never the same; those neither knows are not said. */
	json_object_put(b.system.facts);
	b.system.facts = NULL;
	cr_assert_eq(env_differences(&a, &b, d, 16), 3);
	cr_assert_str_eq(d[0].fact, "kernel");
	cr_assert_str_eq(d[1].fact, "CPUs online");
	cr_assert_str_eq(d[2].fact, "THP");
	cr_assert_str_eq(d[2].base, "madvise");
	for (size_t i = 0; i < 3; i++)
		cr_assert_str_eq(d[i].now, "unknown", "%s", d[i].fact);
	results_free(&a);
	results_free(&b);
}
