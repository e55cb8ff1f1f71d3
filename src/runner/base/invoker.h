/*
 * The user who ran zswapbench through sudo: the result files a run writes in that user's
 * directories are theirs, not root's (README: the --output row). sudo says who in SUDO_UID and
 * SUDO_GID; a run as root itself, or as anyone else, leaves ownership as the kernel gives it.
 */
#ifndef ZSB_INVOKER_H
#define ZSB_INVOKER_H
#include <sys/stat.h>
#include <sys/types.h>

struct invoker {
	int known; /* 0: nobody to hand files to */
	uid_t uid;
	gid_t gid; /* (gid_t)-1: the group is left as it is */
};

/* The invoker from sudo's variables, when this process is root (euid) and they name another
 * user. Pure: the caller reads the environment. */
struct invoker invoker_from(const char *sudo_uid, const char *sudo_gid, uid_t euid);
/* Is a file (or directory) in dir, made by this process (owned by euid), to be the invoker's?
 * Only a regular file or a directory, and only in a directory the invoker owns: a file in
 * /root, /etc or another user's directory stays root's. */
int invoker_should_own(const struct invoker *inv, const struct stat *dir, const struct stat *file,
		       uid_t euid);
/* Hands path to the user who ran sudo where invoker_should_own says so. The name is not
 * followed if it is a symbolic link. 0 (also when there is nothing to do) or -errno. */
int invoker_give(const char *path);
/* The same for a directory and the files directly in it (a run's plots). */
int invoker_give_tree(const char *dir);

#endif
