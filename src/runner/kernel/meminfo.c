#include "runner/kernel/meminfo.h"

#include "runner/kernel/kv.h"
#include "runner/kernel/sysfs.h"

int meminfo_read(struct meminfo *m)
{
	int ret = sysfs_read(PROC_MEMINFO, m->text, sizeof(m->text));

	if (ret < 0)
		m->text[0] = '\0';
	return ret < 0 ? ret : 0;
}

int meminfo_get(const struct meminfo *m, const char *key, uint64_t *bytes)
{
	return kv_find(m->text, key, bytes);
}
