#include "runner/kernel/mounts.h"

#include <errno.h>
#include <libmount.h>
#include <stdlib.h>
#include <string.h>

#include "runner/kernel/mtab.h"

static const char *text_of(const char *s)
{
	return s ? s : "";
}

/* The parsed table's mounts into m->all, in its order. */
static int collect(struct libmnt_table *tb, struct mounts *m)
{
	struct libmnt_iter *it = mnt_new_iter(MNT_ITER_FORWARD);
	struct libmnt_fs *fs;
	size_t n = 0;
	int ret = -ENOMEM;

	m->n = 0;
	m->all = NULL;
	m->table = tb;
	if (!it)
		goto out;
	if (mnt_table_get_nents(tb) > 0 &&
	    !(m->all = calloc((size_t)mnt_table_get_nents(tb), sizeof(*m->all))))
		goto out;
	while (n < (size_t)mnt_table_get_nents(tb) && mnt_table_next_fs(tb, it, &fs) == 0)
		m->all[n++] = (struct mount){
			.source = text_of(mnt_fs_get_source(fs)),
			.target = text_of(mnt_fs_get_target(fs)),
			.fstype = text_of(mnt_fs_get_fstype(fs)),
			.options = text_of(mnt_fs_get_options(fs)),
			.dev = mnt_fs_get_devno(fs),
		};
	m->n = n;
	ret = 0;
out:
	mnt_free_iter(it);
	return ret;
}

/* The table's mounts into m, which then owns the table; on failure m is empty. */
static int take(struct libmnt_table *tb, int ret, struct mounts *m)
{
	memset(m, 0, sizeof(*m));
	if (ret < 0)
		return ret;
	if ((ret = collect(tb, m)) < 0) {
		free(m->all);
		memset(m, 0, sizeof(*m));
		mnt_unref_table(tb);
	}
	return ret;
}

int mounts_read(const char *file, struct mounts *m)
{
	struct libmnt_table *tb;
	int ret = mtab_read(file, 0, &tb);

	return take(tb, ret, m);
}

int mounts_parse(const char *text, struct mounts *m)
{
	struct libmnt_table *tb;
	int ret = mtab_parse(text, &tb);

	return take(tb, ret, m);
}

void mounts_free(struct mounts *m)
{
	free(m->all);
	mnt_unref_table(m->table);
	memset(m, 0, sizeof(*m));
}

const struct mount *mounts_next(const struct mounts *m, const char *fstype, size_t *pos)
{
	for (; *pos < m->n; (*pos)++)
		if (!fstype || strcmp(m->all[*pos].fstype, fstype) == 0)
			return &m->all[(*pos)++];
	return NULL;
}

const struct mount *mounts_at(const struct mounts *m, const char *target, const char *fstype)
{
	const struct mount *e;

	for (size_t pos = 0; (e = mounts_next(m, fstype, &pos));)
		if (strcmp(e->target, target) == 0)
			return e;
	return NULL;
}

/* Is dir path itself or a directory above it? "/" is above every path. */
static int above(const char *dir, const char *path)
{
	size_t n = strlen(dir);

	return strncmp(path, dir, n) == 0 &&
		(path[n] == '/' || path[n] == '\0' || (n == 1 && dir[0] == '/'));
}

const struct mount *mounts_holding(const struct mounts *m, const char *path, const char *fstype)
{
	const struct mount *e, *best = NULL;

	for (size_t pos = 0; (e = mounts_next(m, fstype, &pos));)
		if (above(e->target, path) && (!best || strlen(e->target) >= strlen(best->target)))
			best = e;
	return best;
}

const struct mount *mounts_of_dev(const struct mounts *m, dev_t dev)
{
	for (size_t i = 0; i < m->n; i++)
		if (m->all[i].dev == dev)
			return &m->all[i];
	return NULL;
}
