/* What the fact readers (facts_*.c) share, below them all: the unknown state every fact
 * starts in, and the small parsers of one-line sysfs and procfs files. */
#ifndef ZSB_SYSTEM_FACTS_UTIL_H
#define ZSB_SYSTEM_FACTS_UTIL_H
#include <stddef.h>

#include "runner/system/sysinfo.h"

/* Every fact unknown. */
void facts_init(struct sysinfo_facts *s);
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
