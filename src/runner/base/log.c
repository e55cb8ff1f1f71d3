#include "runner/base/log.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/base/escape.h"

static int quiet;

void log_set_quiet(int on)
{
	quiet = on;
}

static void (*before_line)(void);

void log_set_before_line(void (*fn)(void))
{
	before_line = fn;
}

/* A message quotes what a file held or a program printed: escaped (base/escape.h). */
static void vsay(const char *prefix, const char *fmt, va_list ap)
{
	char *text;
	int len = vasprintf(&text, fmt, ap);

	if (len < 0)
		text = NULL; /* undefined after a failure */
	fflush(stdout);
	if (before_line)
		before_line();
	fprintf(stderr, "zswapbench: %s", prefix);
	if (text)
		escape_write(text, (size_t)len, stderr);
	else
		fputs("out of memory for a message", stderr);
	fputc('\n', stderr);
	free(text);
}

void say(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsay("", fmt, ap);
	va_end(ap);
}

void warn(const char *fmt, ...)
{
	va_list ap;

	if (quiet)
		return;
	va_start(ap, fmt);
	vsay("warning: ", fmt, ap);
	va_end(ap);
}

void failure_set(struct failure *f, int err, const char *fmt, ...)
{
	va_list ap;

	f->err = err ? err : -EIO;
	f->usage = 0;
	va_start(ap, fmt);
	vsnprintf(f->what, sizeof(f->what), fmt, ap);
	va_end(ap);
}

void failure_usage(struct failure *f, const char *fmt, ...)
{
	va_list ap;

	f->err = -EINVAL;
	f->usage = 1;
	va_start(ap, fmt);
	vsnprintf(f->what, sizeof(f->what), fmt, ap);
	va_end(ap);
}

void failure_say(const struct failure *f)
{
	if (!f->err)
		return;
	if (f->usage || !f->what[0])
		say("%s", f->what[0] ? f->what : strerror(-f->err));
	else
		say("%s: %s", f->what, strerror(-f->err));
}

int failure_exit_status(const struct failure *f)
{
	if (!f->err)
		return EXIT_OK;
	return f->usage ? EXIT_USAGE : EXIT_RUNTIME;
}
