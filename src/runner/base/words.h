/* A list of names as a sentence says them: "table, json or csv" (an option's choices, the
 * workload drivers' names); and as an option gives them, a comma list read in place. */
#ifndef ZSB_WORDS_H
#define ZSB_WORDS_H
#include <stddef.h>

/* words[0..n) into buf as "a, b or c" ("a", "a or b"), cut to len; returns buf. */
char *words_or(const char *const *words, size_t n, char *buf, size_t len);

/* One item of a comma list, by position in the original text. */
struct list_item {
	const char *text;
	size_t len;
	int ok; /* 0 past the end */
};
struct list_item list_first(const char *list);
struct list_item list_next(const char *list, struct list_item prev);
/* Not empty, no empty item (",a", "a,", "a,,b"). */
int list_well_formed(const char *list);

#endif
