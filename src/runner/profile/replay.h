/*
 * A recorded profile replayed by the hogger (`--data profile:FILE[:ALGO]`): its pages as the
 * hogger's `pages:` pattern, in the proportions the profile measured (zero, same-filled, and a
 * class per bucket of compressed sizes under one algorithm), each class's pages made of random
 * bytes up to the length that compresses to the bucket's middle, then zeros.
 */
#ifndef ZSB_REPLAY_H
#define ZSB_REPLAY_H
#include <stddef.h>
#include <stdint.h>

#include "runner/profile/profile.h"

/* The random bytes a page needs for zram to keep about bytes of it: a page of L random bytes
 * then zeros is kept in about 1.04 L + 24 bytes (lzo, lzo-rle and lz4 through zram, kernel
 * 6.18); at least 1, at most the page. */
uint32_t replay_prefix_for(uint64_t bytes, unsigned page_size);
/* A profile's file read and checked for a replay here: its pages measured, of this machine's
 * page size; -EINVAL (or -errno of the read) with why filled. */
int replay_load(const char *path, struct profile *p, char *why, size_t len);
/* The hogger's pattern and access for a replay of p under algo's sizes (NULL or "": the
 * profile's first algorithm, the kernel's default where it was recorded): *pages a new
 * string, segments of the regions' pages, their cold parts first, each with its region's mix
 * (the seven largest regions one by one, the rest as one); access the hot share of the pages,
 * the newest, touched once an interval (hot:PCT:N:last). -ENOENT without that algorithm,
 * -ENOMEM, -E2BIG. */
int replay_spec(const struct profile *p, const char *algo, char **pages, char *access,
		size_t access_len);
/* --data's patterns in words, for --help, the man page and the completions: the hogger's, and
 * profile:FILE[:ALGO]. */
const char *replay_data_help(void);
/* The bytes a replay allocates: the private pages the profile read. */
uint64_t replay_bytes(const struct profile *p);

#endif
