/* Sizes on the command line: "300M", "1G", "4096". Binary units, as util-linux and fio use. */
#ifndef ZSB_SIZE_H
#define ZSB_SIZE_H
#include <stdint.h>
#include <stddef.h>

/* Parses a strictly positive size; returns 0 or -EINVAL / -ERANGE. */
int size_parse(const char *text, uint64_t *bytes);
/* "300.0M"-style, for messages and tables; returns buf. */
char *size_format(uint64_t bytes, char *buf, size_t len);

#endif
