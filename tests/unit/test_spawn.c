/* What every child of ours starts with, whatever the runner set up for itself (SIGPIPE
 * ignored, its handlers, a blocked signal): default signals, an empty mask, /dev/null as
 * stdin; and what c adds: a session of its own, no_new_privs, the user, the environment, the
 * parent-death signal checked against the parent it was meant for. No cgroup, no kernel state:
 * the children run /bin/sh and read /proc/self. */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "runner/kernel/run_as.h"
#include "runner/kernel/spawn.h"
#include "tools.h"

static void drop(void *arg, const char *buf, size_t n)
{
	(void)arg;
	(void)buf;
	(void)n;
}

static const struct spawn_sink dropped = { .write = drop };

/* What a session child wrote, kept. */
struct kept {
	char text[8192];
	size_t n;
	unsigned writes;
};

static void keep(void *arg, const char *buf, size_t n)
{
	struct kept *k = arg;
	size_t room = sizeof(k->text) - 1 - k->n;

	memcpy(k->text + k->n, buf, n < room ? n : room);
	k->n += n < room ? n : room;
	k->text[k->n] = '\0';
	k->writes++;
}

static void on_term(int sig)
{
	(void)sig;
}

/* The runner's own set-up, and more, for the child to shed. */
static void runner_like_signals(void)
{
	struct sigaction sa = { .sa_handler = on_term };
	sigset_t usr1;

	signal(SIGPIPE, SIG_IGN);
	signal(SIGHUP, SIG_IGN);
	sigaction(SIGTERM, &sa, NULL);
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	sigprocmask(SIG_BLOCK, &usr1, NULL);
}

/* Runs argv through the child preparation, as the workload's jobs are; its stdout into out.
 * The exit status; *pid the child's. */
