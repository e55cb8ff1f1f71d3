#include "runner/log.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void say(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fputs("zswapbench: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
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
