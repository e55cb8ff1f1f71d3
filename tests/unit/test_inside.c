#include <criterion/criterion.h>
#include <errno.h>
#include <stdlib.h>

#include "runner/kernel/psi.h"
#include "runner/result/series.h"
#include "runner/trial/trial.h"
#include "runner/trial/validity.h"

Test(psi, parses_some_and_full)
{
	struct psi p;
	cr_assert_eq(psi_parse("some avg10=1.50 avg60=5.78 avg300=8.54 total=105291258\n"
			       "full avg10=0.25 avg60=5.71 avg300=8.44 total=104230479\n",
			       &p),
		     0);
	cr_assert_float_eq(p.some_avg10, 1.5, 1e-9);
	cr_assert_eq(p.some_total, 105291258);
	cr_assert_eq(p.full_total, 104230479);
	cr_assert_eq(psi_parse("nonsense\n", &p), -EINVAL);
}

Test(series, bounded_by_decimation_and_still_spanning_the_trial)
{
	struct series s;
	double v[S_COUNT] = { 0 };
	unsigned char have[S_COUNT] = { 0 };
	size_t added = 0;
	have[S_PSWPOUT] = 1;
	series_init(&s);
	for (unsigned long tick = 0; tick < 20000; tick++) {
		if (!series_due(&s))
			continue;
		v[S_PSWPOUT] = (double)tick;
		cr_assert_eq(series_add(&s, (double)tick / 100.0, v, have), 0);
		added++;
	}
	cr_assert_leq(s.n, SERIES_CAP);
	cr_assert_geq(s.n, SERIES_CAP / 2);
	cr_assert_geq(s.stride, 8, "the sampling slowed down as the series filled");
	cr_assert_float_eq(s.t[0], 0.0, 1e-12, "the start is kept");
	cr_assert_gt(s.t[s.n - 1], 190.0, "and the end is there");
	for (size_t i = 1; i < s.n; i++) {
		cr_assert_gt(s.t[i], s.t[i - 1]);
		cr_assert_gt(s.v[S_PSWPOUT][i], s.v[S_PSWPOUT][i - 1]);
	}
	cr_assert(s.have[S_PSWPOUT]);
	cr_assert_not(s.have[S_PSI_SOME]);
	series_free(&s);
}

static struct validity_input normal(void)
{
	/* 96 MiB swapped, vmstat agrees, our device holds it, no pressure before. */
	struct validity_input in = {
		.have_cgroup_swap = 1,
		.cgroup_swap = 96.0 * 1048576,
		.swapped_vmstat = 96.2 * 1048576,
		.swap_peak = 96.0 * 1048576,
		.device_used = 96.0 * 1048576,
		.device_size = 300.0 * 1048576,
		.psi_before = 0.0,
	};
	return in;
}

Test(validity, a_normal_trial_raises_nothing)
{
	struct validity_input in = normal();
	cr_assert_eq(validity_check(&in), 0);
}

Test(validity, swap_crosscheck_fires_on_inconsistent_numbers)
{
	struct validity_input in = normal();
	in.swapped_vmstat = 150.0 * 1048576; /* vmstat says far more than the cgroup holds */
	cr_assert(validity_check(&in) & TRIAL_FLAG_SWAP_MISMATCH);
	in = normal();
	in.swapped_vmstat = 50.0 * 1048576; /* or far less */
	cr_assert(validity_check(&in) & TRIAL_FLAG_SWAP_MISMATCH);
}

Test(validity, other_processes_pages_explain_an_excess)
{
	struct validity_input in = normal();
	in.swapped_vmstat = 110.0 * 1048576;
	in.device_used = 110.0 * 1048576; /* 14 MiB of someone else's on our device */
	cr_assert_eq(validity_check(&in) & TRIAL_FLAG_SWAP_MISMATCH, 0);
}

