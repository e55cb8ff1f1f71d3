#include "runner/kernel/spawn.h"
#include "runner/base/lines.h"

#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

extern char **environ;

static int wait_for(pid_t pid)
{
	int status;

	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -errno;
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	/* posix_spawnp reports a missing program as exit 127 from the child. */
	return WEXITSTATUS(status) == 127 ? -ENOENT : WEXITSTATUS(status);
}

int spawn_wait(char *const argv[])
{
	pid_t pid;
	int ret = posix_spawnp(&pid, argv[0], NULL, NULL, argv, environ);

	return ret ? -ret : wait_for(pid);
}

int spawn_wait_said(char *const argv[], char *said, size_t len)
{
	posix_spawn_file_actions_t fa;
	FILE *f = tmpfile();
	char out[4096];
	const char *line;
	pid_t pid;
	int ret;
	size_t n;

	said[0] = '\0';
	if (!f)
		return -errno;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, fileno(f), STDOUT_FILENO);
	posix_spawn_file_actions_adddup2(&fa, fileno(f), STDERR_FILENO);
	ret = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	ret = ret ? -ret : wait_for(pid);
	rewind(f);
	n = fread(out, 1, sizeof(out), f);
	/* One line for a message: the last one it wrote. */
	line = last_lines(out, n, 1, &n);
	snprintf(said, len, "%.*s", (int)n, line);
	fclose(f);
	return ret;
}
