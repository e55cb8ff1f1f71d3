#include "runner/kernel/swaps.h"

#include <errno.h>
#include <libmount.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "runner/kernel/mtab.h"

/* The table's swap areas into s, which then owns the table; on failure s is empty. Sizes are
 * KiB in the file; a size that is negative or does not fit in bytes is not an area. */
static int take(struct libmnt_table *tb, int ret, struct swaps *s)
{
	struct libmnt_iter *it = NULL;
	struct libmnt_fs *fs;
	size_t cap;

	memset(s, 0, sizeof(*s));
	if (ret < 0)
		return ret;
	ret = -ENOMEM;
	cap = (size_t)mnt_table_get_nents(tb);
	if (!(it = mnt_new_iter(MNT_ITER_FORWARD)) ||
	    (cap && !(s->areas = calloc(cap, sizeof(*s->areas)))))
		goto out;
	while (s->n < cap && mnt_table_next_fs(tb, it, &fs) == 0) {
		off_t size = mnt_fs_get_size(fs), used = mnt_fs_get_usedsize(fs);
		const char *path = mnt_fs_get_source(fs), *type = mnt_fs_get_swaptype(fs);
		/* Without the heading libmount takes the text for a mount table: no types. */
		if (!path || !type || size < 0 || used < 0 || (uint64_t)size > UINT64_MAX / 1024 ||
		    (uint64_t)used > UINT64_MAX / 1024)
			continue;
		s->areas[s->n++] = (struct swap_area){
			.path = path,
			.type = type,
			.size = (uint64_t)size * 1024,
			.used = (uint64_t)used * 1024,
			.priority = mnt_fs_get_priority(fs),
		};
	}
	s->table = tb;
	ret = 0;
out:
	mnt_free_iter(it);
	if (ret < 0) {
		free(s->areas);
		memset(s, 0, sizeof(*s));
		mnt_unref_table(tb);
	}
	return ret;
}

int swaps_read(struct swaps *s)
{
	struct libmnt_table *tb;
	int ret = mtab_read(PROC_SWAPS, 1, &tb);

	return take(tb, ret, s);
}

int swaps_parse(const char *text, struct swaps *s)
{
	struct libmnt_table *tb;
	int ret = mtab_parse(text, &tb);

	return take(tb, ret, s);
}

void swaps_free(struct swaps *s)
{
	free(s->areas);
	mnt_unref_table(s->table);
	memset(s, 0, sizeof(*s));
}

const struct swap_area *swaps_find(const struct swaps *s, const char *path)
{
	for (size_t i = 0; i < s->n; i++)
		if (strcmp(s->areas[i].path, path) == 0)
			return &s->areas[i];
	return NULL;
}

int swaps_area(const char *device, uint64_t *used, uint64_t *size)
{
	const struct swap_area *a;
	struct swaps s;
	int ret = swaps_read(&s);

	if (ret < 0)
		return ret;
	a = swaps_find(&s, device);
	if (a) {
		*used = a->used;
		if (size)
			*size = a->size;
	}
	swaps_free(&s);
	return a ? 0 : -ENOENT;
}

/* The same file under another name: the kernel shows a swapfile by its canonical path, and a
 * journal may hold the path as it was typed (an older run, a symlinked folder). */
static const struct swap_area *same_file(const struct swaps *s, const char *path)
{
	struct stat want, st;

	if (stat(path, &want) < 0 || !S_ISREG(want.st_mode))
		return NULL;
	for (size_t i = 0; i < s->n; i++)
		if (stat(s->areas[i].path, &st) == 0 && st.st_dev == want.st_dev &&
		    st.st_ino == want.st_ino)
			return &s->areas[i];
	return NULL;
}

int swaps_active_as(const char *path, char *kernel_path, size_t len)
{
	const struct swap_area *a;
	struct swaps s;
	int ret = swaps_read(&s);

	if (ret < 0)
		return ret;
	a = swaps_find(&s, path);
	if (!a)
		a = same_file(&s, path);
	if (a)
		snprintf(kernel_path, len, "%s", a->path);
	swaps_free(&s);
	return a ? 0 : -ENOENT;
}

int swaps_others(const char *own, char *list, size_t len)
{
	struct swaps s;
	int ret = swaps_read(&s), count = 0;

	list[0] = '\0';
	if (ret < 0)
		return ret;
	for (size_t i = 0; i < s.n; i++) {
		size_t at = strlen(list);
		if (own && strcmp(s.areas[i].path, own) == 0)
			continue;
		count++;
		snprintf(list + at, len - at, "%s%s", at ? " " : "", s.areas[i].path);
	}
	swaps_free(&s);
	return count;
}
