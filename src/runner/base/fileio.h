/* Writes that survive signals: the one loop every writer of files uses. */
#ifndef ZSB_FILEIO_H
#define ZSB_FILEIO_H
#include <stddef.h>

/* All of len bytes, retrying on EINTR and short writes; 0 or -errno. */
int write_full(int fd, const void *buf, size_t len);
/* A whole file replaced at once: a temporary file beside path, then rename, so a reader or a
 * crash sees the old file or the new one, never half of one. durable: synced to the disk,
 * the directory's entry too (against a power loss). 0 or -errno; no temporary file is left. */
int write_file_atomic(const char *path, const char *text, size_t len, int durable);
/* A whole file into *text (NUL-terminated, to free), at most max bytes: -EFBIG past that, so a
 * file that never ends (a device, a pipe) cannot take the memory. 0 or -errno. */
int read_file(const char *path, size_t max, char **text, size_t *len);

#endif
