#include "runner/kernel/signals.h"
#include "common/util.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t stop_signal;
static volatile pid_t child;

static void on_signal(int signo)
{
	int saved = errno;
	stop_signal = signo;
	if (child != 0)
		kill(child, signo);
	errno = saved;
}

int signals_install(void)
{
	/* Every signal whose default ends the process: each must end it through the journal. */
	static const int signals[] = { SIGINT,	SIGTERM, SIGHUP,    SIGQUIT, SIGUSR1,
				       SIGUSR2, SIGALRM, SIGXCPU,   SIGXFSZ, SIGVTALRM,
				       SIGPROF, SIGPWR,	 SIGSTKFLT, SIGIO };
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	/* No SA_RESTART: a blocking poll or wait must return so the loop sees the flag. */
	for (size_t i = 0; i < ARRAY_SIZE(signals); i++)
		if (sigaction(signals[i], &sa, NULL) < 0)
			return -errno;
	/* The real-time signals end a process by default too; SIGRTMIN already skips the ones
	 * the C library keeps for itself. */
	for (int signo = SIGRTMIN; signo <= SIGRTMAX; signo++)
		if (sigaction(signo, &sa, NULL) < 0)
			return -errno;
	/* A hogger that dies mid-write must not kill the runner with it. */
	signal(SIGPIPE, SIG_IGN);
	return 0;
}

int signals_pending(void)
{
	return stop_signal;
}

void signals_set_child(pid_t pid)
{
	child = pid;
}

/* Only in a build with the test hooks (TEST_HOOKS=1): a package's binary never pauses. */
void signals_pause_point(const char *phase)
{
#ifdef ZSB_TEST_HOOKS
	static unsigned seen;
	const char *want = getenv("ZSWAPBENCH_TEST_PAUSE"),
		   *resume = getenv("ZSWAPBENCH_TEST_RESUME");
	struct timespec tick = { 0, 5 * 1000 * 1000 };
	size_t n = strlen(phase);
	unsigned nth = 1;

	/* "fill" pauses at the first fill, "fill:2" at the second. */
	if (!want || strncmp(want, phase, n) != 0 || (want[n] != '\0' && want[n] != ':'))
		return;
	if (want[n] == ':')
		nth = (unsigned)atoi(want + n + 1);
	if (++seen != nth)
		return;
	fprintf(stderr, "zswapbench: paused at %s\n", phase);
	/* A signal ends the pause, or the file $ZSWAPBENCH_TEST_RESUME appearing. */
	while (!stop_signal && !(resume && access(resume, F_OK) == 0))
		nanosleep(&tick, NULL);
#else
	(void)phase;
#endif
}
