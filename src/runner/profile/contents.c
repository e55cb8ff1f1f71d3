/* A process's private pages, read, classified and sized (contents.h). */
#include "runner/profile/contents.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/clock.h"
#include "runner/kernel/proc_pid.h"

/* Pages read at once: pagemap's entries and the pages behind them. */
#define BATCH 256

enum page_fill page_fill_of(const void *page, size_t size)
{
	const unsigned long *word = page;
	size_t n = size / sizeof(*word);

	for (size_t i = 1; i < n; i++)
		if (word[i] != word[0])
			return PAGE_DATA;
	return word[0] ? PAGE_SAME : PAGE_ZERO;
}

struct reader {
	struct profile *p;
	struct profile_region *region; /* the one being read */
	const struct page_sizer *sizer;
	int pagemap, mem;
	unsigned char *pages; /* BATCH pages, aligned for the sizer's direct I/O */
	char *why;
	size_t len;
};

static int count_page(struct reader *r, const unsigned char *page)
{
	struct profile_contents *c = &r->p->contents;
	enum page_fill fill = page_fill_of(page, r->p->page_size);
	uint64_t bytes;
	int ret;

	c->pages++;
	r->region->pages++;
	if (fill != PAGE_DATA) {
		c->zero += fill == PAGE_ZERO;
		c->same += fill == PAGE_SAME;
		r->region->zero += fill == PAGE_ZERO;
		r->region->same += fill == PAGE_SAME;
		return 0;
	}
	for (size_t a = 0; a < r->sizer->nalgo; a++) {
		if ((ret = r->sizer->size(r->sizer->arg, a, page, &bytes, r->why, r->len)))
			return ret;
		profile_algo_count(&c->algo[a], bytes, r->p->page_size);
		profile_region_count(r->region, a, bytes, r->p->page_size);
	}
	return 0;
}

/* A read of the target's memory that comes back short: the mapping shrank under us (an
 * munmap since the sample); the page is skipped, not an error. */
static int read_pages(struct reader *r, uint64_t addr, size_t npages, size_t *got)
{
	size_t ps = r->p->page_size;
	ssize_t n = pread(r->mem, r->pages, npages * ps, (off_t)addr);

	if (n < 0 && errno != EIO && errno != EFAULT)
		return -errno;
	*got = n < 0 ? 0 : (size_t)n / ps;
	return 0;
}

/* One batch of a region: its pagemap entries, then each run of private resident pages read
 * at once and counted. */
static int batch(struct reader *r, uint64_t addr, size_t npages)
{
	uint64_t entry[BATCH];
	size_t ps = r->p->page_size, got = 0, run;
	ssize_t n = pread(r->pagemap, entry, npages * sizeof(*entry),
			  (off_t)(addr / ps * sizeof(*entry)));
	int ret;

	if (n < 0)
		return -errno;
	npages = (size_t)n / sizeof(*entry);
	for (size_t i = 0; i < npages; i += run ? run : 1) {
		int own = !(entry[i] & PAGEMAP_FILE_OR_SHARED);
		run = 0;
		if (own && (entry[i] & PAGEMAP_SWAPPED)) {
			r->p->contents.swapped++;
			r->region->swapped++;
		}
		if (!own || !(entry[i] & PAGEMAP_PRESENT))
			continue;
		while (i + run < npages && (entry[i + run] & PAGEMAP_PRESENT) &&
		       !(entry[i + run] & PAGEMAP_FILE_OR_SHARED))
			run++;
		if ((ret = read_pages(r, addr + i * ps, run, &got)))
			return ret;
		for (size_t k = 0; k < got; k++)
			if ((ret = count_page(r, r->pages + k * ps)))
				return ret;
	}
	return 0;
}

static int region(struct reader *r, struct profile_region *reg)
{
	size_t ps = r->p->page_size;
	int ret = profile_region_hist(reg, r->sizer->nalgo);

	r->region = reg;
	for (uint64_t addr = reg->start; addr < reg->end && !ret; addr += BATCH * ps) {
		uint64_t left = (reg->end - addr) / ps;
		ret = batch(r, addr, left < BATCH ? (size_t)left : BATCH);
	}
	return ret;
}

static int open_reader(struct reader *r)
{
	int pid = r->p->pid;

	r->pagemap = proc_pid_open_pagemap(pid);
	r->mem = r->pagemap < 0 ? r->pagemap : proc_pid_open_mem(pid);
	if (r->pagemap < 0 || r->mem < 0) {
		snprintf(r->why, r->len, "/proc/%d/%s", pid, r->pagemap < 0 ? "pagemap" : "mem");
		return r->pagemap < 0 ? r->pagemap : r->mem;
	}
	if (posix_memalign((void **)&r->pages, r->p->page_size, BATCH * r->p->page_size))
		return -ENOMEM;
	return 0;
}

int contents_measure(struct profile *p, const struct page_sizer *sizer, char *why, size_t len)
{
	struct reader r = {
		.p = p, .sizer = sizer, .pagemap = -1, .mem = -1, .why = why, .len = len
	};
	size_t last = p->nsamples - 1;
	uint64_t t0 = clock_now_ns();
	int ret = p->nsamples ? open_reader(&r) : -ENODATA;

	for (size_t i = 0; i < p->nregions && !ret; i++)
		if (p->regions[i].kind != REGION_SHMEM && p->regions[i].rss[last])
			ret = region(&r, &p->regions[i]);
	p->contents.seconds = (double)(clock_now_ns() - t0) / 1e9;
	p->contents.measured = !ret;
	if (r.pagemap >= 0)
		close(r.pagemap);
	if (r.mem >= 0)
		close(r.mem);
	/* The last page read is overwritten: no byte of the process outlives the count. */
	if (r.pages)
		memset(r.pages, 0, BATCH * p->page_size);
	free(r.pages);
	return ret;
}
