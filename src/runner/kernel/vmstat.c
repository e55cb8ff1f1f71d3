#include "runner/kernel/vmstat.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "runner/kernel/kv.h"
#include "runner/kernel/sysfs.h"

int vmstat_parse(const char *text, struct vmstat_snap *snap)
{
	int ret;

	memset(snap, 0, sizeof(*snap));
	if ((ret = kv_find(text, "pswpin", &snap->pswpin)) < 0 ||
	    (ret = kv_find(text, "pswpout", &snap->pswpout)) < 0)
		return ret;
	snap->have_zero = kv_find(text, "swpin_zero", &snap->swpin_zero) == 0 &&
		kv_find(text, "swpout_zero", &snap->swpout_zero) == 0;
	kv_find(text, "pgmajfault", &snap->pgmajfault);
	/* zswpin/zswpout since 5.19; zswpwb only since 6.8. */
	snap->have_zswp = kv_find(text, "zswpout", &snap->zswpout) == 0 &&
		kv_find(text, "zswpin", &snap->zswpin) == 0;
	snap->have_zswpwb = kv_find(text, "zswpwb", &snap->zswpwb) == 0;
	return 0;
}

/* On the heap, as kv_read: /proc/vmstat grows with every kernel (3.9 KB on 6.18). */
int vmstat_snapshot(struct vmstat_snap *snap)
{
	char *text;
	int ret = sysfs_read_alloc(PROC_VMSTAT, &text);

	if (ret >= 0)
		ret = vmstat_parse(text, snap);
	free(text);
	return ret;
}
