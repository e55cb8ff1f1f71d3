#include "signals.h"

#include <errno.h>
#include <signal.h>
#include <string.h>

static volatile sig_atomic_t stop_signal;
static volatile pid_t child;

static void on_signal(int signo)
{
	int saved = errno;
	stop_signal = signo;
	if (child > 0)
		kill(child, signo);
	errno = saved;
}

int signals_install(void)
{
	static const int signals[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	/* No SA_RESTART: a blocking poll or wait must return so the loop sees the flag. */
	for (size_t i = 0; i < sizeof(signals) / sizeof(signals[0]); i++)
		if (sigaction(signals[i], &sa, NULL) < 0)
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
