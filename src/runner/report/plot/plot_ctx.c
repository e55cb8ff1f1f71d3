/* What every view of one plot_results call shares: gnuplot and the folder found first, its
 * palette, and how a view says it wrote a picture, left one out, or failed. */
#include "runner/report/plot/plot_ctx.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runner/base/folder.h"
#include "runner/report/plot/plot_gnuplot.h"

const char *const plot_palette[PLOT_NPALETTE] = { "1f77b4", "ff7f0e", "2ca02c", "d62728",
						  "9467bd", "8c564b", "e377c2", "7f7f7f",
						  "bcbd22", "17becf", "393b79", "637939" };

int plot_fail(struct plot_ctx *x, int err, const char *fmt, ...)
{
	va_list ap;
	size_t at;

	va_start(ap, fmt);
	vsnprintf(x->why, x->why_len, fmt, ap);
	va_end(ap);
	at = strlen(x->why);
	if (at < x->why_len)
		snprintf(x->why + at, x->why_len - at, ": %s", strerror(-err));
	return err;
}

const char *plot_ext(const struct plot_ctx *x)
{
	return x->png ? "png" : "svg";
}

int plot_skip(struct plot_ctx *x, const char *name, const char *fmt, ...)
{
	char *reason = NULL, *item = NULL;
	va_list ap;
	int ret;

	if (!x->out)
		return 0;
	va_start(ap, fmt);
	ret = vasprintf(&reason, fmt, ap);
	va_end(ap);
	if (ret < 0)
		return plot_fail(x, -ENOMEM, "%s", name);
	ret = asprintf(&item, "%s.%s: %s", name, plot_ext(x), reason);
	free(reason);
	if (plot_list_add(&x->out->skipped, &x->out->nskipped, ret < 0 ? NULL : item))
		return plot_fail(x, -ENOMEM, "%s", name);
	return 0;
}

int plot_written(struct plot_ctx *x, const char *path)
{
	if (x->out && plot_list_add(&x->out->written, &x->out->nwritten, strdup(path)))
		return plot_fail(x, -ENOMEM, "%s", path);
	return 0;
}

int plot_begin(struct plot_ctx *x)
{
	x->dirfd = -1;
	if (!x->dir || !x->dir[0]) {
		snprintf(x->why, x->why_len, "no folder to plot into");
		return -EINVAL;
	}
	/* Before the folder: without gnuplot, nothing is written. */
	if (gnuplot_find(x->gnuplot, sizeof(x->gnuplot))) {
		snprintf(x->why, x->why_len, "gnuplot: not found in PATH");
		return -ENOENT;
	}
	x->dirfd = folder_open(x->dir, x->why, x->why_len);
	return x->dirfd < 0 ? x->dirfd : 0;
}

void plot_end(struct plot_ctx *x)
{
	if (x->dirfd >= 0)
		close(x->dirfd);
	x->dirfd = -1;
}
