/* A profile to JSON and back (profile_json.h). */
#include "runner/profile/profile_json.h"

#include <errno.h>
#include <json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "runner/result/json_read.h"

static json_object *u64_array(const uint64_t *v, size_t n)
{
	json_object *a = json_object_new_array_ext((int)n);

	for (size_t i = 0; i < n; i++)
		json_object_array_add(a, json_object_new_uint64(v[i]));
	return a;
}

static void add(json_object *o, const char *key, json_object *v)
{
	json_object_object_add(o, key, v);
}

static json_object *sample_json(const struct profile_sample *s)
{
	json_object *o = json_object_new_object();

	add(o, "t", json_object_new_double(s->t));
	add(o, "anon", json_object_new_uint64(s->anon));
	add(o, "file", json_object_new_uint64(s->file));
	add(o, "shmem", json_object_new_uint64(s->shmem));
	add(o, "swap", json_object_new_uint64(s->swap));
	add(o, "referenced", json_object_new_uint64(s->referenced));
	add(o, "cost_s", json_object_new_double(s->cost_s));
	return o;
}

/* What a region's pages held, where they were read: its histograms in the order of the
 * contents' algorithms. */
static json_object *region_contents_json(const struct profile_region *r, size_t nalgo)
{
	json_object *o = json_object_new_object(), *h = json_object_new_array();

	add(o, "pages", json_object_new_uint64(r->pages));
	add(o, "zero", json_object_new_uint64(r->zero));
	add(o, "same", json_object_new_uint64(r->same));
	add(o, "swapped", json_object_new_uint64(r->swapped));
	for (size_t a = 0; a < nalgo; a++)
		json_object_array_add(h, u64_array(r->hist + a * PROFILE_BUCKETS, PROFILE_BUCKETS));
	add(o, "histograms", h);
	return o;
}

static json_object *region_json(const struct profile_region *r, size_t nsamples, size_t nalgo)
{
	json_object *o = json_object_new_object();
	char addr[24];

	snprintf(addr, sizeof(addr), "0x%llx", (unsigned long long)r->start);
	add(o, "start", json_object_new_string(addr));
	snprintf(addr, sizeof(addr), "0x%llx", (unsigned long long)r->end);
	add(o, "end", json_object_new_string(addr));
	add(o, "kind", json_object_new_string(region_kind_names[r->kind]));
	add(o, "name", json_object_new_string(r->name));
	add(o, "rss", u64_array(r->rss, nsamples));
	add(o, "referenced", u64_array(r->referenced, nsamples));
	if (r->hist)
		add(o, "contents", region_contents_json(r, nalgo));
	return o;
}

static json_object *algo_json(const struct profile_algo *a, const struct profile *p)
{
	json_object *o = json_object_new_object();

	add(o, "name", json_object_new_string(a->name));
	add(o, "pages", json_object_new_uint64(a->pages));
	add(o, "compressed", json_object_new_uint64(a->compressed));
	add(o, "huge", json_object_new_uint64(a->huge));
	/* As the summary's: zero pages never reach zram when a process swaps (profile.h). */
	add(o, "ratio",
	    json_object_new_double(profile_algo_ratio(a, p->contents.same, p->page_size)));
	add(o, "histogram", u64_array(a->hist, PROFILE_BUCKETS));
	return o;
}

static json_object *contents_json(const struct profile *p)
{
	const struct profile_contents *c = &p->contents;
	json_object *o = json_object_new_object(), *algos = json_object_new_array();

	add(o, "measured", json_object_new_boolean(c->measured));
	add(o, "pages", json_object_new_uint64(c->pages));
	add(o, "zero", json_object_new_uint64(c->zero));
	add(o, "same", json_object_new_uint64(c->same));
	add(o, "swapped", json_object_new_uint64(c->swapped));
	add(o, "seconds", json_object_new_double(c->seconds));
	add(o, "bucket_bytes", json_object_new_uint64(p->page_size / (PROFILE_BUCKETS - 1)));
	for (size_t i = 0; i < c->nalgo; i++)
		json_object_array_add(algos, algo_json(&c->algo[i], p));
	add(o, "algorithms", algos);
	return o;
}

