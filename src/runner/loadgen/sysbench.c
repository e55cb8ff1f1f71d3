/* sysbench 1.0's output (oltp_read_only, oltp_read_write): its summary at the end, and its
 * latency histogram before it when run with --histogram=on. */
#include <errno.h>

#include "runner/loadgen/formats.h"
#include "runner/loadgen/sysbench_hist.h"

struct sysbench {
	struct load_result *r;
	struct sb_hist hist;
	int in_latency; /* inside the summary's "Latency (ms):" block */
};

static int sb_malformed(struct span line, const char *what, char *why, size_t why_len)
{
	char q[QUOTE_LEN];

	explain(why, why_len, "sysbench's %s line '%s' is malformed", what,
		span_quote(span_trim(line), q, sizeof(q)));
	return -EINVAL;
}

/* "transactions:   13176  (2631.65 per sec.)": the rate, as sysbench divided it. A new
 * summary: the latencies of an earlier one (a warm-up's) are not this one's. */
static int sb_transactions(struct sysbench *sb, struct span s, struct span line, char *why,
			   size_t why_len)
{
	unsigned long long n;
	double v;

	span_eat_blanks(&s);
	if (!span_count(span_word(&s), &n))
		return sb_malformed(line, "'transactions:'", why, why_len);
	span_eat_blanks(&s);
	if (!span_eat(&s, "(") || span_number(span_word(&s), &v) || !span_eat(&s, " per sec.)") ||
	    s.n)
		return sb_malformed(line, "'transactions:'", why, why_len);
	for (int q = LQ_AVG; q < LQ_COUNT; q++)
		sb->r->have[q] = 0;
	sb->r->value[LQ_THROUGHPUT] = v;
	sb->r->have[LQ_THROUGHPUT] = 1;
	sb_hist_summary(&sb->hist);
	return 0;
}

/* The quantity a line of the "Latency (ms):" block gives: avg, max and the one percentile
 * sysbench prints (--percentile, 95 unless told) where it is one of ours; -1 for min, sum and
 * another percentile; LQ_COUNT when the line is not the block's. */
static int sb_latency_key(struct span *t)
{
	unsigned long long pct;
	struct span digits = { t->p, 0 };

	if (span_eat(t, "avg:"))
		return LQ_AVG;
	if (span_eat(t, "max:"))
		return LQ_MAX;
	if (span_eat(t, "min:") || span_eat(t, "sum:"))
		return -1;
	while (digits.n < t->n && digits.p[digits.n] >= '0' && digits.p[digits.n] <= '9')
		digits.n++;
	t->p += digits.n;
	t->n -= digits.n;
	if (!span_count(digits, &pct) || !span_eat(t, "th percentile:"))
		return LQ_COUNT;
	return pct == 50 ? LQ_P50 : pct == 95 ? LQ_P95 : pct == 99 ? LQ_P99 : -1;
}

/* A line of the block: 1 when read, 0 when the block ended before it. */
static int sb_latency(struct sysbench *sb, struct span line, char *why, size_t why_len)
{
	struct span t = span_trim(line), word;
	int q = sb_latency_key(&t);
	double ms;

	if (q == LQ_COUNT)
		return 0;
	if (q < 0)
		return 1;
	span_eat_blanks(&t);
	word = span_word(&t);
	if (span_number(word, &ms) || t.n)
		return sb_malformed(line, "latency", why, why_len);
	if (put_ms(sb->r, q, ms, "sysbench's latency", why, why_len))
		return -EINVAL;
	return 1;
}

static int sb_events(struct sysbench *sb, struct span s, struct span line, char *why,
		     size_t why_len)
{
	span_eat_blanks(&s);
	if (!span_count(s, &sb->hist.events))
		return sb_malformed(line, "'total number of events:'", why, why_len);
	sb->hist.have_events = 1;
	return 0;
}

static int sb_line(struct sysbench *sb, struct span line, size_t index, char *why, size_t why_len)
{
	struct span t = span_trim(line);
	int ret;

	if ((ret = sb_hist_line(&sb->hist, line, index, why, why_len)))
		return ret < 0 ? ret : 0;
	if (sb->in_latency && (ret = sb_latency(sb, line, why, why_len)))
		return ret < 0 ? ret : 0;
	sb->in_latency = span_is(t, "Latency (ms):");
	if (span_eat(&t, "transactions:"))
		return sb_transactions(sb, t, line, why, why_len);
	if (span_eat(&t, "total number of events:"))
		return sb_events(sb, t, line, why, why_len);
	return 0;
}

int sysbench_parse(const char *text, size_t len, struct load_result *r, char *why, size_t why_len)
{
	struct sysbench sb = { .r = r };
	struct line_walk w;
	struct span line;

	lines_begin(&w, text, len);
	while (lines_next(&w, &line))
		if (sb_line(&sb, line, w.index, why, why_len))
			return -EINVAL;
	/* After the summary's percentile line: the histogram's, where it has them, replace it. */
	if (sb_hist_percentiles(&sb.hist, r, why, why_len))
		return -EINVAL;
	if (!r->have[LQ_THROUGHPUT])
		explain(why, why_len, "sysbench's output has no 'transactions:' line");
	return 0;
}

int sysbench_marks(struct span line)
{
	struct span t = span_trim(line);

	if (span_eat(&t, "sysbench "))
		return t.n && t.p[0] >= '0' && t.p[0] <= '9';
	return span_eat(&t, "transactions:") || span_is(t, "Threads started!") ||
		span_is(t, "Latency (ms):") ||
		span_is(t, "Latency histogram (values are in milliseconds)");
}