static int child_run(const struct child_setup *c, char *const argv[], char *out, size_t len,
		     pid_t *pid)
{
	int pfd[2], status, err;
	size_t have = 0;
	ssize_t got;

	cr_assert_eq(pipe(pfd), 0);
	*pid = fork();
	cr_assert_geq(*pid, 0);
	if (*pid == 0) {
		close(pfd[0]);
		if (spawn_child_start(c) < 0 || dup2(pfd[1], STDOUT_FILENO) < 0)
			_exit(SPAWN_CANNOT_BECOME);
		_exit(spawn_child_exec(c, argv, 0, &err));
	}
	close(pfd[1]);
	while (have + 1 < len && (got = read(pfd[0], out + have, len - 1 - have)) > 0)
		have += (size_t)got;
	out[have] = '\0';
	close(pfd[0]);
	cr_assert_eq(waitpid(*pid, &status, 0), *pid);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* The same as child_run, argv[0] looked for on PATH. */
static int child_run_search(const struct child_setup *c, char *const argv[], char *out, size_t len,
			    pid_t *pid)
{
	int pfd[2], status, err;
	ssize_t got;

	cr_assert_eq(pipe(pfd), 0);
	*pid = fork();
	cr_assert_geq(*pid, 0);
	if (*pid == 0) {
		close(pfd[0]);
		if (spawn_child_start(c) < 0 || dup2(pfd[1], STDOUT_FILENO) < 0)
			_exit(SPAWN_CANNOT_BECOME);
		_exit(spawn_child_exec(c, argv, 1, &err));
	}
	close(pfd[1]);
	got = read(pfd[0], out, len - 1);
	out[got > 0 ? got : 0] = '\0';
	close(pfd[0]);
	cr_assert_eq(waitpid(*pid, &status, 0), *pid);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static int child_view(const struct child_setup *c, const char *script, char *out, size_t len,
		      pid_t *pid)
{
	char *argv[] = { "/bin/sh", "-c", (char *)script, NULL };

	return child_run(c, argv, out, len, pid);
}

static void assert_line(const char *text, const char *line)
{
	const char *at = strstr(text, line);

	cr_assert(at && (at == text || at[-1] == '\n') && (at[strlen(line)] == '\n'),
		  "no line \"%s\" in:\n%s", line, text);
}

/* The shell reads its own status with builtins only: while it forks (a grep, a $(...)) dash
 * blocks every signal, and a reader in that window sees the fork's mask, not the one the
 * shell runs with. */
#define STATUS                                                                                     \
	"while IFS= read -r l; do case $l in "                                                     \
	"NoNewPrivs:*|SigIgn:*|SigBlk:*|Uid:*|Gid:*|Groups:*) "                                    \
	"printf '%s\\n' \"$l\";; esac; done </proc/$$/status; "

/* The same read, for a script judged by its exit status: SigIgn kept, then none ignored or exit 1
 * (the case pattern's ? is the tab). */
#define NONE_IGNORED                                                                               \
	"ign=; while IFS= read -r l; do case $l in SigIgn:*) ign=$l;; esac; "                      \
	"done </proc/$$/status; "                                                                  \
	"case $ign in SigIgn:?0000000000000000) ;; *) exit 1;; esac; "

Test(spawn, every_child_starts_with_default_signals_and_dev_null)
{
	static const struct child_setup plain;
	char out[4096];
	pid_t pid;

	runner_like_signals();
	cr_assert_eq(child_view(&plain, STATUS "readlink /proc/$$/fd/0", out, sizeof(out), &pid),
		     0);
	assert_line(out, "SigIgn:\t0000000000000000");
	assert_line(out, "SigBlk:\t0000000000000000");
	assert_line(out, "NoNewPrivs:\t0");
	assert_line(out, "/dev/null");
}

/* A session of its own: it leads it (sid and pgid are its pid), with no terminal (tty_nr 0). */
Test(spawn, a_session_of_its_own_and_no_new_privs)
{
	struct child_setup c = { .new_session = 1, .no_new_privs = 1 };
	char out[4096], line[64];
	pid_t pid;

	/* /proc/PID/stat's fifth to seventh fields: its group, its session, its terminal. */
	cr_assert_eq(child_view(&c, STATUS "cut -d' ' -f5-7 /proc/$$/stat", out, sizeof(out), &pid),
		     0);
	assert_line(out, "NoNewPrivs:\t1");
	snprintf(line, sizeof(line), "%d %d 0", (int)pid, (int)pid);
	assert_line(out, line);
}

/* The environment given, exactly; the working directory entered. */
Test(spawn, the_environment_and_directory_given)
{
	char *envp[] = { "PATH=/usr/bin:/bin", "ZSB_ONLY=1", NULL };
	struct child_setup c = { .envp = envp, .dir = "/tmp" };
	char out[4096];
	pid_t pid;

	char *env[] = { "/usr/bin/env", NULL }, *pwd[] = { "/bin/pwd", NULL };

	/* No shell: it would export PWD of its own. */
	cr_assert_eq(child_run(&c, env, out, sizeof(out), &pid), 0);
	cr_assert_str_eq(out, "PATH=/usr/bin:/bin\nZSB_ONLY=1\n");
	cr_assert_eq(child_run(&c, pwd, out, sizeof(out), &pid), 0);
	cr_assert_str_eq(out, "/tmp\n");
}

/* As root: the user's uid, group and initgroups' groups, no way back (no_new_privs). */
Test(spawn, becomes_the_user_with_its_groups)
{
	struct run_as u;
	struct child_setup c = { .user = &u, .no_new_privs = 1, .new_session = 1 };
	char out[4096], line[256];
	size_t at;
	pid_t pid;

	if (geteuid() != 0)
		cr_skip_test("changing the user needs root");
	cr_assert_eq(run_as_lookup(&u, "nobody"), 0);
	cr_assert_eq(child_view(&c, STATUS, out, sizeof(out), &pid), 0);
	snprintf(line, sizeof(line), "Uid:\t%u\t%u\t%u\t%u", u.uid, u.uid, u.uid, u.uid);
	assert_line(out, line);
	snprintf(line, sizeof(line), "Gid:\t%u\t%u\t%u\t%u", u.gid, u.gid, u.gid, u.gid);
	assert_line(out, line);
	at = (size_t)snprintf(line, sizeof(line), "Groups:\t");
	for (int i = 0; i < u.ngroups; i++)
		at += (size_t)snprintf(line + at, sizeof(line) - at, "%u ", u.groups[i]);
	line[at - 1] = '\0'; /* the kernel's list has no blank at its end */
	cr_assert(strstr(out, line), "no \"%s\" in:\n%s", line, out);
	assert_line(out, "NoNewPrivs:\t1");
	run_as_free(&u);
}

/* SIGPIPE ignored in the runner is not the child's: a writer to a closed pipe dies of it. */
Test(spawn, spawn_wait_gives_sigpipe_back)
{
	char *argv[] = { "sh", "-c", "kill -PIPE $$", NULL };
	char *missing[] = { "zsb-no-such-program", NULL };
	char *status3[] = { "sh", "-c", "exit 3", NULL };

	runner_like_signals();
	cr_assert_eq(spawn_wait(argv), 128 + SIGPIPE);
	cr_assert_eq(spawn_wait(missing), -ENOENT, "not there: -ENOENT, not a status");
	cr_assert_eq(spawn_wait(status3), 3);
}

/* --setup's way: its own session, stdin /dev/null, the signals reset; a parent-death signal
 * meant for another parent than the one it has is refused, not set for the wrong one. */
Test(spawn, session_child_and_the_parent_check)
{
	char *argv[] = { "sh", "-c",
			 NONE_IGNORED "[ \"$(cut -d' ' -f6 /proc/$$/stat)\" = $$ ] && "
				      "[ \"$(readlink /proc/$$/fd/0)\" = /dev/null ]",
			 NULL };
	struct child_setup ours = { .die_with = getpid() }, other = { .die_with = getppid() };

	runner_like_signals();
	cr_assert_eq(spawn_wait_session(argv, &ours, &dropped), 0);
	cr_assert_eq(spawn_wait_session(argv, &other, &dropped), -ESRCH);
}

/* A real-time signal ignored by whoever started the runner is not ignored in its children:
 * every signal up to NSIG is reset, not only the first 31. */
Test(spawn, an_ignored_real_time_signal_is_reset)
{
	char *argv[] = { "sh", "-c", NONE_IGNORED "exit 0", NULL };
	struct child_setup plain = { 0 };

	runner_like_signals();
	signal(SIGRTMAX, SIG_IGN);
	signal(SIGRTMIN + 1, SIG_IGN);
	cr_assert_eq(spawn_wait_session(argv, &plain, &dropped), 0);
}

/* A failing program's message is the last line it wrote, not the lines before it. */
Test(spawn, said_is_the_last_line)
{
	char *argv[] = { "sh", "-c", "echo first; echo 'the last' >&2; exit 4", NULL };
	char said[128];

	cr_assert_eq(spawn_wait_said(argv, said, sizeof(said)), 4);
	cr_assert_str_eq(said, "the last");
}

/* A descriptor the runner holds open (the journal, a result file) never reaches a child. */
Test(spawn, only_stdin_stdout_and_stderr_cross_the_exec)
{
	static const struct child_setup plain;
	char out[4096], script[128];
	pid_t pid;
	int fd = open("/dev/null", O_RDONLY), high = dup2(fd, 200);

	cr_assert_geq(fd, 3);
	cr_assert_eq(high, 200);
	/* The shell's test is a builtin: /proc/self is the shell itself, not a child of it. */
	snprintf(script, sizeof(script),
		 "for n in 0 1 2 %d 200; do [ -e /proc/self/fd/$n ] && echo $n open; done; true",
		 fd);
	cr_assert_eq(child_view(&plain, script, out, sizeof(out), &pid), 0);
	cr_assert_str_eq(out, "0 open\n1 open\n2 open\n");
	close(fd);
	close(high);
}

static void plant(const char *dir, const char *name, mode_t mode)
{
	char path[512];
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, mode);
	cr_assert_geq(fd, 0);
	cr_assert_eq(write(fd, "#!/bin/sh\necho planted\n", 24), 24);
	close(fd);
	cr_assert_eq(chmod(path, mode), 0);
}

/* An empty or relative PATH entry names the current directory: never searched. */
Test(spawn, the_search_skips_what_names_the_current_directory)
{
	char *dir = temp_dir("zsb-spawn"), path[512], want[512], env[600], cwd[512];

	cr_assert_not_null(getcwd(cwd, sizeof(cwd)));
	cr_assert_eq(chdir(dir), 0);
	plant(dir, "zsb-prog", 0755);
	for (const char *const *p =
		     (const char *const[]){ "", ":", "::/nonexistent", ".", "./", "bin:.", NULL };
	     *p; p++) {
		setenv("PATH", *p, 1);
		cr_assert_eq(spawn_find("zsb-prog", path, sizeof(path)), -ENOENT, "PATH='%s'", *p);
	}
	snprintf(env, sizeof(env), "/nonexistent::%s", dir);
	setenv("PATH", env, 1);
	snprintf(want, sizeof(want), "%s/zsb-prog", dir);
	cr_assert_eq(spawn_find("zsb-prog", path, sizeof(path)), 0);
	cr_assert_str_eq(path, want, "an absolute folder is searched, past an empty entry");
	cr_assert_eq(spawn_find("./zsb-prog", path, sizeof(path)), 0);
	cr_assert_str_eq(path, "./zsb-prog", "a name with a slash as given");
	cr_assert_eq(chdir(cwd), 0);
	remove_dir(dir);
}

/* Not a folder of that name, not a file that cannot be run: the next entry's. */
Test(spawn, the_search_takes_an_executable_file_only)
{
	char *first = temp_dir("zsb-spawn"), *second = temp_dir("zsb-spawn"), env[600], path[512],
	     want[512], sub[512];

	snprintf(sub, sizeof(sub), "%s/zsb-prog", first);
	cr_assert_eq(mkdir(sub, 0755), 0);
	plant(second, "zsb-prog", 0755);
	plant(first, "zsb-other", 0644);
	snprintf(env, sizeof(env), "%s:%s", first, second);
	setenv("PATH", env, 1);
	snprintf(want, sizeof(want), "%s/zsb-prog", second);
	cr_assert_eq(spawn_find("zsb-prog", path, sizeof(path)), 0);
	cr_assert_str_eq(path, want);
	if (geteuid() != 0)
		cr_assert_eq(spawn_find("zsb-other", path, sizeof(path)), -ENOENT,
			     "not executable");
	unsetenv("PATH");
	cr_assert_eq(spawn_find("sh", path, sizeof(path)), 0, "the default PATH");
	cr_assert(strcmp(path, "/usr/bin/sh") == 0 || strcmp(path, "/bin/sh") == 0, "%s", path);
	remove_dir(first);
	remove_dir(second);
}

/* The exec searches the same way: a program planted in the current directory is not run,
 * neither alone nor before the real one. */
Test(spawn, a_planted_program_in_the_current_directory_is_not_run)
{
	static const struct child_setup plain;
	char *dir = temp_dir("zsb-spawn"), *real = temp_dir("zsb-spawn"),
	     *argv[] = { "zsb-prog", NULL }, out[256], cwd[512], env[600], path[512];
	pid_t pid;
	int fd;

	cr_assert_not_null(getcwd(cwd, sizeof(cwd)));
	cr_assert_eq(chdir(dir), 0);
	plant(dir, "zsb-prog", 0755);
	setenv("PATH", ":/usr/bin:/bin", 1);
	cr_assert_eq(child_run_search(&plain, argv, out, sizeof(out), &pid), SPAWN_CANNOT_EXEC);
	cr_assert_str_eq(out, "");
	snprintf(path, sizeof(path), "%s/zsb-prog", real);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0755);
	cr_assert_geq(fd, 0);
	cr_assert_eq(write(fd, "#!/bin/sh\necho real\n", 21), 21);
	close(fd);
	snprintf(env, sizeof(env), ":%s", real);
	setenv("PATH", env, 1);
	cr_assert_eq(child_run_search(&plain, argv, out, sizeof(out), &pid), 0);
	cr_assert_str_eq(out, "real\n", "the current directory's ran first");
	cr_assert_eq(chdir(cwd), 0);
	remove_dir(dir);
	remove_dir(real);
}

