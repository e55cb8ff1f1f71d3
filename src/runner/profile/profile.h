/*
 * A memory profile of a running process (issue 35): what `zswapbench record` measured of it, as
 * plain data with no pointer into the process: its footprint over time, which of its regions
 * were touched in each interval, and what its pages hold as statistics only (zero and
 * same-filled pages, each page's compressed size under each of this kernel's zram algorithms).
 * No byte of a page is ever kept. Written and read back by profile_json.c
 * (docs/profile-format.md).
 */
#ifndef ZSB_PROFILE_H
#define ZSB_PROFILE_H
#include <stddef.h>
#include <stdint.h>

#include "runner/swap/page_sizer.h"

#define PROFILE_FORMAT "zswapbench-profile"
#define PROFILE_VERSION 1
#define PROFILE_SAMPLES_MAX 4096
#define PROFILE_REGIONS_MAX 1024
#define PROFILE_ALGOS_MAX PAGE_SIZER_MAX /* one a scratch device */
/* Compressed sizes in 64 buckets of a 64th of the page each (64 bytes of a 4 KiB page), the
 * page itself (zram's incompressible "huge" pages, stored whole) in a last one. */
#define PROFILE_BUCKETS 65

enum region_kind {
	REGION_ANON, /* private memory: the heap, the stack, anonymous mappings */
	REGION_FILE, /* a mapped file: only its private (copied) pages can swap */
	REGION_SHMEM, /* shared memory: tmpfs, memfd, SysV, shared anonymous */
	REGION_KINDS
};
extern const char *const region_kind_names[REGION_KINDS];

/* One sample of the whole process. */
struct profile_sample {
	double t; /* seconds since the recording started */
	uint64_t anon, file, shmem, swap; /* bytes resident (anon, file, shmem) and swapped */
	uint64_t referenced; /* bytes touched since the sample before */
	double cost_s; /* what reading and clearing took */
};

/* One region of the address space, as /proc/PID/smaps names it, over the samples: absent
 * from a sample, its values there are 0. */
struct profile_region {
	uint64_t start, end;
	enum region_kind kind;
	char name[96]; /* [heap], [stack], a file's path; "" for an anonymous mapping */
	uint64_t *rss, *referenced; /* bytes, one per sample */
	/* What its private pages held when they were read (contents.c): which pages swap first
	 * depends on which regions are cold, so a replay needs each region's mix. */
	uint64_t pages, zero, same, swapped;
	uint64_t *hist; /* nalgo rows of PROFILE_BUCKETS, as the algorithms'; NULL: none read */
};

/* Each page's compressed size under one algorithm, as zram stored it. */
struct profile_algo {
	char name[32];
	uint64_t pages; /* the pages it was given: same-filled ones excluded, zram keeps none */
	uint64_t compressed; /* bytes zram's compr_data_size grew by, summed */
	uint64_t huge; /* pages zram stored whole */
	uint64_t hist[PROFILE_BUCKETS];
};

struct profile_contents {
	int measured; /* 0: the process ended first, or no zram to measure with */
	uint64_t pages; /* resident private pages read */
	uint64_t zero,
		same; /* of them: all zero; one word repeated (zram keeps no data for either) */
	uint64_t swapped; /* private pages in swap: not read, so as not to fault them in */
	double seconds;
	struct profile_algo algo[PROFILE_ALGOS_MAX];
	size_t nalgo;
};

struct profile {
	int pid;
	char comm[32]; /* the process's name: never its command line, which may hold secrets */
	char kernel[128];
	char started[32]; /* ISO 8601, UTC */
	char ended[16]; /* duration, exited, interrupted */
	char heat_source[32]; /* how touches were found: "clear_refs" */
	unsigned page_size;
	double duration_s, interval_s;
	struct profile_sample *samples;
	size_t nsamples;
	struct profile_region *regions;
	size_t nregions;
	size_t regions_dropped; /* past PROFILE_REGIONS_MAX: counted, not kept */
	struct profile_contents contents;
};

void profile_init(struct profile *p);
void profile_free(struct profile *p);
/* A new sample at the end, its regions' columns grown with it: -ENOMEM, -E2BIG past the
 * most. */
struct profile_sample *profile_add_sample(struct profile *p);
/* The region [start, end) of that kind and name, made (zeroed for the samples before) when
 * it is new; NULL past the most (counted) or out of memory. */
struct profile_region *profile_region(struct profile *p, uint64_t start, uint64_t end,
				      enum region_kind kind, const char *name);
/* The algorithms of names (blank-separated), in order, at most PROFILE_ALGOS_MAX. */
void profile_name_algorithms(struct profile *p, const char *names);
/* The region's histograms made (zeroed) for nalgo algorithms: -ENOMEM. */
int profile_region_hist(struct profile_region *r, size_t nalgo);
/* The median of what was touched in an interval, of touched[0..nsamples) (a column of the
 * samples): from the second sample on, the first counting what was touched before the
 * recording began; 0 with no interval (or out of memory). */
uint64_t profile_touched_median(const uint64_t *touched, size_t nsamples);
/* An algorithm's counts for one page of compressed size bytes (zram's compr_data_size for
 * it; the page size for one stored whole). */
void profile_algo_count(struct profile_algo *a, uint64_t bytes, unsigned page_size);
/* The same page counted into region r's histogram of algorithm algo (made before). */
void profile_region_count(struct profile_region *r, size_t algo, uint64_t bytes,
			  unsigned page_size);
/* Its ratio as zram's mm_stat gives one (orig_data_size / compr_data_size) for these pages
 * swapped out: the data pages and the same-filled ones (same) against the bytes zram kept;
 * 0 when it kept none. Zero pages are not among them: since 6.12 the swap layer keeps them
 * out of every swap device (its zeromap), so zram never counts them when a process swaps. */
double profile_algo_ratio(const struct profile_algo *a, uint64_t same, unsigned page_size);

#endif
