/*
 * The mount table, read through util-linux's libmount: the one reader of /proc/self/mounts
 * and /proc/self/mountinfo (two views of the same table; only mountinfo has each mount's
 * device number). libmount decodes the kernel's escapes in paths (a blank is \040, a tab
 * \011, a newline \012, a backslash \134), so every field here is the real string.
 */
#ifndef ZSB_MOUNTS_H
#define ZSB_MOUNTS_H
#include <stddef.h>
#include <sys/types.h>

#define MOUNTS "/proc/self/mounts"
#define MOUNTINFO "/proc/self/mountinfo"

/* One mount; the strings are "" where the table has none, and live as long as the table. */
struct mount {
	const char *source; /* "/dev/sda1", "cgroup", "tmpfs" */
	const char *target; /* where it is mounted */
	const char *fstype;
	const char *options; /* "rw,nosuid,memory" (mountinfo: the VFS and the fs options) */
	dev_t dev; /* mountinfo's MAJ:MIN; 0 from /proc/self/mounts */
};

/* The mounts in the table's order (the order they were mounted in). */
struct mounts {
	size_t n;
	struct mount *all;
	void *table; /* libmount's struct libmnt_table, which holds the strings */
};

/* Reads file (MOUNTS or MOUNTINFO) under the sysfs root; 0 or -errno. Lines libmount cannot
 * parse are left out. */
int mounts_read(const char *file, struct mounts *m);
/* The same from a table's text, as the kernel writes either file. */
int mounts_parse(const char *text, struct mounts *m);
void mounts_free(struct mounts *m);

/* The next mount of type fstype (NULL: of any type) from *pos on; *pos moves past it. NULL
 * when there is none left. Start with *pos = 0. */
const struct mount *mounts_next(const struct mounts *m, const char *fstype, size_t *pos);
/* A mount of fstype (NULL: any) mounted exactly at target; NULL when none. */
const struct mount *mounts_at(const struct mounts *m, const char *target, const char *fstype);
/* The mount of fstype (NULL: any) that holds path: the longest mount point above it, the last
 * mounted of equals (it hides the others). path is compared as it is: give a real path. */
const struct mount *mounts_holding(const struct mounts *m, const char *path, const char *fstype);
/* The first mount of device dev (mountinfo only); NULL when none. */
const struct mount *mounts_of_dev(const struct mounts *m, dev_t dev);

#endif
