#include "common/pattern.h"
#include "common/util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define SEED 0x9E3779B97F4A7C15ULL

struct pattern_kind {
	const char *name;
	enum {
		ARG_NONE,
		ARG_PERCENT,
		ARG_HEX,
		ARG_PATH,
		ARG_CLASSES
	} arg;
	void (*fill)(struct pattern *p, unsigned char *buf, size_t len, size_t page);
	/* What a compressor is expected to make of it (zram with lzo-rle, measured); for
	 * compressible:PCT it follows from PCT. 1 where nothing is known. */
	double ratio;
};

/* xorshift64*: fast enough that the fill measures the kernel, not the generator. */
static uint64_t next_random(uint64_t *state)
{
	uint64_t x = *state;
	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*state = x;
	return x * 0x2545F4914F6CDD1DULL;
}

static void fill_random_bytes(struct pattern *p, unsigned char *buf, size_t len)
{
	size_t i = 0;
	for (; i + 8 <= len; i += 8) {
		uint64_t r = next_random(&p->rng);
		memcpy(buf + i, &r, 8);
	}
	for (; i < len; i++)
		buf[i] = (unsigned char)next_random(&p->rng);
}

/* The seed experiment's pattern: ((unsigned *)chunk)[i] = i. lzo and lz4 cannot compress it. */
static void fill_seq(struct pattern *p, unsigned char *buf, size_t len, size_t page)
{
	(void)p;
	(void)page;
	unsigned *words = (unsigned *)buf;
	for (size_t i = 0; i < len / sizeof(unsigned); i++)
		words[i] = (unsigned)i;
}

/* A fresh anonymous page is already zero: one write per page makes it ours (only reading it
 * would map the shared zero page, which never swaps), without writing the zeros again. */
static void fill_zero(struct pattern *p, unsigned char *buf, size_t len, size_t page)
{
	(void)p;
	for (size_t off = 0; off < len; off += page)
		buf[off] = 0;
}

static void fill_random(struct pattern *p, unsigned char *buf, size_t len, size_t page)
{
	(void)page;
	fill_random_bytes(p, buf, len);
}

/* fio's buffer_compress_percentage: each page is PCT% zeros after (100-PCT)% random bytes. */
static void compressible_page(struct pattern *p, unsigned char *pg, size_t page, unsigned pct)
{
	size_t random_len = page * (100 - pct) / 100;
	fill_random_bytes(p, pg, random_len);
	memset(pg + random_len, 0, page - random_len);
}

static void fill_compressible(struct pattern *p, unsigned char *buf, size_t len, size_t page)
{
	for (size_t off = 0; off < len; off += page)
		compressible_page(p, buf + off, page, p->percent);
}

/* fio's buffer_pattern: the bytes repeated end to end, continuing across pages. */
static void fill_hex(struct pattern *p, unsigned char *buf, size_t len, size_t page)
{
	(void)page;
	for (size_t i = 0; i < len; i++) {
		buf[i] = p->bytes[p->phase];
		p->phase = (p->phase + 1) % p->nbytes;
	}
}

/* A real file's bytes, cycled: a package tarball, a core dump, a database file. */
static void fill_file(struct pattern *p, unsigned char *buf, size_t len, size_t page)
{
	size_t done = 0;
	int rewound = 0;

	(void)page;
	while (done < len) {
		ssize_t n = pread(p->fd, buf + done, len - done, (off_t)p->offset);
		if (n > 0) {
			done += (size_t)n;
			p->offset += (uint64_t)n;
			rewound = 0;
		} else if (n == 0 && !rewound) {
			p->offset = 0;
			rewound = 1;
		} else {
			memset(buf + done, 0, len - done); /* unreadable: zeros, never garbage */
			return;
		}
	}
}

