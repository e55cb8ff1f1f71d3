/* --background: memory held outside the trial's cgroup for the whole run. */
#include "runner/run/background.h"

#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include "runner/run/preflight.h"

/* --background: a hogger in our own cgroup (not the trial's) that fills SIZE and holds it
 * until the run ends, as the seeds' MEM_HOGGER_SIZE. */
int start_background(struct run *run)
{
	const struct config *cfg = run->cfg;
	struct workload_spec *spec = &run->background_spec;
	size_t n = 0;
	int ret;

	snprintf(run->background_args, sizeof(run->background_args), "%" PRIu64, cfg->background);
	run->background_argv[n++] = run->hogger;
	run->background_argv[n++] = "--alloc";
	run->background_argv[n++] = run->background_args;
	run->background_argv[n++] = "--data";
	run->background_argv[n++] = (char *)cfg->data;
	run->background_argv[n++] = "--hold";
	run->background_argv[n] = NULL;
	spec->argv = run->background_argv;
	spec->jobs = 1;
	ret = workload_spawn(&run->background, spec);
	if (!ret)
		ret = workload_release(&run->background);
	if (!ret)
		ret = workload_wait_filled(&run->background, 600 * 1000);
	if (!ret && run->background.jobs[0].eof)
		ret = -ECHILD;
	if (ret)
		snprintf(run->error, sizeof(run->error), "--background %s: the hogger did not fill it: %s",
			 run->background_args, strerror(-ret));
	else
		fprintf(stderr, "zswapbench: background hogger holds %s bytes outside the cgroup\n",
			run->background_args);
	return ret;
}

void stop_background(struct run *run)
{
	if (!run->background.n)
		return;
	struct job *j = &run->background.jobs[0];
	int status;

	if (waitpid(j->pid, &status, WNOHANG) == j->pid) {
		j->reaped = 1;
		say("warning: the --background hogger died during the run (%s)",
		    WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL ? "killed, the OOM killer?" : "it exited");
	}
	workload_destroy(&run->background);
}

