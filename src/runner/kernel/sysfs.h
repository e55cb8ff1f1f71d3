/*
 * Every /sys, /proc and cgroupfs access goes through here, under one root prefix, so the
 * parsers and the cgroup logic run on fixture trees in unit tests (--sysroot).
 */
#ifndef ZSB_SYSFS_H
#define ZSB_SYSFS_H
#include <stddef.h>
#include <stdint.h>

void sysfs_set_root(const char *root);
const char *sysfs_root(void);
/* root + path; returns buf, or NULL when it does not fit. */
char *sysfs_path(char *buf, size_t len, const char *path);
/* path under the root, opened (O_CLOEXEC added): a descriptor or -errno. */
int sysfs_open(const char *path, int flags);
/* Reads a whole small file, NUL-terminated, trailing newline kept; returns length or -errno. */
int sysfs_read(const char *path, char *buf, size_t len);
/* A whole file of any size (/proc/self/mounts, /proc/crypto on a busy host) into a buffer
 * the caller frees; up to SYSFS_ALLOC_MAX. Returns the length or -errno. */
#define SYSFS_ALLOC_MAX (64u << 20)
int sysfs_read_alloc(const char *path, char **out);
/* First line without its newline. */
int sysfs_read_line(const char *path, char *buf, size_t len);
int sysfs_read_u64(const char *path, uint64_t *value);
/* One write(2) of value, as sysfs attributes want. */
int sysfs_write(const char *path, const char *value);
int sysfs_exists(const char *path);

#endif
