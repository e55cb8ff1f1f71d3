/* Writes that survive signals: the one loop every writer of files uses. */
#ifndef ZSB_FILEIO_H
#define ZSB_FILEIO_H
#include <stddef.h>

/* All of len bytes, retrying on EINTR and short writes; 0 or -errno. */
int write_full(int fd, const void *buf, size_t len);

#endif
