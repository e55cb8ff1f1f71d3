/* Result files named on the command line, read for show and compare, and the file their text
 * goes to. */
#ifndef ZSB_FILES_H
#define ZSB_FILES_H
#include <stddef.h>
#include <stdio.h>

#include "runner/result/results.h"

struct file_set {
	struct results *sets;
	const struct results **ptrs; /* the same, as the renderers take them */
	const char **names;
	size_t n;
};

/* Reads every file; on the first bad one says "FILE: what is wrong" and returns -EINVAL. */
int file_set_read(struct file_set *fs, char **files, size_t n);
/* A file's JSON document, to tell what it holds before reading it as one ("-", standard input,
 * cannot be read twice); NULL with "FILE: what is wrong" said. */
struct json_object *file_doc_read(const char *file);
/* As file_set_read, with first, the first file's document, read already (not taken). */
int file_set_read_after(struct file_set *fs, char **files, size_t n, struct json_object *first);
void file_set_free(struct file_set *fs);

/* Where a command's text goes: the file --output names, or stdout for none or "-". NULL with
 * the failure said. */
FILE *view_open(const char *path);
/* Flushes and closes what view_open gave; an exit status, a write error said. */
int view_close(FILE *out, const char *path);

#endif
