/* A profile's samples and regions, grown together (profile.h). */
#include "runner/profile/profile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const region_kind_names[REGION_KINDS] = { "anon", "file", "shmem" };

void profile_init(struct profile *p)
{
	memset(p, 0, sizeof(*p));
}

void profile_free(struct profile *p)
{
	for (size_t i = 0; i < p->nregions; i++) {
		free(p->regions[i].rss);
		free(p->regions[i].referenced);
		free(p->regions[i].hist);
	}
	free(p->regions);
	free(p->samples);
	profile_init(p);
}

/* A column of n values grown to n + 1, its new value 0. */
static int grow_column(uint64_t **column, size_t n)
{
	uint64_t *bigger = realloc(*column, (n + 1) * sizeof(**column));

	if (!bigger)
		return -ENOMEM;
	bigger[n] = 0;
	*column = bigger;
	return 0;
}

struct profile_sample *profile_add_sample(struct profile *p)
{
	struct profile_sample *bigger;
	size_t n = p->nsamples;

	if (n >= PROFILE_SAMPLES_MAX)
		return NULL;
	if (!(bigger = realloc(p->samples, (n + 1) * sizeof(*bigger))))
		return NULL;
	p->samples = bigger;
	for (size_t i = 0; i < p->nregions; i++)
		if (grow_column(&p->regions[i].rss, n) || grow_column(&p->regions[i].referenced, n))
			return NULL;
	memset(&p->samples[n], 0, sizeof(p->samples[n]));
	p->nsamples = n + 1;
	return &p->samples[n];
}

static struct profile_region *region_new(struct profile *p)
{
	struct profile_region *bigger, *r;
	size_t n = p->nsamples ? p->nsamples : 1;

	if (p->nregions >= PROFILE_REGIONS_MAX) {
		p->regions_dropped++;
		return NULL;
	}
	if (!(bigger = realloc(p->regions, (p->nregions + 1) * sizeof(*bigger))))
		return NULL;
	p->regions = bigger;
	r = &p->regions[p->nregions];
	memset(r, 0, sizeof(*r));
	r->rss = calloc(n, sizeof(*r->rss));
	r->referenced = calloc(n, sizeof(*r->referenced));
	if (!r->rss || !r->referenced) {
		free(r->rss);
		free(r->referenced);
		return NULL;
	}
	p->nregions++;
	return r;
}

struct profile_region *profile_region(struct profile *p, uint64_t start, uint64_t end,
				      enum region_kind kind, const char *name)
{
	struct profile_region *r;

	for (size_t i = 0; i < p->nregions; i++) {
		r = &p->regions[i];
		if (r->start == start && r->end == end && r->kind == kind &&
		    strcmp(r->name, name) == 0)
			return r;
	}
	if (!(r = region_new(p)))
		return NULL;
	r->start = start;
	r->end = end;
	r->kind = kind;
	strncpy(r->name, name, sizeof(r->name) - 1);
	return r;
}

void profile_name_algorithms(struct profile *p, const char *names)
{
	struct profile_contents *c = &p->contents;
	const char *w = names;

	for (c->nalgo = 0; *w && c->nalgo < PROFILE_ALGOS_MAX;) {
		size_t n = strcspn(w, " ");
		if (n) {
			snprintf(c->algo[c->nalgo].name, sizeof(c->algo[0].name), "%.*s", (int)n,
				 w);
			c->nalgo++;
		}
		w += n + (w[n] == ' ');
	}
}

int profile_region_hist(struct profile_region *r, size_t nalgo)
{
	if (!r->hist && nalgo && !(r->hist = calloc(nalgo * PROFILE_BUCKETS, sizeof(*r->hist))))
		return -ENOMEM;
	return 0;
}

/* The bucket of a page zram keeps in bytes. */
static size_t bucket_of(uint64_t bytes, unsigned page_size)
{
	uint64_t width = page_size / (PROFILE_BUCKETS - 1);

	return bytes >= page_size ? PROFILE_BUCKETS - 1 : (size_t)(bytes / width);
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

uint64_t profile_touched_median(const uint64_t *touched, size_t nsamples)
{
	size_t n = nsamples > 1 ? nsamples - 1 : 0;
	uint64_t *v = n ? malloc(n * sizeof(*v)) : NULL, median;

	if (!v)
		return 0;
	memcpy(v, touched + 1, n * sizeof(*v));
	qsort(v, n, sizeof(*v), cmp_u64);
	median = v[n / 2];
	free(v);
	return median;
}

void profile_algo_count(struct profile_algo *a, uint64_t bytes, unsigned page_size)
{
	size_t bucket = bucket_of(bytes, page_size);

	a->pages++;
	a->compressed += bytes;
	a->hist[bucket]++;
	if (bytes >= page_size)
		a->huge++;
}

void profile_region_count(struct profile_region *r, size_t algo, uint64_t bytes, unsigned page_size)
{
	r->hist[algo * PROFILE_BUCKETS + bucket_of(bytes, page_size)]++;
}

double profile_algo_ratio(const struct profile_algo *a, uint64_t same, unsigned page_size)
{
	if (!a->compressed)
		return 0;
	return (double)(a->pages + same) * page_size / (double)a->compressed;
}