/* Words of English-like text: lzo and lz4 find long repeats and compress it about 3x. */
static void text_page(struct pattern *p, unsigned char *pg, size_t page)
{
	static const char *const words[] = {
		"the",	    "memory",	 "of",	    "a",     "process", "is",	      "swapped",
		"out",	    "when",	 "cgroup",  "limit", "reached", "and",	      "kernel",
		"reclaims", "anonymous", "pages",   "to",    "zram",	"compressed", "store",
		"request",  "user",	 "session", "value", "null",	"true",	      "id",
	};
	size_t off = 0;
	while (off < page) {
		const char *w = words[next_random(&p->rng) % (ARRAY_SIZE(words))];
		size_t n = strlen(w);
		if (off + n + 1 > page)
			n = page - off - 1;
		memcpy(pg + off, w, n);
		off += n;
		pg[off++] = ' ';
	}
}

/* mixed: every 10 pages are 2 zero pages, 3 text pages, 3 half-random pages (compressible:50)
 * and 2 random pages. A blend meant to look like real anonymous memory: some pages empty, many
 * compressible, some (already compressed media, keys, hashes) not at all; about 2x overall. */
static void fill_mixed(struct pattern *p, unsigned char *buf, size_t len, size_t page)
{
	for (size_t off = 0; off < len; off += page) {
		unsigned k = (unsigned)(p->page_index++ % 10);
		if (k < 2)
			memset(buf + off, 0, page);
		else if (k < 5)
			text_page(p, buf + off, page);
		else if (k < 8)
			compressible_page(p, buf + off, page, 50);
		else
			fill_random_bytes(p, buf + off, page);
	}
}

/* The class of page number i: its segment's, the segment's classes in the proportions of
 * their weights, spread evenly (a golden-ratio sequence through the cumulative weights), so
 * that any stretch of a segment has nearly the mix of the whole and every run makes the same
 * pages. */
static const struct page_class *class_of(const struct pattern *p, uint64_t i)
{
	const struct page_segment *s = &p->segments[0];
	double u;
	uint64_t at, sum = 0;

	for (size_t k = 0; k + 1 < p->nsegments && i >= s->pages; k++, s++)
		i -= s->pages;
	u = (double)i * 0.6180339887498949;
	at = (uint64_t)((u - (double)(uint64_t)u) * (double)s->total_weight);
	for (size_t k = s->first; k < (size_t)s->first + s->n; k++) {
		sum += p->classes[k].weight;
		if (at < sum)
			return &p->classes[k];
	}
	return &p->classes[s->first + s->n - 1];
}

/* The classes are of the kernel's pages, so they start where its pages do: a chunk from
 * malloc begins past its header, mid-page, and the bytes before the first page boundary (and
 * after the last) are left as they are, zero. */
static void fill_pages(struct pattern *p, unsigned char *buf, size_t len, size_t page)
{
	static const uint64_t same = 0x5a5a5a5a5a5a5a5aULL;
	size_t misalign = (size_t)((uintptr_t)buf % page), head = misalign ? page - misalign : 0;

	if (head >= len)
		return;
	buf += head;
	len -= head;
	len -= len % page;
	for (size_t off = 0; off < len; off += page) {
		const struct page_class *c = class_of(p, p->page_index++);
		size_t prefix = c->prefix > (int32_t)page ? page
							  : (size_t)(c->prefix < 0 ? 0 : c->prefix);
		if (c->prefix == PAGE_CLASS_SAME) {
			for (size_t w = 0; w + sizeof(same) <= page; w += sizeof(same))
				memcpy(buf + off + w, &same, sizeof(same));
			continue;
		}
		fill_random_bytes(p, buf + off, prefix);
		memset(buf + off + prefix, 0, page - prefix);
	}
}

