/* /proc/PID/smaps, mapping by mapping (smaps.h). */
#include "runner/profile/smaps.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* "55d4c5a00000-55d4c5a21000 rw-p 00000000 00:00 0    [heap]": -EINVAL when it is not. */
static int parse_header(const char *line, size_t n, struct smaps_vma *v)
{
	char copy[512], dev[16];
	unsigned long long start, end, offset, inode;
	int name_at = 0;

	if (n >= sizeof(copy))
		n = sizeof(copy) - 1;
	memcpy(copy, line, n);
	copy[n] = '\0';
	memset(v, 0, sizeof(*v));
	if (sscanf(copy, "%llx-%llx %4s %llx %15s %llu %n", &start, &end, v->perms, &offset, dev,
		   &inode, &name_at) < 6 ||
	    end < start || strlen(v->perms) != 4)
		return -EINVAL;
	v->start = start;
	v->end = end;
	v->inode = inode;
	if (name_at > 0)
		snprintf(v->name, sizeof(v->name), "%s", copy + name_at);
	return 0;
}

/* A header starts with a hexadecimal address and a dash; a field with a capital letter. */
static int is_header(const char *line)
{
	const char *p = line;

	while ((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'f'))
		p++;
	return p > line && *p == '-';
}

/* "Rss:   4 kB" into the field it names; fields the recorder does not use are skipped. */
static int parse_field(const char *line, size_t n, struct smaps_vma *v)
{
	static const struct {
		const char *name;
		size_t offset;
	} fields[] = {
		{ "Rss:", offsetof(struct smaps_vma, rss) },
		{ "Anonymous:", offsetof(struct smaps_vma, anonymous) },
		{ "Referenced:", offsetof(struct smaps_vma, referenced) },
		{ "Swap:", offsetof(struct smaps_vma, swap) },
	};
	char copy[128];
	unsigned long long kib;

	if (n >= sizeof(copy))
		return 0;
	memcpy(copy, line, n);
	copy[n] = '\0';
	for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
		size_t len = strlen(fields[i].name);
		if (strncmp(copy, fields[i].name, len))
			continue;
		if (sscanf(copy + len, " %llu kB", &kib) != 1 || kib > UINT64_MAX / 1024)
			return -EINVAL;
		*(uint64_t *)((char *)v + fields[i].offset) = (uint64_t)kib * 1024;
	}
	return 0;
}

int smaps_walk(const char *text, int (*fn)(const struct smaps_vma *v, void *arg), void *arg,
	       char *why, size_t len)
{
	struct smaps_vma v;
	int have = 0, ret;
	unsigned lineno = 0;

	for (const char *line = text; *line;) {
		const char *nl = strchr(line, '\n');
		size_t n = nl ? (size_t)(nl - line) : strlen(line);
		lineno++;
		if (is_header(line)) {
			if (have && (ret = fn(&v, arg)))
				return ret;
			have = 1;
			ret = parse_header(line, n, &v);
		} else {
			ret = have ? parse_field(line, n, &v) : -EINVAL;
		}
		if (ret) {
			snprintf(why, len, "line %u: '%.*s'", lineno, (int)(n > 60 ? 60 : n), line);
			return ret;
		}
		line = nl ? nl + 1 : line + n;
	}
	return have ? fn(&v, arg) : 0;
}

static int starts(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

enum region_kind smaps_kind(const struct smaps_vma *v)
{
	int shared = v->perms[3] == 's';

	if (shared &&
	    (v->inode == 0 || starts(v->name, "/dev/shm/") || starts(v->name, "/memfd:") ||
	     starts(v->name, "/SYSV") || starts(v->name, "/dev/zero")))
		return REGION_SHMEM;
	if (v->inode != 0)
		return REGION_FILE;
	return REGION_ANON;
}
