/* How the hogger fills its memory; compressibility decides what zram and zswap can do. */
#ifndef ZSB_PATTERN_H
#define ZSB_PATTERN_H
#include <stddef.h>
#include <stdint.h>

/* pages:N/W@L,...;N/W@L,...: segments of N pages in turn (the last one's mix goes on past its
 * end), each a mix of classes of pages, W of them in every sum of the segment's weights, each
 * L random bytes then zeros (L = 0: a zero page; PAGE_CLASS_SAME: one non-zero word
 * repeated). */
#define PAGE_CLASSES_MAX 512
#define PAGE_SEGMENTS_MAX 64
#define PAGE_CLASS_SAME (-1)
struct page_class {
	uint32_t weight;
	int32_t prefix;
};
struct page_segment {
	uint64_t pages; /* 0: unbounded (the last) */
	uint64_t total_weight;
	uint16_t first, n; /* its classes */
};

struct pattern {
	const struct pattern_kind *kind;
	struct page_class classes[PAGE_CLASSES_MAX]; /* pages: */
	size_t nclasses;
	struct page_segment segments[PAGE_SEGMENTS_MAX];
	size_t nsegments;
	unsigned percent; /* compressible:PCT */
	uint64_t rng; /* random state; every run starts from the same seed */
	unsigned char bytes[64]; /* pattern:HEX */
	size_t nbytes, phase;
	const char *path; /* file:PATH, read cyclically */
	int fd;
	uint64_t offset;
	uint64_t page_index; /* mixed: which kind of page comes next */
};

/* Parses "seq", "zero", "random", "compressible:PCT", "pattern:HEX", "file:PATH", "mixed",
 * "pages:W@L,W@L,..." (a recorded profile's pages, as the runner writes it);
 * returns 0 or -EINVAL. Opens nothing. */
int pattern_parse(const char *spec, struct pattern *pattern);
/* file:PATH: is it a readable, non-empty regular file? 0 or -errno (others: 0). */
int pattern_check(const struct pattern *pattern);
/* file:PATH: opens it (before the sandbox); others: nothing. */
int pattern_open(struct pattern *pattern);
/* The descriptor fill reads from, or -1. */
int pattern_file_fd(const struct pattern *pattern);
/* Back to the start, so the same bytes come again (for --verify). */
void pattern_rewind(struct pattern *pattern);
/* The state thread k starts from when it fills from byte start on: its own random stream,
 * the right place in a repeated pattern, a file or the mixed cycle. Thread 0 at 0 is base. */
struct pattern pattern_for_thread(const struct pattern *base, unsigned k, uint64_t start,
				  size_t page);
/* Writes every page of buf (len a multiple of page), which must start zeroed (calloc). */
void pattern_fill(struct pattern *pattern, unsigned char *buf, size_t len, size_t page);
/* The compression ratio a pattern is expected to reach (1 where unknown): what zram's RAM
 * will cost is planned with it before a run. */
double pattern_expected_ratio(const struct pattern *pattern);
/* One line per pattern a user gives, for --help (not pages:, which the runner writes for a
 * replayed profile: docs/options.md). */
const char *pattern_help(void);

#endif
