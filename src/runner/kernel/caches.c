#include "runner/kernel/caches.h"

#include <unistd.h>

#include "runner/kernel/sysfs.h"

/* Best effort, as every caller wants it: a kernel that refuses (a container) only leaves
 * the caches as they are. */
void caches_drop(void)
{
	sync();
	sysfs_write("/proc/sys/vm/drop_caches", "3");
}

void memory_compact(void)
{
	sysfs_write("/proc/sys/vm/compact_memory", "1");
}
