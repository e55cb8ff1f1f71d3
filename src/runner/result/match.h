/* Which cells of two result files measured the same thing: the same backend, compressor,
 * jobs, limit, limit mode, data, access, allocation, device target, fio mode and the settings a
 * cell has of its own (knobs: --swappiness 10,100 makes two cells). The machine
 * and kernel may differ: that is what a comparison of files is for. compare --match pairs
 * cells on fewer keys; the keys left out that differ are the pair's confounds. */
#ifndef ZSB_MATCH_H
#define ZSB_MATCH_H
#include <stddef.h>
#include <stdint.h>

#include "runner/base/sizes.h"
#include "runner/result/results.h"

struct cell_key {
	char backend[16], comp[32], limit_mode[16], data[PATH_LEN], access[64], target[16],
		mode[16];
	char knobs[CELL_KNOBS_MAX * 82]; /* its other settings of its own: "swappiness=10" */
	unsigned jobs;
	uint64_t limit, alloc;
};

/* The keys, by the option names that set them (--swap sets the backend, --modes the mode). */
enum match_key {
	MK_SWAP,
	MK_COMP,
	MK_JOBS,
	MK_LIMIT,
	MK_LIMIT_MODE,
	MK_DATA,
	MK_ACCESS,
	MK_ALLOC,
	MK_TARGET,
	MK_MODE,
	MK_KNOBS, /* the settings a cell has of its own (a knob axis) but data and access */
	MK_COUNT
};
#define MATCH_ALL ((1u << MK_COUNT) - 1)

/* "swap,comp" into a mask of keys; the target is always one of them (a block device's numbers
 * are not a swap device's). -EINVAL with why filled for an unknown or repeated key. */
int match_keys_parse(const char *list, unsigned *mask, char *why, size_t len);
/* "swap,comp,jobs...": every key's name, for messages and --help. */
const char *match_key_names(void);
const char *match_key_name(enum match_key k);

void cell_key_of(const struct results *r, const struct result_cell *c, struct cell_key *k);
int cell_key_equal(const struct cell_key *a, const struct cell_key *b);
/* Key k of a cell as text, sizes as they are typed ("32.0M"). */
const char *cell_key_value(const struct cell_key *c, enum match_key k, char *buf, size_t len);
/* Equal on the keys of mask (MATCH_ALL: cell_key_equal). */
int cell_key_equal_on(const struct cell_key *a, const struct cell_key *b, unsigned mask);
/* The keys outside mask on which a and b differ, "limit 32.0M -> 64.0M" each, joined by ", "
 * into buf; how many. */
size_t cell_key_confounds(const struct cell_key *a, const struct cell_key *b, unsigned mask,
			  char *buf, size_t len);
/* "limit 50M, jobs 1, data compressible:50, access fill, alloc 300M". */
const char *cell_key_text(const struct cell_key *k, char *buf, size_t len);
/* The index of the cell of r that matches c of other, or -1. */
int match_cell(const struct results *r, const struct results *other, const struct result_cell *c);
/* The same on the keys of mask; *count (may be NULL) how many cells of r match, the first
 * returned: a pairing on fewer keys can be ambiguous. */
int match_cell_on(const struct results *r, const struct results *other, const struct result_cell *c,
		  unsigned mask, size_t *count);

#endif
