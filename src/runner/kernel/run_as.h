/*
 * The user a child of ours runs as under --user: its passwd entry, the groups initgroups(3)
 * would give it, and the environment it starts with. Looked up once, in the runner, before any
 * fork: NSS (nsswitch, LDAP) is not for a child between fork and exec.
 */
#ifndef ZSB_RUN_AS_H
#define ZSB_RUN_AS_H
#include <stddef.h>
#include <sys/types.h>

#include "runner/base/sizes.h"

/* A login's PATH: root's (sbin first, under sudo the secure_path) is not the user's. */
#define RUN_AS_PATH "/usr/local/bin:/usr/bin:/bin"
/* PATH, HOME, USER, LOGNAME, SHELL, and what is passed through (run_as.c's list). */
#define RUN_AS_ENV_MAX 16

struct run_as {
	char name[64];
	uid_t uid;
	gid_t gid; /* the passwd entry's group */
	char home[PATH_LEN];
	char shell[PATH_LEN];
	gid_t *groups; /* every group it is a member of, gid among them */
	int ngroups;
};

/* The environment of a process run as u: only what a login would set, and the few variables
 * that say how text and time are shown, or what zswapbench tells its programs. */
struct run_as_env {
	char *vars[RUN_AS_ENV_MAX + 1]; /* NULL-terminated, as execve takes it */
	size_t n;
};

/* 0, -ENOENT (no such user) or -errno. */
int run_as_lookup(struct run_as *u, const char *name);
void run_as_free(struct run_as *u);
/* Pure: u's fields and the variables of from that pass through, nothing else. -ENOMEM. */
int run_as_env_build(struct run_as_env *e, const struct run_as *u, char *const *from);
void run_as_env_free(struct run_as_env *e);

#endif
