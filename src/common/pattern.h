/* How the hogger fills its memory; compressibility decides what zram and zswap can do. */
#ifndef ZSB_PATTERN_H
#define ZSB_PATTERN_H
#include <stddef.h>
#include <stdint.h>

struct pattern {
	const struct pattern_kind *kind;
	unsigned percent;      /* compressible:PCT */
	uint64_t rng;          /* random state; each run starts from the same seed */
};

/* Parses "seq", "zero", "random", "compressible:PCT"; returns 0 or -EINVAL. */
int pattern_parse(const char *spec, struct pattern *pattern);
/* Writes every page of buf (len a multiple of page). */
void pattern_fill(struct pattern *pattern, unsigned char *buf, size_t len, size_t page);
/* One line per pattern, for --help. */
const char *pattern_help(void);

#endif
