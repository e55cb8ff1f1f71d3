#include "runner/report/plot.h"

#include <errno.h>
#include <fcntl.h>
#include <json.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/size.h"

#define MIB (1024.0 * 1024.0)
#define NAME_MAX_PLOT 160

/* Tableau's ten and two more: distinct on white, so twelve cells each get their own. */
static const char *const palette[] = { "1f77b4", "ff7f0e", "2ca02c", "d62728", "9467bd", "8c564b",
				       "e377c2", "7f7f7f", "bcbd22", "17becf", "393b79", "637939" };
#define NPALETTE (sizeof(palette) / sizeof(palette[0]))

struct ctx {
	const struct results *const *sets;
	size_t n;
	char **names;             /* the caller's, or "run 1"...; owned copies */
	char **tags;              /* "name (kernel)": what a key says of a set when n > 1 */
	const char *dir;
	int png;
	char gnuplot[PATH_MAX];
	struct plot_output *out;
	char *why;
	size_t why_len;
	const char **labels;      /* every cell label of every set, first seen first */
	char (*slugs)[100];       /* the same as file names */
	size_t nlabels;
};

/* One plot being written: the script with its datablocks, and the plot command gathered
 * apart, since gnuplot needs every datablock defined before the plot that reads it. */
struct script {
	FILE *f, *plot;
	char *plotbuf;
	size_t plotlen;
	char name[NAME_MAX_PLOT];
	int entries, blocks;
	int width, height;        /* of the plot without its key */
	size_t keys, keylen;      /* key entries, the longest in characters */
	size_t titlelen;          /* the longest line of the title */
};

struct style {
	const char *colour;       /* "rrggbb" */
	int dt, pt;               /* dash type; point type on bold lines, 0 for none */
	int bold;
};

/* ---- lists, errors ---- */

static int list_add(char ***list, size_t *n, char *item)
{
	char **grown = item ? realloc(*list, (*n + 1) * sizeof(**list)) : NULL;
	if (!grown) {
		free(item);
		return -ENOMEM;
	}
	*list = grown;
	grown[(*n)++] = item;
	return 0;
}

static void free_list(char **list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(list[i]);
	free(list);
}

void plot_output_free(struct plot_output *o)
{
	if (!o)
		return;
	free_list(o->written, o->nwritten);
	free_list(o->skipped, o->nskipped);
	memset(o, 0, sizeof(*o));
}

__attribute__((format(printf, 3, 4)))
static int fail(struct ctx *x, int err, const char *fmt, ...)
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

static const char *ext(const struct ctx *x)
{
	return x->png ? "png" : "svg";
}

/* A plot the data does not allow is no failure: it is named with the reason. */
__attribute__((format(printf, 3, 4)))
static int skip(struct ctx *x, const char *name, const char *fmt, ...)
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
		return fail(x, -ENOMEM, "%s", name);
	ret = asprintf(&item, "%s.%s: %s", name, ext(x), reason);
	free(reason);
	if (list_add(&x->out->skipped, &x->out->nskipped, ret < 0 ? NULL : item))
		return fail(x, -ENOMEM, "%s", name);
	return 0;
}

/* ---- text for gnuplot ---- */

/* The length of the valid UTF-8 sequence at s, 0 when it is none: gnuplot copies bytes into
 * the SVG as they are, and one stray byte makes the whole file invalid XML. */
static size_t utf8_seq(const unsigned char *s)
{
	size_t len = s[0] < 0x80 ? 1 : s[0] < 0xc2 ? 0 : s[0] < 0xe0 ? 2 : s[0] < 0xf0 ? 3 : s[0] < 0xf5 ? 4 : 0;

	/* Overlong forms, UTF-16 surrogates and code points above U+10FFFF. */
	if ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] >= 0xa0) || (s[0] == 0xf0 && s[1] < 0x90) ||
	    (s[0] == 0xf4 && s[1] >= 0x90))
		return 0;
	for (size_t i = 1; i < len; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	return len;
}

/* A gnuplot string in single quotes, where only a doubled quote is special: no backslash
 * escapes, no `command` or @macro substitution. Control characters become spaces. */
static void put_text(FILE *f, const char *text)
{
	const unsigned char *s = (const unsigned char *)text;

	fputc('\'', f);
	while (*s) {
		size_t len = utf8_seq(s);
		if (*s == '\'')
			fputs("''", f);
		else if (*s < 0x20 || !len)
			fputc(*s < 0x20 ? ' ' : '?', f);
		else
			fwrite(s, 1, len, f);
		s += len ? len : 1;
	}
	fputc('\'', f);
}

static void put_num(FILE *f, double v)
{
	if (isfinite(v))
		fprintf(f, " %.10g", v);
	else
		fputs(" NaN", f);
}

/* ---- the data ---- */

static const struct result_cell *find_cell(const struct results *r, const char *label)
{
	for (size_t i = 0; i < r->ncells; i++)
		if (strcmp(r->cells[i].label, label) == 0)
			return &r->cells[i];
	return NULL;
}

/* The trials the statistics use: measured (not warmup) and ok. */
static int counted(const struct trial *t)
{
	return !t->warmup && t->status == TRIAL_OK;
}

/* The trial whose elapsed time is the cell's median (the lower middle for an even number):
 * a real trace to draw bold, where a pointwise median of several traces would be none. */
static const struct trial *median_trial(const struct result_cell *c)
{
	size_t m = 0;

	for (size_t i = 0; i < c->ntrials; i++)
		m += counted(&c->trials[i]) && c->trials[i].have[M_ELAPSED];
	for (size_t i = 0; m && i < c->ntrials; i++) {
		const struct trial *t = &c->trials[i];
		size_t rank = 0;
		if (!counted(t) || !t->have[M_ELAPSED])
			continue;
		for (size_t j = 0; j < c->ntrials; j++) {
			const struct trial *u = &c->trials[j];
			if (j != i && counted(u) && u->have[M_ELAPSED] &&
			    (u->value[M_ELAPSED] < t->value[M_ELAPSED] ||
			     (u->value[M_ELAPSED] == t->value[M_ELAPSED] && j < i)))
				rank++;
		}
		if (rank == (m - 1) / 2)
			return t;
	}
	return NULL;
}

enum quantity { Q_ELAPSED, Q_CPU, Q_RATIO, Q_COUNT };

static const struct {
	const char *file, *what, *ylabel, *metric;
} quantities[Q_COUNT] = {
	[Q_ELAPSED] = { "trials-elapsed", "elapsed time per cell, sorted by median", "elapsed (s)", "elapsed" },
	[Q_CPU] = { "trials-cpu", "CPU time of the workload per cell, sorted by median",
		    "CPU time, user + sys (s)",
		    "user_cpu and sys_cpu" },
	[Q_RATIO] = { "trials-compression-ratio", "compression ratio per cell, sorted by median",
		      "compression ratio (x)",
		      "compression_ratio" },
};

