/* Writes that survive signals: the one loop every writer of files uses; files replaced whole
 * (through an out_file, outfile.h); files read whole with a cap. */
#ifndef ZSB_FILEIO_H
#define ZSB_FILEIO_H
#include <stddef.h>
#include <sys/types.h>

/* All of len bytes, retrying on EINTR and short writes; 0 or -errno. */
int write_full(int fd, const void *buf, size_t len);
/* A whole file replaced at once: an out_file (mode 0644) written and renamed over path, so a
 * reader or a crash sees the old file or the new one, never half of one, and a link planted at
 * path is replaced, not followed. durable: synced to the disk, the directory's entry too
 * (against a power loss). 0 or -errno; no temporary file is left. */
int write_file_atomic(const char *path, const char *text, size_t len, int durable);
/* The same with the file's mode (less the umask): 0666 for a page anyone may read and edit. */
int write_file_atomic_mode(const char *path, const char *text, size_t len, int durable,
			   mode_t mode);
/* A whole file into *text (NUL-terminated, to free), at most max bytes: -EFBIG past that, so a
 * file that never ends (a device, a pipe) cannot take the memory; "-" is standard input. 0 or
 * -errno. */
int read_file(const char *path, size_t max, char **text, size_t *len);

#endif
