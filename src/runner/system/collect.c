/* sysinfo_collect: every fact starts unknown, then each reader fills what it can. This file
 * only assembles: the readers are facts_*.c, the helpers they share facts_util.c, and the
 * model they fill is sysinfo.h (a header alone, so that nothing there includes them back). */
#include "runner/system/sysinfo.h"

#include <errno.h>

#include "runner/system/facts.h"
#include "runner/system/facts_util.h"

int sysinfo_collect(struct sysinfo_facts *s, const char *swap_dir)
{
	if (!s)
		return -EINVAL;
	facts_init(s);
	facts_kernel(s);
	facts_cpu(s);
	facts_memory(s);
	facts_cgroup(s);
	facts_zram(s);
	facts_zswap(s);
	facts_swaps(s);
	facts_mm(s);
	facts_perf(s);
	if (swap_dir)
		facts_swap_dir(s, swap_dir);
	return 0;
}
