/*
 * redis-benchmark's --csv output (redis-tools 7): a header, then a row per test run, one after
 * another, each with the same -n. Its -q and its full report are refused: a cut head can take
 * an earlier test's lines away with nothing left to show it, where --csv's header, printed
 * once before every row, shows that the rows after it are all there.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>

#include "runner/loadgen/formats.h"

#define REDIS_HEADER                                                                               \
	"\"test\",\"rps\",\"avg_latency_ms\",\"min_latency_ms\",\"p50_latency_ms\","               \
	"\"p95_latency_ms\",\"p99_latency_ms\",\"max_latency_ms\""

enum {
	R_TEST,
	R_RPS,
	R_AVG,
	R_MIN,
	R_P50,
	R_P95,
	R_P99,
	R_MAX,
	R_FIELDS
};

/* The tests after the last header, added up as they are combined below. */
struct redis_sum {
	int header;
	unsigned tests;
	double inv_rps; /* seconds per request, summed over the tests */
	double avg_ms; /* summed over the tests */
	double worst_ms[R_FIELDS]; /* of P50, P95, P99 and MAX */
};

/* "a","b",...: exactly R_FIELDS fields, each quoted (redis-benchmark quotes every one and
 * escapes none: a test's name holds no quote). */
static int csv_fields(struct span s, struct span f[R_FIELDS])
{
	for (int i = 0; i < R_FIELDS; i++) {
		if (i && !span_eat(&s, ","))
			return 0;
		if (!span_eat(&s, "\""))
			return 0;
		f[i] = (struct span){ s.p, 0 };
		while (f[i].n < s.n && s.p[f[i].n] != '"')
			f[i].n++;
		s.p += f[i].n;
		s.n -= f[i].n;
		if (!span_eat(&s, "\""))
			return 0;
	}
	return s.n == 0;
}

static int redis_bad(const char *what, struct span s, const char *how, char *why, size_t why_len)
{
	char q[QUOTE_LEN];

	explain(why, why_len, "redis-benchmark's %s '%s' %s", what, span_quote(s, q, sizeof(q)),
		how);
	return -EINVAL;
}

static int redis_row(struct redis_sum *sum, struct span line, char *why, size_t why_len)
{
	static const char *const names[R_FIELDS] = { "test", "rps", "avg", "min",
						     "p50",  "p95", "p99", "max" };
	struct span f[R_FIELDS];
	double v[R_FIELDS];
	const char *bad;
	char name[QUOTE_LEN], what[96];

	if (!csv_fields(line, f))
		return redis_bad("CSV row", line, "is not 8 quoted fields", why, why_len);
	span_quote(f[R_TEST], name, sizeof(name));
	for (int i = R_RPS; i < R_FIELDS; i++) {
		if (!(bad = span_number(f[i], &v[i])))
			continue;
		snprintf(what, sizeof(what), "test %s's %s", name, names[i]);
		return redis_bad(what, f[i], bad, why, why_len);
	}
	if (!(v[R_RPS] > 0))
		return redis_bad("test", f[R_TEST], "has no requests per second", why, why_len);
	sum->tests++;
	sum->inv_rps += 1 / v[R_RPS];
	sum->avg_ms += v[R_AVG];
	for (int i = R_P50; i < R_FIELDS; i++)
		sum->worst_ms[i] = fmax(sum->worst_ms[i], v[i]);
	return 0;
}

/*
 * Several tests into one number each, as if one load of k * n requests:
 * - throughput: k / sum(1 / rps_i), the requests over the time they took together (each test
 *   took n / rps_i). A mean of the rates would weigh a fast test's short time as much as a
 *   slow test's long one.
 * - avg: the plain mean of the tests' averages, which is the average over all the requests
 *   because every test made the same n of them.
 * - p50, p95, p99, max: the worst test's. The percentile of all the requests together cannot
 *   be had from the tests' own; the worst is never below it (at most 1 - p of each test's
 *   requests lie above that test's percentile, so no more of all of them above the largest),
 *   and swapping hurts the slowest operation first, which the worst follows.
 */
