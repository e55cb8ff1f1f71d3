/* The savings report as a file: what each backend saves, and every step that decided it,
 * each naming the result file of its run; and the file read back, for plot. */
#include <errno.h>
#include <json.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "runner/base/fileio.h"
#include "runner/result/json_read.h"
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
	json_object_object_add(o, "p_target", number(st->p_target));
	json_object_object_add(o, "trials", json_object_new_uint64(st->trials));
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

json_object *savings_to_json(const struct savings_report *r)
{
	json_object *o = json_object_new_object(), *list = json_object_new_array();

	json_object_object_add(o, "kind", json_object_new_string(SAVINGS_KIND));
	json_object_object_add(o, "slowdown_pct", json_object_new_double(r->target_pct));
	json_object_object_add(o, "footprint", json_object_new_uint64(r->footprint));
	json_object_object_add(o, "footprint_min", json_object_new_uint64(r->footprint_lo));
	json_object_object_add(o, "footprint_max", json_object_new_uint64(r->footprint_hi));
	json_object_object_add(o, "reference_file", json_object_new_string(r->reference_file));
	json_object_object_add(o, "trials", json_object_new_uint64(r->trials));
	for (size_t i = 0; i < r->nbackends; i++)
		json_object_array_add(list, backend_json(r, i));
	json_object_object_add(o, "backends", list);
	return o;
}

int savings_json_write(const struct savings_report *r, const char *path)
{
	json_object *o = savings_to_json(r);
	const char *text = json_object_to_json_string_ext(o, JSON_C_TO_STRING_PRETTY);
	int ret = text ? write_file_atomic(path, text, strlen(text), 0) : -ENOMEM;

	json_object_put(o);
	return ret;
}

/* What a member of the file must be. The file may come from anywhere: json-c's own getters
 * make a string of a number and 0 of a string, so each member's type is checked first. */
enum want {
	W_TEXT,
	W_NUMBER, /* finite: json-c takes NaN and 1e400, which the writer never writes */
	W_COUNT, /* a whole number from 0 */
	W_BOOL,
	W_LIST,
};

static const char *const want_names[] = {
	[W_TEXT] = "a string",
	[W_NUMBER] = "a finite number",
	[W_COUNT] = "a whole number from 0",
	[W_BOOL] = "true or false",
	[W_LIST] = "a list",
};

/* Where in the file a member is ("backends[0].steps[2]."), for the one line that refuses it. */
struct where {
	char at[48];
	char *why;
	size_t len;
};

static int refuse(const struct where *w, const char *key, const char *what)
{
	snprintf(w->why, w->len, "%s%s: %s", w->at, key, what);
	return -EINVAL;
}

/* A list's element that is no object: the place without its trailing dot. */
static int refuse_element(const struct where *w)
{
	snprintf(w->why, w->len, "%.*s: not an object", (int)strlen(w->at) - 1, w->at);
	return -EINVAL;
}

static int is_want(json_object *v, enum want t)
{
	switch (t) {
	case W_TEXT:
		return json_object_is_type(v, json_type_string);
	case W_NUMBER:
		return json_object_is_type(v, json_type_int) ||
			(json_object_is_type(v, json_type_double) &&
			 isfinite(json_object_get_double(v)));
	case W_COUNT:
		return json_object_is_type(v, json_type_int) && json_object_get_int64(v) >= 0;
	case W_BOOL:
		return json_object_is_type(v, json_type_boolean);
	case W_LIST:
		return json_object_is_type(v, json_type_array);
	}
	return 0;
}

/* Member key of o as t into *v; where null_ok, null too (*v NULL). 0 or -EINVAL said. */
static int member(const struct where *w, json_object *o, const char *key, enum want t, int null_ok,
		  json_object **v)
{
	char what[64];

	if (!json_object_object_get_ex(o, key, v))
		return refuse(w, key, "missing");
	if ((!*v && null_ok) || is_want(*v, t))
		return 0;
	snprintf(what, sizeof(what), "not %s%s", want_names[t], null_ok ? " or null" : "");
	return refuse(w, key, what);
}

