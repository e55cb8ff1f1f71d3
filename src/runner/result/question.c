#include "runner/result/question.h"
#include "common/util.h"

#include <stddef.h>

#define MAX_SECONDARY 5

struct question {
	enum metric_id has; /* the samples measured this: the question is theirs */
	enum metric_id primary[2];
	enum metric_id secondary[MAX_SECONDARY];
	size_t nsecondary;
};

/* The first whose metric both samples have is the one: elapsed, which every run has, last. */
static const struct question questions[] = {
	{ M_FS_TOTAL_TIME,
	  { M_FS_TOTAL_TIME, M_FS_TOTAL_TIME },
	  { M_ELAPSED, M_FS_FLUSH_TIME, M_FS_READ_TIME, M_SWAP_RAM },
	  4 },
	/* A block device: what fio's job moved, a mixed mode's directions summed (one job). */
	{ M_IO_BW, { M_IO_BW, M_IO_BW }, { M_READ_CLAT_P99, M_WRITE_CLAT_P99, M_SWAP_RAM }, 3 },
	/* A service: the work it did for its load generator, and its tail latency. */
	{ M_THROUGHPUT,
	  { M_THROUGHPUT, M_THROUGHPUT },
	  { M_REQUEST_P99, M_CPU_TIME, M_SWAP_PEAK, M_SWAP_RAM, M_SETTLED_MEM },
	  5 },
	{ M_ELAPSED,
	  { M_ELAPSED, M_ELAPSED },
	  { M_CPU_TIME, M_SWAP_PEAK, M_SWAP_RAM, M_ACCESS_P99, M_SETTLED_MEM },
	  5 },
};

const struct question *question_of(const unsigned char *has_a, const unsigned char *has_b)
{
	for (size_t i = 0; i < ARRAY_SIZE(questions); i++)
		if (has_a[questions[i].has] && has_b[questions[i].has])
			return &questions[i];
	return &questions[ARRAY_SIZE(questions) - 1];
}

enum metric_id question_primary(const struct question *q, const unsigned char *has_a,
				const unsigned char *has_b)
{
	enum metric_id first = q->primary[0];

	return has_a[first] && has_b[first] ? first : q->primary[1];
}

int question_secondary(const struct question *q, enum metric_id primary, enum metric_id m)
{
	for (size_t i = 0; i < q->nsecondary; i++)
		if (q->secondary[i] == m && m != primary)
			return 1;
	return 0;
}

int metric_is_key(enum metric_id m)
{
	for (size_t i = 0; i < ARRAY_SIZE(questions); i++) {
		if (questions[i].primary[0] == m || questions[i].primary[1] == m)
			return 1;
		for (size_t j = 0; j < questions[i].nsecondary; j++)
			if (questions[i].secondary[j] == m)
				return 1;
	}
	return 0;
}
