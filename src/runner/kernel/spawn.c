#include "runner/kernel/spawn.h"
#include "runner/base/lines.h"
#include "runner/kernel/signals.h"

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <poll.h>
#include <linux/close_range.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <sys/syscall.h>
#include <unistd.h>

extern char **environ;

/* How often a session child that has gone quiet is checked for having exited. */
#define RELAY_POLL_MS 100
/* 64 KiB, a pipe's default: a daemon writing on forever does not keep the run waiting. */
#define RELAY_READS_AFTER_EXIT 16

/* The one place a child's signals are reset. exec keeps an ignored signal ignored and the
 * mask as it was: the runner ignores SIGPIPE, so a child would never see EPIPE's signal and a
 * pipeline after it (a setup script's `... | head`) would not end as it should. A handler of
 * ours is reset too, before exec would: a signal between fork and exec must not run it in the
 * child. */
static void default_signals(void)
{
	/* The kernel's own call: glibc's sigaction refuses its two real-time signals (32, 33),
	 * and one ignored by whoever started us would stay ignored in the child. All zeros is
	 * SIG_DFL, no flags and an empty mask in every architecture's layout. */
	static const unsigned long dfl[8];
	sigset_t none;

	for (int sig = 1; sig < NSIG; sig++)
		if (sig != SIGKILL && sig != SIGSTOP)
			syscall(SYS_rt_sigaction, sig, dfl, NULL, (size_t)8);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
}

/* No program of a benchmark reads the terminal: in the runner's session but not its
 * foreground group, one that tried would be stopped by SIGTTIN, a trial hung until the
 * timeout. */
static int null_stdin(void)
{
	int fd = open("/dev/null", O_RDONLY);

	if (fd < 0)
		return -errno;
	if (fd != STDIN_FILENO && (dup2(fd, STDIN_FILENO) < 0 || close(fd) < 0))
		return -errno;
	return 0;
}

/* Only 0 to 2 cross the exec, and what the caller dup2()s after this (the hogger's report
 * pipe): a descriptor of the runner's (the journal, the lock, a result file being written)
 * must never reach a workload running as another user. Marked close-on-exec, not closed:
 * the child still uses its pipes until the exec. Without CLOSE_RANGE_CLOEXEC (before 5.11),
 * one by one. */
static int only_stdio_past_exec(void)
{
	long max;

	if (syscall(SYS_close_range, 3U, ~0U, CLOSE_RANGE_CLOEXEC) == 0)
		return 0;
	max = sysconf(_SC_OPEN_MAX);
	for (int fd = 3; fd < (max > 0 ? max : 1024); fd++)
		fcntl(fd, F_SETFD, FD_CLOEXEC);
	return 0;
}

int spawn_child_start(const struct child_setup *c)
{
	default_signals();
	only_stdio_past_exec();
	if (c->new_session && setsid() < 0)
		return -errno;
	if (c->cpus && sched_setaffinity(0, sizeof(*c->cpus), c->cpus) < 0)
		return -errno;
	return null_stdin();
}

/* initgroups' groups, computed in the runner (run_as_lookup), then the group, then the user:
 * once the uid is not root's, neither could change. */
static int become(const struct run_as *u)
{
	if (setgroups((size_t)u->ngroups, u->groups) < 0 || setgid(u->gid) < 0 ||
	    setuid(u->uid) < 0)
		return -errno;
	return 0;
}

