/* Sizes on the command line: "300M", "1G", "4096". As util-linux: K, KiB = 1024, KB = 1000. */
#ifndef ZSB_SIZE_H
#define ZSB_SIZE_H
#include <stdint.h>
#include <stddef.h>

/* Parses a strictly positive size; returns 0 or -EINVAL / -ERANGE. */
int size_parse(const char *text, uint64_t *bytes);
/* The same on the first len bytes of text (a list item): nothing is copied or cut. */
int size_parse_n(const char *text, size_t len, uint64_t *bytes);
/* "300.0M"-style, for messages and tables; returns buf. */
char *size_format(uint64_t bytes, char *buf, size_t len);

#endif
