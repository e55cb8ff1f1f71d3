/*
 * One parser per generator, each called by load_parse. A parser fills what it finds of r and
 * returns -EINVAL, with why, on what it found malformed. Where it finds no throughput it still
 * returns 0 and leaves in why what it looked for, so that zswapbench's own lines, read after
 * it, may give the throughput instead.
 */
#ifndef ZSB_LOADGEN_FORMATS_H
#define ZSB_LOADGEN_FORMATS_H
#include <stddef.h>

#include "runner/loadgen/load_result.h"
#include "runner/loadgen/text.h"

int sysbench_parse(const char *text, size_t len, struct load_result *r, char *why, size_t why_len);
int redis_parse(const char *text, size_t len, struct load_result *r, char *why, size_t why_len);
int pgbench_parse(const char *text, size_t len, struct load_result *r, char *why, size_t why_len);
int own_lines_parse(const char *text, size_t len, struct load_result *r, char *why, size_t why_len);

/* Whether a line is one only that generator prints (auto's detection). */
int sysbench_marks(struct span line);
int redis_marks(struct span line);
int pgbench_marks(struct span line);

#endif