static int prepare(const struct child_setup *c)
{
	int ret = c->user ? become(c->user) : 0;

	if (ret)
		return ret;
	if (c->no_new_privs && prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
		return -errno;
	/* After the uid change, which clears it; getppid() after it: a parent that died before
	 * the prctl is not there to send it. */
	if (c->die_with && prctl(PR_SET_PDEATHSIG, SIGKILL) < 0)
		return -errno;
	if (c->die_with && getppid() != c->die_with)
		return -ESRCH;
	return 0;
}

/* Our PATH, which preflight checked the program on, not envp's; only its absolute folders:
 * an empty or relative entry names the current directory, where execvp would run whatever
 * someone left there as root. */
int spawn_find(const char *name, char *path, size_t len)
{
	const char *dirs = getenv("PATH") ? getenv("PATH") : SPAWN_DEFAULT_PATH;
	struct stat st;

	if (strchr(name, '/'))
		return (size_t)snprintf(path, len, "%s", name) < len ? 0 : -ENAMETOOLONG;
	for (const char *p = dirs; *p;) {
		size_t n = strcspn(p, ":");
		if (*p == '/' && (size_t)snprintf(path, len, "%.*s/%s", (int)n, p, name) < len &&
		    stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0)
			return 0;
		p += n + (p[n] == ':');
	}
	return -ENOENT;
}

int spawn_child_exec(const struct child_setup *c, char *const argv[], int search, int *err)
{
	char *const *envp = c->envp ? c->envp : environ;
	char path[PATH_MAX];
	int ret = prepare(c);

	if (ret) {
		*err = -ret;
		return SPAWN_CANNOT_BECOME;
	}
	/* As the user: a directory it may not enter is its failure, not root's way in. */
	if (c->dir && chdir(c->dir) < 0) {
		*err = errno;
		return SPAWN_CANNOT_EXEC;
	}
	if (search && spawn_find(argv[0], path, sizeof(path)) < 0) {
		*err = ENOENT;
		return SPAWN_CANNOT_EXEC;
	}
	execve(search ? path : argv[0], argv, envp);
	*err = errno;
	return SPAWN_CANNOT_EXEC;
}

/* The child's errno comes back through a pipe that exec closes: a program that is not there
 * is -ENOENT, not a status 127 that the program itself could have given. */
static pid_t start(char *const argv[], const struct child_setup *c, int out, int *err)
{
	int pfd[2], status = SPAWN_CANNOT_BECOME, e = 0;
	pid_t pid;

	*err = 0;
	if (pipe2(pfd, O_CLOEXEC) < 0)
		return -errno;
	pid = fork();
	if (pid == 0) {
		close(pfd[0]);
		e = -spawn_child_start(c);
		if (!e && out > STDERR_FILENO &&
		    (dup2(out, STDOUT_FILENO) < 0 || dup2(out, STDERR_FILENO) < 0 ||
		     close(out) < 0))
			e = errno;
		if (!e)
			status = spawn_child_exec(c, argv, 1, &e);
		(void)!write(pfd[1], &e, sizeof(e));
		_exit(status);
	}
	if (pid < 0) {
		int ret = -errno;
		close(pfd[0]);
		close(pfd[1]);
		return ret;
	}
	close(pfd[1]);
	while (read(pfd[0], err, sizeof(*err)) < 0 && errno == EINTR)
		;
	close(pfd[0]);
	return pid;
}

/* group: the child leads a session; a stop of the run (signals_pending) kills its group. */
static int wait_for(pid_t pid, int err, int group)
{
	int status, killed = 0;

	for (;;) {
		if (group && !killed && signals_pending()) {
			kill(-pid, SIGKILL);
			kill(pid, SIGKILL);
			killed = 1;
		}
		if (waitpid(pid, &status, 0) >= 0)
			break;
		if (errno != EINTR)
			return -errno;
	}
	if (err)
		return -err;
	if (killed)
		return -EINTR;
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}

static int run_program(char *const argv[], const struct child_setup *c, int out)
{
	int err;
	pid_t pid = start(argv, c, out, &err);

	return pid < 0 ? pid : wait_for(pid, err, 0);
}

int spawn_wait(char *const argv[])
{
	static const struct child_setup plain;

	return run_program(argv, &plain, -1);
}

int spawn_wait_said(char *const argv[], char *said, size_t len)
{
	static const struct child_setup plain;
	FILE *f = tmpfile();
	char out[4096];
	const char *line;
	int ret;
	size_t n;

	said[0] = '\0';
	if (!f)
		return -errno;
	ret = run_program(argv, &plain, fileno(f));
	rewind(f);
	n = fread(out, 1, sizeof(out), f);
	/* One line for a message: the last one it wrote. */
	line = last_lines(out, n, 1, &n);
	snprintf(said, len, "%.*s", (int)n, line);
	fclose(f);
	return ret;
}

static int exited(pid_t pid)
{
	siginfo_t info = { 0 };

	/* WNOWAIT: wait_for reaps it, and reads its status. */
	return waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid;
}

/* Until the pipe ends, the child exits (a daemon it left may hold the pipe open: what is
 * already there is taken, up to what one pipe holds, no more awaited) or the run is stopped. */
static void relay(int fd, pid_t pid, const struct spawn_sink *sink)
{
	char buf[4096];
	struct pollfd p = { .fd = fd, .events = POLLIN };
	int gone = 0, ready;
	unsigned reads_after_exit = 0;
	ssize_t n;

	while (!signals_pending() && reads_after_exit <= RELAY_READS_AFTER_EXIT) {
		reads_after_exit += gone;
		ready = gone ? 1 : poll(&p, 1, RELAY_POLL_MS);
		if (ready == 0)
			gone = exited(pid);
		if (ready <= 0) {
			if (ready < 0 && errno != EINTR)
				return;
			continue;
		}
		n = read(fd, buf, sizeof(buf));
		if (n > 0)
			sink->write(sink->arg, buf, (size_t)n);
		else if (n == 0 || gone || (errno != EINTR && errno != EAGAIN))
			return;
	}
}

int spawn_wait_session(char *const argv[], const struct child_setup *c,
		       const struct spawn_sink *sink)
{
	struct child_setup own = *c;
	int err, ret, pfd[2];
	pid_t pid;

	own.new_session = 1;
	if (pipe2(pfd, O_CLOEXEC) < 0)
		return -errno;
	pid = start(argv, &own, pfd[1], &err);
	close(pfd[1]);
	if (pid < 0) {
		close(pfd[0]);
		return pid;
	}
	/* Out of our group, so the terminal's Ctrl-C no longer reaches it: we pass it on. */
	signals_set_child(-pid);
	/* Non-blocking: once it has exited, only what is already in the pipe is read. */
	if (!err && fcntl(pfd[0], F_SETFL, O_NONBLOCK) == 0)
		relay(pfd[0], pid, sink);
	close(pfd[0]);
	ret = wait_for(pid, err, 1);
	signals_set_child(0);
	return ret;
}
