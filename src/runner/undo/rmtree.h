/*
 * A directory and everything under it removed by descriptor, at any depth, with a fixed
 * handful of descriptors: the work directory belongs to the --user a command ran as, who can
 * leave a tree as deep as they like and move or swap folders while it is being removed.
 * Nothing is followed: a symbolic link goes as a link, a folder that changed between a look
 * and an open stops the walk, and so does one moved out from under it.
 */
#ifndef ZSB_RMTREE_H
#define ZSB_RMTREE_H
#include <dirent.h>
#include <limits.h>
#include <stddef.h>
#include <sys/stat.h>

/* name in the directory parent, and everything under it; the walk stays on the filesystem
 * dev. 0 removed (or already gone), else -errno: -EXDEV a mount left inside (not emptied),
 * -ESTALE a folder swapped for another or moved mid-walk, -ENOTDIR one swapped for a link or a
 * file, -ENOTEMPTY a directory still filling after a few passes. Two descriptors at most
 * besides parent, at any depth. */
int rmtree_at(int parent, const char *name, dev_t dev);

/* The walk rmtree_at runs, one step at a time, for a test to move a folder between two steps
 * as a user's process could. Each step does one thing: read the current directory (removing
 * what is not a directory, until a directory to enter is found), enter that one, or leave
 * the current one once it read empty (removing it). */
enum rmtree_todo {
	RMTREE_READ,
	RMTREE_ENTER,
	RMTREE_LEAVE,
	RMTREE_DONE
};

/* A directory the walk is in or above: its name in its parent, for the removal on the way up,
 * and its identity, which ".." must show on the way up. */
struct rmtree_level {
	char *name;
	dev_t dev;
	ino_t ino;
	int passes;
};

struct rmtree_walk {
	int top;
	dev_t dev;
	DIR *cur;
	struct rmtree_level *levels;
	size_t depth, cap;
	enum rmtree_todo todo;
	char next[NAME_MAX + 1];
	struct stat next_st;
};

/* 1 a walk to step, 0 nothing to walk (gone, or not a directory: removed), -errno. */
int rmtree_begin(struct rmtree_walk *w, int parent, const char *name, dev_t dev);
/* 1 more to do, 0 done, -errno (the walk is over: end it). */
int rmtree_step(struct rmtree_walk *w);
/* Closes and frees what the walk holds, whether it finished or not. */
void rmtree_end(struct rmtree_walk *w);

#endif