static json_object *recorded_json(const struct profile *p)
{
	json_object *o = json_object_new_object();

	add(o, "pid", json_object_new_int(p->pid));
	add(o, "comm", json_object_new_string(p->comm));
	add(o, "kernel", json_object_new_string(p->kernel));
	add(o, "started", json_object_new_string(p->started));
	add(o, "ended", json_object_new_string(p->ended));
	add(o, "heat_source", json_object_new_string(p->heat_source));
	add(o, "page_size", json_object_new_int((int)p->page_size));
	add(o, "duration_s", json_object_new_double(p->duration_s));
	add(o, "interval_s", json_object_new_double(p->interval_s));
	add(o, "regions_dropped", json_object_new_uint64(p->regions_dropped));
	return o;
}

char *profile_to_json(const struct profile *p)
{
	json_object *root = json_object_new_object(), *a;
	char *text;

	add(root, "format", json_object_new_string(PROFILE_FORMAT));
	add(root, "format_version", json_object_new_int(PROFILE_VERSION));
	add(root, "recorded", recorded_json(p));
	a = json_object_new_array();
	for (size_t i = 0; i < p->nsamples; i++)
		json_object_array_add(a, sample_json(&p->samples[i]));
	add(root, "samples", a);
	a = json_object_new_array();
	for (size_t i = 0; i < p->nregions; i++)
		json_object_array_add(a,
				      region_json(&p->regions[i], p->nsamples, p->contents.nalgo));
	add(root, "regions", a);
	add(root, "contents", contents_json(p));
	text = strdup(json_object_to_json_string_ext(
		root, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE));
	json_object_put(root);
	return text;
}

/* Reading back: each getter fills why with the member it could not read. */
struct reading {
	char *why;
	size_t len;
	int bad;
};

static json_object *member(struct reading *rd, json_object *o, const char *key, json_type type)
{
	json_object *v = NULL;

	if (rd->bad)
		return NULL;
	if (!json_object_object_get_ex(o, key, &v) ||
	    !(json_object_is_type(v, type) ||
	      (type == json_type_double && json_object_is_type(v, json_type_int)))) {
		snprintf(rd->why, rd->len, "'%s': missing or not a %s", key,
			 json_type_to_name(type));
		rd->bad = 1;
		return NULL;
	}
	return v;
}

static uint64_t get_u64(struct reading *rd, json_object *o, const char *key)
{
	json_object *v = member(rd, o, key, json_type_int);

	return v ? json_object_get_uint64(v) : 0;
}

static double get_double(struct reading *rd, json_object *o, const char *key)
{
	json_object *v = member(rd, o, key, json_type_double);

	return v ? json_object_get_double(v) : 0;
}

static void get_string(struct reading *rd, json_object *o, const char *key, char *buf, size_t len)
{
	json_object *v = member(rd, o, key, json_type_string);

	snprintf(buf, len, "%s", v ? json_object_get_string(v) : "");
}

/* n values of an array member into out (allocated when *out is NULL). */
static void get_u64s(struct reading *rd, json_object *o, const char *key, uint64_t *out, size_t n)
{
	json_object *a = member(rd, o, key, json_type_array);

	if (a && json_object_array_length(a) != n) {
		snprintf(rd->why, rd->len, "'%s': %zu values, not %zu", key,
			 json_object_array_length(a), n);
		rd->bad = 1;
	}
	for (size_t i = 0; a && !rd->bad && i < n; i++)
		out[i] = json_object_get_uint64(json_object_array_get_idx(a, i));
}

/* Linux's PID_MAX_LIMIT: no process has a larger ID. */
#define PID_MOST 4194304

static void read_recorded(struct reading *rd, json_object *o, struct profile *p)
{
	uint64_t pid = get_u64(rd, o, "pid");

	/* Beyond an int a pid wrapped to a negative one, which read back as 0 once written. */
	if (!rd->bad && pid > PID_MOST) {
		snprintf(rd->why, rd->len, "'pid': %llu is no process ID", (unsigned long long)pid);
		rd->bad = 1;
	}
	p->pid = (int)(pid > PID_MOST ? 0 : pid);
	get_string(rd, o, "comm", p->comm, sizeof(p->comm));
	get_string(rd, o, "kernel", p->kernel, sizeof(p->kernel));
	get_string(rd, o, "started", p->started, sizeof(p->started));
	get_string(rd, o, "ended", p->ended, sizeof(p->ended));
	get_string(rd, o, "heat_source", p->heat_source, sizeof(p->heat_source));
	p->page_size = (unsigned)get_u64(rd, o, "page_size");
	p->duration_s = get_double(rd, o, "duration_s");
	p->interval_s = get_double(rd, o, "interval_s");
	p->regions_dropped = get_u64(rd, o, "regions_dropped");
	if (!rd->bad && (p->page_size < 1024 || p->page_size & (p->page_size - 1))) {
		snprintf(rd->why, rd->len, "'page_size': %u is no page size", p->page_size);
		rd->bad = 1;
	}
}

