/* Result files named on the command line, read for show and compare, and the file their text
 * goes to. */
#ifndef ZSB_FILES_H
#define ZSB_FILES_H
#include <stddef.h>
#include <stdio.h>

#include "runner/base/outfile.h"
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

/* Where a command's text goes. */
struct view_out {
	FILE *f; /* what to print to */
	struct out_file file; /* the named file's, until it is whole and renamed into place */
};

/* The file --output names (an out_file: a link planted at the name is replaced, not written
 * through), or stdout for none or "-". 0, or EXIT_USAGE with the failure said. */
int view_open(struct view_out *v, const char *path);
/* Flushes and closes what view_open gave, the file then put in its place; an exit status, a
 * write error said (and the file left as it was). */
int view_close(struct view_out *v, const char *path);

#endif
