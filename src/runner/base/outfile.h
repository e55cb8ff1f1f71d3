/*
 * Every file zswapbench writes, as root too, made where no other user can aim it: a new file
 * of its own in the folder of its name (NAME.XXXXXX, O_EXCL: never an existing name, never
 * through a link), renamed over the name once whole. A reader or a crash sees the old file or
 * the new one, and a link planted at the name is replaced, not written through to the file it
 * points to. One exception, for a path the user named: in a folder that no user but this one
 * and root can write, a name that is there already and is no plain file (/dev/null,
 * /dev/stdout, a link made there) is opened as named, since nobody else can have put it there.
 */
#ifndef ZSB_OUTFILE_H
#define ZSB_OUTFILE_H
#include <limits.h>
#include <sys/types.h>

struct out_file {
	int fd; /* to write to; the caller sets -1 once it closed it itself (fclose) */
	int dirfd; /* the folder, held: the file is renamed in the folder it was made in */
	char name[NAME_MAX + 1];
	char tmp[NAME_MAX + 1]; /* the temporary's name; "" when the name is written in place */
};

/* Begins a new content for path, of mode less the umask: 0 or -errno, nothing left then. */
int out_file_open(struct out_file *o, const char *path, mode_t mode);
/* The same for a name of zswapbench's own (NAME.gp) in the folder dirfd (not taken: the
 * out_file holds a copy), always a new file: the exception is for paths the user names. */
int out_file_at(struct out_file *o, int dirfd, const char *name, mode_t mode);
/* Whole: synced if durable (the folder's entry too, against a power loss), closed, renamed
 * over the name. 0 or -errno; after a failure nothing of it is left, as out_file_abort. */
int out_file_commit(struct out_file *o, int durable);
/* Dropped: closed, the temporary removed. */
void out_file_abort(struct out_file *o);
/* A new folder of mode 0700 in dirfd, name a template ending in XXXXXX filled in: its
 * descriptor, opened without following a link and checked to be the folder this process made
 * (owned by it, private), or -errno. */
int temp_dir_at(int dirfd, char *name);

#endif