static const struct pattern_kind kinds[] = {
	{ .name = "seq", .fill = fill_seq, .ratio = 1 },
	{ .name = "zero", .fill = fill_zero, .ratio = 50 },
	{ .name = "random", .fill = fill_random, .ratio = 1 },
	{ .name = "compressible", .arg = ARG_PERCENT, .fill = fill_compressible, .ratio = 0 },
	{ .name = "pattern", .arg = ARG_HEX, .fill = fill_hex, .ratio = 50 },
	{ .name = "file", .arg = ARG_PATH, .fill = fill_file, .ratio = 1 },
	{ .name = "mixed", .fill = fill_mixed, .ratio = 1.9 },
	{ .name = "pages", .arg = ARG_CLASSES, .fill = fill_pages, .ratio = 0 },
};

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* "0xbadc0ffee" as fio reads it: the digits as bytes in order, an odd count padded in front. */
static int parse_hex(const char *s, struct pattern *p)
{
	size_t digits, i = 0;

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		s += 2;
	digits = strlen(s);
	if (digits == 0 || (digits + 1) / 2 > sizeof(p->bytes))
		return -EINVAL;
	for (size_t d = 0; d < digits; d++)
		if (hex_digit(s[d]) < 0)
			return -EINVAL;
	p->nbytes = (digits + 1) / 2;
	if (digits % 2)
		p->bytes[i++] = (unsigned char)hex_digit(*s++);
	for (; i < p->nbytes; i++, s += 2)
		p->bytes[i] = (unsigned char)(hex_digit(s[0]) << 4 | hex_digit(s[1]));
	return 0;
}

/* "W@L": W a weight (a count of pages), L a prefix in bytes or "s" (same-filled); *s past it. */
static int parse_class(const char **s, struct page_class *c)
{
	unsigned long long w, l;
	char *end;

	if (**s < '0' || **s > '9')
		return -EINVAL;
	w = strtoull(*s, &end, 10);
	if (*end != '@' || w > UINT32_MAX)
		return -EINVAL;
	*s = end + 1;
	if (**s == 's') {
		c->prefix = PAGE_CLASS_SAME;
		(*s)++;
	} else if (**s >= '0' && **s <= '9' && (l = strtoull(*s, &end, 10)) <= 1u << 20) {
		c->prefix = (int32_t)l;
		*s = end;
	} else {
		return -EINVAL;
	}
	c->weight = (uint32_t)w;
	return 0;
}

/* "[N/]W@L,W@L,..." up to ';' or the end: one segment. */
static int parse_segment(const char **s, struct pattern *p)
{
	struct page_segment *seg = &p->segments[p->nsegments];
	const char *slash = strchr(*s, '/'), *semi = strchr(*s, ';');
	char *end;

	if (p->nsegments == PAGE_SEGMENTS_MAX)
		return -EINVAL;
	memset(seg, 0, sizeof(*seg));
	if (slash && (!semi || slash < semi)) {
		seg->pages = strtoull(*s, &end, 10);
		if (end != slash || !seg->pages)
			return -EINVAL;
		*s = slash + 1;
	}
	seg->first = (uint16_t)p->nclasses;
	for (;;) {
		if (p->nclasses == PAGE_CLASSES_MAX || parse_class(s, &p->classes[p->nclasses]))
			return -EINVAL;
		seg->total_weight += p->classes[p->nclasses++].weight;
		seg->n++;
		if (**s != ',')
			break;
		(*s)++;
	}
	p->nsegments++;
	return seg->total_weight ? 0 : -EINVAL;
}

/* Segments separated by ';'; the last one's mix goes on past its end. */
static int parse_classes(const char *s, struct pattern *p)
{
	for (;;) {
		if (parse_segment(&s, p))
			return -EINVAL;
		if (*s != ';')
			return *s ? -EINVAL : 0;
		s++;
	}
}

int pattern_parse(const char *spec, struct pattern *pattern)
{
	const char *colon = strchr(spec, ':');
	size_t name_len = colon ? (size_t)(colon - spec) : strlen(spec);

	for (size_t i = 0; i < ARRAY_SIZE(kinds); i++) {
		const char *arg = colon ? colon + 1 : NULL;
		if (strlen(kinds[i].name) != name_len ||
		    strncmp(kinds[i].name, spec, name_len) != 0)
			continue;
		memset(pattern, 0, sizeof(*pattern));
		pattern->kind = &kinds[i];
		pattern->rng = SEED;
		pattern->fd = -1;
		switch (kinds[i].arg) {
		case ARG_NONE:
			return arg ? -EINVAL : 0;
		case ARG_PERCENT: {
			char *end;
			if (!arg || *arg < '0' || *arg > '9')
				return -EINVAL;
			unsigned long pct = strtoul(arg, &end, 10);
			if (*end || pct > 100)
				return -EINVAL;
			pattern->percent = (unsigned)pct;
			return 0;
		}
		case ARG_HEX:
			return arg ? parse_hex(arg, pattern) : -EINVAL;
		case ARG_PATH:
			if (!arg || !*arg)
				return -EINVAL;
			pattern->path = arg;
			return 0;
		case ARG_CLASSES:
			return arg ? parse_classes(arg, pattern) : -EINVAL;
		}
	}
	return -EINVAL;
}