static double quantity_of(const struct trial *t, enum quantity q)
{
	double v = NAN;

	if (q == Q_ELAPSED && t->have[M_ELAPSED])
		v = t->value[M_ELAPSED];
	else if (q == Q_CPU && t->have[M_USER] && t->have[M_SYS])
		v = t->value[M_USER] + t->value[M_SYS];
	else if (q == Q_RATIO && t->have[M_COMP_RATIO])
		v = t->value[M_COMP_RATIO];
	return isfinite(v) ? v : NAN;
}

/* The cell's summary of q over the counted trials, as cell_update_stats makes it for a plain
 * metric (the same trials, the same function): CPU is a sum no metric holds. -ENODATA when
 * no counted trial has it. */
static int cell_summary(const struct result_cell *c, enum quantity q, struct summary *s)
{
	double *v = malloc((c->ntrials ? c->ntrials : 1) * sizeof(*v));
	size_t n = 0;
	int ret;

	if (!v)
		return -ENOMEM;
	for (size_t i = 0; i < c->ntrials; i++)
		if (counted(&c->trials[i]) && !isnan(quantity_of(&c->trials[i], q)))
			v[n++] = quantity_of(&c->trials[i], q);
	ret = n ? summary_compute(v, n, STAT_CONFIDENCE, s) : -ENODATA;
	free(v);
	return ret;
}

static int cell_has(const struct result_cell *c, enum quantity q)
{
	for (size_t i = 0; i < c->ntrials; i++)
		if (!c->trials[i].warmup && !isnan(quantity_of(&c->trials[i], q)))
			return 1;
	return 0;
}

/* ---- running gnuplot ---- */

/* Absolute directories of PATH only: gnuplot runs in dir, where a relative one means another. */
static int find_program(const char *name, char *out, size_t len)
{
	const char *path = getenv("PATH") ? getenv("PATH") : "/usr/local/bin:/usr/bin:/bin";

	for (const char *p = path; *p;) {
		const char *end = strchrnul(p, ':');
		struct stat st;
		if (*p == '/' && (size_t)snprintf(out, len, "%.*s/%s", (int)(end - p), p, name) < len &&
		    stat(out, &st) == 0 && S_ISREG(st.st_mode) && access(out, X_OK) == 0)
			return 0;
		p = *end ? end + 1 : end;
	}
	return -ENOENT;
}

int plot_available(void)
{
	char path[PATH_MAX];

	return find_program("gnuplot", path, sizeof(path)) == 0;
}

__attribute__((noreturn))
static void exec_gnuplot(const struct ctx *x, const char *script, int errfd)
{
	int null = open("/dev/null", O_RDWR | O_CLOEXEC);

	if (null < 0 || chdir(x->dir) || dup2(null, 0) < 0 || dup2(null, 1) < 0 || dup2(errfd, 2) < 0)
		_exit(126);
	execl(x->gnuplot, "gnuplot", script, (char *)NULL);
	_exit(127);
}

/* The last line gnuplot wrote: after the echoed command and its caret comes
 * "\"name.gp\" line 12: what is wrong". */
static void last_line(char *text, char *out, size_t len)
{
	char *end = text + strlen(text), *start;

	while (end > text && (end[-1] == '\n' || end[-1] == ' '))
		*--end = '\0';
	start = strrchr(text, '\n');
	snprintf(out, len, "%s", start ? start + 1 : text);
}

/* gnuplot's messages, the last 4 KiB of them: warnings come first, the error last. */
static int read_messages(int fd, char *buf, size_t len)
{
	size_t have = 0;
	ssize_t got;

	while ((got = read(fd, buf + have, len - 1 - have)) != 0) {
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			return -errno;
		have += (size_t)got;
		if (have > len / 2) {
			memmove(buf, buf + have - len / 4, len / 4);
			have = len / 4;
		}
	}
	buf[have] = '\0';
	return 0;
}

