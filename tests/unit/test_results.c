#include <criterion/criterion.h>
#include <errno.h>
#include <json.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runner/result/compare.h"
#include "runner/result/results.h"
#include "runner/run/run.h"

static struct trial trial(unsigned index, enum trial_status st, double elapsed, double ratio)
{
	struct trial t;
	memset(&t, 0, sizeof(t));
	t.index = index;
	t.status = st;
	t.value[M_ELAPSED] = elapsed;
	t.have[M_ELAPSED] = 1;
	if (ratio > 0) {
		t.value[M_COMP_RATIO] = ratio;
		t.have[M_COMP_RATIO] = 1;
	}
	return t;
}

/* Two cells as a finished run leaves them: disk 2 ok, zram 2 ok and one OOM. */
static void fake_run(struct run *run, struct config *cfg, struct cell cells[2], struct trial t[5])
{
	options_defaults(cfg);
	memset(run, 0, sizeof(*run));
	run->cfg = cfg;
	run->cells = cells;
	run->ncells = 2;
	run->status = RUN_COMPLETE;
	memset(cells, 0, 2 * sizeof(*cells));
	t[0] = trial(1, TRIAL_OK, 2.0, 0);
	t[1] = trial(2, TRIAL_OK, 4.0, 0);
	t[2] = trial(1, TRIAL_OK, 1.0, 2.0);
	t[3] = trial(2, TRIAL_OK, 2.0, 2.0);
	t[4] = trial(3, TRIAL_OOM, 0.5, 0);
	snprintf(cells[0].label, sizeof(cells[0].label), "disk");
	cells[0].backend = &backend_disk;
	cells[0].trials = t;
	cells[0].ntrials = 2;
	snprintf(cells[1].label, sizeof(cells[1].label), "zram");
	cells[1].backend = &backend_zram;
	cells[1].trials = t + 2;
	cells[1].ntrials = 3;
	cell_update_stats(&cells[0]);
	cell_update_stats(&cells[1]);
}

Test(results, failed_trials_stay_out_of_the_statistics)
{
	struct run run;
	struct config cfg;
	struct cell cells[2];
	struct trial t[5];
	fake_run(&run, &cfg, cells, t);
	cr_assert_eq(cells[1].failed, 1);
	cr_assert_eq(cells[1].stats[M_ELAPSED].n, 2);
	cr_assert_float_eq(cells[1].stats[M_ELAPSED].mean, 1.5, 1e-12);
}

Test(results, comparison_ratio_and_change)
{
	struct run run;
	struct config cfg;
	struct cell cells[2];
	struct trial t[5];
	struct comparison cmp;
	fake_run(&run, &cfg, cells, t);
	cr_assert_eq(compare_metric(&cells[0], &cells[1], M_ELAPSED, &cmp), 0);
	cr_assert_float_eq(cmp.ratio, 0.5, 1e-12);
	cr_assert_float_eq(cmp.change_pct, -50.0, 1e-9);
	cr_assert_eq(compare_metric(&cells[0], &cells[1], M_COMP_RATIO, &cmp), -ENOENT);
}

Test(results, written_atomically_and_complete)
{
	struct run run;
	struct config cfg;
	struct cell cells[2];
	struct trial t[5];
	char path[] = "/tmp/zsb-results-XXXXXX";
	int fd = mkstemp(path);
	json_object *doc, *cellv, *trials, *v;

	cr_assert_geq(fd, 0);
	close(fd);
	fake_run(&run, &cfg, cells, t);
	cr_assert_eq(results_write(&run, path), 0);
	doc = json_object_from_file(path);
	cr_assert_not_null(doc, "the file must be valid JSON");
	cr_assert(json_object_object_get_ex(doc, "status", &v));
	cr_assert_str_eq(json_object_get_string(v), "complete");
	cr_assert(json_object_object_get_ex(doc, "config", &v));
	cr_assert(json_object_object_get_ex(v, "alloc", &v));
	cr_assert_eq(json_object_get_uint64(v), 300ULL << 20);
	cr_assert(json_object_object_get_ex(doc, "cells", &cellv));
	cr_assert_eq(json_object_array_length(cellv), 2);
	cr_assert(json_object_object_get_ex(json_object_array_get_idx(cellv, 1), "trials", &trials));
	cr_assert_eq(json_object_array_length(trials), 3, "failed trials are kept");
	cr_assert(json_object_object_get_ex(json_object_array_get_idx(trials, 2), "status", &v));
	cr_assert_str_eq(json_object_get_string(v), "oom");
	cr_assert(json_object_object_get_ex(doc, "comparisons", &v));
	cr_assert_eq(json_object_array_length(v), 1);
	json_object_put(doc);
	/* No temporary file is left beside it. */
	char tmp[64];
	snprintf(tmp, sizeof(tmp), "%s.tmp.%d", path, (int)getpid());
	cr_assert_eq(access(tmp, F_OK), -1);
	unlink(path);
}
