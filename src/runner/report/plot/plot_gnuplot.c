/* The gnuplot process: found on PATH, run on one script read from our descriptor in a private
 * folder inside the plots' folder, its pictures then renamed into place, its own last message
 * kept for the user when it fails. */
#include "runner/base/sizes.h"
#include "runner/report/plot/plot_gnuplot.h"
#include "runner/base/lines.h"
#include "runner/base/outfile.h"
#include "runner/kernel/spawn.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* Absolute directories of PATH only: gnuplot runs in dir, where a relative one means another. */
int gnuplot_find(char *path, size_t len)
{
	const char *dirs = getenv("PATH") ? getenv("PATH") : "/usr/local/bin:/usr/bin:/bin";

	for (const char *p = dirs; *p;) {
		const char *end = strchrnul(p, ':');
		struct stat st;
		if (*p == '/' &&
		    (size_t)snprintf(path, len, "%.*s/gnuplot", (int)(end - p), p) < len &&
		    stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0)
			return 0;
		p = *end ? end + 1 : end;
	}
	return -ENOENT;
}

/* What gnuplot is told to read: its standard input, opened again by this name so that its
 * messages count lines ("line 0" for a script piped in). */
#define SCRIPT_ARG "/proc/self/fd/0"

__attribute__((noreturn)) static void exec_gnuplot(const char *gnuplot, int private_fd,
						   int script_fd, int errfd)
{
	static const struct child_setup plain;
	int null = open("/dev/null", O_RDWR | O_CLOEXEC);

	if (spawn_child_start(&plain) < 0 || null < 0 || fchdir(private_fd) ||
	    dup2(script_fd, 0) < 0 || dup2(null, 1) < 0 || dup2(errfd, 2) < 0)
		_exit(SPAWN_CANNOT_BECOME);
	execl(gnuplot, "gnuplot", SCRIPT_ARG, (char *)NULL);
	_exit(SPAWN_CANNOT_EXEC);
}

/* The last line gnuplot wrote: after the echoed command and its caret comes
 * "\"name.gp\" line 12: what is wrong", the script named as the user knows it, not as gnuplot
 * read it. */
static void last_line(const char *text, const char *script, char *out, size_t len)
{
	static const char read_as[] = "\"" SCRIPT_ARG "\"";
	size_t n, skip = sizeof(read_as) - 1;
	const char *from = last_lines(text, strlen(text), 1, &n);

	if (n >= skip && strncmp(from, read_as, skip) == 0)
		snprintf(out, len, "\"%s\"%.*s", script, (int)(n - skip), from + skip);
	else
		snprintf(out, len, "%.*s", (int)n, from);
}

/* gnuplot's messages, the last 4 KiB of them: warnings come first, the error last. */
static int read_messages(int fd, char *buf, size_t len)
{
	size_t have = 0;
	ssize_t got;

	while ((got = read(fd, buf + have, len - 1 - have)) != 0) {
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			return -errno;
		have += (size_t)got;
		if (have > len / 2) {
			memmove(buf, buf + have - len / 4, len / 4);
			have = len / 4;
		}
	}
	buf[have] = '\0';
	return 0;
}

/* The names in the folder fd, read from its start whoever read it before. */
static DIR *listing(int fd)
{
	int own = openat(fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *d = own >= 0 ? fdopendir(own) : NULL;

	if (!d && own >= 0)
		close(own);
	return d;
}

/* The private folder and whatever a failed gnuplot left in it. */
static void remove_private(int private_fd, int folder, const char *name)
{
	DIR *d = listing(private_fd);
	struct dirent *e;

	while (d && (e = readdir(d)))
		if (e->d_name[0] != '.')
			unlinkat(dirfd(d), e->d_name, 0);
	if (d)
		closedir(d);
	close(private_fd);
	unlinkat(folder, name, AT_REMOVEDIR);
}

static int failed(char *why, size_t len, int err, const char *what)
{
	snprintf(why, len, "%s: %s", what, strerror(-err));
	return err;
}

/* What gnuplot wrote in the private folder, renamed into the plots' folder: rename replaces a
 * name planted there (a symbolic link to another file) instead of writing through it, as
 * gnuplot's own open would, as root. */
static int move_pictures(int private_fd, int folder)
{
	DIR *d = listing(private_fd);
	struct dirent *e;
	int ret = d ? 0 : -errno;

	while (!ret && (e = readdir(d)))
		if (e->d_name[0] != '.' && renameat(dirfd(d), e->d_name, folder, e->d_name) < 0)
			ret = -errno;
	if (d)
		closedir(d);
	return ret;
}

static int run_in(const char *gnuplot, int private_fd, int script_fd, char *messages, size_t size,
		  int *status)
{
	int pfd[2], ret;
	pid_t pid;

	if (pipe2(pfd, O_CLOEXEC))
		return -errno;
	pid = fork();
	if (pid == 0)
		exec_gnuplot(gnuplot, private_fd, script_fd, pfd[1]);
	ret = pid < 0 ? -errno : 0;
	close(pfd[1]);
	if (!ret)
		ret = read_messages(pfd[0], messages, size);
	close(pfd[0]);
	while (pid > 0 && waitpid(pid, status, 0) < 0)
		if (errno != EINTR)
			return -errno;
	return ret;
}

int gnuplot_run(const char *gnuplot, const struct gnuplot_script *s, char *why, size_t len)
{
	char messages[4096] = "", line[512], what[PATH_LEN], private_name[] = ".gnuplot-XXXXXX";
	int status = 0, ret, private_fd = temp_dir_at(s->dirfd, private_name);

	if (private_fd < 0) {
		snprintf(what, sizeof(what), "%s/%s", s->dir, private_name);
		return failed(why, len, private_fd, what);
	}
	ret = run_in(gnuplot, private_fd, s->fd, messages, sizeof(messages), &status);
	if (!ret && WIFEXITED(status) && WEXITSTATUS(status) == 0)
		ret = move_pictures(private_fd, s->dirfd);
	remove_private(private_fd, s->dirfd, private_name);
	if (ret) {
		snprintf(what, sizeof(what), "running gnuplot on %s/%s", s->dir, s->name);
		return failed(why, len, ret, what);
	}
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return 0;
	/* gnuplot's own words, not strerror(EIO). */
	last_line(messages, s->name, line, sizeof(line));
	snprintf(why, len, "gnuplot failed on %s/%s: %s", s->dir, s->name,
		 line[0]		       ? line
			 : WIFSIGNALED(status) ? strsignal(WTERMSIG(status))
					       : "no message");
	return -EIO;
}
