/* What drawing says: every file written on stdout, a line each, what was not drawn and a
 * failure on stderr, the report's own name after it unless the page itself went to stdout. */
#include <criterion/criterion.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runner/base/log.h"
#include "runner/report/draw.h"
#include "tools.h"

/* A whole file, empty or not (to free). */
static char *text_of(const char *path)
{
	FILE *f = fopen(path, "r");
	char *text = calloc(1, 1 << 20);
	size_t n;

	cr_assert(f && text);
	n = fread(text, 1, (1 << 20) - 1, f);
	text[n] = '\0';
	fclose(f);
	return text;
}

struct said {
	char *out, *err;
};

/* fd 1 and 2 into files while call runs; what went to each. */
static int captured(int (*call)(void *), void *arg, struct said *s)
{
	char out[] = "/tmp/zsb-draw-out-XXXXXX", err[] = "/tmp/zsb-draw-err-XXXXXX";
	int fo = mkstemp(out), fe = mkstemp(err), keep1 = dup(1), keep2 = dup(2), ret;

	cr_assert(fo >= 0 && fe >= 0 && keep1 >= 0 && keep2 >= 0);
	fflush(stdout);
	fflush(stderr);
	dup2(fo, 1);
	dup2(fe, 2);
	ret = call(arg);
	fflush(stdout);
	fflush(stderr);
	dup2(keep1, 1);
	dup2(keep2, 2);
	close(keep1);
	close(keep2);
	close(fo);
	close(fe);
	s->out = text_of(out);
	s->err = text_of(err);
	unlink(out);
	unlink(err);
	return ret;
}

struct drawing {
	const struct results *set;
	const char *dir;
};

static int plot_one(void *arg)
{
	const struct drawing *d = arg;
	const char *name = "no-series.json";

	return plot_sets(&d->set, &name, 1, d->dir, 0);
}

static int report_one(void *arg)
{
	const struct drawing *d = arg;
	const char *name = "no-series.json";
	struct report_opts o = { .cmp = { .alpha = 0.05, .noise_pct = 2 } };

	return report_sets(&d->set, &name, 1, &o, d->dir);
}

Test(draw, every_plot_written_listed_and_the_skipped_said)
{
	struct results r;
	char *dir = temp_dir("zsb-draw"), want[1024];
	struct drawing d = { &r, dir };
	struct said s;

	read_fixture("no-series.json", &r);
	cr_assert_eq(captured(plot_one, &d, &s), EXIT_OK, "%s", s.err);
	snprintf(want, sizeof(want),
		 "%s/fill-curve.svg\n%s/trials-elapsed.svg\n%s/trials-cpu.svg\n"
		 "%s/trials-compression-ratio.svg\n",
		 dir, dir, dir, dir);
	cr_assert_str_eq(s.out, want);
	cr_assert(strstr(s.err,
			 "not drawn: memory-*.svg: no time series in any cell (the run had "
			 "--interval 0)\n"),
		  "%s", s.err);
	free(s.out);
	free(s.err);
	results_free(&r);
	remove_dir(dir);
}

Test(draw, a_folder_that_is_not_there_said_once)
{
	struct results r;
	struct drawing d = { &r, "/nonexistent/x" };
	struct said s;

	read_fixture("no-series.json", &r);
	cr_assert_eq(captured(plot_one, &d, &s), EXIT_RUNTIME);
	cr_assert_str_eq(s.out, "");
	cr_assert(strstr(s.err, "/nonexistent/x: No such file or directory\n"), "%s", s.err);
	free(s.out);
	free(s.err);
	results_free(&r);
}

/* A folder other users can write is refused as bad input, in one line naming it. */
Test(draw, a_folder_others_can_write_is_bad_input)
{
	struct results r;
	char *dir = temp_dir("zsb-draw"), want[1024];
	struct drawing d = { &r, dir };
	struct said s;

	if (!have_tool("gnuplot"))
		cr_skip_test("gnuplot is not installed (gnuplot-nox)");
	read_fixture("no-series.json", &r);
	cr_assert_eq(chmod(dir, 0777), 0);
	cr_assert_eq(captured(plot_one, &d, &s), EXIT_USAGE, "%s", s.err);
	cr_expect_str_eq(s.out, "");
	snprintf(want, sizeof(want), "%s: writable by other users (mode 777)", dir);
	cr_expect(strstr(s.err, want), "%s", s.err);
	free(s.out);
	free(s.err);
	results_free(&r);
	remove_dir(dir);
}

Test(draw, the_reports_name_after_it_unless_it_went_to_stdout)
{
	struct results r;
	char *dir = temp_dir("zsb-draw"), path[512], want[520];
	struct drawing d = { &r, path };
	struct said s;

	read_fixture("no-series.json", &r);
	snprintf(path, sizeof(path), "%s/r.html", dir);
	cr_assert_eq(captured(report_one, &d, &s), EXIT_OK, "%s", s.err);
	snprintf(want, sizeof(want), "%s\n", path);
	cr_assert_str_eq(s.out, want);
	free(s.out);
	free(s.err);
	d.dir = "-";
	cr_assert_eq(captured(report_one, &d, &s), EXIT_OK, "%s", s.err);
	cr_assert(strlen(s.out) > 8 && strcmp(s.out + strlen(s.out) - 8, "</html>\n") == 0, "%s",
		  s.out + strlen(s.out) - 20);
	free(s.out);
	free(s.err);
	results_free(&r);
	remove_dir(dir);
}
