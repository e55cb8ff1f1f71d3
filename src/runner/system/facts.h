/* Inside the sysinfo module: the readers, one per concern, and the helpers they share.
 * Every reader leaves a fact it cannot read as it found it: unknown (sysinfo_collect sets
 * every fact to unknown first). */
#ifndef ZSB_SYSTEM_FACTS_H
#define ZSB_SYSTEM_FACTS_H
#include <stddef.h>

#include "runner/system/sysinfo.h"

/* Every fact unknown. */
void facts_init(struct sysinfo_facts *s);

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

/* warnings.c: does the fact named as sysinfo_print names it ("cpu governor") have a warning? */
int facts_warned(const struct sysinfo_facts *s, const char *fact);

/* Helpers (sysinfo.c). */
/* The first line of path, trailing blanks removed, into buf; "" and -errno when unreadable. */
int facts_line(const char *path, char *buf, size_t len);
/* A non-negative decimal int file; SYSINFO_UNKNOWN when unreadable or not one. */
int facts_int(const char *path);
/* A yes/no file: "Y"/"1"/"on" is 1, "N"/"0"/"off" is 0, else SYSINFO_UNKNOWN. */
int facts_yes_no(const char *path);
/* The [bracketed] word of a choice file ("always [madvise] never"); "" when none. */
int facts_bracketed(const char *path, char *buf, size_t len);
/* How many CPUs a kernel CPU list names ("0-3,8,10-11" is 7); -EINVAL when malformed. */
int facts_cpu_list_count(const char *list);
/* Sorted numbers as ranges, "0-3,6"; "..." marks a cut when buf is too short. */
void facts_ranges(const int *nums, size_t n, char *buf, size_t len);
/* Appends word to a space-separated list in buf. */
void facts_append(char *buf, size_t len, const char *word);

#endif
