/* --background: memory held outside the trial's cgroup for the whole run. */
#include "runner/run/background.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include "common/size.h"

int background_start(struct background *bg, const char *hogger, uint64_t size, const char *data,
		     struct failure *f)
{
	struct hogger_args a = { .path = hogger, .alloc = size, .data = data, .hold = 1 };
	char text[32];
	int ret;

	hogger_argv_build(&bg->argv, &a);
	bg->spec.argv = bg->argv.argv;
	bg->spec.jobs = 1;
	ret = workload_spawn(&bg->w, &bg->spec, -1);
	if (!ret)
		ret = workload_release(&bg->w);
	if (!ret)
		ret = workload_wait_filled(&bg->w, 600 * 1000);
	if (!ret && bg->w.jobs[0].eof)
		ret = -ECHILD;
	size_format(size, text, sizeof(text));
	if (ret)
		failure_set(f, ret, "--background %s: the hogger did not fill it", text);
	else
		say("background hogger holds %s outside the cgroup", text);
	return ret;
}

/* The memory it held is what the trials were measured against: without it the run no
 * longer measures what was asked, so it stops (exit 1), the machine restored. */
int background_check(struct background *bg, struct failure *f)
{
	struct job *j;
	int status;

	if (!bg->w.n)
		return 0;
	j = &bg->w.jobs[0];
	if (j->reaped || waitpid(j->pid, &status, WNOHANG) != j->pid)
		return 0;
	j->reaped = 1;
	if (WIFSIGNALED(status))
		failure_set(f, -ECHILD, "the --background hogger was killed by signal %d%s",
			    WTERMSIG(status),
			    WTERMSIG(status) == SIGKILL ? " (the OOM killer?)" : "");
	else
		failure_set(f, -ECHILD, "the --background hogger exited with status %d",
			    WEXITSTATUS(status));
	return -ECHILD;
}

void background_stop(struct background *bg)
{
	if (bg->w.n)
		workload_destroy(&bg->w);
}
