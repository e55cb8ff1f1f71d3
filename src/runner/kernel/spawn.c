#include "runner/kernel/spawn.h"

#include <errno.h>
#include <spawn.h>
#include <sys/wait.h>

extern char **environ;

int spawn_wait(char *const argv[])
{
	pid_t pid;
	int status, ret = posix_spawnp(&pid, argv[0], NULL, NULL, argv, environ);

	if (ret)
		return -ret;
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -errno;
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	/* posix_spawnp reports a missing program as exit 127 from the child. */
	return WEXITSTATUS(status) == 127 ? -ENOENT : WEXITSTATUS(status);
}
