/* zram through sysfs: devices, algorithms and mm_stat
 * (Documentation/admin-guide/blockdev/zram.rst). */
#ifndef ZSB_ZRAM_H
#define ZSB_ZRAM_H
#include <stddef.h>
#include <stdint.h>

/* mm_stat columns, bytes unless named pages. */
struct zram_mm_stat {
	uint64_t orig_data_size;
	uint64_t compr_data_size;
	uint64_t mem_used_total;
	uint64_t mem_limit;
	uint64_t mem_used_max;
	uint64_t same_pages;
	uint64_t pages_compacted;
	uint64_t huge_pages; /* absent before 4.19: left 0 */
};

int zram_mm_stat_parse(const char *text, struct zram_mm_stat *st);
int zram_mm_stat_read(int id, struct zram_mm_stat *st);
/* bd_stat: pages on the backing device now, read from it and written to it since reset. */
struct zram_bd_stat {
	uint64_t count, reads, writes;
};
int zram_bd_stat_parse(const char *text, struct zram_bd_stat *st);
int zram_bd_stat_read(int id, struct zram_bd_stat *st);
/* The algorithms this kernel offers, from any zram device's comp_algorithm, brackets removed.
 * -ENOENT when there is no zram device to ask. */
int zram_algorithms(char *buf, size_t len);
/* The selected (bracketed) algorithm of device id. */
int zram_current_algorithm(int id, char *buf, size_t len);
/* The algorithms device id offers, brackets removed. */
int zram_device_algorithms(int id, char *buf, size_t len);
/* The one reader of comp_algorithm ("lzo [lzo-rle] lz4"): the names space-separated into
 * list, the bracketed one into selected (either may have length 0); -EINVAL without one. */
int zram_algorithm_parse(const char *line, char *list, size_t list_len, char *selected,
			 size_t sel_len);
int zram_control_present(void);
/* Reading hot_add creates a device and returns its number. */
int zram_hot_add(int *id);

#endif