/* A string that fits buf whole: the writer never writes a longer one. */
static int text(const struct where *w, json_object *o, const char *key, char *buf, size_t size)
{
	json_object *v;
	int ret = member(w, o, key, W_TEXT, 0, &v);
	char what[48];

	if (ret)
		return ret;
	if ((size_t)json_object_get_string_len(v) >= size) {
		snprintf(what, sizeof(what), "longer than %zu bytes", size - 1);
		return refuse(w, key, what);
	}
	snprintf(buf, size, "%s", json_object_get_string(v));
	return 0;
}

static int count(const struct where *w, json_object *o, const char *key, uint64_t *n)
{
	json_object *v;
	int ret = member(w, o, key, W_COUNT, 0, &v);

	*n = ret ? 0 : json_object_get_uint64(v);
	return ret;
}

/* A percentage; null, a step that measured none, is NaN. */
static int pct(const struct where *w, json_object *o, const char *key, int null_ok, double *p)
{
	json_object *v;
	int ret = member(w, o, key, W_NUMBER, null_ok, &v);

	*p = ret || !v ? NAN : json_object_get_double(v);
	return ret;
}

/* The word as step_verdict_name spells it, whole: "within\u0000x" is none. */
static int verdict(const struct where *w, json_object *o, enum step_verdict *out)
{
	json_object *v;
	int ret = member(w, o, "verdict", W_TEXT, 0, &v);

	for (int k = STEP_PASS; !ret && k <= STEP_FAIL_BY_MEDIAN; k++) {
		const char *name = step_verdict_name((enum step_verdict)k);
		if ((size_t)json_object_get_string_len(v) == strlen(name) &&
		    strcmp(json_object_get_string(v), name) == 0) {
			*out = (enum step_verdict)k;
			return 0;
		}
	}
	return ret ? ret : refuse(w, "verdict", "not a step's verdict");
}

/* A note is written only where there is one. */
static int note(const struct where *w, json_object *o, char *buf, size_t size)
{
	buf[0] = '\0';
	return json_object_object_get_ex(o, "note", NULL) ? text(w, o, "note", buf, size) : 0;
}

/* What a step's run added to it later (the test against the target, the trials it took): an
 * older answer has neither, NaN and 0 then. */
static int settled_by(const struct where *w, json_object *o, struct savings_step *st)
{
	uint64_t n = 0;
	int ret = 0;

	st->p_target = NAN;
	if (json_object_object_get_ex(o, "p_target", NULL) &&
	    !(ret = pct(w, o, "p_target", 1, &st->p_target)) &&
	    !(isnan(st->p_target) || (st->p_target >= 0 && st->p_target <= 1)))
		return refuse(w, "p_target", "not a probability");
	if (!ret && json_object_object_get_ex(o, "trials", NULL) &&
	    !(ret = count(w, o, "trials", &n)) && n > UINT_MAX)
		return refuse(w, "trials", "more than a run takes");
	st->trials = (unsigned)n;
	return ret;
}

static int step_of(struct where *w, json_object *o, struct savings_step *st)
{
	int ret;

	if (!json_object_is_type(o, json_type_object))
		return refuse_element(w);
	if ((ret = count(w, o, "limit", &st->limit)) ||
	    (ret = pct(w, o, "slowdown_pct", 1, &st->slowdown_pct)) ||
	    (ret = pct(w, o, "slowdown_lo_pct", 1, &st->lo_pct)) ||
	    (ret = pct(w, o, "slowdown_hi_pct", 1, &st->hi_pct)) || (ret = settled_by(w, o, st)) ||
	    (ret = verdict(w, o, &st->verdict)) ||
	    (ret = text(w, o, "file", st->file, sizeof(st->file))))
		return ret;
	return note(w, o, st->note, sizeof(st->note));
}

static int steps_of(const struct where *up, json_object *list, struct savings_search *b)
{
	struct where w = *up;
	size_t n = json_object_array_length(list);
	int ret = 0;

	if (n > SAVINGS_STEPS_MAX)
		return refuse(up, "steps", "more steps than a search takes");
	for (size_t k = 0; k < n && !ret; k++) {
		snprintf(w.at, sizeof(w.at), "%ssteps[%zu].", up->at, k);
		ret = step_of(&w, json_object_array_get_idx(list, k), &b->steps[k]);
	}
	b->nsteps = (unsigned)n;
	/* The search in the file is over: no step follows. */
	b->max_steps = b->nsteps;
	return ret;
}

