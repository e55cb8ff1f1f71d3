/* The savings report as a file: what each backend saves, and every step that decided it,
 * each naming the result file of its run. */
#include <errno.h>
#include <json.h>
#include <math.h>
#include <string.h>

#include "runner/base/fileio.h"
#include "runner/result/savings.h"

static json_object *number(double v)
{
	return isnan(v) ? NULL : json_object_new_double(v);
}

static json_object *step_json(const struct savings_step *st)
{
	json_object *o = json_object_new_object();

	json_object_object_add(o, "limit", json_object_new_uint64(st->limit));
	json_object_object_add(o, "slowdown_pct", number(st->slowdown_pct));
	json_object_object_add(o, "slowdown_lo_pct", number(st->lo_pct));
	json_object_object_add(o, "slowdown_hi_pct", number(st->hi_pct));
	json_object_object_add(o, "verdict",
			       json_object_new_string(step_verdict_name(st->verdict)));
	json_object_object_add(o, "file", json_object_new_string(st->file));
	if (st->note[0])
		json_object_object_add(o, "note", json_object_new_string(st->note));
	return o;
}

static json_object *backend_json(const struct savings_report *r, size_t i)
{
	const struct savings_search *b = &r->backends[i];
	json_object *o = json_object_new_object(), *steps = json_object_new_array();
	double saved, lo, hi;

	savings_answer(b, &saved, &lo, &hi);
	json_object_object_add(o, "backend", json_object_new_string(r->names[i]));
	json_object_object_add(o, "metric",
			       b->metric >= 0 ? json_object_new_string(metrics[b->metric].key)
					      : NULL);
	json_object_object_add(o, "limit", json_object_new_uint64(b->pass_limit));
	json_object_object_add(o, "failed_limit", json_object_new_uint64(b->fail_limit));
	json_object_object_add(o, "saved", json_object_new_double(saved));
	json_object_object_add(o, "saved_lo", json_object_new_double(lo));
	json_object_object_add(o, "saved_hi", json_object_new_double(hi));
	json_object_object_add(o, "decided_by_median", json_object_new_boolean(b->by_median));
	for (unsigned k = 0; k < b->nsteps; k++)
		json_object_array_add(steps, step_json(&b->steps[k]));
	json_object_object_add(o, "steps", steps);
	return o;
}

int savings_json_write(const struct savings_report *r, const char *path)
{
	json_object *o = json_object_new_object(), *list = json_object_new_array();
	const char *text;
	int ret;

	json_object_object_add(o, "kind", json_object_new_string("savings"));
	json_object_object_add(o, "slowdown_pct", json_object_new_double(r->target_pct));
	json_object_object_add(o, "footprint", json_object_new_uint64(r->footprint));
	json_object_object_add(o, "footprint_min", json_object_new_uint64(r->footprint_lo));
	json_object_object_add(o, "footprint_max", json_object_new_uint64(r->footprint_hi));
	json_object_object_add(o, "reference_file", json_object_new_string(r->reference_file));
	json_object_object_add(o, "trials", json_object_new_uint64(r->trials));
	for (size_t i = 0; i < r->nbackends; i++)
		json_object_array_add(list, backend_json(r, i));
	json_object_object_add(o, "backends", list);
	text = json_object_to_json_string_ext(o, JSON_C_TO_STRING_PRETTY);
	ret = write_file_atomic(path, text, strlen(text), 0);
	json_object_put(o);
	return ret;
}
