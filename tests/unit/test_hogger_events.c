/* The hogger's reports (trial/hogger_events.c), line by line: each field where it belongs, a
 * line that is not exactly one of ours changing nothing, and the latency histograms taken only
 * when their totals agree with their buckets. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "runner/trial/hogger_events.h"

static struct hogger_events ev;

static void fresh(void)
{
	memset(&ev, 0, sizeof(ev));
}

TestSuite(hogger_events, .init = fresh);

Test(hogger_events, each_report_fills_its_own_fields)
{
	cr_assert_eq(hogger_event_parse("start 11", &ev), 0);
	cr_assert_eq(hogger_event_parse("progress 4096 12", &ev), 1);
	cr_assert_eq(ev.bytes, 4096);
	cr_assert_eq(hogger_event_parse("filled 8192 13 7", &ev), 0);
	cr_assert_eq(hogger_event_parse("worked 99", &ev), 0);
	cr_assert_eq(hogger_event_parse("accessed 14 21", &ev), 0);
	cr_assert_eq(hogger_event_parse("done 15", &ev), 0);
	cr_assert_eq(ev.start, 11);
	cr_assert_eq(ev.bytes, 8192);
	cr_assert_eq(ev.filled, 13);
	cr_assert_eq(ev.fill_majflt, 7);
	cr_assert_eq(ev.reads, 99);
	cr_assert_eq(ev.accessed, 14);
	cr_assert_eq(ev.access_majflt, 21);
	cr_assert_eq(ev.done, 15);
	cr_assert(ev.got_filled && ev.got_accessed && ev.got_worked && ev.got_done);
	cr_assert_not(ev.alloc_error);
}

Test(hogger_events, a_field_added_later_after_a_blank_is_ignored)
{
	hogger_event_parse("start 5 extra", &ev);
	cr_assert_eq(ev.start, 5);
}

Test(hogger_events, what_is_not_exactly_a_report_changes_nothing)
{
	static const char *const bad[] = {
		"start5",
		"start -1",
		"start +5",
		"start",
		"start 5x",
		"start  5",
		"start 99999999999999999999",
		"filled 1 2",
		"errors 12",
		"poked 1",
		"done 1.5",
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct hogger_events zero;
		memset(&zero, 0, sizeof(zero));
		cr_assert_eq(hogger_event_parse(bad[i], &ev), 0, "%s", bad[i]);
		cr_assert_eq(memcmp(&ev, &zero, sizeof(ev)), 0, "'%s' changed something", bad[i]);
	}
}

Test(hogger_events, error_alone_or_with_its_errno)
{
	hogger_event_parse("error", &ev);
	cr_assert(ev.alloc_error);
	fresh();
	hogger_event_parse("error 12", &ev);
	cr_assert(ev.alloc_error);
}

Test(hogger_events, pokes_are_counted_and_their_faults_added)
{
	hogger_event_parse("poked 100 3", &ev);
	hogger_event_parse("poked 200 4", &ev);
	cr_assert_eq(ev.pokes, 2);
	cr_assert_eq(ev.poke_majflt, 7);
	cr_assert(ev.poked);
}

/* A histogram of three values (10, 20, 1000 ns) as the hogger sends it. */
static void send_histogram(const char *phase, unsigned long long total)
{
	static const unsigned long long values[] = { 10, 20, 1000 };
	char line[128];

	for (size_t i = 0; i < 3; i++) {
		snprintf(line, sizeof(line), "hist %s %llu 1", phase, values[i]);
		hogger_event_parse(line, &ev);
	}
	snprintf(line, sizeof(line), "histend %s %llu 1030 10 1000 0", phase, total);
	hogger_event_parse(line, &ev);
}

Test(hogger_events, a_histogram_whose_total_agrees_is_taken_exactly)
{
	send_histogram("access", 3);
	cr_assert_eq(ev.lat_state[LAT_ACCESS], LAT_DONE);
	cr_assert_eq(ev.lat_state[LAT_FILL], LAT_NONE);
	cr_assert_eq(hist_count(&ev.lat[LAT_ACCESS]), 3);
	cr_assert_eq(hist_min(&ev.lat[LAT_ACCESS]), 10);
	cr_assert_eq(hist_max(&ev.lat[LAT_ACCESS]), 1000);
	cr_assert_eq(ev.lat[LAT_ACCESS].sum, 1030);
}

Test(hogger_events, a_histogram_whose_total_disagrees_is_refused)
{
	send_histogram("fill", 4);
	cr_assert_eq(ev.lat_state[LAT_FILL], LAT_BAD);
}

Test(hogger_events, a_bucket_after_the_end_refuses_the_phase)
{
	send_histogram("fill", 3);
	hogger_event_parse("hist fill 10 1", &ev);
	cr_assert_eq(ev.lat_state[LAT_FILL], LAT_BAD);
}

Test(hogger_events, an_end_without_buckets_is_an_empty_histogram)
{
	hogger_event_parse("histend fill 0 0 0 0 0", &ev);
	cr_assert_eq(ev.lat_state[LAT_FILL], LAT_DONE);
	cr_assert_eq(hist_count(&ev.lat[LAT_FILL]), 0);
}

Test(hogger_events, an_unknown_phase_changes_nothing)
{
	hogger_event_parse("hist fills 10 1", &ev);
	hogger_event_parse("histx fill 10 1", &ev);
	cr_assert_eq(ev.lat_state[LAT_FILL], LAT_NONE);
	cr_assert_eq(ev.lat_state[LAT_ACCESS], LAT_NONE);
}