static int metric_of(const struct where *w, json_object *o, int *m)
{
	json_object *v;
	int ret = member(w, o, "metric", W_TEXT, 1, &v);

	*m = ret || !v ? -1 : metric_find(json_object_get_string(v));
	if (!ret && v && *m < 0)
		return refuse(w, "metric", "not a metric of zswapbench");
	return ret;
}

static int backend_of(struct where *w, json_object *o, struct savings_report *r, size_t i)
{
	struct savings_search *b = &r->backends[i];
	json_object *by_median, *steps;
	int ret;

	if (!json_object_is_type(o, json_type_object))
		return refuse_element(w);
	savings_init(b, r->footprint, r->footprint_lo, r->footprint_hi, r->target_pct,
		     SAVINGS_STEPS_MAX);
	if ((ret = text(w, o, "backend", r->names[i], sizeof(r->names[i]))) ||
	    (ret = metric_of(w, o, &b->metric)) || (ret = count(w, o, "limit", &b->pass_limit)) ||
	    (ret = count(w, o, "failed_limit", &b->fail_limit)) ||
	    (ret = member(w, o, "decided_by_median", W_BOOL, 0, &by_median)) ||
	    (ret = member(w, o, "steps", W_LIST, 0, &steps)))
		return ret;
	if (!r->names[i][0])
		return refuse(w, "backend", "empty");
	b->by_median = json_object_get_boolean(by_median);
	return steps_of(w, steps, b);
}

static int header_of(const struct where *w, json_object *doc, struct savings_report *r)
{
	uint64_t trials;
	int ret;

	if ((ret = pct(w, doc, "slowdown_pct", 0, &r->target_pct)) ||
	    (ret = count(w, doc, "footprint", &r->footprint)) ||
	    (ret = count(w, doc, "footprint_min", &r->footprint_lo)) ||
	    (ret = count(w, doc, "footprint_max", &r->footprint_hi)) ||
	    (ret = text(w, doc, "reference_file", r->reference_file, sizeof(r->reference_file))) ||
	    (ret = count(w, doc, "trials", &trials)))
		return ret;
	if (trials > UINT_MAX)
		return refuse(w, "trials", "more than a search runs");
	r->trials = (unsigned)trials;
	return 0;
}

int savings_json_is(struct json_object *doc)
{
	json_object *kind;

	return json_object_is_type(doc, json_type_object) &&
		json_object_object_get_ex(doc, "kind", &kind) &&
		json_object_is_type(kind, json_type_string) &&
		strcmp(json_object_get_string(kind), SAVINGS_KIND) == 0;
}

int savings_from_json(struct json_object *doc, struct savings_report *r, char *why, size_t len)
{
	struct where w = { .why = why, .len = len };
	json_object *list;
	int ret;

	memset(r, 0, sizeof(*r));
	if (!savings_json_is(doc)) {
		snprintf(why, len, "not a savings answer (no \"kind\": \"%s\")", SAVINGS_KIND);
		return -EINVAL;
	}
	if ((ret = header_of(&w, doc, r)) || (ret = member(&w, doc, "backends", W_LIST, 0, &list)))
		return ret;
	if (json_object_array_length(list) > SAVINGS_BACKENDS_MAX)
		return refuse(&w, "backends", "more backends than a search takes");
	for (size_t i = 0; i < json_object_array_length(list) && !ret; i++) {
		snprintf(w.at, sizeof(w.at), "backends[%zu].", i);
		ret = backend_of(&w, json_object_array_get_idx(list, i), r, i);
		r->nbackends = i + 1;
	}
	if (ret)
		memset(r, 0, sizeof(*r));
	return ret;
}

int savings_json_read(const char *path, struct savings_report *r, char *why, size_t len)
{
	json_object *doc;
	int ret = json_file_read(path, SAVINGS_FILE_MAX, "a savings answer", &doc, why, len);

	if (ret)
		memset(r, 0, sizeof(*r));
	else
		ret = savings_from_json(doc, r, why, len);
	json_object_put(doc);
	return ret;
}