static int redis_combine(const struct redis_sum *sum, struct load_result *r, char *why,
			 size_t why_len)
{
	static const enum load_quantity q[R_FIELDS] = {
		[R_P50] = LQ_P50, [R_P95] = LQ_P95, [R_P99] = LQ_P99, [R_MAX] = LQ_MAX
	};
	double rate = sum->tests / sum->inv_rps;

	if (!isfinite(rate) || !(rate > 0)) {
		explain(why, why_len, "redis-benchmark's tests' rates add up to no throughput");
		return -EINVAL;
	}
	r->value[LQ_THROUGHPUT] = rate;
	r->have[LQ_THROUGHPUT] = 1;
	if (put_ms(r, LQ_AVG, sum->avg_ms / sum->tests, "redis-benchmark's avg", why, why_len))
		return -EINVAL;
	for (int i = R_P50; i < R_FIELDS; i++)
		if (put_ms(r, q[i], sum->worst_ms[i], "redis-benchmark's latency", why, why_len))
			return -EINVAL;
	return 0;
}

/* "GET: 123.45 requests per second, p50=0.123 msec", the line -q leaves: a test's name first,
 * at the start of the line. */
static int redis_q_line(struct span s)
{
	struct span name = { s.p, 0 };
	double v;

	while (name.n < s.n && s.p[name.n] != ':')
		name.n++;
	if (!name.n || name.n == s.n || s.p[0] == ' ' || s.p[0] == '\t')
		return 0;
	s.p += name.n + 1;
	s.n -= name.n + 1;
	return span_eat(&s, " ") && !span_number(span_word(&s), &v) &&
		span_eat(&s, " requests per second");
}

/* The full report's "  throughput summary: 123.45 requests per second". */
static int redis_report_line(struct span s)
{
	s = span_trim(s);
	return span_eat(&s, "throughput summary: ");
}

/* Why no throughput came of a text without the --csv header. */
static void redis_missing(const char *text, size_t len, char *why, size_t why_len)
{
	struct line_walk w;
	struct span line;

	lines_begin(&w, text, len);
	while (lines_next(&w, &line)) {
		if (redis_report_line(line)) {
			explain(why, why_len,
				"redis-benchmark's full report is not read: run it with --csv");
			return;
		}
		if (redis_q_line(line)) {
			explain(why, why_len,
				"redis-benchmark's -q output is not read (a cut head takes "
				"a test's line away unseen): run it with --csv");
			return;
		}
	}
	explain(why, why_len,
		"redis-benchmark's output has no --csv header line (\"test\",\"rps\",...)");
}

int redis_parse(const char *text, size_t len, struct load_result *r, char *why, size_t why_len)
{
	struct redis_sum sum = { 0 };
	struct line_walk w;
	struct span line, t;

	lines_begin(&w, text, len);
	while (lines_next(&w, &line)) {
		t = span_trim(line);
		if (span_is(t, REDIS_HEADER))
			sum = (struct redis_sum){ .header = 1 };
		else if (sum.header && t.n && t.p[0] == '"' && redis_row(&sum, t, why, why_len))
			return -EINVAL;
	}
	if (sum.tests)
		return redis_combine(&sum, r, why, why_len);
	if (sum.header)
		explain(why, why_len,
			"redis-benchmark's --csv header is followed by no test's row");
	else
		redis_missing(text, len, why, why_len);
	return 0;
}

/* A row is a mark too: a cut that took the header away is then refused as redis-benchmark's. */
int redis_marks(struct span line)
{
	struct span t = span_trim(line), f[R_FIELDS];
	double rps;

	return span_is(t, REDIS_HEADER) || redis_q_line(line) || redis_report_line(line) ||
		(csv_fields(t, f) && !span_number(f[R_RPS], &rps));
}
