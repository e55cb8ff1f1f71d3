/* pgbench's summary, its last lines: "latency average = 0.073 ms", then "tps = ...". It prints
 * no percentile; a script that reads pgbench's -l log adds them as zswapbench's own lines. */
#include <errno.h>

#include "common/util.h"
#include "runner/loadgen/formats.h"

/* What each PostgreSQL says after its rate. 13 and older print "including" then "excluding":
 * the last line read wins, so the rate without the connections is the one kept. */
static const char *const pg_tps_kinds[] = {
	"(without initial connection time)",
	"(including reconnection times)", /* -C: a connection per transaction */
	"(excluding connections establishing)",
	"(including connections establishing)",
};

static int pg_malformed(struct span line, const char *what, char *why, size_t why_len)
{
	char q[QUOTE_LEN];

	explain(why, why_len, "pgbench's '%s' line '%s' is malformed", what,
		span_quote(span_trim(line), q, sizeof(q)));
	return -EINVAL;
}

static int pg_tps(struct span s, struct span line, struct load_result *r, char *why, size_t why_len)
{
	double v;

	if (span_number(span_word(&s), &v))
		return pg_malformed(line, "tps =", why, why_len);
	span_eat_blanks(&s);
	for (size_t i = 0; i < ARRAY_SIZE(pg_tps_kinds); i++) {
		if (!span_is(s, pg_tps_kinds[i]))
			continue;
		r->value[LQ_THROUGHPUT] = v;
		r->have[LQ_THROUGHPUT] = 1;
		return 0;
	}
	return pg_malformed(line, "tps =", why, why_len);
}

static int pg_latency(struct span s, struct span line, struct load_result *r, char *why,
		      size_t why_len)
{
	double ms;

	if (span_number(span_word(&s), &ms) || !span_is(s, " ms"))
		return pg_malformed(line, "latency average =", why, why_len);
	return put_ms(r, LQ_AVG, ms, "pgbench's latency average", why, why_len);
}

int pgbench_parse(const char *text, size_t len, struct load_result *r, char *why, size_t why_len)
{
	struct line_walk w;
	struct span line, t;
	int ret = 0;

	lines_begin(&w, text, len);
	while (!ret && lines_next(&w, &line)) {
		t = span_trim(line);
		if (span_eat(&t, "tps = "))
			ret = pg_tps(t, line, r, why, why_len);
		else if (span_eat(&t, "latency average = "))
			ret = pg_latency(t, line, r, why, why_len);
	}
	if (!ret && !r->have[LQ_THROUGHPUT])
		explain(why, why_len, "pgbench's output has no 'tps = ' line");
	return ret;
}

int pgbench_marks(struct span line)
{
	struct span t = span_trim(line);

	return span_eat(&t, "tps = ") || span_eat(&t, "pgbench (") || span_eat(&t, "pgbench: ") ||
		span_eat(&t, "number of transactions actually processed: ");
}
