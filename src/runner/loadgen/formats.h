/*
 * One parser per generator, each called by load_parse. A parser fills what it finds of r and
 * returns -EINVAL, with why, on what it found malformed. Where it finds no throughput it still
 * returns 0 and leaves in why what it looked for, so that zswapbench's own lines, read after
 * it, may give the throughput instead.
 */
#ifndef ZSB_LOADGEN_FORMATS_H
#define ZSB_LOADGEN_FORMATS_H
#include <stddef.h>

#include "runner/loadgen/text.h"

/* loadgen.h's, named only: loadgen.c includes this file, which must not include it back. */
struct load_result;

/* Milliseconds as printed into r's microseconds (q an enum load_quantity); -EINVAL with why
 * where they do not fit. */
int put_ms(struct load_result *r, int q, double ms, const char *what, char *why, size_t why_len);

int sysbench_parse(const char *text, size_t len, struct load_result *r, char *why, size_t why_len);
int redis_parse(const char *text, size_t len, struct load_result *r, char *why, size_t why_len);
int pgbench_parse(const char *text, size_t len, struct load_result *r, char *why, size_t why_len);
int own_lines_parse(const char *text, size_t len, struct load_result *r, char *why, size_t why_len);

/* Whether a line is one only that generator prints (auto's detection). */
int sysbench_marks(struct span line);
int redis_marks(struct span line);
int pgbench_marks(struct span line);

#endif
