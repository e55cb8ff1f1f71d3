/* The small parsers the option types and the table's callbacks share. Nothing is copied into
 * fixed buffers before it is checked: a value is either taken whole or refused, never cut. */
#ifndef ZSB_OPTION_PARSE_H
#define ZSB_OPTION_PARSE_H
#include <stddef.h>
#include <stdint.h>

#include "runner/base/words.h"
#include "runner/cli/config.h"

/* Decimal digits only (no sign, no blanks) over len bytes; -EINVAL or -ERANGE. */
int parse_u64_n(const char *text, size_t len, uint64_t *out);

/* Copies value into a field of len bytes; refuses (why: "too long") what does not fit. */
int copy_text(char *field, size_t field_len, const char *value, char *why, size_t why_len);
/* The same for one of the config's own texts (config_set_text), of at most max characters;
 * -ENOMEM with why saying so. */
int set_text(char **text, size_t max, const char *value, char *why, size_t why_len);

/* "plots/" and "plots//" become "plots" ("/" stays): a directory the code joins names to
 * with its own '/'. */
void path_trim_slashes(char *path);

/* Adds name to the list unless it is there (or the list is full). */
void name_list_add(struct name_list *l, const char *name);

#endif
