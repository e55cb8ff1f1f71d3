#include "runner/loadgen/stress_ng.h"

#include <errno.h>
#include <stddef.h>
#include <string.h>

#include "runner/loadgen/text.h"

/* The keys taken, each into its field; an entry must have all of them. */
static const struct {
	const char *key;
	size_t at;
} stress_ng_keys[] = {
	{ "bogo-ops:", offsetof(struct stress_ng_metrics, bogo_ops) },
	{ "bogo-ops-per-second-real-time:", offsetof(struct stress_ng_metrics, ops_per_s) },
	{ "wall-clock-time:", offsetof(struct stress_ng_metrics, wall_s) },
};
#define STRESS_NG_KEYS (sizeof(stress_ng_keys) / sizeof(stress_ng_keys[0]))

static size_t indent_of(struct span line)
{
	size_t n = 0;

	while (n < line.n && line.p[n] == ' ')
		n++;
	return n;
}

/* One "key: value" line of an entry: a known key's number into out. */
static int entry_line(struct span s, const char *stressor, struct stress_ng_metrics *out,
		      unsigned *seen, char *why, size_t why_len)
{
	char q[QUOTE_LEN];

	for (size_t k = 0; k < STRESS_NG_KEYS; k++) {
		double v;
		if (!span_eat(&s, stress_ng_keys[k].key))
			continue;
		span_eat_blanks(&s);
		if (span_number(span_trim(s), &v)) {
			explain(why, why_len, "stress-ng's %s %s '%s' is not a number", stressor,
				stress_ng_keys[k].key, span_quote(span_trim(s), q, sizeof(q)));
			return -EINVAL;
		}
		*(double *)((char *)out + stress_ng_keys[k].at) = v;
		*seen |= 1u << k;
	}
	return 0;
}

/* Whether line opens the list entry of stressor: "- stressor: NAME". */
static int opens_entry(struct span s, const char *stressor)
{
	s = span_trim(s);
	return span_eat(&s, "- stressor:") &&
		(span_eat_blanks(&s), span_is(span_trim(s), stressor));
}

int stress_ng_metrics_parse(const char *text, size_t len, const char *stressor,
			    struct stress_ng_metrics *out, char *why, size_t why_len)
{
	struct line_walk w;
	struct span line;
	int in_metrics = 0, in_entry = 0, ret = 0;
	unsigned seen = 0;

	memset(out, 0, sizeof(*out));
	lines_begin(&w, text, len);
	while (!ret && lines_next(&w, &line)) {
		size_t indent = indent_of(line);
		struct span rest = { line.p + indent, line.n - indent };
		if (indent == 0 && rest.n) {
			in_metrics = span_is(span_trim(rest), "metrics:");
			in_entry = 0;
		} else if (in_metrics && span_eat(&rest, "- ")) {
			in_entry = !seen && opens_entry(line, stressor);
		} else if (in_entry) {
			ret = entry_line(rest, stressor, out, &seen, why, why_len);
		}
	}
	if (ret)
		return ret;
	if (!seen) {
		explain(why, why_len, "stress-ng wrote no metrics of %s", stressor);
		return -ENOENT;
	}
	for (size_t k = 0; k < STRESS_NG_KEYS; k++)
		if (!(seen & (1u << k))) {
			explain(why, why_len, "stress-ng's metrics of %s lack %.*s", stressor,
				(int)strlen(stress_ng_keys[k].key) - 1, stress_ng_keys[k].key);
			return -EINVAL;
		}
	return 0;
}
