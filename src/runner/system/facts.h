/* Inside the sysinfo module: the readers, one per concern, which collect.c calls in turn
 * (the helpers they share are in facts_util.h, below them). Every reader leaves a fact it
 * cannot read as it found it: unknown (sysinfo_collect sets every fact to unknown first). */
#ifndef ZSB_SYSTEM_FACTS_H
#define ZSB_SYSTEM_FACTS_H
#include <stddef.h>

#include "runner/system/sysinfo.h"

/* facts_kernel.c */
void facts_kernel(struct sysinfo_facts *s);
void facts_cgroup(struct sysinfo_facts *s);
void facts_perf(struct sysinfo_facts *s);
/* facts_cpu.c */
void facts_cpu(struct sysinfo_facts *s);
/* facts_mem.c */
void facts_memory(struct sysinfo_facts *s);
void facts_mm(struct sysinfo_facts *s);
/* facts_swap.c */
void facts_swaps(struct sysinfo_facts *s);
void facts_zram(struct sysinfo_facts *s);
void facts_zswap(struct sysinfo_facts *s);
/* facts_disk.c: stat and statfs of the real path, then the device under the sysfs root. */
void facts_swap_dir(struct sysinfo_facts *s, const char *dir);
/* The filesystem and block device of device maj:min (the filesystem type from
 * /proc/self/mountinfo, else from the statfs magic, 0 when none). */
void facts_swap_dir_device(struct sysinfo_facts *s, unsigned maj, unsigned min, long magic);
/* A statfs magic's filesystem name; NULL when unknown. */
const char *facts_fs_name(long magic);

#endif
