/* zswapbench's own lines ("zswapbench-load throughput 1234.5"): any tool, or a script around
 * one, prints them; they are read in every format, after the generator's own numbers. */
#include <errno.h>

#include "common/util.h"
#include "runner/loadgen/formats.h"

#define OWN_WORD "zswapbench-load"

static const struct {
	const char *key;
	enum load_quantity q;
} own_keys[] = {
	{ "throughput", LQ_THROUGHPUT }, { "latency_avg", LQ_AVG }, { "latency_p50", LQ_P50 },
	{ "latency_p95", LQ_P95 },	 { "latency_p99", LQ_P99 }, { "latency_max", LQ_MAX },
};

static int own_key(struct span key)
{
	for (size_t i = 0; i < ARRAY_SIZE(own_keys); i++)
		if (span_is(key, own_keys[i].key))
			return (int)i;
	return -1;
}

/* The value's word and what follows it, refused unless a plain number ends the line. */
static int own_value(struct span key, struct span rest, double *v, char *why, size_t why_len)
{
	struct span word = span_word(&rest);
	char k[QUOTE_LEN], w[QUOTE_LEN], j[QUOTE_LEN];
	const char *bad;

	span_quote(key, k, sizeof(k));
	if (!word.n) {
		explain(why, why_len, OWN_WORD "'s %s has no value", k);
		return -EINVAL;
	}
	span_quote(word, w, sizeof(w));
	if ((bad = span_number(word, v))) {
		explain(why, why_len, OWN_WORD "'s %s '%s' %s", k, w, bad);
		return -EINVAL;
	}
	span_eat_blanks(&rest);
	if (rest.n) {
		explain(why, why_len, OWN_WORD "'s %s '%s' has '%s' after its number", k, w,
			span_quote(rest, j, sizeof(j)));
		return -EINVAL;
	}
	return 0;
}

/* A line of ours: 1 when read, 0 when the line is not one, -EINVAL when it is one, malformed. */
static int own_line(struct span line, struct load_result *r, char *why, size_t why_len)
{
	struct span s = span_trim(line), key;
	char k[QUOTE_LEN];
	double v;
	int i;

	if (!span_eat(&s, OWN_WORD) || (s.n && s.p[0] != ' ' && s.p[0] != '\t'))
		return 0;
	span_eat_blanks(&s);
	key = span_word(&s);
	span_eat_blanks(&s);
	if (!key.n) {
		explain(why, why_len, "a '" OWN_WORD "' line names no quantity");
		return -EINVAL;
	}
	if ((i = own_key(key)) < 0) {
		explain(why, why_len,
			"%s's quantity '%s' is none of throughput, latency_avg, latency_p50, "
			"latency_p95, latency_p99, latency_max",
			OWN_WORD, span_quote(key, k, sizeof(k)));
		return -EINVAL;
	}
	if (own_value(key, s, &v, why, why_len))
		return -EINVAL;
	if (own_keys[i].q != LQ_THROUGHPUT)
		return put_ms(r, own_keys[i].q, v, own_keys[i].key, why, why_len) < 0 ? -EINVAL : 1;
	r->value[LQ_THROUGHPUT] = v;
	r->have[LQ_THROUGHPUT] = 1;
	return 1;
}

/* The last line of each quantity wins: a cut head takes the first ones away, never the last. */
int own_lines_parse(const char *text, size_t len, struct load_result *r, char *why, size_t why_len)
{
	struct line_walk w;
	struct span line;

	lines_begin(&w, text, len);
	while (lines_next(&w, &line))
		if (own_line(line, r, why, why_len) < 0)
			return -EINVAL;
	return 0;
}
