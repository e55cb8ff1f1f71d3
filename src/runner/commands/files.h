/* Result files named on the command line, read for show and compare. */
#ifndef ZSB_FILES_H
#define ZSB_FILES_H
#include <stddef.h>

#include "runner/result/results.h"

struct file_set {
	struct results *sets;
	const struct results **ptrs; /* the same, as the renderers take them */
	const char **names;
	size_t n;
};

/* Reads every file; on the first bad one says "FILE: what is wrong" and returns -EINVAL. */
int file_set_read(struct file_set *fs, char **files, size_t n);
void file_set_free(struct file_set *fs);

#endif
