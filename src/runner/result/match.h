/* Which cells of two result files measured the same thing: the same backend, compressor,
 * jobs, limit, limit mode, data, access, allocation, device target and fio mode. The machine
 * and kernel may differ: that is what a comparison of files is for. */
#ifndef ZSB_MATCH_H
#define ZSB_MATCH_H
#include <stddef.h>
#include <stdint.h>

#include "runner/base/sizes.h"
#include "runner/result/results.h"

struct cell_key {
	char backend[16], comp[32], limit_mode[16], data[PATH_LEN], access[64], target[16],
		mode[16];
	unsigned jobs;
	uint64_t limit, alloc;
};

void cell_key_of(const struct results *r, const struct result_cell *c, struct cell_key *k);
int cell_key_equal(const struct cell_key *a, const struct cell_key *b);
/* "limit 50M, jobs 1, data compressible:50, access fill, alloc 300M". */
const char *cell_key_text(const struct cell_key *k, char *buf, size_t len);
/* The index of the cell of r that matches c of other, or -1. */
int match_cell(const struct results *r, const struct results *other, const struct result_cell *c);

#endif
