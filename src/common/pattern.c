#include "pattern.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

struct pattern_kind {
	const char *name;
	int takes_percent;
	void (*fill)(struct pattern *p, unsigned char *buf, size_t len, size_t page);
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

/* Explicit writes: a page only read would map the shared zero page and never swap. */
static void fill_zero(struct pattern *p, unsigned char *buf, size_t len, size_t page)
{
	(void)p;
	(void)page;
	memset(buf, 0, len);
}

static void fill_random(struct pattern *p, unsigned char *buf, size_t len, size_t page)
{
	(void)page;
	fill_random_bytes(p, buf, len);
}

/* fio's buffer_compress_percentage: each page is PCT% zeros after (100-PCT)% random bytes. */
static void fill_compressible(struct pattern *p, unsigned char *buf, size_t len, size_t page)
{
	size_t random_len = page * (100 - p->percent) / 100;
	for (size_t off = 0; off < len; off += page) {
		fill_random_bytes(p, buf + off, random_len);
		memset(buf + off + random_len, 0, page - random_len);
	}
}

static const struct pattern_kind kinds[] = {
	{ .name = "seq", .fill = fill_seq },
	{ .name = "zero", .fill = fill_zero },
	{ .name = "random", .fill = fill_random },
	{ .name = "compressible", .takes_percent = 1, .fill = fill_compressible },
};

int pattern_parse(const char *spec, struct pattern *pattern)
{
	const char *colon = strchr(spec, ':');
	size_t name_len = colon ? (size_t)(colon - spec) : strlen(spec);

	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		if (strlen(kinds[i].name) != name_len || strncmp(kinds[i].name, spec, name_len) != 0)
			continue;
		memset(pattern, 0, sizeof(*pattern));
		pattern->kind = &kinds[i];
		pattern->rng = 0x9E3779B97F4A7C15ULL;
		if (!kinds[i].takes_percent)
			return colon ? -EINVAL : 0;
		if (!colon || colon[1] < '0' || colon[1] > '9')
			return -EINVAL;
		char *end;
		unsigned long pct = strtoul(colon + 1, &end, 10);
		if (*end || pct > 100)
			return -EINVAL;
		pattern->percent = (unsigned)pct;
		return 0;
	}
	return -EINVAL;
}

void pattern_fill(struct pattern *pattern, unsigned char *buf, size_t len, size_t page)
{
	pattern->kind->fill(pattern, buf, len, page);
}

const char *pattern_help(void)
{
	return "seq, zero, random, compressible:PCT (PCT% of each page zero, the rest random)";
}
