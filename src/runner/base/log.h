/* What the user reads on stderr, and the exit statuses every path returns (README: Exit status). */
#ifndef ZSB_LOG_H
#define ZSB_LOG_H
#include <limits.h>

#include "runner/base/sizes.h"

enum exit_status {
	EXIT_OK = 0,
	EXIT_RUNTIME = 1, /* something failed while running; the machine was restored */
	EXIT_USAGE = 2, /* bad input; nothing was changed */
	EXIT_UNSUPPORTED = 3, /* this kernel or machine cannot; nothing was changed */
	EXIT_TRIALS_FAILED = 4, /* the run completed, some trials did not (OOM, timeout) */
	EXIT_REGRESSION = 5, /* compare --fail-on: a comparison failed the gate */
	EXIT_SIGNAL_BASE = 128, /* stopped by signal N: 128 + N */
};

/* "zswapbench: ..." on stderr, one line. stdout is flushed first so piped tables and messages
 * keep their order. */
__attribute__((format(printf, 1, 2))) void say(const char *fmt, ...);
/* "zswapbench: warning: ...": what makes a number doubtful; -q silences it. */
__attribute__((format(printf, 1, 2))) void warn(const char *fmt, ...);
/* Called before every message: the live progress line makes way. */
void log_set_before_line(void (*fn)(void));
/* -q: only the verdict and errors. */
void log_set_quiet(int quiet);

/*
 * One failure, carried up from where it happened and printed once at the top: what failed
 * (a path, with the value written when there was one) and the error. Bad input that only the
 * kernel could reveal (an algorithm unknown until a device existed) is marked usage, so the
 * run still exits 2; every other failure during a run exits 1.
 */
struct failure {
	int err; /* -errno; 0 when nothing failed */
	int usage; /* bad input: the message is complete in what */
	char what[MSG_LEN];
};

__attribute__((format(printf, 3, 4))) void failure_set(struct failure *f, int err, const char *fmt,
						       ...);
/* The message's own text for bad input ("--comp 'x': ..."), exit 2. */
__attribute__((format(printf, 2, 3))) void failure_usage(struct failure *f, const char *fmt, ...);
/* Prints "zswapbench: what: strerror" (or what alone for bad input) once. */
void failure_say(const struct failure *f);
/* The exit status a failure calls for. */
int failure_exit_status(const struct failure *f);

#endif
