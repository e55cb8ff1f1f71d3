#include "runner/result/series.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A field drawn against time is named here, not in report/: the plots read this table and
 * name no backend. */
static const struct series_field_info fields[S_COUNT] = {
	[S_CGROUP_MEM] = { "cgroup_mem", SERIES_BYTES, SERIES_PLOT_MEMORY, "cgroup memory" },
	[S_CGROUP_SWAP] = { "cgroup_swap", SERIES_BYTES, SERIES_PLOT_MEMORY, "cgroup swap" },
	[S_DEVICE_USED] = { "device_used", SERIES_BYTES, SERIES_PLOT_NONE, NULL },
	[S_ZRAM_ORIG] = { "zram_orig_data_size", SERIES_BYTES, SERIES_PLOT_NONE, NULL },
	[S_ZRAM_COMPR] = { "zram_compr_data_size", SERIES_BYTES, SERIES_PLOT_MEMORY,
			   "zram compressed size" },
	[S_ZSWAP_STORED] = { "zswap_stored_pages", SERIES_PAGES, SERIES_PLOT_MEMORY,
			     "zswap stored, uncompressed (pages x page size)" },
	[S_PSWPOUT] = { "pswpout", SERIES_PAGES, SERIES_PLOT_NONE, NULL },
	[S_PSWPIN] = { "pswpin", SERIES_PAGES, SERIES_PLOT_NONE, NULL },
	[S_PGMAJFAULT] = { "pgmajfault", SERIES_EVENTS, SERIES_PLOT_NONE, NULL },
	[S_PSI_SOME] = { "psi_some_us", SERIES_MICROSECONDS, SERIES_PLOT_PSI,
			 "system: some stalled" },
	[S_PSI_FULL] = { "psi_full_us", SERIES_MICROSECONDS, SERIES_PLOT_NONE, NULL },
	[S_CG_PSI_SOME] = { "cgroup_psi_some_us", SERIES_MICROSECONDS, SERIES_PLOT_PSI,
			    "the workload's cgroup: some stalled" },
	[S_CG_PSI_FULL] = { "cgroup_psi_full_us", SERIES_MICROSECONDS, SERIES_PLOT_NONE, NULL },
	[S_PROGRESS] = { "progress", SERIES_BYTES, SERIES_PLOT_NONE, NULL },
};

const struct series_field_info *series_field_info(enum series_field f)
{
	return &fields[f];
}

const char *series_field_name(enum series_field f)
{
	return fields[f].key;
}

void series_init(struct series *s)
{
	memset(s, 0, sizeof(*s));
	s->stride = 1;
}

void series_free(struct series *s)
{
	free(s->t);
	for (int f = 0; f < S_COUNT; f++)
		free(s->v[f]);
	series_init(s);
}

#define SERIES_FIRST_CAP 64

static int grow(struct series *s)
{
	size_t cap = s->cap ? s->cap * 2 : SERIES_FIRST_CAP;
	if (cap > SERIES_CAP)
		cap = SERIES_CAP;
	double *t = realloc(s->t, cap * sizeof(*t));
	if (!t)
		return -ENOMEM;
	s->t = t;
	for (int f = 0; f < S_COUNT; f++) {
		double *v = realloc(s->v[f], cap * sizeof(*v));
		if (!v)
			return -ENOMEM;
		s->v[f] = v;
	}
	s->cap = cap;
	return 0;
}

int series_due(struct series *s)
{
	return s->ticks++ % s->stride == 0;
}

/* Keeps the even points: the series still spans the whole trial, at half the resolution. */
static void decimate(struct series *s)
{
	size_t k = 0;
	for (size_t i = 0; i < s->n; i += 2, k++) {
		s->t[k] = s->t[i];
		for (int f = 0; f < S_COUNT; f++)
			s->v[f][k] = s->v[f][i];
	}
	s->n = k;
	s->stride *= 2;
}

size_t series_size(size_t points)
{
	size_t cap = SERIES_FIRST_CAP;

	if (!points)
		return 0;
	while (cap < points && cap < SERIES_CAP)
		cap *= 2;
	return cap * (S_COUNT + 1) * sizeof(double); /* SERIES_CAP is 64 doubled */
}

int series_add(struct series *s, double t, const double *values, const unsigned char *present)
{
	if (s->n == SERIES_CAP)
		decimate(s);
	if (s->n == s->cap && grow(s))
		return -ENOMEM;
	s->t[s->n] = t;
	for (int f = 0; f < S_COUNT; f++) {
		/* A sample that was not read is absent, not a zero: it is written as null. */
		s->v[f][s->n] = present[f] ? values[f] : NAN;
		s->have[f] |= present[f];
	}
	s->n++;
	return 0;
}
