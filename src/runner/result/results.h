/* The result file: everything needed to trust, redo and compare a run (JSON via json-c). */
#ifndef ZSB_RESULTS_H
#define ZSB_RESULTS_H
#include "runner/run/run.h"

/* Writes run to path atomically: a temporary file beside it, fsync, rename. */
int results_write(const struct run *run, const char *path);
/* The same document as a string, for --json; caller frees. */
char *results_to_string(const struct run *run);

#endif
