/*
 * systemd's zram-generator.conf: the device a distribution sets up at boot ([zram0]:
 * zram-size, compression-algorithm, swap-priority), read so that device is what a run
 * measures (--zram-generator FILE).
 */
#ifndef ZSB_ZRAM_GENERATOR_H
#define ZSB_ZRAM_GENERATOR_H
#include <stddef.h>
#include <stdint.h>

struct zram_generator {
	uint64_t size; /* bytes */
	char algorithm[32]; /* the first (primary) algorithm; empty: the kernel's */
	int priority; /* swap-priority; 100, as the generator defaults */
};

/* zram-size's expression ("min(ram / 2, 4096)"): ram and the result in MiB, + - * /,
 * parentheses, min() and max(). 0, or -EINVAL with why. */
int zram_size_eval(const char *expr, double ram_mib, double *mib, char *why, size_t len);
/* Reads [zram0] of the file; ram_mib is the machine's RAM. 0, or -EINVAL/-errno with why
 * ("line 3: zram-size: ..."). */
int zram_generator_read(const char *path, double ram_mib, struct zram_generator *out, char *why,
			size_t len);

#endif
