/* One plot's gnuplot script: opened with its settings, its datablocks and plot elements
 * written, the canvas sized for its key and title, then run. */
#include "runner/report/plot/plot_script.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runner/report/plot/plot_data.h"
#include "runner/report/plot/plot_gnuplot.h"

int script_begin(struct plot_ctx *x, struct script *s, const char *name, int width, int height)
{
	char gp[NAME_MAX_PLOT + 4];
	int fd, ret;

	memset(s, 0, sizeof(*s));
	snprintf(s->name, sizeof(s->name), "%s", name);
	s->width = width;
	s->height = height;
	snprintf(gp, sizeof(gp), "%s.gp", name);
	/* Written beside NAME.gp, renamed once whole: the plots' folder may be one the user who
	 * ran sudo can write in. */
	if ((ret = out_file_at(&s->out, x->dirfd, gp, 0666)))
		return plot_fail(x, ret, "%s/%s", x->dir, gp);
	/* A stream of its own: the out_file's descriptor stays open for gnuplot to read. */
	if ((fd = fcntl(s->out.fd, F_DUPFD_CLOEXEC, 0)) < 0 || !(s->f = fdopen(fd, "w"))) {
		ret = -errno;
		if (fd >= 0)
			close(fd);
		out_file_abort(&s->out);
		return plot_fail(x, ret, "%s/%s", x->dir, gp);
	}
	if (!(s->plot = open_memstream(&s->plotbuf, &s->plotlen))) {
		fclose(s->f);
		out_file_abort(&s->out);
		return plot_fail(x, -ENOMEM, "%s/%s", x->dir, gp);
	}
	fprintf(s->f, "# zswapbench: %s.%s, drawn again with `gnuplot %s.gp` in this folder\n",
		name, plot_ext(x), name);
	/* The key goes below: beside the plot it would take the width the title and the plot
	 * need. */
	fputs("reset\nset encoding utf8\nset grid\nset key below left Left reverse height 1\n"
	      "set offsets 0, 0, graph 0.05, 0\n",
	      s->f);
	return 0;
}

/* The canvas, sized once the key and the title are known: wide enough for the longest title
 * line, tall enough for the key's rows, at about 6.6 pixels a character. */
static void canvas(const struct plot_ctx *x, struct script *s)
{
	char picture[NAME_MAX_PLOT + 8];
	double ch = x->png ? 6.0 : 6.6;
	int width = s->width > (int)((double)s->titlelen * ch) + 120
		? s->width
		: (int)((double)s->titlelen * ch) + 120;
	int cols = (int)((width - 60) / ((double)s->keylen * (ch + 0.8) + 80));
	size_t rows = (s->keys + (size_t)(cols > 0 ? cols : 1) - 1) / (size_t)(cols > 0 ? cols : 1);

	/* noenhanced: labels are the user's text, where _ and ^ are no sub- or superscripts. */
	fprintf(s->f,
		"set terminal %s size %d,%d %snoenhanced font 'sans,%d' background '#ffffff'\n",
		x->png ? "pngcairo" : "svg", width, s->height + 18 * (int)rows,
		x->png ? "" : "fixed ", x->png ? 10 : 11);
	snprintf(picture, sizeof(picture), "%s.%s", s->name, plot_ext(x));
	fputs("set output ", s->f);
	gp_text(s->f, picture);
	fputc('\n', s->f);
}

void script_abort(struct plot_ctx *x, struct script *s)
{
	(void)x;
	fclose(s->plot);
	fclose(s->f);
	free(s->plotbuf);
	out_file_abort(&s->out);
}

/* Closes the script, runs it, and names the picture. A picture drawn before by a script that
 * now fails is removed; the script stays, to read what went wrong. */
int script_end(struct plot_ctx *x, struct script *s)
{
	char path[PATH_MAX], script[NAME_MAX_PLOT + 4], picture[NAME_MAX_PLOT + 8];
	struct gnuplot_script gs = {
		.fd = s->out.fd, .name = script, .dirfd = x->dirfd, .dir = x->dir
	};
	int bad, drawn, ret = fclose(s->plot) ? -errno : 0;

	if (!ret) {
		canvas(x, s);
		fputs("plot ", s->f);
		fwrite(s->plotbuf, 1, s->plotlen, s->f);
		fputc('\n', s->f);
	}
	free(s->plotbuf);
	bad = ferror(s->f);
	/* fclose flushes the rest and says why (ENOSPC); a write that failed before may not. */
	if (fclose(s->f) && !ret)
		ret = -errno;
	if (bad && !ret)
		ret = -EIO;
	snprintf(script, sizeof(script), "%s.gp", s->name);
	if (ret) {
		out_file_abort(&s->out);
		return plot_fail(x, ret, "%s/%s", x->dir, script);
	}
	drawn = gnuplot_run(x->gnuplot, &gs, x->why, x->why_len);
	ret = out_file_commit(&s->out, 0);
	snprintf(picture, sizeof(picture), "%s.%s", s->name, plot_ext(x));
	if (drawn) {
		unlinkat(x->dirfd, picture, 0);
		return drawn;
	}
	if (ret)
		return plot_fail(x, ret, "%s/%s", x->dir, script);
	snprintf(path, sizeof(path), "%s/%s", x->dir, picture);
	return plot_written(x, path);
}

/* The separator before each element of the plot command but the first. */
FILE *script_element(struct script *s)
{
	if (s->entries++)
		fputs(", \\\n     ", s->plot);
	return s->plot;
}

void script_key(struct script *s, const char *title)
{
	if (!title) {
		fputs(" notitle", s->plot);
		return;
	}
	fputs(" title ", s->plot);
	gp_text(s->plot, title);
	s->keys++;
	s->keylen = strlen(title) > s->keylen ? strlen(title) : s->keylen;
}

/* One trace: bold for the median trial, thin and half transparent for the others. A trace of
 * one point has no line to draw: it is drawn as a point. */
void script_trace(struct script *s, int block, int ycol, const struct style *st, size_t npoints,
		  const char *title)
{
	FILE *f = script_element(s);

	fprintf(f, "$d%d using 1:%d with %s lw %g lc rgb '#%s%s' dt %d", block, ycol,
		npoints >= 2	   ? st->bold && st->pt ? "linespoints" : "lines"
			: st->bold ? "points pt 7 ps 1.4"
				   : "points pt 7 ps 0.7",
		st->bold ? 2.5 : 1.0, st->bold ? "" : "70", st->colour, st->dt);
	if (npoints >= 2 && st->bold && st->pt)
		fprintf(f, " pt %d ps 0.9 pi %zu", st->pt, npoints / 8 + 1);
	script_key(s, title);
}

/* A key entry that draws nothing: what thin and bold mean. */
void script_legend(struct script *s, int thin, enum metric_id by)
{
	char key[128];

	fputs("NaN with lines lw 1 lc rgb '#999999'", script_element(s));
	snprintf(key, sizeof(key), "%sthe median trial by %s",
		 thin ? "thin: each trial; bold: " : "", metrics[by].key);
	script_key(s, key);
}

int datablock_begin(struct script *s)
{
	fprintf(s->f, "$d%d << EOD\n", s->blocks);
	return s->blocks++;
}

void datablock_end(struct script *s)
{
	fputs("EOD\n", s->f);
}