Test(validity, never_swapped_full_device_pressure_before)
{
	struct validity_input in = normal();
	in.cgroup_swap = in.swap_peak = in.swapped_vmstat = 0;
	in.swapped_total = 1.0 * 1048576;
	cr_assert_eq(validity_check(&in) & TRIAL_FLAG_NEVER_SWAPPED, 0,
		     "killed before filled, but it swapped");
	in.swapped_total = 0;
	cr_assert(validity_check(&in) & TRIAL_FLAG_NEVER_SWAPPED);
	in = normal();
	in.device_used = 299.0 * 1048576;
	cr_assert(validity_check(&in) & TRIAL_FLAG_DEVICE_FULL);
	in = normal();
	in.ram_limit = 20.0 * 1048576;
	in.ram_used = 19.9 * 1048576;
	cr_assert(validity_check(&in) & TRIAL_FLAG_DEVICE_FULL);
	in = normal();
	in.psi_before = 35.0;
	cr_assert(validity_check(&in) & TRIAL_FLAG_PRESSURE_BEFORE);
}

Test(validity, outliers_by_modified_z_score)
{
	const double v[] = { 1.00, 1.02, 0.98, 1.01, 0.99, 3.10 };
	cr_assert_gt(modified_z(v, 6, 3.10), 3.5);
	cr_assert_lt(modified_z(v, 6, 1.02), 3.5);
	const double same[] = { 1, 1, 1 };
	cr_assert_float_eq(modified_z(same, 3, 1), 0.0, 1e-12, "no spread: no outlier");
}

/* A cell of trials with these elapsed times, its statistics updated. */
static void cell_of(struct result_cell *c, const double *elapsed, size_t n)
{
	memset(c, 0, sizeof(*c));
	for (size_t i = 0; i < n; i++) {
		struct trial *t = cell_add_trial(c);
		t->index = (unsigned)i + 1;
		trial_set(t, M_ELAPSED, elapsed[i]);
	}
	cell_update_stats(c);
}

static void cell_free(struct result_cell *c)
{
	for (size_t i = 0; i < c->ntrials; i++)
		trial_free(&c->trials[i]);
	free(c->trials);
}

Test(validity, slow_first_trial)
{
	const double slow[] = { 2.0, 1.0, 1.1, 0.9 };
	const double fine[] = { 1.2, 1.0, 1.1, 0.9 };
	struct result_cell c;
	cell_of(&c, slow, 4);
	cr_assert(c.trials[0].flags & TRIAL_FLAG_SLOW_FIRST);
	cr_assert_not(c.trials[1].flags & TRIAL_FLAG_SLOW_FIRST,
		      "only the first trial can be slow-first");
	cell_free(&c);
	cell_of(&c, fine, 4);
	cr_assert_not(c.trials[0].flags & TRIAL_FLAG_SLOW_FIRST);
	cell_free(&c);
	cell_of(&c, slow, 2);
	cr_assert_not(c.trials[0].flags & TRIAL_FLAG_SLOW_FIRST, "two trials say nothing");
	cell_free(&c);
}

/* Trials of one cell that ran on different CPUs: placement changes timings, so each trial
 * whose CPUs differ from the first's is flagged; an unknown placement flags nothing. */
Test(validity, trials_on_other_cpus)
{
	const double v[] = { 1.0, 1.1, 0.9, 1.0 };
	const char *cpus[] = { "1", "1", "0", "" };
	struct result_cell c;

	cell_of(&c, v, 4);
	for (size_t i = 0; i < 4; i++)
		snprintf(c.trials[i].cpus, sizeof(c.trials[i].cpus), "%s", cpus[i]);
	cell_update_stats(&c);
	cr_assert_not(c.trials[0].flags & TRIAL_FLAG_OTHER_CPUS);
	cr_assert_not(c.trials[1].flags & TRIAL_FLAG_OTHER_CPUS);
	cr_assert(c.trials[2].flags & TRIAL_FLAG_OTHER_CPUS);
	cr_assert_not(c.trials[3].flags & TRIAL_FLAG_OTHER_CPUS, "unknown is not different");
	cr_assert_str_eq(trial_flag_name(6), "other-cpus");
	snprintf(c.trials[2].cpus, sizeof(c.trials[2].cpus), "1");
	cell_update_stats(&c);
	cr_assert_not(c.trials[2].flags & TRIAL_FLAG_OTHER_CPUS, "recomputed, not sticky");
	cell_free(&c);
}
