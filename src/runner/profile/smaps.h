/*
 * /proc/PID/smaps read as the recorder needs it: each mapping's range, kind and name, and the
 * bytes it has resident, anonymous, referenced and swapped (Documentation/filesystems/proc.rst).
 */
#ifndef ZSB_SMAPS_H
#define ZSB_SMAPS_H
#include <stddef.h>
#include <stdint.h>

#include "runner/profile/profile.h"

struct smaps_vma {
	uint64_t start, end;
	char perms[5]; /* "rw-p" */
	uint64_t inode;
	char name[96]; /* a path, [heap], [stack], [anon:NAME]; "" for none */
	uint64_t rss, anonymous, referenced, swap; /* bytes */
};

/* Each mapping of text (smaps' whole content) in turn to fn, which stops the walk by
 * returning non-zero (returned). -EINVAL naming the line in why for a mapping's header or a
 * field that does not read. */
int smaps_walk(const char *text, int (*fn)(const struct smaps_vma *v, void *arg), void *arg,
	       char *why, size_t len);
/* What a mapping's pages are to swap: shared memory (a shared mapping of tmpfs, memfd, SysV or
 * /dev/zero), a file's, or anonymous. */
enum region_kind smaps_kind(const struct smaps_vma *v);

#endif
