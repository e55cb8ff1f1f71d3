/*
 * Multi-size transparent huge pages (Linux 6.8+): a folder per folio size under
 * /sys/kernel/mm/transparent_hugepage, hugepages-<N>kB, with its enabled choice (always,
 * inherit, madvise, never: the selected one in brackets) and, since 6.9, its counters in stats/
 * (one number a file). The one reader of those folders: the sizes a run sets (--mthp) are
 * checked against what each enabled file offers, and the counters are read around a trial.
 *
 * On 6.18 (x86_64, 4 KiB pages) the folders are hugepages-8kB to hugepages-2048kB; 8kB has no
 * enabled file (no anonymous folio of two pages) and none of the anon_fault_* counters, only
 * those of shmem and swap. A counter or folder the kernel lacks is absent, never zero.
 */
#ifndef ZSB_MTHP_H
#define ZSB_MTHP_H
#include <stddef.h>
#include <stdint.h>

/* The sizes the counters are recorded for: order 1 (8 KiB) to the PMD's order 9 (2 MiB) of
 * 4 KiB pages, in KiB, smallest first. */
#define MTHP_SIZES 9
extern const unsigned mthp_sizes_kb[MTHP_SIZES];

/* The counters of a size's stats/ that tell what swap did with its folios, in the metric
 * table's order (result/metrics.h: mthp_<N>k_<counter>). split and the shmem_* ones are left
 * out: a folio split on its way to swap is counted in swpout_fallback already. */
enum mthp_counter {
	MTHP_ANON_FAULT_ALLOC, /* anonymous faults given a folio of this size */
	MTHP_ANON_FAULT_FALLBACK, /* ... that could not get one and tried a smaller size */
	MTHP_ANON_FAULT_FALLBACK_CHARGE, /* ... because the memory cgroup's charge failed */
	MTHP_SWPOUT, /* folios of this size swapped out whole */
	MTHP_SWPOUT_FALLBACK, /* ... split first (no run of free swap slots) */
	MTHP_ZSWPOUT, /* ... stored in zswap whole (6.13+) */
	MTHP_SWPIN, /* folios of this size swapped in whole */
	MTHP_SWPIN_FALLBACK, /* swap-ins that could not get one and took a smaller size */
	MTHP_SWPIN_FALLBACK_CHARGE, /* ... because the memory cgroup's charge failed */
	MTHP_COUNTERS
};
extern const char *const mthp_counter_names[MTHP_COUNTERS];

/* The index of a size in mthp_sizes_kb, or -1. */
int mthp_size_index(unsigned kb);

/* A size as --mthp takes it: a size as elsewhere ("64K", "2M", "65536"), or as the kernel
 * names its folder, where kB is 1024 bytes ("64kB", "hugepages-64kB"); a power of two of at
 * least 8 KiB. 0 with *kb, or -EINVAL. */
int mthp_size_parse(const char *text, size_t len, unsigned *kb);
/* "64K", "2M": a size as --mthp's messages and its echo write it; returns buf. */
char *mthp_size_name(unsigned kb, char *buf, size_t len);

/* The modes an enabled file may offer. */
#define MTHP_MODE_LEN 16
int mthp_mode_known(const char *mode);

/* What a run sets: a size's enabled file to a mode, for each size given. */
#define MTHP_SETTINGS_MAX 16
struct mthp_setting {
	unsigned kb;
	char mode[MTHP_MODE_LEN];
};
struct mthp_settings {
	struct mthp_setting v[MTHP_SETTINGS_MAX];
	size_t n;
};

/* The size's enabled file, to read and to set (param_set journals it). 0, or -ENAMETOOLONG. */
int mthp_enabled_path(unsigned kb, char *buf, size_t len);
/* Whether choices, an enabled file's text ("always inherit madvise [never]"), offers mode as
 * one of its words, bracketed or not. */
int mthp_offers(const char *choices, const char *mode);
/* The size's enabled file's text, its newline cut: 0, or -ENOENT where this kernel offers no
 * anonymous folio of that size (no such file), or another -errno. */
int mthp_choices(unsigned kb, char *buf, size_t len);
/* An enabled file's words without the brackets of the selected one ("always madvise never"),
 * as a refusal names them; returns buf. */
char *mthp_choice_words(const char *choices, char *buf, size_t len);
/* The sizes of mthp_sizes_kb this kernel offers anonymous folios of (an enabled file there),
 * as "16K, 32K, 64K" into buf; how many (0: no multi-size THP, before 6.8). */
size_t mthp_sizes_offered(char *buf, size_t len);

/* One counter file's text: digits, then at most a newline. 0, or -ENODATA for an empty file
 * (cut before its number), -EINVAL for anything else, -ERANGE past 64 bits. */
int mthp_count_parse(const char *text, uint64_t *value);

/* Every counter of every size, read once: have[][] 0 where the folder or its file is missing
 * or does not hold a number. */
struct mthp_snap {
	uint64_t v[MTHP_SIZES][MTHP_COUNTERS];
	unsigned char have[MTHP_SIZES][MTHP_COUNTERS];
};
/* Reads them under the sysfs root; how many counters were read (0 on a kernel without mTHP's
 * counters). */
size_t mthp_snapshot(struct mthp_snap *s);
/* A counter's rise from before to after: 0 with *delta, or -ENODATA where either lacks it or
 * it went down (a counter the kernel reset is no measurement). */
int mthp_delta(const struct mthp_snap *before, const struct mthp_snap *after, size_t size,
	       enum mthp_counter c, uint64_t *delta);

#endif
