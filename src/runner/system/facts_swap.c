/* Swap: the areas in use, the vm settings for swap, and what zram and zswap offer. */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/kernel/swaps.h"
#include "runner/kernel/sysfs.h"
#include "runner/kernel/zram.h"
#include "runner/kernel/zswap.h"
#include "runner/system/facts.h"
#include "runner/system/facts_util.h"

void facts_swaps(struct sysinfo_facts *s)
{
	struct swaps areas;

	s->swap.swappiness = facts_int("/proc/sys/vm/swappiness");
	s->swap.page_cluster = facts_int("/proc/sys/vm/page-cluster");
	s->swap.overcommit_memory = facts_int("/proc/sys/vm/overcommit_memory");
	if (swaps_read(&areas) < 0)
		return;
	s->swap.nareas = 0;
	for (size_t i = 0; i < areas.n && s->swap.nareas < SYSINFO_MAX_SWAPS; i++) {
		const struct swap_area *from = &areas.areas[i];
		struct sysinfo_swap_area *a = &s->swap.areas[s->swap.nareas++];
		snprintf(a->name, sizeof(a->name), "%s", from->path);
		snprintf(a->type, sizeof(a->type), "%s", from->type);
		a->size = from->size;
		a->used = from->used;
		a->priority = from->priority;
	}
	swaps_free(&areas);
}

/* The zram device with the lowest number: its attributes say what this kernel's zram can do. */
static int first_zram(void)
{
	char dir[4096];
	struct dirent *de;
	int best = -1;
	DIR *d;

	if (!sysfs_path(dir, sizeof(dir), "/sys/block") || !(d = opendir(dir)))
		return -1;
	while ((de = readdir(d))) {
		char *end;
		long id;
		if (strncmp(de->d_name, "zram", 4) != 0 || de->d_name[4] < '0' ||
		    de->d_name[4] > '9')
			continue;
		id = strtol(de->d_name + 4, &end, 10);
		if (!*end && id <= 1 << 20 && (best < 0 || id < best))
			best = (int)id;
	}
	closedir(d);
	return best;
}

static int zram_has(int id, const char *attr)
{
	char path[96];
	snprintf(path, sizeof(path), "/sys/block/zram%d/%s", id, attr);
	return sysfs_exists(path);
}

void facts_zram(struct sysinfo_facts *s)
{
	int id = first_zram();

	/* Without /sys/block there is no telling (a bare fixture tree, no sysfs mounted). */
	if (sysfs_exists("/sys/block")) {
		/* Built in, zram may have no /sys/module entry; zram-control or a device shows
		 * it. */
		s->zram.module = sysfs_exists("/sys/module/zram") ||
			sysfs_exists("/sys/class/zram-control") || id >= 0;
		s->zram.hot_add = zram_control_present();
	}
	if (id < 0)
		return; /* what a device offers is unknown without one */
	snprintf(s->zram.device, sizeof(s->zram.device), "zram%d", id);
	/* The algorithms of the same device as the attributes below (zram_algorithms would ask
	 * whichever device readdir gives first). */
	if (zram_device_algorithms(id, s->zram.algorithms, sizeof(s->zram.algorithms)) < 0)
		s->zram.algorithms[0] = '\0';
	/* CONFIG_ZRAM_WRITEBACK adds backing_dev, CONFIG_ZRAM_MULTI_COMP recomp_algorithm;
	 * algorithm_params came in 6.12. */
	s->zram.writeback = zram_has(id, "backing_dev");
	s->zram.recompression = zram_has(id, "recomp_algorithm");
	s->zram.algorithm_params = zram_has(id, "algorithm_params");
}

void facts_zswap(struct sysinfo_facts *s)
{
	if (zswap_compressors(s->zswap.crypto_compressors, sizeof(s->zswap.crypto_compressors)) < 0)
		s->zswap.crypto_compressors[0] = '\0';
	if (!sysfs_exists("/sys/module"))
		return; /* no telling whether zswap is there */
	s->zswap.present = zswap_present();
	if (!s->zswap.present)
		return;
	s->zswap.enabled = facts_yes_no(ZSWAP_PARAMS "/enabled");
	facts_line(ZSWAP_PARAMS "/compressor", s->zswap.compressor, sizeof(s->zswap.compressor));
	/* Newer kernels dropped zpool (zsmalloc only); shrinker_enabled came in 6.8. */
	facts_line(ZSWAP_PARAMS "/zpool", s->zswap.zpool, sizeof(s->zswap.zpool));
	s->zswap.max_pool_percent = facts_int(ZSWAP_PARAMS "/max_pool_percent");
	s->zswap.shrinker_enabled = facts_yes_no(ZSWAP_PARAMS "/shrinker_enabled");
}
