#include "runner/kernel/zram.h"

#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "runner/kernel/sysfs.h"

int zram_mm_stat_parse(const char *text, struct zram_mm_stat *st)
{
	uint64_t *fields[] = { &st->orig_data_size,  &st->compr_data_size, &st->mem_used_total,
			       &st->mem_limit,	     &st->mem_used_max,	   &st->same_pages,
			       &st->pages_compacted, &st->huge_pages };
	const char *p = text;
	size_t n = 0;

	memset(st, 0, sizeof(*st));
	while (n < ARRAY_SIZE(fields)) {
		char *end;
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == '\n' || *p == '\0')
			break;
		if (*p < '0' || *p > '9')
			return -EINVAL; /* strtoull would take "-1" as 2^64 - 1 */
		errno = 0;
		*fields[n] = strtoull(p, &end, 10);
		if (errno || end == p)
			return -EINVAL;
		p = end;
		n++;
	}
	/* The first seven columns have been there since 4.x; fewer means a file we do not know. */
	return n >= 7 ? 0 : -EINVAL;
}

int zram_bd_stat_parse(const char *text, struct zram_bd_stat *st)
{
	uint64_t *fields[] = { &st->count, &st->reads, &st->writes };
	const char *p = text;

	memset(st, 0, sizeof(*st));
	for (size_t n = 0; n < 3; n++) {
		char *end;
		p += strspn(p, " \t");
		if (*p < '0' || *p > '9')
			return -EINVAL;
		errno = 0;
		*fields[n] = strtoull(p, &end, 10);
		if (errno)
			return -EINVAL;
		p = end;
	}
	return 0;
}

int zram_bd_stat_read(int id, struct zram_bd_stat *st)
{
	char path[64], buf[256];
	int ret;

	snprintf(path, sizeof(path), "/sys/block/zram%d/bd_stat", id);
	ret = sysfs_read(path, buf, sizeof(buf));
	return ret < 0 ? ret : zram_bd_stat_parse(buf, st);
}

int zram_mm_stat_read(int id, struct zram_mm_stat *st)
{
	char path[64], buf[512];
	int ret;

	snprintf(path, sizeof(path), "/sys/block/zram%d/mm_stat", id);
	ret = sysfs_read(path, buf, sizeof(buf));
	return ret < 0 ? ret : zram_mm_stat_parse(buf, st);
}

int zram_algorithm_parse(const char *line, char *list, size_t list_len, char *selected,
			 size_t sel_len)
{
	size_t at = 0;
	int found = 0;

	if (list_len)
		list[0] = '\0';
	if (sel_len)
		selected[0] = '\0';
	for (const char *p = line; *p && *p != '\n';) {
		size_t n;
		int bracketed = *p == '[';
		p += bracketed;
		n = strcspn(p, " ]\n");
		if (n && list_len > at)
			at += (size_t)snprintf(list + at, list_len - at, "%s%.*s", at ? " " : "",
					       (int)n, p);
		if (bracketed && n) {
			snprintf(selected, sel_len, "%.*s", (int)n, p);
			found = 1;
		}
		p += n;
		p += strspn(p, " ]");
	}
	return found ? 0 : -EINVAL;
}

int zram_algorithms(char *buf, size_t len)
{
	char dir[4096], line[512];
	struct dirent *de;
	DIR *d;
	int ret = -ENOENT;

	if (!sysfs_path(dir, sizeof(dir), "/sys/block"))
		return -ENAMETOOLONG;
	d = opendir(dir);
	if (!d)
		return -errno;
	while ((de = readdir(d))) {
		char path[300];
		if (strncmp(de->d_name, "zram", 4) != 0)
			continue;
		snprintf(path, sizeof(path), "/sys/block/%s/comp_algorithm", de->d_name);
		ret = sysfs_read_line(path, line, sizeof(line));
		if (ret >= 0) {
			zram_algorithm_parse(line, buf, len, NULL, 0);
			ret = 0;
			break;
		}
	}
	closedir(d);
	return ret;
}

int zram_current_algorithm(int id, char *buf, size_t len)
{
	char path[64], line[512];
	int ret;

	snprintf(path, sizeof(path), "/sys/block/zram%d/comp_algorithm", id);
	ret = sysfs_read_line(path, line, sizeof(line));
	return ret < 0 ? ret : zram_algorithm_parse(line, NULL, 0, buf, len);
}

int zram_device_algorithms(int id, char *buf, size_t len)
{
	char path[64], line[512];
	int ret;

	snprintf(path, sizeof(path), "/sys/block/zram%d/comp_algorithm", id);
	ret = sysfs_read_line(path, line, sizeof(line));
	if (ret < 0)
		return ret;
	zram_algorithm_parse(line, buf, len, NULL, 0);
	return 0;
}

int zram_control_present(void)
{
	return sysfs_exists("/sys/class/zram-control/hot_add");
}

int zram_hot_add(int *id)
{
	char buf[32], *end;
	int ret = sysfs_read_line("/sys/class/zram-control/hot_add", buf, sizeof(buf));

	if (ret < 0)
		return ret;
	errno = 0;
	long v = strtol(buf, &end, 10);
	if (errno || end == buf || v < 0 || v > 1 << 20)
		return -EINVAL;
	*id = (int)v;
	return 0;
}
