/* A profile's pages as the hogger's pattern (replay.h). */
#include "runner/profile/replay.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/pattern.h"
#include "runner/profile/profile_json.h"

/* What one page's zeros and the compressor's own headers cost (the 24), and its literal runs
 * over random bytes (the 4%): fitted to zram's sizes of 819 and 2048 random bytes a page. */
#define PREFIX_OVERHEAD 24
#define PREFIX_GROWTH 1.04

uint32_t replay_prefix_for(uint64_t bytes, unsigned page_size)
{
	double prefix = ((double)bytes - PREFIX_OVERHEAD) / PREFIX_GROWTH;

	if (prefix < 1)
		return 1;
	return prefix >= page_size ? page_size : (uint32_t)(prefix + 0.5);
}

int replay_load(const char *path, struct profile *p, char *why, size_t len)
{
	int ret = profile_read(path, p, why, len);

	if (ret)
		return ret;
	if (!p->contents.measured || !p->contents.pages || !p->contents.nalgo)
		snprintf(why, len, "its pages were not measured (the recording ended first)");
	else if (p->page_size != (unsigned)sysconf(_SC_PAGESIZE))
		snprintf(why, len, "recorded with %u-byte pages, this machine's are %ld",
			 p->page_size, sysconf(_SC_PAGESIZE));
	else
		return 0;
	profile_free(p);
	return -EINVAL;
}

/* The index of algo among the profile's (NULL or "": the first); -1 without it. */
static int algo_index(const struct profile *p, const char *algo)
{
	for (size_t i = 0; i < p->contents.nalgo; i++)
		if (!algo || !algo[0] || strcmp(p->contents.algo[i].name, algo) == 0)
			return (int)i;
	return -1;
}

/* A segment's mix: zero and same-filled pages, the compressed sizes in 16 groups of four
 * buckets, each group's pages at the group's mean size (so that the bytes zram keeps add up
 * as the profile's do), and the pages stored whole. */
#define GROUPS 16
struct mix {
	uint64_t zero, same, whole;
	uint64_t group[GROUPS];
	double bytes[GROUPS]; /* the group's pages' sizes, summed */
};

static void mix_add(struct mix *m, const struct profile_region *r, size_t algo, unsigned page_size)
{
	const uint64_t *h = r->hist + algo * PROFILE_BUCKETS;
	uint64_t width = page_size / (PROFILE_BUCKETS - 1);

	m->zero += r->zero;
	m->same += r->same;
	m->whole += h[PROFILE_BUCKETS - 1];
	for (size_t b = 0; b + 1 < PROFILE_BUCKETS; b++) {
		m->group[b * GROUPS / (PROFILE_BUCKETS - 1)] += h[b];
		m->bytes[b * GROUPS / (PROFILE_BUCKETS - 1)] +=
			(double)h[b] * ((double)b + 0.5) * (double)width;
	}
}

/* One class more, "W@L", after a comma unless it starts the segment. */
static void add_class(char *buf, size_t *used, size_t len, int *first, uint64_t weight,
		      const char *prefix)
{
	if (!weight || *used >= len)
		return;
	*used += (size_t)snprintf(buf + *used, len - *used, "%s%llu@%s", *first ? "" : ",",
				  (unsigned long long)weight, prefix);
	*first = 0;
}

/* "N/classes" for a segment of n pages of mix m (n 0: the last, unbounded). */
static void add_segment(char *buf, size_t *used, size_t len, uint64_t n, const struct mix *m,
			unsigned page_size)
{
	char prefix[16];
	int first = 1;

	if (*used<len && * used> strlen("pages:"))
		*used += (size_t)snprintf(buf + *used, len - *used, ";");
	if (n && *used < len)
		*used += (size_t)snprintf(buf + *used, len - *used, "%llu/", (unsigned long long)n);
	add_class(buf, used, len, &first, m->zero, "0");
	add_class(buf, used, len, &first, m->same, "s");
	for (size_t g = 0; g < GROUPS; g++) {
		if (!m->group[g])
			continue;
		snprintf(prefix, sizeof(prefix), "%u",
			 replay_prefix_for((uint64_t)(m->bytes[g] / (double)m->group[g]),
					   page_size));
		add_class(buf, used, len, &first, m->group[g], prefix);
	}
	snprintf(prefix, sizeof(prefix), "%u", page_size);
	add_class(buf, used, len, &first, m->whole, prefix);
	if (first)
		add_class(buf, used, len, &first, 1, "0"); /* a segment of nothing known: zeros */
}

/* The pages of region r a replay keeps hot: the median of what it touched in an interval. */
static uint64_t hot_pages(const struct profile *p, const struct profile_region *r)
{
	uint64_t hot = profile_touched_median(r->referenced, p->nsamples) / p->page_size;

	return hot < r->pages ? hot : r->pages;
}

