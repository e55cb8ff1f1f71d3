#include "runner/kernel/spawn.h"

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
	pid_t pid;
	int ret;
	size_t n = 0;

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
	if (len)
		n = fread(said, 1, len - 1, f);
	said[n] = '\0';
	/* One line for a message: the last one it wrote. */
	while (n && (said[n - 1] == '\n'))
		said[--n] = '\0';
	if (strrchr(said, '\n'))
		memmove(said, strrchr(said, '\n') + 1, strlen(strrchr(said, '\n')));
	fclose(f);
	return ret;
}
