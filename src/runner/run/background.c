/* --background: memory held outside the trial's cgroup for the whole run. */
#include "runner/run/background.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include "common/size.h"

/* A hogger in our own cgroup (not the trial's) that fills SIZE and holds it until the run ends,
 * as the seeds' MEM_HOGGER_SIZE. */
int start_background(struct run *run)
{
	const struct config *cfg = run->cfg;
	struct hogger_args a = { .path = run->host.hogger, .alloc = cfg->background, .data = cfg->data,
				 .hold = 1 };
	struct workload_spec *spec = &run->background_spec;
	char size[32];
	int ret;

	hogger_argv_build(&run->background_argv, &a);
	spec->argv = run->background_argv.argv;
	spec->jobs = 1;
	ret = workload_spawn(&run->background, spec, -1);
	if (!ret)
		ret = workload_release(&run->background);
	if (!ret)
		ret = workload_wait_filled(&run->background, 600 * 1000);
	if (!ret && run->background.jobs[0].eof)
		ret = -ECHILD;
	size_format(cfg->background, size, sizeof(size));
	if (ret)
		failure_set(&run->failure, ret, "--background %s: the hogger did not fill it", size);
	else
		say("background hogger holds %s outside the cgroup", size);
	return ret;
}

/* The memory it held is what the trials were measured against: without it the run no
 * longer measures what was asked, so it stops (exit 1), the machine restored. */
int check_background(struct run *run)
{
	struct job *j;
	int status;

	if (!run->background.n)
		return 0;
	j = &run->background.jobs[0];
	if (j->reaped || waitpid(j->pid, &status, WNOHANG) != j->pid)
		return 0;
	j->reaped = 1;
	if (WIFSIGNALED(status))
		failure_set(&run->failure, -ECHILD, "the --background hogger was killed by signal %d%s", WTERMSIG(status),
			    WTERMSIG(status) == SIGKILL ? " (the OOM killer?)" : "");
	else
		failure_set(&run->failure, -ECHILD, "the --background hogger exited with status %d",
			    WEXITSTATUS(status));
	return -ECHILD;
}

void stop_background(struct run *run)
{
	if (run->background.n)
		workload_destroy(&run->background);
}
