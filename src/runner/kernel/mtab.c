#include "runner/kernel/mtab.h"

#include <errno.h>
#include <libmount.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "runner/kernel/sysfs.h"

int mtab_read(const char *file, int swaps, struct libmnt_table **out)
{
	char path[PATH_MAX];
	struct libmnt_table *tb;
	int ret;

	*out = NULL;
	if (!sysfs_path(path, sizeof(path), file))
		return -ENAMETOOLONG;
	if (!(tb = mnt_new_table()))
		return -ENOMEM;
	ret = swaps ? mnt_table_parse_swaps(tb, path) : mnt_table_parse_file(tb, path);
	if (ret < 0) {
		mnt_unref_table(tb);
		return ret;
	}
	*out = tb;
	return 0;
}

int mtab_parse(const char *text, struct libmnt_table **out)
{
	size_t len = strlen(text);
	struct libmnt_table *tb;
	FILE *f = NULL;
	int ret = 0;

	*out = NULL;
	if (!(tb = mnt_new_table()))
		return -ENOMEM;
	/* glibc's fmemopen refuses a buffer of size 0: an empty file is an empty table. */
	if (len && !(f = fmemopen((void *)text, len, "r")))
		ret = -errno;
	else if (f)
		ret = mnt_table_parse_stream(tb, f, "text");
	if (f)
		fclose(f);
	if (ret < 0) {
		mnt_unref_table(tb);
		return ret;
	}
	*out = tb;
	return 0;
}
