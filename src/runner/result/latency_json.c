#include "runner/result/latency_json.h"

#include <errno.h>
#include <json.h>
#include <stdlib.h>
#include <string.h>

static const char *const phase_keys[LAT_COUNT] = { "fill", "access" };

json_object *histogram_json(const struct histogram *h)
{
	static struct hist_bucket buckets[HIST_BUCKETS];
	json_object *o = json_object_new_object(), *a = json_object_new_array();
	size_t n = hist_buckets(h, buckets, HIST_BUCKETS);

	for (size_t i = 0; i < n; i++) {
		json_object *pair = json_object_new_array();
		json_object_array_add(pair, json_object_new_uint64(buckets[i].lower));
		json_object_array_add(pair, json_object_new_uint64(buckets[i].count));
		json_object_array_add(a, pair);
	}
	json_object_object_add(o, "buckets", a);
	json_object_object_add(o, "total", json_object_new_uint64(hist_count(h)));
	json_object_object_add(o, "sum", json_object_new_uint64(h->sum));
	json_object_object_add(o, "min", json_object_new_uint64(hist_min(h)));
	json_object_object_add(o, "max", json_object_new_uint64(hist_max(h)));
	json_object_object_add(o, "overflow", json_object_new_uint64(hist_overflow(h)));
	return o;
}

/* A non-negative integer, as json-c reads one; -EINVAL for anything else. */
static int u64_of(json_object *v, uint64_t *out)
{
	if (!json_object_is_type(v, json_type_int) || json_object_get_int64(v) < 0)
		return -EINVAL;
	*out = json_object_get_uint64(v);
	return 0;
}

static int key_u64(json_object *o, const char *key, uint64_t *out)
{
	json_object *v;

	return json_object_object_get_ex(o, key, &v) ? u64_of(v, out) : -EINVAL;
}

int histogram_from_json(json_object *o, struct histogram *h)
{
	json_object *a;
	uint64_t total, sum, min, max, overflow, lower, count;

	hist_init(h);
	if (!json_object_object_get_ex(o, "buckets", &a) ||
	    !json_object_is_type(a, json_type_array) || key_u64(o, "total", &total) ||
	    key_u64(o, "sum", &sum) || key_u64(o, "min", &min) || key_u64(o, "max", &max) ||
	    key_u64(o, "overflow", &overflow))
		return -EINVAL;
	for (size_t i = 0; i < json_object_array_length(a); i++) {
		json_object *pair = json_object_array_get_idx(a, i);
		if (!json_object_is_type(pair, json_type_array) ||
		    json_object_array_length(pair) != 2 ||
		    u64_of(json_object_array_get_idx(pair, 0), &lower) ||
		    u64_of(json_object_array_get_idx(pair, 1), &count) ||
		    hist_add_bucket(h, lower, count))
			return -EINVAL;
	}
	if (total != hist_count(h) || (total && hist_set_exact(h, min, max, sum, overflow)) ||
	    hist_check(h))
		return -EINVAL;
	return 0;
}

json_object *trial_latency_json(const struct trial *t)
{
	json_object *o = NULL;

	for (int p = 0; p < LAT_COUNT; p++) {
		if (!t->lat[p])
			continue;
		if (!o)
			o = json_object_new_object();
		json_object_object_add(o, phase_keys[p], histogram_json(t->lat[p]));
	}
	return o;
}

int trial_latency_from_json(json_object *o, struct trial *t)
{
	json_object *v;

	for (int p = 0; o && p < LAT_COUNT; p++) {
		if (!json_object_object_get_ex(o, phase_keys[p], &v) || !v)
			continue;
		if (!(t->lat[p] = malloc(sizeof(*t->lat[p]))))
			return -ENOMEM;
		if (histogram_from_json(v, t->lat[p]))
			return -EINVAL;
	}
	return 0;
}

size_t trial_latency_count(json_object *o)
{
	json_object *v;
	size_t n = 0;

	for (int p = 0; o && p < LAT_COUNT; p++)
		n += json_object_object_get_ex(o, phase_keys[p], &v) && v;
	return n;
}

int cell_latency(const struct result_cell *c, enum lat_phase p, struct histogram *out)
{
	int any = 0;

	hist_init(out);
	for (size_t i = 0; i < c->ntrials; i++) {
		const struct trial *t = &c->trials[i];
		if (t->warmup || t->status != TRIAL_OK || !t->lat[p])
			continue;
		if (hist_merge(out, t->lat[p]))
			return -EINVAL;
		any = 1;
	}
	return any ? 0 : -ENOENT;
}

static json_object *us(uint64_t ns)
{
	return json_object_new_double((double)ns / 1000.0);
}

json_object *cell_latency_json(const struct result_cell *c)
{
	static struct histogram all;
	json_object *o = NULL;

	for (int p = 0; p < LAT_COUNT; p++) {
		json_object *s;
		if (cell_latency(c, (enum lat_phase)p, &all) || !hist_count(&all))
			continue;
		if (!o)
			o = json_object_new_object();
		s = json_object_new_object();
		json_object_object_add(s, "count", json_object_new_uint64(hist_count(&all)));
		json_object_object_add(s, "p50_us", us(hist_percentile(&all, 50)));
		json_object_object_add(s, "p90_us", us(hist_percentile(&all, 90)));
		json_object_object_add(s, "p99_us", us(hist_percentile(&all, 99)));
		json_object_object_add(s, "p999_us", us(hist_percentile(&all, 99.9)));
		json_object_object_add(s, "max_us", us(hist_max(&all)));
		json_object_object_add(o, phase_keys[p], s);
	}
	return o;
}