static int run_gnuplot(struct ctx *x, const char *script)
{
	char messages[4096], line[512];
	int pfd[2], status = 0, ret;
	pid_t pid;

	if (pipe2(pfd, O_CLOEXEC))
		return fail(x, -errno, "pipe for gnuplot");
	pid = fork();
	if (pid == 0)
		exec_gnuplot(x, script, pfd[1]);
	ret = pid < 0 ? -errno : 0;
	close(pfd[1]);
	if (!ret)
		ret = read_messages(pfd[0], messages, sizeof(messages));
	close(pfd[0]);
	while (pid > 0 && waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return fail(x, -errno, "waiting for gnuplot");
	if (ret)
		return fail(x, ret, "running gnuplot on %s/%s", x->dir, script);
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return 0;
	/* gnuplot's own words, not strerror(EIO). */
	last_line(messages, line, sizeof(line));
	snprintf(x->why, x->why_len, "gnuplot failed on %s/%s: %s", x->dir, script,
		 line[0] ? line : WIFSIGNALED(status) ? strsignal(WTERMSIG(status)) : "no message");
	return -EIO;
}

/* ---- writing a script ---- */

static int script_begin(struct ctx *x, struct script *s, const char *name, int width, int height)
{
	char path[PATH_MAX];

	memset(s, 0, sizeof(*s));
	snprintf(s->name, sizeof(s->name), "%s", name);
	s->width = width;
	s->height = height;
	if ((size_t)snprintf(path, sizeof(path), "%s/%s.gp", x->dir, name) >= sizeof(path))
		return fail(x, -ENAMETOOLONG, "%s/%s.gp", x->dir, name);
	if (!(s->f = fopen(path, "we")))
		return fail(x, -errno, "%s", path);
	if (!(s->plot = open_memstream(&s->plotbuf, &s->plotlen))) {
		fclose(s->f);
		return fail(x, -ENOMEM, "%s", path);
	}
	fprintf(s->f, "# zswapbench: %s.%s, drawn again with `gnuplot %s.gp` in this folder\n", name, ext(x), name);
	/* The key goes below: beside the plot it would take the width the title and the plot need. */
	fputs("reset\nset encoding utf8\nset grid\nset key below left Left reverse height 1\n"
	      "set offsets 0, 0, graph 0.05, 0\n", s->f);
	return 0;
}

/* The canvas, sized once the key and the title are known: wide enough for the longest title
 * line, tall enough for the key's rows, at about 6.6 pixels a character. */
static void canvas(const struct ctx *x, struct script *s)
{
	char picture[NAME_MAX_PLOT + 8];
	double ch = x->png ? 6.0 : 6.6;
	int width = s->width > (int)((double)s->titlelen * ch) + 120 ? s->width : (int)((double)s->titlelen * ch) + 120;
	int cols = (int)((width - 60) / ((double)s->keylen * (ch + 0.8) + 80));
	size_t rows = (s->keys + (size_t)(cols > 0 ? cols : 1) - 1) / (size_t)(cols > 0 ? cols : 1);

	/* noenhanced: labels are the user's text, where _ and ^ are no sub- or superscripts. */
	fprintf(s->f, "set terminal %s size %d,%d %snoenhanced font 'sans,%d' background '#ffffff'\n",
		x->png ? "pngcairo" : "svg", width, s->height + 18 * (int)rows, x->png ? "" : "fixed ",
		x->png ? 10 : 11);
	snprintf(picture, sizeof(picture), "%s.%s", s->name, ext(x));
	fputs("set output ", s->f);
	put_text(s->f, picture);
	fputc('\n', s->f);
}

static void script_abort(struct ctx *x, struct script *s)
{
	char path[PATH_MAX];

	fclose(s->plot);
	fclose(s->f);
	free(s->plotbuf);
	snprintf(path, sizeof(path), "%s/%s.gp", x->dir, s->name);
	unlink(path);
}

/* Closes the script, runs it, and names the picture. A picture gnuplot left half-drawn is
 * removed; the script stays, to read what went wrong. */
static int script_end(struct ctx *x, struct script *s)
{
	char path[PATH_MAX], script[NAME_MAX_PLOT + 4];
	int bad, ret = fclose(s->plot) ? -errno : 0;

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
	if (ret)
		return fail(x, ret, "%s/%s.gp", x->dir, s->name);
	snprintf(script, sizeof(script), "%s.gp", s->name);
	snprintf(path, sizeof(path), "%s/%s.%s", x->dir, s->name, ext(x));
	if ((ret = run_gnuplot(x, script))) {
		unlink(path);
		return ret;
	}
	if (x->out && list_add(&x->out->written, &x->out->nwritten, strdup(path)))
		return fail(x, -ENOMEM, "%s", path);
	return 0;
}

static int block_begin(struct script *s)
{
	fprintf(s->f, "$d%d << EOD\n", s->blocks);
	return s->blocks++;
}

static void block_end(struct script *s)
{
	fputs("EOD\n", s->f);
}

/* The separator before each element of the plot command but the first. */
static FILE *element(struct script *s)
{
	if (s->entries++)
		fputs(", \\\n     ", s->plot);
	return s->plot;
}

static void put_title(struct script *s, const char *title)
{
	if (!title) {
		fputs(" notitle", s->plot);
		return;
	}
	fputs(" title ", s->plot);
	put_text(s->plot, title);
	s->keys++;
	s->keylen = strlen(title) > s->keylen ? strlen(title) : s->keylen;
}

/* One trace: bold for the median trial, thin and half transparent for the others. A trace of
 * one point has no line to draw: it is drawn as a point. */
static void trace(struct script *s, int block, int ycol, const struct style *st, size_t npoints, const char *title)
{
	FILE *f = element(s);

	fprintf(f, "$d%d using 1:%d with %s lw %g lc rgb '#%s%s' dt %d", block, ycol,
		npoints >= 2 ? st->bold && st->pt ? "linespoints" : "lines" : st->bold ? "points pt 7 ps 1.4" : "points pt 7 ps 0.7",
		st->bold ? 2.5 : 1.0, st->bold ? "" : "70", st->colour, st->dt);
	if (npoints >= 2 && st->bold && st->pt)
		fprintf(f, " pt %d ps 0.9 pi %zu", st->pt, npoints / 8 + 1);
	put_title(s, title);
}

/* A key entry that draws nothing: what thin and bold mean. */
static void legend_traces(struct script *s, int thin)
{
	fputs("NaN with lines lw 1 lc rgb '#999999'", element(s));
	put_title(s, thin ? "thin: each trial; bold: the median trial by elapsed" : "the median trial by elapsed");
}

/* ---- titles ---- */

static void put_size(char *buf, size_t len, uint64_t bytes)
{
	snprintf(buf, len, "%g MiB", (double)bytes / MIB);
}

static const char *config_text(const struct results *r, const char *key)
{
	json_object *v;

	if (!r->config || !json_object_object_get_ex(r->config, key, &v) || !v)
		return NULL;
	return json_object_get_string(v);
}

/* What a run was: its allocation, data and trials, for plots across its cells. */
static void run_detail(const struct results *r, char *buf, size_t len)
{
	char alloc[32] = "?";
	const char *data = config_text(r, "data"), *access_mode = config_text(r, "access");
	const char *trials = config_text(r, "trials");

	if (r->ncells)
		put_size(alloc, sizeof(alloc), r->cells[0].alloc);
	snprintf(buf, len, "alloc %s, data %s, access %s, %s trials a cell", alloc, data ? data : "?",
		 access_mode ? access_mode : "?", trials ? trials : "?");
}

/* The first set's, and whether the others were run otherwise. */
static void sets_detail(const struct ctx *x, char *buf, size_t len)
{
	char other[512];

	run_detail(x->sets[0], buf, len);
	for (size_t k = 1; k < x->n; k++) {
		run_detail(x->sets[k], other, sizeof(other));
		if (strcmp(buf, other) != 0) {
			size_t at = strlen(buf);
			snprintf(buf + at, len - at, " in %s; the other sets differ", x->names[0]);
			return;
		}
	}
}

static void cell_detail(const struct results *r, const struct result_cell *c, char *buf, size_t len)
{
	char limit[32], alloc[32];
	const char *data = config_text(r, "data");

	put_size(limit, sizeof(limit), c->limit);
	put_size(alloc, sizeof(alloc), c->alloc);
	snprintf(buf, len, "limit %s, alloc %s, jobs %u%s%s%s%s%s, data %s", limit, alloc, c->jobs,
		 c->comp_used[0] ? ", comp " : "", c->comp_used, c->zpool_used[0] ? " (" : "", c->zpool_used,
		 c->zpool_used[0] ? ")" : "", data ? data : "?");
}

/* Which kernel on which host; with several sets, each by its name. */
static void origins(const struct ctx *x, char *buf, size_t len)
{
	size_t at = 0;

	buf[0] = '\0';
	for (size_t k = 0; k < x->n && at < len; k++) {
		const struct result_system *sys = &x->sets[k]->system;
		at += (size_t)snprintf(buf + at, len - at, "%s%s%skernel %s on %s", k ? "; " : "",
				       x->n > 1 ? x->names[k] : "", x->n > 1 ? ": " : "",
				       sys->kernel[0] ? sys->kernel : "?", sys->hostname[0] ? sys->hostname : "?");
	}
}

/* Three lines: what is drawn (and of which cell), where it ran, how it was configured. */
static void title(const struct ctx *x, struct script *s, const char *what, const char *label, const char *detail)
{
	char line[1200];

	snprintf(line, sizeof(line), "%s%s%s", what, label ? ": " : "", label ? label : "");
	fputs("set title ", s->f);
	put_text(s->f, line);
	s->titlelen = strlen(line);
	origins(x, line, sizeof(line));
	fputs(" . \"\\n\" . ", s->f);
	put_text(s->f, line);
	s->titlelen = strlen(line) > s->titlelen ? strlen(line) : s->titlelen;
	if (detail && detail[0]) {
		fputs(" . \"\\n\" . ", s->f);
		put_text(s->f, detail);
		s->titlelen = strlen(detail) > s->titlelen ? strlen(detail) : s->titlelen;
	}
	fputc('\n', s->f);
}

static void axis_labels(struct script *s, const char *xlabel, const char *ylabel)
{
	fputs("set xlabel ", s->f);
	put_text(s->f, xlabel);
	fputs("\nset ylabel ", s->f);
	put_text(s->f, ylabel);
	fputc('\n', s->f);
}

/* What a key says of cell j in set k: the label, and with several sets whose it is. */
static void entry_name(const struct ctx *x, size_t k, const char *label, char *buf, size_t len)
{
	if (x->n > 1)
		snprintf(buf, len, "%s: %s", x->tags[k], label);
	else
		snprintf(buf, len, "%s", label);
}

/* ---- memory and PSI against time ---- */

struct timeplot {
	enum series_plot plot;    /* the series fields it draws: result/series.c says which */
	const char *prefix, *every, *what, *ylabel, *missing;
};

static const struct timeplot timeplots[] = {
	{ SERIES_PLOT_MEMORY, "memory", "memory-*", "memory against time", "MiB",
	  "the time series holds no memory counter" },
	{ SERIES_PLOT_PSI, "psi", "psi-*", "memory pressure (PSI) against time",
	  "time stalled on memory since the release (ms)",
	  "the time series holds no PSI (no /proc/pressure on that kernel?)" },
};

/* The fields the plot draws, in the order of the series table; how many. */
static size_t time_fields(const struct timeplot *tp, enum series_field *fields)
{
	size_t n = 0;

	for (int f = 0; f < S_COUNT; f++)
		if (series_field_info((enum series_field)f)->plot == tp->plot)
			fields[n++] = (enum series_field)f;
	return n;
}

/* A value in the plot's unit: MiB for bytes and pages (of the machine that measured), ms for
 * stall time. */
static double time_value(enum series_field f, double v, uint64_t page_size)
{
	switch (series_field_info(f)->unit) {
	case SERIES_BYTES:
		return v * (1 / MIB);
	case SERIES_PAGES:
		return v * ((double)page_size / MIB);
	case SERIES_MICROSECONDS:
		return v * 1e-3;
	case SERIES_EVENTS:
		break;
	}
	return v;
}

static int has_series(const struct trial *t)
{
	return !t->warmup && t->series && t->series->n;
}

/* One cell's plot against time: the fields it draws, and which of them some trial has. */
struct time_view {
	enum series_field fields[S_COUNT];
	size_t nfields;
	unsigned present;         /* a bit per place in fields */
};

/* The fields some trial of cell j has; *series says whether any trial had a series. */
static void time_present(const struct ctx *x, struct time_view *v, size_t j, int *series)
{
	*series = 0;
	v->present = 0;
	for (size_t k = 0; k < x->n; k++) {
		const struct result_cell *c = find_cell(x->sets[k], x->labels[j]);
		for (size_t i = 0; c && i < c->ntrials; i++) {
			if (!has_series(&c->trials[i]))
				continue;
			*series = 1;
			for (size_t f = 0; f < v->nfields; f++)
				if (c->trials[i].series->have[v->fields[f]])
					v->present |= 1u << f;
		}
	}
}

/* A datablock of one trial's series: t, then every field of the plot (NaN where missing). */
static int time_block(struct script *s, const struct time_view *v, const struct series *se, uint64_t page_size)
{
	int id = block_begin(s);

	for (size_t i = 0; i < se->n; i++) {
		put_num(s->f, se->t[i]);
		for (size_t f = 0; f < v->nfields; f++) {
			enum series_field sf = v->fields[f];
			put_num(s->f, se->have[sf] ? time_value(sf, se->v[sf][i], page_size) : NAN);
		}
		fputc('\n', s->f);
	}
	block_end(s);
	return id;
}

/* Set k's trials of one cell: with one set a colour per field, with several a colour per set
 * and a dash per field. The key names each field once, on the median trial. */
static void time_cell(const struct ctx *x, struct script *s, const struct time_view *v, size_t k,
		      const struct result_cell *c)
{
	const struct trial *med = median_trial(c);
	unsigned titled = 0;
	char name[300];

	/* A median trial without a series (it was not sampled) gives no bold line: all are thin. */
	if (med && !has_series(med))
		med = NULL;
	for (size_t i = 0; i < c->ntrials; i++) {
		const struct trial *t = &c->trials[i];
		int id;
		if (!has_series(t))
			continue;
		id = time_block(s, v, t->series, x->sets[k]->system.page_size);
		for (size_t f = 0; f < v->nfields; f++) {
			struct style st = { palette[(x->n > 1 ? k : f) % NPALETTE], x->n > 1 ? (int)f + 1 : 1, 0,
					    t == med };
			int named = (t == med || !med) && !(titled & (1u << f));
			if (!(v->present & (1u << f)) || !t->series->have[v->fields[f]])
				continue;
			entry_name(x, k, series_field_info(v->fields[f])->label, name, sizeof(name));
			trace(s, id, 2 + (int)f, &st, t->series->n, named ? name : NULL);
			titled |= named ? 1u << f : 0;
		}
	}
}

static int plot_time(struct ctx *x, const struct timeplot *tp, size_t j)
{
	char name[NAME_MAX_PLOT], detail[512];
	const struct result_cell *c = NULL;
	struct time_view v = { 0 };
	struct script s;
	int series, ret;

	v.nfields = time_fields(tp, v.fields);
	time_present(x, &v, j, &series);
	snprintf(name, sizeof(name), "%s-%s", tp->prefix, x->slugs[j]);
	if (!v.present)
		return skip(x, name, "%s", series ? tp->missing : "no trial of this cell has a time series");
	for (size_t k = 0; k < x->n && !c; k++)
		if ((c = find_cell(x->sets[k], x->labels[j])))
			cell_detail(x->sets[k], c, detail, sizeof(detail));
	if ((ret = script_begin(x, &s, name, 900, 520)))
		return ret;
	title(x, &s, tp->what, x->labels[j], detail);
	axis_labels(&s, "time since the workload was released (s)", tp->ylabel);
	fputs("set xrange [0:*]\nset yrange [0:*]\n", s.f);
	for (size_t k = 0; k < x->n; k++)
		if ((c = find_cell(x->sets[k], x->labels[j])))
			time_cell(x, &s, &v, k, c);
	legend_traces(&s, 1);
	return script_end(x, &s);
}

/* ---- the fill curve ---- */

static int curve_block(struct script *s, const struct trial *t)
{
	int id = block_begin(s);

	for (size_t i = 0; i < t->ncurve; i++) {
		put_num(s->f, t->curve[i].t);
		put_num(s->f, (double)t->curve[i].bytes / MIB);
		fputc('\n', s->f);
	}
	block_end(s);
	return id;
}

/* Every trial thin under the median's bold line while the plot holds few cells; beyond, the
 * thin lines of a dozen cells hide the medians. */
static int fill_thin(const struct ctx *x)
{
	return x->nlabels * x->n <= 6;
}

/* Cell j of set k: one set, a colour per cell; several, a colour per set and a dash and a
 * marker per cell. */
static void fill_cell(const struct ctx *x, struct script *s, size_t j, size_t k, const struct result_cell *c)
{
	const struct trial *med = median_trial(c);
	struct style st = { palette[(x->n > 1 ? k : j) % NPALETTE], x->n > 1 ? 1 + (int)(j % 5) : 1,
			    x->n > 1 || x->nlabels > NPALETTE ? 1 + (int)(j % 13) : 0, 0 };
	char name[300];
	int titled = 0;

	if (med && !med->ncurve)
		med = NULL;
	entry_name(x, k, c->label, name, sizeof(name));
	for (size_t i = 0; i < c->ntrials; i++) {
		const struct trial *t = &c->trials[i];
		int named = (t == med || !med) && !titled;
		if (t->warmup || !t->ncurve || (t != med && med && !fill_thin(x)))
			continue;
		st.bold = t == med;
		trace(s, curve_block(s, t), 2, &st, t->ncurve, named ? name : NULL);
		titled |= named;
	}
}

static int any_curve(const struct ctx *x)
{
	for (size_t k = 0; k < x->n; k++)
		for (size_t i = 0; i < x->sets[k]->ncells; i++)
			for (size_t t = 0; t < x->sets[k]->cells[i].ntrials; t++)
				if (!x->sets[k]->cells[i].trials[t].warmup && x->sets[k]->cells[i].trials[t].ncurve)
					return 1;
	return 0;
}

static int plot_fill(struct ctx *x)
{
	char detail[512];
	struct script s;
	int ret;

	if (!any_curve(x))
		return skip(x, "fill-curve", "no trial has a fill curve (a command reports no progress)");
	sets_detail(x, detail, sizeof(detail));
	if ((ret = script_begin(x, &s, "fill-curve", 900, 520)))
		return ret;
	title(x, &s, "memory written against time, every cell", NULL, detail);
	axis_labels(&s, "time since the workload was released (s)", "written by the workload (MiB)");
	fputs("set xrange [0:*]\nset yrange [0:*]\n", s.f);
	for (size_t j = 0; j < x->nlabels; j++)
		for (size_t k = 0; k < x->n; k++)
			if (find_cell(x->sets[k], x->labels[j]))
				fill_cell(x, &s, j, k, find_cell(x->sets[k], x->labels[j]));
	legend_traces(&s, fill_thin(x));
	return script_end(x, &s);
}

/* ---- trials per cell ---- */

/* The median of q in the first set whose cell has one; +inf sorts cells without one last. */
static int sort_key(const struct ctx *x, size_t j, enum quantity q, double *key)
{
	struct summary sum;

	*key = INFINITY;
	for (size_t k = 0; k < x->n; k++) {
		const struct result_cell *c = find_cell(x->sets[k], x->labels[j]);
		int ret = c ? cell_summary(c, q, &sum) : -ENODATA;
		if (ret == -ENODATA)
			continue;
		if (!ret)
			*key = sum.median;
		return ret;
	}
	return 0;
}

/* The labels of cells with a value of q in some set, sorted by median; *m of them. */
static int order_cells(const struct ctx *x, enum quantity q, size_t **order, size_t *m)
{
	double *key = malloc((x->nlabels + 1) * sizeof(*key));
	int ret = 0;

	*m = 0;
	*order = malloc((x->nlabels + 1) * sizeof(**order));
	for (size_t j = 0; key && *order && !ret && j < x->nlabels; j++) {
		int any = 0;
		for (size_t k = 0; k < x->n && !any; k++)
			any = find_cell(x->sets[k], x->labels[j]) && cell_has(find_cell(x->sets[k], x->labels[j]), q);
		if (!any || (ret = sort_key(x, j, q, &key[*m])))
			continue;
		(*order)[*m] = j;
		/* Insertion sort: a dozen cells, and equal medians keep the order of the run. */
		for (size_t p = (*m)++; p > 0 && key[p - 1] > key[p]; p--) {
			double tk = key[p];
			size_t to = (*order)[p];
			key[p] = key[p - 1], key[p - 1] = tk;
			(*order)[p] = (*order)[p - 1], (*order)[p - 1] = to;
		}
	}
	if (!key || !*order)
		ret = -ENOMEM;
	free(key);
	return ret;
}

/* Cells along x at 1, 2, ..., labels turned by 30 degrees so that twelve long ones do not
 * overlap. A turned label reaches left of its tic by 0.87 of its length: the left margin
 * grows until the first ones fit on the canvas (a cell's slot is slot pixels wide). */
static void categories(const struct ctx *x, struct script *s, const size_t *order, size_t m, double slot)
{
	double ch = x->png ? 6.0 : 6.6, need = 0;

	fputs("set xtics rotate by 30 right nomirror (", s->f);
	for (size_t p = 0; p < m; p++) {
		double reach = 0.87 * (double)strlen(x->labels[order[p]]) * ch - ((double)p + 0.6) * slot;
		need = reach > need ? reach : need;
		fputs(p ? ", " : "", s->f);
		put_text(s->f, x->labels[order[p]]);
		fprintf(s->f, " %zu", p + 1);
	}
	/* gnuplot keeps a right margin for turned labels as if they reached right: they do not. */
	fprintf(s->f, ")\nset xrange [0.4:%g]\nset yrange [0:*]\nset rmargin 4\n", (double)m + 0.6);
	if (need > 8 * ch) {
		fprintf(s->f, "set lmargin %d\n", (int)(need / ch) + 2);
		s->width += (int)need;
	}
}

/* Set k's trials of q as points, ok ones (ok = 1) or failed ones, each cell's spread across
 * its box; *rows how many. */
static int points_block(const struct ctx *x, struct script *s, enum quantity q, size_t k, const size_t *order,
			size_t m, int ok, size_t *rows)
{
	double width = 0.6 / (double)x->n, off = ((double)k - ((double)x->n - 1) / 2) * 0.8 / (double)x->n;
	int id = block_begin(s);

	*rows = 0;
	for (size_t p = 0; p < m; p++) {
		const struct result_cell *c = find_cell(x->sets[k], x->labels[order[p]]);
		size_t cnt = 0, i2 = 0;
		for (size_t i = 0; c && i < c->ntrials; i++)
			cnt += !c->trials[i].warmup && (c->trials[i].status == TRIAL_OK) == ok &&
			       !isnan(quantity_of(&c->trials[i], q));
		for (size_t i = 0; c && i < c->ntrials; i++) {
			const struct trial *t = &c->trials[i];
			if (t->warmup || (t->status == TRIAL_OK) != ok || isnan(quantity_of(t, q)))
				continue;
			put_num(s->f, (double)p + 1 + off + (cnt > 1 ? width * 0.6 * ((double)i2++ / (double)(cnt - 1) - 0.5) : 0));
			put_num(s->f, quantity_of(t, q));
			fputc('\n', s->f);
			(*rows)++;
		}
	}
	block_end(s);
	return id;
}

/* Set k's boxes: x, the interval of the mean twice (box and whiskers the same), the median. */
static int box_block(const struct ctx *x, struct script *s, enum quantity q, size_t k, const size_t *order,
		     size_t m, size_t *rows)
{
	double off = ((double)k - ((double)x->n - 1) / 2) * 0.8 / (double)x->n;
	int id = block_begin(s);

	*rows = 0;
	for (size_t p = 0; p < m; p++) {
		const struct result_cell *c = find_cell(x->sets[k], x->labels[order[p]]);
		struct summary sum;
		int ret = c ? cell_summary(c, q, &sum) : -ENODATA;
		if (ret == -ENODATA)
			continue;
		if (ret)
			return ret;
		put_num(s->f, (double)p + 1 + off);
		put_num(s->f, sum.mean_lo), put_num(s->f, sum.mean_lo);
		put_num(s->f, sum.mean_hi), put_num(s->f, sum.mean_hi);
		put_num(s->f, sum.median);
		fputc('\n', s->f);
		(*rows)++;
	}
	block_end(s);
	return id;
}

static void trials_elements(const struct ctx *x, struct script *s, size_t k, const int id[3], const size_t rows[3])
{
	const char *colour = palette[k % NPALETTE];
	char name[300];

	if (rows[0]) {
		entry_name(x, k, "95% interval of the mean", name, sizeof(name));
		fprintf(element(s), "$d%d using 1:2:3:4:5 with candlesticks fs transparent solid 0.25 border lc rgb '#%s' "
			"lc rgb '#%s'", id[0], colour, colour);
		put_title(s, name);
		fprintf(element(s), "$d%d using 1:6:6:6:6 with candlesticks lw 3 lc rgb '#000000'", id[0]);
		put_title(s, k == 0 ? "median" : NULL);
	}
	if (rows[1]) {
		entry_name(x, k, "trials", name, sizeof(name));
		fprintf(element(s), "$d%d using 1:2 with points pt 7 ps 0.7 lc rgb '#%s'", id[1], colour);
		put_title(s, name);
	}
	if (rows[2]) {
		entry_name(x, k, "failed trials (not in the statistics)", name, sizeof(name));
		fprintf(element(s), "$d%d using 1:2 with points pt 2 ps 1.3 lw 2 lc rgb '#%s'", id[2],
			x->n > 1 ? colour : "d62728");
		put_title(s, name);
	}
}

static int trials_set(const struct ctx *x, struct script *s, enum quantity q, size_t k, const size_t *order, size_t m)
{
	int id[3];
	size_t rows[3];

	id[0] = box_block(x, s, q, k, order, m, &rows[0]);
	if (id[0] < 0)
		return id[0];
	id[1] = points_block(x, s, q, k, order, m, 1, &rows[1]);
	id[2] = points_block(x, s, q, k, order, m, 0, &rows[2]);
	trials_elements(x, s, k, id, rows);
	return 0;
}

static int plot_trials(struct ctx *x, enum quantity q)
{
	char detail[512];
	size_t *order = NULL, m;
	struct script s;
	int slot = 50 + 30 * (int)x->n, ret = order_cells(x, q, &order, &m);

	if (ret)
		ret = fail(x, ret, "the statistics of %s", quantities[q].file);
	else if (!m)
		ret = skip(x, quantities[q].file, "no trial has %s", quantities[q].metric);
	if (ret || !m) {
		free(order);
		return ret;
	}
	sets_detail(x, detail, sizeof(detail));
	/* Room for each cell's boxes side by side. */
	ret = script_begin(x, &s, quantities[q].file, 240 + (int)m * slot, 560);
	if (!ret) {
		title(x, &s, quantities[q].what, NULL, detail);
		/* No label under the cells: gnuplot would let the key below cover it. */
		fputs("set ylabel ", s.f);
		put_text(s.f, quantities[q].ylabel);
		fputc('\n', s.f);
		categories(x, &s, order, m, slot);
		fprintf(s.f, "set boxwidth %g absolute\n", 0.6 / (double)x->n);
		for (size_t k = 0; k < x->n && !ret; k++)
			ret = trials_set(x, &s, q, k, order, m);
		if (ret) {
			script_abort(x, &s);
			ret = fail(x, ret, "the statistics of %s", quantities[q].file);
		} else {
			ret = script_end(x, &s);
		}
	}
	free(order);
	return ret;
}

/* ---- sweeps ---- */

enum axis { AX_JOBS, AX_LIMIT, AX_COMP, AX_COUNT };

static const struct {
	const char *file, *what, *xlabel;
} axes[AX_COUNT] = {
	[AX_JOBS] = { "sweep-jobs", "mean elapsed time against jobs", "jobs (processes in the cgroup)" },
	[AX_LIMIT] = { "sweep-limit", "mean elapsed time against the memory limit", "memory limit of the cgroup (MiB)" },
	[AX_COMP] = { "sweep-comp", "mean elapsed time against the compressor", "compressor" },
};

struct point {
	double x, mean, lo, hi;
};

/* One line of a sweep: a backend (with the other axes' values) in one set. */
struct group {
	size_t set;
	char name[128];
	struct point *pts;
	size_t n;
};

struct sweep {
	enum axis a;
	const char *comps[64];    /* the comp axis's places: every compressor, first seen first */
	size_t ncomps;
	int varies[AX_COUNT];
	struct group *groups;
	size_t ngroups;
};

/* The compressor a cell asked for, else the one the kernel chose; NULL: the backend takes none. */
static const char *cell_comp(const struct result_cell *c)
{
	return c->comp[0] ? c->comp : c->comp_used[0] ? c->comp_used : NULL;
}

/* Where cell c is on axis a; 0 when it is not on it (a backend without a compressor). */
static int axis_pos(const struct sweep *w, enum axis a, const struct result_cell *c, double *pos)
{
	const char *comp = cell_comp(c);

	if (a == AX_JOBS)
		*pos = c->jobs;
	else if (a == AX_LIMIT)
		*pos = (double)c->limit / MIB;
	for (size_t i = 0; a == AX_COMP && comp && i < w->ncomps; i++)
		if (strcmp(w->comps[i], comp) == 0) {
			*pos = (double)i;
			return 1;
		}
	return a != AX_COMP;
}

/* The compressors, and which axes take more than one value in all the cells. */
static void sweep_axes(const struct ctx *x, struct sweep *w)
{
	double first[AX_COUNT] = { NAN, NAN, NAN }, pos;

	for (size_t k = 0; k < x->n; k++)
		for (size_t i = 0; i < x->sets[k]->ncells; i++) {
			const struct result_cell *c = &x->sets[k]->cells[i];
			if (cell_comp(c) && !axis_pos(w, AX_COMP, c, &pos) &&
			    w->ncomps < sizeof(w->comps) / sizeof(w->comps[0]))
				w->comps[w->ncomps++] = cell_comp(c);
			for (int a = 0; a < AX_COUNT; a++) {
				if (!axis_pos(w, (enum axis)a, c, &pos))
					continue;
				if (isnan(first[a]))
					first[a] = pos;
				w->varies[a] |= pos != first[a];
			}
		}
}

static void group_name(const struct sweep *w, const struct result_cell *c, char *buf, size_t len)
{
	char limit[32];
	size_t at = (size_t)snprintf(buf, len, "%s", c->backend);

	/* The other axes as the cells' labels spell them (plan.c). */
	if (w->a != AX_COMP && c->comp[0] && at < len)
		at += (size_t)snprintf(buf + at, len - at, ":%s", c->comp);
	if (w->a != AX_JOBS && w->varies[AX_JOBS] && at < len)
		at += (size_t)snprintf(buf + at, len - at, " jobs=%u", c->jobs);
	size_format(c->limit, limit, sizeof(limit));
	if (w->a != AX_LIMIT && w->varies[AX_LIMIT] && at < len)
		snprintf(buf + at, len - at, " limit=%s", limit);
}

static int group_add_point(struct sweep *w, size_t k, const char *name, struct point pt)
{
	struct group *g = NULL;
	struct point *grown;

	for (size_t i = 0; i < w->ngroups && !g; i++)
		if (w->groups[i].set == k && strcmp(w->groups[i].name, name) == 0)
			g = &w->groups[i];
	if (!g) {
		struct group *more = realloc(w->groups, (w->ngroups + 1) * sizeof(*more));
		if (!more)
			return -ENOMEM;
		w->groups = more;
		g = &more[w->ngroups++];
		*g = (struct group){ .set = k };
		snprintf(g->name, sizeof(g->name), "%s", name);
	}
	if (!(grown = realloc(g->pts, (g->n + 1) * sizeof(*grown))))
		return -ENOMEM;
	g->pts = grown;
	/* Sorted along x as they come: the line joins them left to right. */
	size_t p = g->n++;
	for (; p > 0 && g->pts[p - 1].x > pt.x; p--)
		g->pts[p] = g->pts[p - 1];
	g->pts[p] = pt;
	return 0;
}

/* Every cell on the axis as a point of its group's line; NaN where no trial finished. */
static int sweep_groups(const struct ctx *x, struct sweep *w)
{
	char name[128];

	for (size_t k = 0; k < x->n; k++)
		for (size_t i = 0; i < x->sets[k]->ncells; i++) {
			const struct result_cell *c = &x->sets[k]->cells[i];
			struct summary sum;
			struct point pt = { .mean = NAN, .lo = NAN, .hi = NAN };
			int ret;
			if (!axis_pos(w, w->a, c, &pt.x))
				continue;
			if ((ret = cell_summary(c, Q_ELAPSED, &sum)) && ret != -ENODATA)
				return ret;
			/* One trial has no interval: the bar shrinks to the mean. */
			if (!ret) {
				pt.mean = sum.mean;
				pt.lo = isnan(sum.mean_lo) ? sum.mean : sum.mean_lo;
				pt.hi = isnan(sum.mean_hi) ? sum.mean : sum.mean_hi;
			}
			group_name(w, c, name, sizeof(name));
			if ((ret = group_add_point(w, k, name, pt)))
				return ret;
		}
	return 0;
}

/* The most points one line has: all of them (finished = 0), or those with a finished trial. */
static size_t longest_line(const struct sweep *w, int finished)
{
	size_t most = 0;

	for (size_t g = 0; g < w->ngroups; g++) {
		size_t n = 0;
		for (size_t p = 0; p < w->groups[g].n; p++)
			n += !finished || !isnan(w->groups[g].pts[p].mean);
		most = n > most ? n : most;
	}
	return most;
}

static void sweep_free(struct sweep *w)
{
	for (size_t i = 0; i < w->ngroups; i++)
		free(w->groups[i].pts);
	free(w->groups);
}

/* The axis's values as tics: compressors by name, numbers as they are. */
static void sweep_tics(struct script *s, const struct sweep *w)
{
	int first = 1;

	fputs("set xtics nomirror (", s->f);
	for (size_t i = 0; w->a == AX_COMP && i < w->ncomps; i++) {
		fputs(i ? ", " : "", s->f);
		put_text(s->f, w->comps[i]);
		fprintf(s->f, " %zu", i);
	}
	for (size_t g = 0; w->a != AX_COMP && g < w->ngroups; g++)
		for (size_t p = 0; p < w->groups[g].n; p++) {
			fprintf(s->f, "%s%.10g", first ? "" : ", ", w->groups[g].pts[p].x);
			first = 0;
		}
	fputs(")\nset offsets graph 0.05, graph 0.05, graph 0.05, 0\nset yrange [0:*]\n", s->f);
}

/* Each group's line: one set, a colour per group; several, a colour per set, a dash per group. */
static void sweep_lines(const struct ctx *x, struct script *s, const struct sweep *w)
{
	size_t nth[64] = { 0 };
	char name[300];

	for (size_t g = 0; g < w->ngroups; g++) {
		const struct group *gr = &w->groups[g];
		size_t i = nth[gr->set % 64]++;
		int id = block_begin(s);
		for (size_t p = 0; p < gr->n; p++) {
			/* A cell without a finished trial is left out, not a break in the line. */
			if (isnan(gr->pts[p].mean))
				continue;
			put_num(s->f, gr->pts[p].x), put_num(s->f, gr->pts[p].mean);
			put_num(s->f, gr->pts[p].lo), put_num(s->f, gr->pts[p].hi);
			fputc('\n', s->f);
		}
		block_end(s);
		entry_name(x, gr->set, gr->name, name, sizeof(name));
		fprintf(element(s), "$d%d using 1:2:3:4 with yerrorlines lw 2 pt %d ps 1 lc rgb '#%s' dt %d", id,
			5 + (int)(i % 4) * 2, palette[(x->n > 1 ? gr->set : i) % NPALETTE], x->n > 1 ? 1 + (int)(i % 5) : 1);
		put_title(s, name);
	}
}

static int sweep_draw(struct ctx *x, const struct sweep *w)
{
	char detail[600];
	struct script s;
	int ret;

	sets_detail(x, detail, sizeof(detail) - 40);
	strcat(detail, "; bars: 95% interval of the mean");
	if ((ret = script_begin(x, &s, axes[w->a].file, 900, 520)))
		return ret;
	title(x, &s, axes[w->a].what, NULL, detail);
	axis_labels(&s, axes[w->a].xlabel, "elapsed, mean (s)");
	sweep_tics(&s, w);
	sweep_lines(x, &s, w);
	return script_end(x, &s);
}

/* A sweep along a: a line of some backend (and the other axes' values) takes two values of it;
 * a compressor per backend (zram's lzo-rle, zswap's lzo) is none. */
static int plot_sweep(struct ctx *x, enum axis a)
{
	struct sweep w = { .a = a };
	int ret;

	sweep_axes(x, &w);
	if (!w.varies[a])
		return 0;
	if ((ret = sweep_groups(x, &w)))
		ret = fail(x, ret, "the statistics of %s", axes[a].file);
	else if (longest_line(&w, 0) > 1 && longest_line(&w, 1) < 2)
		ret = skip(x, axes[a].file, "no line has a finished trial at two of its values");
	else if (longest_line(&w, 0) > 1)
		ret = sweep_draw(x, &w);
	sweep_free(&w);
	return ret;
}

/* ---- the whole ---- */

/* A label as a file name: letters, digits, . _ + kept, the rest one dash; unique. */
static void slugify(struct ctx *x, size_t j)
{
	char *out = x->slugs[j];
	size_t k = 0, len = sizeof(x->slugs[j]) - 8;

	for (const char *p = x->labels[j]; *p && k < len; p++) {
		char ch = *p;
		int keep = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
			   (k && (ch == '.' || ch == '_' || ch == '+'));
		if (keep)
			out[k++] = ch;
		else if (k && out[k - 1] != '-')
			out[k++] = '-';
	}
	while (k && out[k - 1] == '-')
		k--;
	out[k] = '\0';
	for (size_t i = 0; i < j; i++)
		if (!k || strcmp(x->slugs[i], out) == 0) {
			snprintf(out + k, sizeof(x->slugs[j]) - k, "%s%zu", k ? "-" : "cell-", j + 1);
			break;
		}
	if (!out[0])
		snprintf(out, sizeof(x->slugs[j]), "cell-%zu", j + 1);
}

static int collect_labels(struct ctx *x)
{
	size_t total = 0;

	for (size_t k = 0; k < x->n; k++)
		total += x->sets[k]->ncells;
	x->labels = calloc(total + 1, sizeof(*x->labels));
	x->slugs = calloc(total + 1, sizeof(*x->slugs));
	if (!x->labels || !x->slugs)
		return -ENOMEM;
	for (size_t k = 0; k < x->n; k++)
		for (size_t i = 0; i < x->sets[k]->ncells; i++) {
			const char *label = x->sets[k]->cells[i].label;
			size_t j = 0;
			while (j < x->nlabels && strcmp(x->labels[j], label) != 0)
				j++;
			if (j == x->nlabels) {
				x->labels[x->nlabels] = label;
				slugify(x, x->nlabels++);
			}
		}
	return 0;
}

static int name_sets(struct ctx *x, const char *const *names)
{
	x->names = calloc(x->n, sizeof(*x->names));
	x->tags = calloc(x->n, sizeof(*x->tags));
	if (!x->names || !x->tags)
		return -ENOMEM;
	for (size_t k = 0; k < x->n; k++) {
		const char *kernel = x->sets[k]->system.kernel;
		char *name = NULL, *tag = NULL;
		int ret = names && names[k] ? asprintf(&name, "%s", names[k]) : asprintf(&name, "run %zu", k + 1);
		if (ret < 0)
			return -ENOMEM;
		x->names[k] = name;
		if (asprintf(&tag, "%s (%s)", name, kernel[0] ? kernel : "?") < 0)
			return -ENOMEM;
		x->tags[k] = tag;
	}
	return 0;
}

static void ctx_free(struct ctx *x)
{
	for (size_t k = 0; k < x->n; k++) {
		free(x->names ? x->names[k] : NULL);
		free(x->tags ? x->tags[k] : NULL);
	}
	free(x->names);
	free(x->tags);
	free(x->labels);
	free(x->slugs);
}

static int make_dir(struct ctx *x)
{
	struct stat st;

	if (mkdir(x->dir, 0755) == 0)
		return 0;
	if (errno != EEXIST)
		return fail(x, -errno, "%s", x->dir);
	if (stat(x->dir, &st))
		return fail(x, -errno, "%s", x->dir);
	return S_ISDIR(st.st_mode) ? 0 : fail(x, -ENOTDIR, "%s", x->dir);
}

/* Whether any trial of any set has a time series: without, one line says so for all cells. */
static int any_series(const struct ctx *x)
{
	for (size_t k = 0; k < x->n; k++)
		for (size_t i = 0; i < x->sets[k]->ncells; i++)
			for (size_t t = 0; t < x->sets[k]->cells[i].ntrials; t++)
				if (has_series(&x->sets[k]->cells[i].trials[t]))
					return 1;
	return 0;
}

static int plot_all(struct ctx *x)
{
	size_t ntime = sizeof(timeplots) / sizeof(timeplots[0]);
	int ret = 0;

	for (size_t p = 0; p < ntime && !any_series(x) && !ret; p++)
		ret = skip(x, timeplots[p].every, "no time series in any cell (the run had --interval 0)");
	for (size_t j = 0; j < x->nlabels && any_series(x) && !ret; j++)
		for (size_t p = 0; p < ntime && !ret; p++)
			ret = plot_time(x, &timeplots[p], j);
	if (!ret)
		ret = plot_fill(x);
	for (int q = 0; q < Q_COUNT && !ret; q++)
		ret = plot_trials(x, (enum quantity)q);
	for (int a = 0; a < AX_COUNT && !ret; a++)
		ret = plot_sweep(x, (enum axis)a);
	return ret;
}

int plot_results(const struct results *const *sets, const char *const *names, size_t n, const char *dir,
		 int png, struct plot_output *out, char *why, size_t why_len)
{
	struct ctx x = { .sets = sets, .n = n, .dir = dir, .png = png, .out = out, .why = why, .why_len = why_len };
	int ret;

	if (out)
		memset(out, 0, sizeof(*out));
	if (!sets || !n || !dir || !dir[0]) {
		snprintf(why, why_len, "no result set or no folder to plot into");
		return -EINVAL;
	}
	if (find_program("gnuplot", x.gnuplot, sizeof(x.gnuplot))) {
		snprintf(why, why_len, "gnuplot: not found in PATH");
		return -ENOENT;
	}
	if ((ret = make_dir(&x)) == 0) {
		if (name_sets(&x, names) || collect_labels(&x))
			ret = fail(&x, -ENOMEM, "plotting");
		else
			ret = plot_all(&x);
	}
	ctx_free(&x);
	return ret;
}
