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
/* The same with the comparisons decided at the reader's alpha and noise threshold (show
 * --format json --alpha ...), as its table would be. */
char *results_to_string_with(const struct results *r, const struct compare_opts *opts);
/* One metric of a comparison, with its interval, p-values and decision. */
struct json_object *metric_comparison_json(const struct metric_comparison *mc, enum metric_id m);
/* alpha, noise threshold, confidence and the bootstrap's seed and resamples. */
struct json_object *comparison_method_json(const struct compare_opts *o);

#endif
