#include "runner/loadgen/sysbench_hist.h"

#include <errno.h>
#include <string.h>

#include "runner/loadgen/formats.h"

/* More would overflow the sums below (a count times 100); sysbench's counters hold fewer. */
#define SB_MAX_EVENTS 1000000000000000ULL

/* The header's second line: "value  ------------- distribution ------------- count". Matched
 * whole, so a header the cut split is not taken for one. */
static int sb_columns(struct span t)
{
	size_t n = strlen("count");

	return span_eat(&t, "value ") && t.n > n && memcmp(t.p + t.n - n, "count", n) == 0 &&
		memmem(t.p, t.n, " distribution ", strlen(" distribution ")) != NULL;
}

/* A line that sysbench's histogram would print: a number first, a bar after it. */
static int sb_row_like(struct span t)
{
	return t.n && ((t.p[0] >= '0' && t.p[0] <= '9') || t.p[0] == '.') && memchr(t.p, '|', t.n);
}

/* "0.642 |****   1879": the bucket's value (milliseconds) and its count of events. */
static int sb_row(struct span t, double *value, unsigned long long *count)
{
	struct span v = span_word(&t);

	span_eat_blanks(&t);
	if (span_number(v, value) || !span_eat(&t, "|"))
		return 0;
	while (t.n && (*t.p == '*' || *t.p == ' ')) {
		t.p++;
		t.n--;
	}
	return span_count(t, count);
}

static int sb_row_check(struct span t, char *why, size_t why_len)
{
	unsigned long long count;
	char q[QUOTE_LEN];
	double v;

	if (sb_row(t, &v, &count))
		return 0;
	explain(why, why_len, "sysbench's latency histogram has a malformed row '%s'",
		span_quote(t, q, sizeof(q)));
	return -EINVAL;
}

/* Rows after a header, or from the second line on where the cut took the header away (the
 * first line may be the end of a row, its value cut short: it counts among those cut). */
static int sb_hist_start(struct sb_hist *h, struct span line, struct span t, size_t index)
{
	if (sb_columns(t)) {
		h->cur = (struct sb_rows){ line.p + line.n, line.p + line.n, 1 };
		return 1;
	}
	if (index == 1 && !h->cur.first && sb_row_like(t)) {
		h->cur = (struct sb_rows){ line.p, line.p + line.n, 0 };
		return 1;
	}
	return 0;
}

int sb_hist_line(struct sb_hist *h, struct span line, size_t index, char *why, size_t why_len)
{
	struct span t = span_trim(line);

	if (!h->open) {
		if (!sb_hist_start(h, line, t, index))
			return 0;
		h->open = 1;
		h->closed = 0;
		if (h->cur.whole)
			return 1;
	} else if (!sb_row_like(t)) {
		h->open = 0;
		h->closed = 1;
		return 0;
	}
	if (sb_row_check(t, why, why_len))
		return -EINVAL;
	h->cur.end = line.p + line.n;
	return 1;
}

void sb_hist_summary(struct sb_hist *h)
{
	h->have_mine = h->closed;
	h->mine = h->cur;
	h->closed = 0;
	h->have_events = 0;
}

/* The rows' counts added up; -EINVAL past what sysbench can count. */
static int sb_rows_total(const struct sb_rows *rows, unsigned long long *total)
{
	struct line_walk w;
	struct span line;
	unsigned long long count;
	double v;

	*total = 0;
	lines_begin(&w, rows->first, (size_t)(rows->end - rows->first));
	while (lines_next(&w, &line)) {
		if (!sb_row(span_trim(line), &v, &count))
			continue;
		*total += count;
		if (*total > SB_MAX_EVENTS)
			return -EINVAL;
	}
	return 0;
}

/* The smallest bucket at which the events counted reach pct percent of total, counting
 * `below` events under the first row; 0 where the answer was among the rows cut away. */
static int sb_percentile(const struct sb_rows *rows, unsigned long long below,
			 unsigned long long total, unsigned pct, double *ms)
{
	unsigned long long cum = below, count;
	struct line_walk w;
	struct span line;

	if (!total || below * 100 >= pct * total)
		return 0;
	lines_begin(&w, rows->first, (size_t)(rows->end - rows->first));
	while (lines_next(&w, &line)) {
		if (!sb_row(span_trim(line), ms, &count))
			continue;
		cum += count;
		if (cum * 100 >= pct * total)
			return 1;
	}
	return 0;
}

/* How many events the cut took away with the first rows: none for a whole histogram. */
static int sb_below(const struct sb_hist *h, unsigned long long seen, unsigned long long *below,
		    char *why, size_t why_len)
{
	*below = 0;
	if (h->mine.whole)
		return 0;
	if (!h->have_events)
		return 1;
	if (seen > h->events) {
		explain(why, why_len,
			"sysbench's latency histogram counts %llu events, more than its "
			"'total number of events:' %llu",
			seen, h->events);
		return -EINVAL;
	}
	*below = h->events - seen;
	return 0;
}

int sb_hist_percentiles(const struct sb_hist *h, struct load_result *r, char *why, size_t why_len)
{
	static const struct {
		unsigned pct;
		enum load_quantity q;
	} want[] = { { 50, LQ_P50 }, { 95, LQ_P95 }, { 99, LQ_P99 } };
	unsigned long long seen, below;
	double ms;
	int ret;

	if (!h->have_mine || !h->mine.first)
		return 0;
	if (sb_rows_total(&h->mine, &seen)) {
		explain(why, why_len, "sysbench's latency histogram counts more than 10^15 events");
		return -EINVAL;
	}
	if ((ret = sb_below(h, seen, &below, why, why_len)))
		return ret < 0 ? ret : 0;
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++)
		if (sb_percentile(&h->mine, below, below + seen, want[i].pct, &ms) &&
		    put_ms(r, want[i].q, ms, "sysbench's histogram", why, why_len))
			return -EINVAL;
	return 0;
}
