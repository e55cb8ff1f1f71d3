/* A result file read back into struct results, for show and compare: the same model a run
 * fills, so the same code renders both. */
#ifndef ZSB_JSON_READ_H
#define ZSB_JSON_READ_H
#include <stddef.h>

#include "runner/result/results.h"

/* The largest result file read: a name that never ends (/dev/zero, a pipe) stops here, not at
 * ENOMEM. Each trial's series is bounded (SERIES_CAP); the largest fixture is under 1 MiB. */
#define RESULTS_FILE_MAX (64 << 20)

/* 0, or -errno / -EINVAL with why saying what is wrong in words ("not JSON: unexpected end of
 * data at byte 812", "not a zswapbench result file", "format version 1; this zswapbench reads
 * version 2"). The statistics are recomputed from the trials. */
int results_read(const char *path, struct results *r, char *why, size_t len);
/* The same from a document already parsed. */
int results_from_json(struct json_object *doc, struct results *r, char *why, size_t len);
/* A file holding one JSON document ("-": standard input), at most max bytes, into *doc (to
 * json_object_put). 0, or -errno / -EINVAL with why in words ("larger than 64 MiB, the most
 * WHAT can be", "not JSON: unexpected end of data at byte 812"); *doc is then NULL. */
int json_file_read(const char *path, size_t max, const char *what, struct json_object **doc,
		   char *why, size_t len);

#endif
