#include "runner/loadgen/loadgen.h"

#include <errno.h>
#include <math.h>
#include <string.h>

#include "common/util.h"
#include "runner/loadgen/formats.h"

static const char *const format_names[LOAD_FORMAT_COUNT] = {
	[LOAD_AUTO] = "auto",	      [LOAD_LINES] = "lines",
	[LOAD_SYSBENCH] = "sysbench", [LOAD_REDIS_BENCHMARK] = "redis-benchmark",
	[LOAD_PGBENCH] = "pgbench",
};

typedef int parse_fn(const char *text, size_t len, struct load_result *r, char *why,
		     size_t why_len);

/* Auto's order: the first generator a line of which is in the text. */
static const struct {
	enum load_format format;
	int (*marks)(struct span line);
	parse_fn *parse;
} generators[] = {
	{ LOAD_SYSBENCH, sysbench_marks, sysbench_parse },
	{ LOAD_REDIS_BENCHMARK, redis_marks, redis_parse },
	{ LOAD_PGBENCH, pgbench_marks, pgbench_parse },
};

const char *load_format_name(enum load_format f)
{
	return (unsigned)f < LOAD_FORMAT_COUNT ? format_names[f] : NULL;
}

int load_format_find(const char *name)
{
	for (int f = 0; name && f < LOAD_FORMAT_COUNT; f++)
		if (strcmp(name, format_names[f]) == 0)
			return f;
	return -1;
}

static int has_mark(const char *text, size_t len, int (*marks)(struct span line))
{
	struct line_walk w;
	struct span line;

	lines_begin(&w, text, len);
	while (lines_next(&w, &line))
		if (marks(line))
			return 1;
	return 0;
}

static enum load_format detect(const char *text, size_t len)
{
	for (size_t i = 0; i < ARRAY_SIZE(generators); i++)
		if (has_mark(text, len, generators[i].marks))
			return generators[i].format;
	return LOAD_LINES;
}

static int parse_generator(const char *text, size_t len, struct load_result *r, char *why,
			   size_t why_len)
{
	for (size_t i = 0; i < ARRAY_SIZE(generators); i++)
		if (generators[i].format == r->format)
			return generators[i].parse(text, len, r, why, why_len);
	explain(why, why_len, "the output has no 'zswapbench-load throughput' line");
	return 0;
}

/* The generator's numbers, then our own lines over them: a why left by the generator's parser
 * says what it looked for, should neither give a throughput. */
int load_parse(const char *text, size_t len, enum load_format fmt, struct load_result *r, char *why,
	       size_t why_len)
{
	int ret;

	memset(r, 0, sizeof(*r));
	explain(why, why_len, "%s", "");
	if ((unsigned)fmt >= LOAD_FORMAT_COUNT) {
		explain(why, why_len, "no load format %d", (int)fmt);
		return -EINVAL;
	}
	if (!text && len) {
		explain(why, why_len, "no text of %zu bytes", len);
		return -EINVAL;
	}
	r->format = fmt == LOAD_AUTO ? detect(text, len) : fmt;
	ret = parse_generator(text, len, r, why, why_len);
	if (!ret)
		ret = own_lines_parse(text, len, r, why, why_len);
	if (!ret && !r->have[LQ_THROUGHPUT])
		ret = -EINVAL;
	if (ret)
		memset(r->have, 0, sizeof(r->have));
	return ret;
}
