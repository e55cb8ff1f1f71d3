/* The result file: everything needed to trust, redo and compare a run (JSON via json-c). */
#ifndef ZSB_JSON_WRITE_H
#define ZSB_JSON_WRITE_H
#include "runner/result/compare.h"
#include "runner/result/results.h"

/* Writes the results to path atomically: a temporary file beside it, then rename; once the
 * run is over (status not running) also fsync of the file and of the directory. */
int results_write(const struct results *r, const char *path);
/* The same document as a string, for --json; the caller frees it. */
char *results_to_string(const struct results *r);
/* One metric of a comparison, with its interval, p-values and decision. */
struct json_object *metric_comparison_json(const struct metric_comparison *mc);
/* alpha, noise threshold, confidence and the bootstrap's seed and resamples. */
struct json_object *comparison_method_json(const struct compare_opts *o);

#endif
