/*
 * Each backend's own options, typed, as the option table fills them (the rows swap/ gives it,
 * swap/options.h): the config holds one struct swap_settings, and a backend reads only its own
 * member of it (and priority, which every swap area takes; the plan sizes the areas from
 * size). Nothing else of the config reaches a backend.
 */
#ifndef ZSB_SWAP_SETTINGS_H
#define ZSB_SWAP_SETTINGS_H
#include <stdint.h>

#define SETTING_NAME_LEN 32

/* An on/off option that may also be left as the kernel (or the hogger) has it. Zero leaves it,
 * so settings that start zeroed change nothing. */
enum switch_state {
	SWITCH_LEAVE,
	SWITCH_OFF,
	SWITCH_ON
};

struct zram_settings {
	uint64_t size; /* disksize; 0: the run's swap size */
	uint64_t mem_limit; /* 0: none */
	char algo_params[256]; /* empty: none */
	uint64_t backing; /* a loop device of this size to write back to; 0: none */
	/* after the fill: idle, huge or incompressible; empty: none */
	char writeback[SETTING_NAME_LEN];
	char recomp[128]; /* ALGO[:PARAMS]: a second algorithm, after the fill */
	/* max_comp_streams; 0: leave it. Since 4.7 the kernel keeps a stream per CPU and
	 * ignores what is written: recorded as a no-op there. */
	unsigned streams;
	/* --zram-generator: the zram-generator.conf whose [zram0] is the run's one cell, owned
	 * by the config (empty: none), and the algorithm it names (empty: the kernel's). */
	char *generator;
	char generator_algorithm[SETTING_NAME_LEN];
};

struct zswap_settings {
	unsigned pool; /* max_pool_percent; 0: leave it */
	char zpool[SETTING_NAME_LEN]; /* empty: leave it */
	enum switch_state shrinker; /* shrinker_enabled */
	enum switch_state writeback; /* the trial cgroup's memory.zswap.writeback */
	uint64_t max; /* the trial cgroup's memory.zswap.max; 0: leave it */
};

/* The disk backend's: where its swapfile goes, and how fast the trial may use its disk. */
struct disk_settings {
	char *swapfile; /* owned by the config; empty: /var/tmp/zswapbench-<pid>.swap */
	uint64_t throttle_read, throttle_write; /* --disk-throttle, bytes/s; 0: that way free */
};

struct swap_settings {
	int priority; /* of every swap area we swapon */
	uint64_t size; /* the swapfile's and zram's disksize; 0: big enough for the largest
			* allocation */
	struct disk_settings disk;
	struct zram_settings zram;
	struct zswap_settings zswap;
};

#endif