static void read_samples(struct reading *rd, json_object *a, struct profile *p)
{
	size_t n = a ? json_object_array_length(a) : 0;

	for (size_t i = 0; i < n && !rd->bad; i++) {
		json_object *o = json_object_array_get_idx(a, i);
		struct profile_sample *s = profile_add_sample(p);
		if (!s) {
			snprintf(rd->why, rd->len, "'samples': more than %d", PROFILE_SAMPLES_MAX);
			rd->bad = 1;
			return;
		}
		s->t = get_double(rd, o, "t");
		s->anon = get_u64(rd, o, "anon");
		s->file = get_u64(rd, o, "file");
		s->shmem = get_u64(rd, o, "shmem");
		s->swap = get_u64(rd, o, "swap");
		s->referenced = get_u64(rd, o, "referenced");
		s->cost_s = get_double(rd, o, "cost_s");
	}
}

static enum region_kind kind_named(struct reading *rd, const char *name)
{
	size_t n = 0;

	for (int k = 0; k < REGION_KINDS; k++)
		if (strcmp(region_kind_names[k], name) == 0)
			return (enum region_kind)k;
	/* Quoted as far as it is printable ASCII: a refusal is one line whatever the file holds
	 * (a line break in the kind made it two, the second the file's to write). */
	while ((unsigned char)name[n] >= ' ' && (unsigned char)name[n] < 0x7f)
		n++;
	if (!rd->bad)
		snprintf(rd->why, rd->len, "'kind': '%.*s%s' is not anon, file or shmem", (int)n,
			 name, name[n] ? "..." : "");
	rd->bad = 1;
	return REGION_ANON;
}

static void read_region(struct reading *rd, json_object *o, struct profile *p)
{
	char start[24], end[24], kind[16], name[96];
	struct profile_region *r;

	get_string(rd, o, "start", start, sizeof(start));
	get_string(rd, o, "end", end, sizeof(end));
	get_string(rd, o, "kind", kind, sizeof(kind));
	get_string(rd, o, "name", name, sizeof(name));
	if (rd->bad)
		return;
	r = profile_region(p, strtoull(start, NULL, 16), strtoull(end, NULL, 16),
			   kind_named(rd, kind), name);
	if (!r && !rd->bad) {
		snprintf(rd->why, rd->len, "'regions': more than %d", PROFILE_REGIONS_MAX);
		rd->bad = 1;
	}
	if (r) {
		get_u64s(rd, o, "rss", r->rss, p->nsamples);
		get_u64s(rd, o, "referenced", r->referenced, p->nsamples);
	}
}

/* A region's contents, where its pages were read: after the profile's contents, whose
 * algorithms its histograms follow. */
static void read_region_contents(struct reading *rd, json_object *o, struct profile_region *r,
				 size_t nalgo)
{
	json_object *c, *h;

	if (!json_object_object_get_ex(o, "contents", &c))
		return;
	r->pages = get_u64(rd, c, "pages");
	r->zero = get_u64(rd, c, "zero");
	r->same = get_u64(rd, c, "same");
	r->swapped = get_u64(rd, c, "swapped");
	h = member(rd, c, "histograms", json_type_array);
	if (h && json_object_array_length(h) != nalgo) {
		snprintf(rd->why, rd->len, "'histograms': %zu, not one per algorithm (%zu)",
			 json_object_array_length(h), nalgo);
		rd->bad = 1;
	}
	if (rd->bad || profile_region_hist(r, nalgo)) {
		rd->bad = 1;
		return;
	}
	for (size_t a = 0; a < nalgo && !rd->bad; a++) {
		json_object *row = json_object_array_get_idx(h, a);
		json_object *wrap = json_object_new_object();
		json_object_object_add(wrap, "histogram", json_object_get(row));
		get_u64s(rd, wrap, "histogram", r->hist + a * PROFILE_BUCKETS, PROFILE_BUCKETS);
		json_object_put(wrap);
	}
}