int pattern_check(const struct pattern *pattern)
{
	struct stat st;

	if (pattern->kind->arg != ARG_PATH)
		return 0;
	if (stat(pattern->path, &st) < 0)
		return -errno;
	if (!S_ISREG(st.st_mode))
		return -EINVAL;
	if (st.st_size == 0)
		return -ENODATA;
	return access(pattern->path, R_OK) < 0 ? -errno : 0;
}

int pattern_open(struct pattern *pattern)
{
	if (pattern->kind->arg != ARG_PATH)
		return 0;
	pattern->fd = open(pattern->path, O_RDONLY | O_CLOEXEC);
	return pattern->fd < 0 ? -errno : 0;
}

int pattern_file_fd(const struct pattern *pattern)
{
	return pattern->fd;
}

void pattern_rewind(struct pattern *pattern)
{
	pattern->rng = SEED;
	pattern->phase = 0;
	pattern->offset = 0;
	pattern->page_index = 0;
}

struct pattern pattern_for_thread(const struct pattern *base, unsigned k, uint64_t start,
				  size_t page)
{
	struct pattern p = *base;
	pattern_rewind(&p);
	p.rng = SEED + (uint64_t)k * 0xD1B54A32D192ED03ULL;
	if (p.nbytes)
		p.phase = (size_t)(start % p.nbytes);
	p.offset = start;
	p.page_index = start / page;
	return p;
}

void pattern_fill(struct pattern *pattern, unsigned char *buf, size_t len, size_t page)
{
	pattern->kind->fill(pattern, buf, len, page);
}

const char *pattern_help(void)
{
	return "seq, zero, random, compressible:PCT (PCT% of each page zero, the rest random), "
	       "pattern:HEX (bytes repeated, e.g. 0xbadc0ffee), file:PATH (a file's bytes, "
	       "cycled), "
	       "mixed (zero, text, half-random and random pages, about 2x)";
}

/* pages: a page of L random bytes is about L + L/25 + 24 bytes compressed (lzo-rle and lz4,
 * measured through zram on kernel 6.18); zero and same-filled pages cost next to nothing. */
static double pages_expected_ratio(const struct pattern *p)
{
	double kept = 0, pages = 0, ratio;

	/* Each segment's mix by its share of the pages (an unbounded one as one page). */
	for (size_t g = 0; g < p->nsegments; g++) {
		const struct page_segment *s = &p->segments[g];
		double share = (double)(s->pages ? s->pages : 1) / (double)s->total_weight;
		for (size_t k = s->first; k < (size_t)s->first + s->n; k++) {
			pages += share * p->classes[k].weight;
			if (p->classes[k].prefix > 0)
				kept += share * p->classes[k].weight *
					((double)p->classes[k].prefix * 1.04 + 24);
		}
	}
	ratio = kept > 0 ? pages * 4096 / kept : 50;
	return ratio < 1 ? 1 : ratio > 50 ? 50 : ratio;
}

double pattern_expected_ratio(const struct pattern *pattern)
{
	/* PCT% zeros after random bytes: about 100 / (100 - PCT), as 50 gives 1.9x measured;
	 * all zeros are same-filled pages that cost almost nothing. */
	if (pattern->kind->arg == ARG_CLASSES)
		return pages_expected_ratio(pattern);
	if (pattern->kind->ratio == 0)
		return pattern->percent >= 98 ? 50 : 100.0 / (100.0 - pattern->percent) * 0.95;
	return pattern->kind->ratio;
}
