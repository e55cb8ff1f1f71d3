/* base/log.c: a failure carried up and said once, the exit status it calls for, -q. */
#include <criterion/criterion.h>
#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runner/base/log.h"

static char said[512];

/* What fn wrote on stderr. */
static const char *stderr_of(void (*fn)(const void *), const void *arg)
{
	FILE *f = tmpfile();
	int saved = dup(STDERR_FILENO);
	size_t n;

	cr_assert_not_null(f);
	fflush(stderr);
	dup2(fileno(f), STDERR_FILENO);
	fn(arg);
	fflush(stderr);
	dup2(saved, STDERR_FILENO);
	close(saved);
	rewind(f);
	n = fread(said, 1, sizeof(said) - 1, f);
	said[n] = '\0';
	fclose(f);
	return said;
}

static void say_failure(const void *f)
{
	failure_say(f);
}

Test(log, a_failure_says_what_and_why)
{
	struct failure f = { 0 };

	failure_set(&f, -ENOENT, "%s: open", "/sys/block/zram0");
	cr_assert_eq(f.err, -ENOENT);
	cr_assert_not(f.usage);
	cr_assert_str_eq(stderr_of(say_failure, &f),
			 "zswapbench: /sys/block/zram0: open: No such file or directory\n");
	cr_assert_eq(failure_exit_status(&f), EXIT_RUNTIME);
}

Test(log, a_failure_without_an_error_is_an_io_error)
{
	struct failure f = { 0 };

	failure_set(&f, 0, "mkswap");
	cr_assert_eq(f.err, -EIO);
	cr_assert_eq(failure_exit_status(&f), EXIT_RUNTIME);
	f.what[0] = '\0';
	cr_assert_str_eq(stderr_of(say_failure, &f), "zswapbench: Input/output error\n");
}

Test(log, bad_input_is_said_as_it_is_and_exits_2)
{
	struct failure f = { 0 };

	failure_usage(&f, "--comp '%s': unknown", "lz5");
	cr_assert_eq(f.err, -EINVAL);
	cr_assert(f.usage);
	cr_assert_str_eq(stderr_of(say_failure, &f), "zswapbench: --comp 'lz5': unknown\n");
	cr_assert_eq(failure_exit_status(&f), EXIT_USAGE);
	failure_set(&f, -EBUSY, "zram0");
	cr_assert_not(f.usage, "a failure set after it is no usage error");
	cr_assert_eq(failure_exit_status(&f), EXIT_RUNTIME);
}

Test(log, no_failure_says_nothing_and_exits_0)
{
	struct failure f = { 0 };

	cr_assert_str_eq(stderr_of(say_failure, &f), "");
	cr_assert_eq(failure_exit_status(&f), EXIT_OK);
}

static void warn_once(const void *arg)
{
	(void)arg;
	warn("%d trials %s", 3, "failed");
}

static int lines_made_way;

static void make_way(void)
{
	lines_made_way++;
}

/* -q silences warnings, never errors; the progress line makes way before each. */
Test(log, quiet_silences_warnings_only)
{
	log_set_before_line(make_way);
	cr_assert_str_eq(stderr_of(warn_once, NULL), "zswapbench: warning: 3 trials failed\n");
	cr_assert_eq(lines_made_way, 1);
	log_set_quiet(1);
	cr_assert_str_eq(stderr_of(warn_once, NULL), "");
	struct failure f = { 0 };
	failure_set(&f, -EIO, "x");
	cr_assert_str_eq(stderr_of(say_failure, &f), "zswapbench: x: Input/output error\n");
	log_set_quiet(0);
	log_set_before_line(NULL);
}

static void say_quoted(const void *arg)
{
	say("results.json: format version %s; this zswapbench reads version 2", (const char *)arg);
}

static void warn_quoted(const void *arg)
{
	warn("trial 1 failed: %s", (const char *)arg);
}

/* A message quotes a file's bytes or a program's line: they cannot command the terminal. */
Test(log, what_a_message_quotes_is_escaped)
{
	cr_assert_not_null(setlocale(LC_ALL, "C.UTF-8"), "UTF-8 kept, as on most terminals");
	cr_assert_str_eq(stderr_of(say_quoted, "\033]0;title\007\033[2J"),
			 "zswapbench: results.json: format version \\x1b]0;title\\x07\\x1b[2J; "
			 "this zswapbench reads version 2\n");
	cr_assert_str_eq(stderr_of(warn_quoted,
				   "0.2 µs … \xc2\x9b"
				   "31m"),
			 "zswapbench: warning: trial 1 failed: 0.2 µs … \\xc2\\x9b31m\n");
}
