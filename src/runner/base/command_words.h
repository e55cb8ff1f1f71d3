/*
 * A command option's text (--setup, --prepare, --load, a config file's command ...) as the
 * words a program is started with. No shell runs it: the words are split and quoted as a
 * POSIX shell would split and quote them, and nothing is expanded. Blanks separate words;
 * 'single quotes' keep everything; "double quotes" keep everything but \" \\ \$ \` (their
 * backslash is dropped); a backslash outside quotes keeps the next character. What only a
 * shell would act on ($, `, |, &, ;, <, >, (, ) unquoted, $ or ` in double quotes) is refused,
 * so that no one mistakes it for something that ran: a script can do it. Globs and ~ stay as
 * typed.
 */
#ifndef ZSB_COMMAND_WORDS_H
#define ZSB_COMMAND_WORDS_H
#include <stddef.h>

#define COMMAND_TEXT_MAX 1023 /* --setup, a config file's command: characters */
#define COMMAND_WORDS_MAX 63 /* ... and words */

/* text split in place (quotes and their backslashes removed) into words[], with a NULL after;
 * returns how many, or -EINVAL with why filled (no word, more than max - 1, a quote left
 * open, a character only a shell would act on). */
int command_words(char *text, char **words, size_t max, char *why, size_t why_len);
/* text as one word that command_words gives back whole: as it is, or single-quoted where it
 * holds a blank or a character the words read (each ' as '\''). 0, or -ENAMETOOLONG when that
 * does not fit in len. */
int command_word_quoted(const char *text, char *out, size_t len);
/* The check of every command option's row (base/option_row.h's parse; the scope unused): the
 * text split as it will be, so what cannot be split is refused as it is given. A config file
 * knows a command option by this check. */
int command_text_check(void *scope, const char *text, char *why, size_t len);

#endif
