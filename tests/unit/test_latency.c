/* A trial's latencies (trial/latency.c): every job's histogram merged exactly, a phase any job
 * sent inconsistent left out, the percentiles as microseconds, the time per major fault. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "runner/trial/latency.h"

static struct workload_spec spec;
static struct workload w;
static struct trial t;

static void two_jobs(void)
{
	memset(&spec, 0, sizeof(spec));
	memset(&w, 0, sizeof(w));
	memset(&t, 0, sizeof(t));
	w.spec = &spec;
	w.n = 2;
	w.jobs = calloc(2, sizeof(*w.jobs));
	cr_assert_not_null(w.jobs);
}

static void done(void)
{
	trial_free(&t);
	free(w.jobs);
}

TestSuite(latency, .init = two_jobs, .fini = done);

/* A job's phase, received whole: n values of ns each, then one of last. */
static void job_sent(unsigned job, enum lat_phase p, unsigned n, uint64_t ns, uint64_t last)
{
	struct hogger_events *ev = &w.jobs[job].ev;

	hist_init(&ev->lat[p]);
	for (unsigned i = 0; i < n; i++)
		hist_record(&ev->lat[p], ns);
	hist_record(&ev->lat[p], last);
	ev->lat_state[p] = LAT_DONE;
}

Test(latency, every_job_merged_and_the_percentiles_in_microseconds)
{
	job_sent(0, LAT_ACCESS, 499, 2000, 2000);
	job_sent(1, LAT_ACCESS, 499, 2000, 3000000);
	cr_assert_eq(latency_record(&t, &w), 0);
	cr_assert_not_null(t.lat[LAT_ACCESS]);
	cr_assert_eq(hist_count(t.lat[LAT_ACCESS]), 1000);
	cr_assert_null(t.lat[LAT_FILL]);
	cr_assert_float_eq(t.value[M_ACCESS_P50], 2.0, 0.02);
	cr_assert_float_eq(t.value[M_ACCESS_P99], 2.0, 0.02);
	/* One value in a thousand is slow: the 99.9th percentile is it, not the 99th. */
	cr_assert_float_eq(t.value[M_ACCESS_P999], 2.0, 0.02);
	cr_assert_float_eq(t.value[M_ACCESS_MAX], 3000.0, 1e-9);
	cr_assert_not(t.have[M_FILL_CHUNK_P50]);
}

Test(latency, the_999th_is_beyond_the_99th)
{
	job_sent(0, LAT_ACCESS, 497, 2000, 2000);
	job_sent(1, LAT_ACCESS, 497, 2000, 3000000);
	/* 994 fast, then 6 slow: the 99th percentile (rank 990) fast, the 99.9th (999) slow. */
	for (int i = 0; i < 5; i++)
		hist_record(&w.jobs[1].ev.lat[LAT_ACCESS], 3000000);
	cr_assert_eq(latency_record(&t, &w), 0);
	cr_assert_float_eq(t.value[M_ACCESS_P99], 2.0, 0.02);
	cr_assert_float_eq(t.value[M_ACCESS_P999], 3000.0, 30);
	cr_assert_float_eq(t.value[M_ACCESS_P90], 2.0, 0.02);
}

Test(latency, the_fill_has_its_chunk_metrics)
{
	job_sent(0, LAT_FILL, 9, 50000, 90000);
	cr_assert_eq(latency_record(&t, &w), 0);
	cr_assert_float_eq(t.value[M_FILL_CHUNK_P50], 50.0, 0.5);
	cr_assert_float_eq(t.value[M_FILL_CHUNK_MAX], 90.0, 1e-9);
	cr_assert_not(t.have[M_ACCESS_P50]);
}

Test(latency, one_job_s_refused_histogram_leaves_the_phase_out)
{
	job_sent(0, LAT_ACCESS, 9, 2000, 2000);
	job_sent(1, LAT_ACCESS, 9, 2000, 2000);
	w.jobs[1].ev.lat_state[LAT_ACCESS] = LAT_BAD;
	cr_assert_eq(latency_record(&t, &w), 0);
	cr_assert_null(t.lat[LAT_ACCESS]);
	cr_assert_not(t.have[M_ACCESS_P50]);
}

Test(latency, time_per_major_fault_only_with_faults)
{
	job_sent(0, LAT_ACCESS, 3, 1000, 1000); /* 4 us in all */
	trial_set(&t, M_ACCESS_MAJFLT, 2);
	cr_assert_eq(latency_record(&t, &w), 0);
	cr_assert_float_eq(t.value[M_US_PER_FAULT], 2.0, 1e-9);
	trial_free(&t);
	memset(&t, 0, sizeof(t));
	trial_set(&t, M_ACCESS_MAJFLT, 0);
	cr_assert_eq(latency_record(&t, &w), 0);
	cr_assert_not(t.have[M_US_PER_FAULT]);
}

Test(latency, a_command_has_none_and_tabs_count_their_pokes)
{
	job_sent(0, LAT_ACCESS, 3, 1000, 1000);
	w.jobs[0].ev.pokes = 3;
	w.jobs[1].ev.pokes = 4;
	spec.tab_cycles = 7;
	cr_assert_eq(latency_record(&t, &w), 0);
	cr_assert_float_eq(t.value[M_POKES], 7, 1e-9);
	trial_free(&t);
	memset(&t, 0, sizeof(t));
	spec.tab_cycles = 0;
	cr_assert_eq(latency_record(&t, &w), 0);
	cr_assert_not(t.have[M_POKES]);
	trial_free(&t);
	memset(&t, 0, sizeof(t));
	spec.command = 1;
	cr_assert_eq(latency_record(&t, &w), 0);
	cr_assert_null(t.lat[LAT_ACCESS]);
	cr_assert_not(t.have[M_ACCESS_P50]);
}
