/* What a load generator's output is read into, and how a latency is put there: shared by
 * the parsers, apart from load_parse, which calls them. */
#ifndef ZSB_LOAD_RESULT_H
#define ZSB_LOAD_RESULT_H
#include <stddef.h>

enum load_format {
	LOAD_AUTO,
	LOAD_LINES,
	LOAD_SYSBENCH,
	LOAD_REDIS_BENCHMARK,
	LOAD_PGBENCH,
	LOAD_FORMAT_COUNT
};

enum load_quantity {
	LQ_THROUGHPUT,
	LQ_AVG,
	LQ_P50,
	LQ_P95,
	LQ_P99,
	LQ_MAX,
	LQ_COUNT
};

struct load_result {
	/* throughput in operations (transactions, requests) per second; latencies in
	 * microseconds per operation */
	double value[LQ_COUNT];
	int have[LQ_COUNT];
	enum load_format format; /* what was parsed (auto resolves to one) */
};

/* Milliseconds as printed into r's microseconds (q an enum load_quantity); -EINVAL with why
 * where they do not fit. */
int put_ms(struct load_result *r, int q, double ms, const char *what, char *why, size_t why_len);

#endif