/* Our stdout and stderr a terminal, as when root runs zswapbench: the setup, which runs as the
 * --user, gets a pipe instead. With the terminal it could read the keys typed into it and
 * write it commands. */
Test(spawn, a_session_child_never_holds_our_terminal)
{
	char *argv[] = { "sh", "-c",
			 "readlink /proc/$$/fd/1; readlink /proc/$$/fd/2 >&2; "
			 "for f in /proc/$$/fd/*; do readlink $f; done | grep -c /dev/pts",
			 NULL };
	struct kept k = { 0 };
	struct spawn_sink sink = { .write = keep, .arg = &k };
	int pty = posix_openpt(O_RDWR | O_NOCTTY), tty, saved_out = dup(1), saved_err = dup(2);

	cr_assert(pty >= 0 && grantpt(pty) == 0 && unlockpt(pty) == 0);
	tty = open(ptsname(pty), O_RDWR | O_NOCTTY);
	cr_assert(tty >= 0);
	dup2(tty, 1);
	dup2(tty, 2);
	cr_assert(isatty(1));
	runner_like_signals();
	cr_assert_eq(spawn_wait_session(argv, &(struct child_setup){ 0 }, &sink), 1,
		     "grep -c found no terminal among its descriptors: %s", k.text);
	dup2(saved_out, 1);
	dup2(saved_err, 2);
	close(tty);
	close(pty);
	cr_assert(strncmp(k.text, "pipe:[", 6) == 0, "fd 1: %s", k.text);
	cr_assert_eq(strstr(k.text + 6, "pipe:[") != NULL, 1, "fd 2 a pipe too: %s", k.text);
	cr_assert(strstr(k.text, "\n0\n") != NULL, "no /dev/pts among its fds: %s", k.text);
}