static void read_contents(struct reading *rd, json_object *o, struct profile *p)
{
	struct profile_contents *c = &p->contents;
	json_object *algos, *m;

	if (!o)
		return;
	m = member(rd, o, "measured", json_type_boolean);
	c->measured = m && json_object_get_boolean(m);
	c->pages = get_u64(rd, o, "pages");
	c->zero = get_u64(rd, o, "zero");
	c->same = get_u64(rd, o, "same");
	c->swapped = get_u64(rd, o, "swapped");
	c->seconds = get_double(rd, o, "seconds");
	algos = member(rd, o, "algorithms", json_type_array);
	for (size_t i = 0; algos && !rd->bad && i < json_object_array_length(algos); i++) {
		json_object *a = json_object_array_get_idx(algos, i);
		struct profile_algo *al = &c->algo[c->nalgo];
		if (c->nalgo == PROFILE_ALGOS_MAX)
			break;
		get_string(rd, a, "name", al->name, sizeof(al->name));
		al->pages = get_u64(rd, a, "pages");
		al->compressed = get_u64(rd, a, "compressed");
		al->huge = get_u64(rd, a, "huge");
		get_u64s(rd, a, "histogram", al->hist, PROFILE_BUCKETS);
		c->nalgo++;
	}
}

int profile_json_object_is(json_object *doc)
{
	json_object *f;

	return doc && json_object_object_get_ex(doc, "format", &f) &&
		json_object_is_type(f, json_type_string) &&
		strcmp(json_object_get_string(f), PROFILE_FORMAT) == 0;
}

int profile_json_is_profile(const char *text)
{
	json_object *root = json_tokener_parse(text);
	int is = profile_json_object_is(root);

	json_object_put(root);
	return is;
}

static void read_root(struct reading *rd, json_object *root, struct profile *p)
{
	json_object *regions, *contents = NULL;

	if (get_u64(rd, root, "format_version") != PROFILE_VERSION && !rd->bad) {
		snprintf(rd->why, rd->len, "format_version %llu: this zswapbench reads %d",
			 (unsigned long long)get_u64(rd, root, "format_version"), PROFILE_VERSION);
		rd->bad = 1;
	}
	read_recorded(rd, member(rd, root, "recorded", json_type_object), p);
	read_samples(rd, member(rd, root, "samples", json_type_array), p);
	regions = member(rd, root, "regions", json_type_array);
	for (size_t i = 0; regions && !rd->bad && i < json_object_array_length(regions); i++)
		read_region(rd, json_object_array_get_idx(regions, i), p);
	if (!rd->bad)
		contents = member(rd, root, "contents", json_type_object);
	read_contents(rd, contents, p);
	if (!rd->bad && regions && json_object_array_length(regions) != p->nregions) {
		snprintf(rd->why, rd->len, "'regions': a region given twice");
		rd->bad = 1;
	}
	for (size_t i = 0; regions && !rd->bad && i < p->nregions; i++)
		read_region_contents(rd, json_object_array_get_idx(regions, i), &p->regions[i],
				     p->contents.nalgo);
}

int profile_from_json_object(json_object *doc, struct profile *p, char *why, size_t len)
{
	struct reading rd = { .why = why, .len = len };

	profile_init(p);
	if (!profile_json_object_is(doc)) {
		snprintf(why, len, "not a zswapbench profile");
		return -EINVAL;
	}
	read_root(&rd, doc, p);
	if (rd.bad)
		profile_free(p);
	return rd.bad ? -EINVAL : 0;
}

int profile_from_json(const char *text, struct profile *p, char *why, size_t len)
{
	json_object *root = json_tokener_parse(text);
	int ret = profile_from_json_object(root, p, why, len);

	json_object_put(root);
	return ret;
}

int profile_read(const char *path, struct profile *p, char *why, size_t len)
{
	json_object *doc = NULL;
	int ret = json_file_read(path, PROFILE_FILE_MAX, "a profile", &doc, why, len);

	if (ret) {
		profile_init(p);
		return ret;
	}
	ret = profile_from_json_object(doc, p, why, len);
	json_object_put(doc);
	return ret;
}
