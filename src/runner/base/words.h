/* A list of names as a sentence says them: "table, json or csv" (an option's choices, the
 * workload drivers' names). */
#ifndef ZSB_WORDS_H
#define ZSB_WORDS_H
#include <stddef.h>

/* words[0..n) into buf as "a, b or c" ("a", "a or b"), cut to len; returns buf. */
char *words_or(const char *const *words, size_t n, char *buf, size_t len);

#endif
