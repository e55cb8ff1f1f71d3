/*
 * Every program zswapbench runs (mkswap, mkfs, fio, gnuplot, --setup, the workload) is forked
 * and prepared here before it is executed, so that none inherits what the runner set up for
 * itself: its signal handlers, SIGPIPE ignored, a blocked signal, its terminal as stdin, its
 * open descriptors.
 */
#ifndef ZSB_SPAWN_H
#define ZSB_SPAWN_H
#include <sched.h>
#include <stddef.h>
#include <sys/types.h>

#include "runner/kernel/run_as.h"

/* The child's exit status when it could not become what it was asked to (--user, its
 * directory, no_new_privs, the parent-death signal), and when it could not be executed: the
 * shell's. */
#define SPAWN_CANNOT_BECOME 126
#define SPAWN_CANNOT_EXEC 127

/* What a child gets on top of what every child gets (every signal at its default, none
 * blocked, /dev/null as stdin). Zeroed: root, our environment, our session. */
struct child_setup {
	const struct run_as *user; /* NULL: it stays root, with root's groups */
	char *const *envp; /* NULL: our environment */
	int new_session; /* setsid(): no controlling terminal, a process group of its own */
	int no_new_privs; /* PR_SET_NO_NEW_PRIVS: no setuid program gives it root back */
	pid_t die_with; /* this parent's death SIGKILLs it; 0: it outlives us */
	const char *dir; /* its working directory, entered as the user; NULL: ours */
	const cpu_set_t *cpus; /* the CPUs it may run on; NULL: ours */
};

/* Where programs are looked for when PATH is not set. */
#define SPAWN_DEFAULT_PATH "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"

/* What argv[0] runs: a name with a slash as given; else the first executable regular file of
 * that name in PATH's absolute folders (an empty or relative entry is skipped: it means the
 * current directory). 0, or -ENOENT. */
int spawn_find(const char *name, char *path, size_t len);
/* In the child, right after fork: the signals, stdin, the session, every descriptor above 2
 * marked close-on-exec. 0 or -errno. */
int spawn_child_start(const struct child_setup *c);
/* In the child, last: the user, no_new_privs, the directory, the parent-death signal, then
 * argv[0] (on our PATH when search). Returns only when that failed: the exit status to give
 * (SPAWN_CANNOT_*), *err the errno. */
int spawn_child_exec(const struct child_setup *c, char *const argv[], int search, int *err);

/* Runs argv[0] from PATH without a shell and waits. Returns -errno when it could not be
 * started, else its exit status (128 + signal when killed). */
int spawn_wait(char *const argv[]);
/* The same with its output kept from the terminal; said gets the last line it wrote, for a
 * message when it failed. */
int spawn_wait_said(char *const argv[], char *said, size_t len);
/* Where a session child's stdout and stderr go, as it writes them: through a pipe, never the
 * runner's own terminal, which a child of another user could read the keys typed into
 * (nothing stops a read of a terminal that is not its controlling one) and write commands to. */
struct spawn_sink {
	void (*write)(void *arg, const char *buf, size_t n);
	void *arg;
};

/* The same as c says, in a session of its own (--setup), its output to sink: the runner's
 * signals are passed to its group, and a run that stops kills the group (-EINTR). */
int spawn_wait_session(char *const argv[], const struct child_setup *c,
		       const struct spawn_sink *sink);

#endif
