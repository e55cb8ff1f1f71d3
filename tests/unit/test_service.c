/* A service trial's record (trial/service.c): the measured load's time as elapsed and its
 * numbers as metrics, only for a trial that went well; a server that died fails the trial with
 * what its log says last; an interrupted trial keeps its status. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/trial/service.h"

static struct job job;
static struct workload server;
static struct service_outcome o;
static struct trial t;

static void fresh(void)
{
	memset(&job, 0, sizeof(job));
	memset(&server, 0, sizeof(server));
	memset(&o, 0, sizeof(o));
	memset(&t, 0, sizeof(t));
	server.jobs = &job;
	server.n = 1;
	o.phase = "load";
	o.load_ns = 2500000000ULL;
	o.parsed_ok = 1;
	o.parsed.value[LQ_THROUGHPUT] = 1234.5;
	o.parsed.have[LQ_THROUGHPUT] = 1;
	o.parsed.value[LQ_P50] = 50;
	o.parsed.have[LQ_P50] = 1;
	o.parsed.value[LQ_P95] = 95;
	o.parsed.have[LQ_P95] = 1;
	o.parsed.value[LQ_P99] = 99;
	o.parsed.have[LQ_P99] = 1;
	trial_set(&t, M_ELAPSED, 60); /* the server's whole life */
	t.status = TRIAL_OK;
}

TestSuite(service, .init = fresh);

Test(service, elapsed_is_the_load_s_and_its_numbers_are_metrics)
{
	service_record(&t, &server, &o);
	cr_assert_eq(t.status, TRIAL_OK);
	cr_assert_float_eq(t.value[M_ELAPSED], 2.5, 1e-9);
	cr_assert_float_eq(t.value[M_THROUGHPUT], 1234.5, 1e-9);
	cr_assert_float_eq(t.value[M_REQUEST_P50], 50, 1e-9);
	cr_assert_float_eq(t.value[M_REQUEST_P95], 95, 1e-9);
	cr_assert_float_eq(t.value[M_REQUEST_P99], 99, 1e-9);
	cr_assert_not(t.have[M_REQUEST_AVG], "the load did not say it");
	cr_assert_not(t.have[M_REQUEST_MAX]);
}

Test(service, a_server_that_died_fails_the_trial_with_its_last_line)
{
	const char *log = "starting\nFATAL: out of shared memory\n";

	memcpy(job.output, log, strlen(log));
	job.output_len = strlen(log);
	o.server_died = 1;
	service_record(&t, &server, &o);
	cr_assert_eq(t.status, TRIAL_FAILED);
	cr_assert_str_eq(t.note,
			 "the server exited during its load; its log ends: FATAL: out of "
			 "shared memory");
	cr_assert_not(t.have[M_ELAPSED], "the server's life is no measure");
	cr_assert_not(t.have[M_THROUGHPUT]);
}

Test(service, an_oom_kill_of_the_server_stays_one)
{
	o.server_died = 1;
	o.phase = "warm-up";
	t.status = TRIAL_OOM;
	service_record(&t, &server, &o);
	cr_assert_eq(t.status, TRIAL_OOM);
	cr_assert_str_eq(t.note, "the server was OOM-killed during its warm-up");
}

Test(service, the_service_s_own_reason_fails_the_trial)
{
	snprintf(o.note, sizeof(o.note), "the readiness check exited with status 1");
	service_record(&t, &server, &o);
	cr_assert_eq(t.status, TRIAL_FAILED);
	cr_assert_str_eq(t.note, "the readiness check exited with status 1");
	cr_assert_not(t.have[M_THROUGHPUT]);
}

Test(service, a_failed_or_interrupted_trial_has_no_load_metrics)
{
	t.status = TRIAL_FAILED;
	service_record(&t, &server, &o);
	cr_assert_not(t.have[M_THROUGHPUT]);
	cr_assert_not(t.have[M_ELAPSED]);
	fresh();
	t.status = TRIAL_INTERRUPTED;
	o.server_died = 1;
	service_record(&t, &server, &o);
	cr_assert_eq(t.status, TRIAL_INTERRUPTED);
	cr_assert_str_eq(t.note, "");
	cr_assert_not(t.have[M_ELAPSED]);
}

Test(service, an_unparsed_load_has_no_metrics)
{
	o.parsed_ok = 0;
	service_record(&t, &server, &o);
	cr_assert_eq(t.status, TRIAL_OK);
	cr_assert_not(t.have[M_THROUGHPUT]);
}
