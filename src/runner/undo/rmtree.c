/* The walk holds the current directory only, and climbs back through "..": a descriptor a
 * level would run out at RLIMIT_NOFILE, and recursion at the stack. What it knows of the
 * levels above (names and identities) is on the heap. */
#include "runner/undo/rmtree.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A directory still not empty after this many reads of it is being filled by someone: an
 * error, where waiting could be forever. */
#define PASSES 4

static int is_dot(const char *name)
{
	return strcmp(name, ".") == 0 || strcmp(name, "..") == 0;
}

/* What name in the directory fd is: 1 a directory on the walk's filesystem, to enter; 0 gone
 * or removed (a symbolic link as a link); -EXDEV a directory of another filesystem, a mount a
 * command left there, which is not emptied. */
static int examine(int fd, const char *name, dev_t dev, struct stat *st)
{
	if (fstatat(fd, name, st, AT_SYMLINK_NOFOLLOW) < 0)
		return errno == ENOENT ? 0 : -errno;
	if (!S_ISDIR(st->st_mode))
		return unlinkat(fd, name, 0) < 0 && errno != ENOENT ? -errno : 0;
	return st->st_dev == dev ? 1 : -EXDEV;
}

/* Is the directory fd the one seen: a folder swapped for another (or for a mount) is not. */
static int is_seen(int fd, dev_t dev, ino_t ino)
{
	struct stat st;

	if (fstat(fd, &st) < 0)
		return -errno;
	return st.st_dev == dev && st.st_ino == ino ? 0 : -ESTALE;
}

/* The directory name names now, only if it is still the one seen: a folder swapped for a link
 * fails O_NOFOLLOW (-ENOTDIR, with O_DIRECTORY), one swapped for another folder fails the
 * identity (-ESTALE). */
static int open_seen(int parent, const char *name, dev_t dev, ino_t ino)
{
	int fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC), ret;

	if (fd < 0)
		return -errno;
	if ((ret = is_seen(fd, dev, ino)) < 0) {
		close(fd);
		return ret;
	}
	return fd;
}

static int push(struct rmtree_walk *w, const char *name, const struct stat *st)
{
	struct rmtree_level *level;

	if (w->depth == w->cap) {
		size_t cap = w->cap ? w->cap * 2 : 64;
		struct rmtree_level *more = realloc(w->levels, cap * sizeof(*more));
		if (!more)
			return -ENOMEM;
		w->levels = more;
		w->cap = cap;
	}
	level = &w->levels[w->depth];
	*level = (struct rmtree_level){ strdup(name), st->st_dev, st->st_ino, 0 };
	if (!level->name)
		return -ENOMEM;
	w->depth++;
	return 0;
}

static void pop(struct rmtree_walk *w)
{
	free(w->levels[--w->depth].name);
}

/* The walk moves to the directory fd, which it now owns. */
static int move_to(struct rmtree_walk *w, int fd)
{
	DIR *d = fdopendir(fd);

	if (!d) {
		int ret = -errno;
		close(fd);
		return ret;
	}
	if (w->cur)
		closedir(w->cur);
	w->cur = d;
	w->todo = RMTREE_READ;
	return 0;
}

/* From the start: a directory read again after a removal failed must be read whole, and a
 * read while its entries go may skip a name. */
static int read_level(struct rmtree_walk *w)
{
	struct dirent *e;
	int ret;

	rewinddir(w->cur);
	for (;;) {
		errno = 0;
		if (!(e = readdir(w->cur))) {
			if (errno)
				return -errno;
			w->todo = RMTREE_LEAVE;
			return 0;
		}
		if (is_dot(e->d_name))
			continue;
		ret = examine(dirfd(w->cur), e->d_name, w->dev, &w->next_st);
		if (ret < 0)
			return ret;
		if (ret > 0) {
			snprintf(w->next, sizeof(w->next), "%s", e->d_name);
			w->todo = RMTREE_ENTER;
			return 0;
		}
	}
}

/* A folder gone since it was read is nothing to enter: read again. */
static int enter_next(struct rmtree_walk *w)
{
	int parent = w->cur ? dirfd(w->cur) : w->top;
	int fd = open_seen(parent, w->next, w->next_st.st_dev, w->next_st.st_ino), ret;

	if (fd == -ENOENT) {
		w->todo = w->cur ? RMTREE_READ : RMTREE_DONE;
		return 0;
	}
	if (fd < 0)
		return fd;
	if ((ret = push(w, w->next, &w->next_st)) < 0) {
		close(fd);
		return ret;
	}
	if ((ret = move_to(w, fd)) < 0)
		pop(w);
	return ret;
}

/* The level above, by "..", only if it is the one the walk came down through: otherwise a
 * folder was moved out of the tree mid-walk, and what is above it now is not ours. */
static int open_parent(struct rmtree_walk *w)
{
	const struct rmtree_level *up;
	int fd;

	if (w->depth == 1) {
		fd = fcntl(w->top, F_DUPFD_CLOEXEC, 0);
		return fd < 0 ? -errno : fd;
	}
	up = &w->levels[w->depth - 2];
	return open_seen(dirfd(w->cur), "..", up->dev, up->ino);
}

/* A directory that read empty but will not go was filled since: read it again, a few times. */
static int leave(struct rmtree_walk *w)
{
	struct rmtree_level *here = &w->levels[w->depth - 1];
	int parent = open_parent(w), ret;

	if (parent < 0)
		return parent;
	if (unlinkat(parent, here->name, AT_REMOVEDIR) < 0 && errno != ENOENT) {
		ret = -errno;
		close(parent);
		if (ret != -ENOTEMPTY || ++here->passes >= PASSES)
			return ret;
		w->todo = RMTREE_READ;
		return 0;
	}
	pop(w);
	if (w->depth > 0)
		return move_to(w, parent);
	close(parent);
	w->todo = RMTREE_DONE;
	return 0;
}

int rmtree_begin(struct rmtree_walk *w, int parent, const char *name, dev_t dev)
{
	int ret;

	*w = (struct rmtree_walk){ .top = parent, .dev = dev, .todo = RMTREE_DONE };
	if (strlen(name) >= sizeof(w->next))
		return -ENAMETOOLONG;
	ret = examine(parent, name, dev, &w->next_st);
	if (ret <= 0)
		return ret;
	snprintf(w->next, sizeof(w->next), "%s", name);
	w->todo = RMTREE_ENTER;
	return 1;
}

int rmtree_step(struct rmtree_walk *w)
{
	int ret = 0;

	if (w->todo == RMTREE_READ)
		ret = read_level(w);
	else if (w->todo == RMTREE_ENTER)
		ret = enter_next(w);
	else if (w->todo == RMTREE_LEAVE)
		ret = leave(w);
	if (ret < 0)
		w->todo = RMTREE_DONE;
	return ret < 0 ? ret : w->todo != RMTREE_DONE;
}

void rmtree_end(struct rmtree_walk *w)
{
	if (w->cur)
		closedir(w->cur);
	while (w->depth > 0)
		pop(w);
	free(w->levels);
	*w = (struct rmtree_walk){ .top = -1, .todo = RMTREE_DONE };
}

int rmtree_at(int parent, const char *name, dev_t dev)
{
	struct rmtree_walk w;
	int ret = rmtree_begin(&w, parent, name, dev);

	while (ret > 0)
		ret = rmtree_step(&w);
	rmtree_end(&w);
	return ret;
}