/* All it wrote comes through, whether it ends its lines or not, however much. */
Test(spawn, a_session_childs_output_reaches_the_sink_whole)
{
	char *argv[] = { "sh", "-c", "seq 1 1500; printf tail", NULL };
	struct kept k = { 0 };
	struct spawn_sink sink = { .write = keep, .arg = &k };

	cr_assert_eq(spawn_wait_session(argv, &(struct child_setup){ 0 }, &sink), 0);
	cr_assert(strncmp(k.text, "1\n2\n3\n", 6) == 0);
	cr_assert(strstr(k.text, "\n1499\n1500\ntail") != NULL, "%s", k.text + k.n - 20);
	cr_assert_eq(k.n, 6393 + 4, "every byte: %zu", k.n);
}

/* A daemon it leaves behind holds the pipe open: the setup is over when the setup exits, with
 * what it wrote, not when the daemon goes. */
Test(spawn, a_daemon_left_behind_does_not_hold_the_run)
{
	char *argv[] = { "sh", "-c", "echo before; (sleep 3; echo late) & echo after", NULL };
	struct kept k = { 0 };
	struct spawn_sink sink = { .write = keep, .arg = &k };
	struct timespec t0, t1;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	cr_assert_eq(spawn_wait_session(argv, &(struct child_setup){ 0 }, &sink), 0);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	cr_assert(t1.tv_sec - t0.tv_sec < 2, "waited for the daemon");
	cr_assert_str_eq(k.text, "before\nafter\n");
}
