#include "runner/kernel/zswap.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "runner/kernel/kv.h"
#include "runner/kernel/meminfo.h"
#include "runner/kernel/sysfs.h"

int zswap_present(void)
{
	return sysfs_exists(ZSWAP_PARAMS "/enabled");
}

int zswap_compressors_parse(char *text, char *buf, size_t len)
{
	char name[128] = "";

	buf[0] = '\0';
	for (char *save = NULL, *line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char key[32], value[128];
		if (sscanf(line, "%31s : %127s", key, value) != 2)
			continue;
		if (strcmp(key, "name") == 0) {
			snprintf(name, sizeof(name), "%s", value);
		} else if (strcmp(key, "type") == 0 &&
			   (strcmp(value, "scomp") == 0 || strcmp(value, "acomp") == 0) &&
			   name[0] && !words_contain(buf, name, ' ')) {
			/* An algorithm appears once per driver: list it once. */
			size_t at = strlen(buf);
			snprintf(buf + at, len - at, "%s%s", at ? " " : "", name);
			name[0] = '\0';
		}
	}
	return 0;
}

int zswap_compressors(char *buf, size_t len)
{
	char *text;
	int ret = sysfs_read_alloc("/proc/crypto", &text);

	if (ret < 0)
		return ret;
	ret = zswap_compressors_parse(text, buf, len);
	free(text);
	return ret;
}

int zswap_debugfs_mounted(void)
{
	return sysfs_exists(DEBUGFS "/zswap/stored_pages");
}

static int debugfs_u64(const char *name, uint64_t *v)
{
	char path[128];
	snprintf(path, sizeof(path), DEBUGFS "/zswap/%s", name);
	return sysfs_read_u64(path, v);
}

int zswap_read_stats(struct zswap_stats *st)
{
	static const char *const rejects[] = { "reject_alloc_fail", "reject_compress_fail",
					       "reject_compress_poor", "reject_kmemcache_fail",
					       "reject_reclaim_fail" };
	struct meminfo mi;
	uint64_t v;

	memset(st, 0, sizeof(*st));
	if (debugfs_u64("stored_pages", &st->stored_pages) == 0 &&
	    debugfs_u64("pool_total_size", &st->pool_total_size) == 0) {
		st->have_debugfs = 1;
		debugfs_u64("stored_incompressible_pages", &st->stored_incompressible_pages);
		debugfs_u64("written_back_pages", &st->written_back_pages);
		debugfs_u64("pool_limit_hit", &st->pool_limit_hit);
		for (size_t i = 0; i < ARRAY_SIZE(rejects); i++)
			if (debugfs_u64(rejects[i], &v) == 0)
				st->rejected += v;
	}
	/* One reading of meminfo for both: the pool and what it holds at the same moment. */
	st->have_meminfo = meminfo_read(&mi) == 0 &&
		meminfo_get(&mi, "Zswap", &st->meminfo_zswap) == 0 &&
		meminfo_get(&mi, "Zswapped", &st->meminfo_zswapped) == 0;
	return st->have_debugfs || st->have_meminfo ? 0 : -ENOENT;
}