/* The regions a replay rebuilds one by one, the largest; the others are one mix. */
#define OWN_SEGMENTS 7

struct part {
	struct mix mix;
	uint64_t cold, hot;
};

/* Whether region i is among the OWN_SEGMENTS with the most pages read (ties: the first). */
static int is_own(const struct profile *p, size_t i)
{
	size_t above = 0;

	for (size_t j = 0; j < p->nregions; j++)
		if (p->regions[j].pages > p->regions[i].pages ||
		    (p->regions[j].pages == p->regions[i].pages && j < i))
			above++;
	return above < OWN_SEGMENTS;
}

/* Each region with pages read into a part: its own for the largest, in address order, the
 * last part for the rest. The parts in use. */
static size_t gather(const struct profile *p, size_t algo, struct part *parts)
{
	size_t n = 0;

	memset(parts, 0, (OWN_SEGMENTS + 1) * sizeof(*parts));
	for (size_t i = 0; i < p->nregions; i++) {
		const struct profile_region *r = &p->regions[i];
		struct part *pt = &parts[OWN_SEGMENTS];
		uint64_t hot;
		if (!r->hist || !r->pages)
			continue;
		if (is_own(p, i))
			pt = &parts[n++];
		hot = hot_pages(p, r);
		mix_add(&pt->mix, r, algo, p->page_size);
		pt->hot += hot;
		pt->cold += r->pages - hot;
	}
	/* The rest's part right after the own ones. */
	if (n < OWN_SEGMENTS)
		parts[n] = parts[OWN_SEGMENTS];
	return n + 1;
}

/* hot:PCT:N:last, the hot share of the pages and a pass an interval; fill when nothing was
 * touched after the first sample. */
static void access_of(const struct profile *p, uint64_t hot, uint64_t total, char *access,
		      size_t len)
{
	uint64_t pct = total ? (hot * 100 + total / 2) / total : 0;

	if (!hot) {
		snprintf(access, len, "fill");
		return;
	}
	snprintf(access, len, "hot:%llu:%zu:last", (unsigned long long)(pct ? pct : 1),
		 p->nsamples > 1 ? p->nsamples - 1 : 1);
}

/* The parts' order for the cold segments: the coldest first (the least touched of its pages),
 * which a limit reaches first, as reclaim does the least recently used; the hot segments in
 * the same order, the hottest last. */
static void order_by_heat(const struct part *parts, size_t n, size_t *order)
{
	for (size_t k = 0; k < n; k++) {
		size_t at = k;
		for (; at > 0; at--) {
			const struct part *a = &parts[order[at - 1]], *b = &parts[k];
			/* a's share hot above b's: b goes before it */
			if (a->hot * (b->hot + b->cold) <= b->hot * (a->hot + a->cold))
				break;
			order[at] = order[at - 1];
		}
		order[at] = k;
	}
}

int replay_spec(const struct profile *p, const char *algo, char **pages, char *access,
		size_t access_len)
{
	struct part parts[OWN_SEGMENTS + 1];
	int a = algo_index(p, algo);
	size_t len = 64 + 2 * (OWN_SEGMENTS + 1) * (GROUPS + 3) * 32, used = strlen("pages:"), n,
	       last = 0, order[OWN_SEGMENTS + 1];
	uint64_t hot = 0, total = 0, count[2 * (OWN_SEGMENTS + 1)];
	char *buf;

	if (a < 0)
		return -ENOENT;
	if (!(buf = malloc(len)))
		return -ENOMEM;
	n = gather(p, (size_t)a, parts);
	order_by_heat(parts, n, order);
	strcpy(buf, "pages:");
	/* The cold parts first, the oldest pages, then the hot ones, which the access keeps
	 * touching; the last segment's mix goes on past its count. */
	for (size_t k = 0; k < 2 * n; k++) {
		count[k] = k < n ? parts[order[k]].cold : parts[order[k - n]].hot;
		hot += k < n ? 0 : count[k];
		total += count[k];
		last = count[k] ? k : last;
	}
	for (size_t k = 0; k < 2 * n; k++)
		if (count[k])
			add_segment(buf, &used, len, k == last ? 0 : count[k],
				    &parts[order[k % n]].mix, p->page_size);
	access_of(p, hot, total, access, access_len);
	*pages = buf;
	return used < len ? 0 : -E2BIG;
}

uint64_t replay_bytes(const struct profile *p)
{
	return p->contents.pages * p->page_size;
}

const char *replay_data_help(void)
{
	static char help[1024];

	if (!help[0])
		snprintf(help, sizeof(help),
			 "%s, profile:FILE[:ALGO] (a process's pages as zswapbench record measured "
			 "them, replayed)",
			 pattern_help());
	return help;
}
