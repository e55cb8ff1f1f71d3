/* The commands that read saved files, run on the fixtures as a user types them: what each
 * prints, where, and its exit status; and the refusals that come before anything runs. Nothing
 * here starts a trial: a savings search is always a dry run. */
#include <criterion/criterion.h>
#include <errno.h>
#include <json.h>
#include <limits.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/util.h"
#include "runner/base/log.h"
#include "runner/cli/config_file.h"
#include "runner/cli/help.h"
#include "runner/cli/options.h"
#include "runner/commands/command_options.h"
#include "runner/commands/commands.h"
#include "runner/commands/files.h"
#include "runner/result/json_write.h"
#include "runner/result/results.h"
#include "fixture.h"
#include "tools.h"

#define RESULTS FIXTURES "/results/"

static char msg[1024];
static char captured[1 << 16];
static int saved_fd = -1, capture_fd = -1, captured_of;
static char *tmp;

static void drop_tmp(void)
{
	if (tmp)
		remove_dir(tmp);
	tmp = NULL;
}

/* What the code writes to fd (1 or 2) from here to capture_end, in captured. */
static void capture_begin(int fd)
{
	char path[] = "/tmp/zsb-capture-XXXXXX";

	fflush(stdout);
	fflush(stderr);
	capture_fd = mkstemp(path);
	cr_assert_geq(capture_fd, 0);
	unlink(path);
	saved_fd = dup(fd);
	dup2(capture_fd, fd);
	captured_of = fd;
}

static const char *capture_end(void)
{
	ssize_t n;

	fflush(stdout);
	fflush(stderr);
	dup2(saved_fd, captured_of);
	close(saved_fd);
	lseek(capture_fd, 0, SEEK_SET);
	n = read(capture_fd, captured, sizeof(captured) - 1);
	captured[n > 0 ? n : 0] = '\0';
	close(capture_fd);
	return captured;
}

static void parse_for(const char *word, struct config *cfg, int argc, char **argv)
{
	cr_assert_eq(options_parse(command_of(word), argc, argv, cfg, msg, sizeof(msg)),
		     OPTIONS_RUN, "%s", msg);
}

#define ARGV(...) ((char *[]){ __VA_ARGS__, NULL })
#define ARGC(...) (int)(sizeof((char *[]){ __VA_ARGS__ }) / sizeof(char *))
/* A command's status with its words parsed as typed, stdout or stderr (fd) kept. */
#define COMMAND(fd, run, word, ...)                                                                \
	({                                                                                         \
		struct config cfg_;                                                                \
		int status_;                                                                       \
		parse_for(word, &cfg_, ARGC(__VA_ARGS__), ARGV(__VA_ARGS__));                      \
		capture_begin(fd);                                                                 \
		status_ = run(&cfg_);                                                              \
		capture_end();                                                                     \
		config_free(&cfg_);                                                                \
		status_;                                                                           \
	})

static char *out_file(const char *name)
{
	static char path[PATH_MAX];

	if (!tmp)
		tmp = temp_dir("zsb-cmdrun");
	snprintf(path, sizeof(path), "%s/%s", tmp, name);
	return path;
}

/* JSON as the standard has it: no comma after a list's last item. */
static json_object *strict_parse(const char *text)
{
	struct json_tokener *tok = json_tokener_new();
	json_object *doc;

	json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
	doc = json_tokener_parse_ex(tok, text, (int)strlen(text));
	json_tokener_free(tok);
	return doc;
}

/* Several files' JSON is one document: a list of them, no comma after the last. */
Test(show, several_files_as_json_are_a_list, .fini = drop_tmp)
{
	char *file = out_file("out.json"), *text;
	json_object *doc;

	cr_assert_eq(COMMAND(2, show_run, "show", "show", "--format", "json", "-o", file,
			     RESULTS "disk-zram.json", RESULTS "oom.json"),
		     EXIT_OK, "%s", captured);
	text = slurp(file);
	doc = strict_parse(text);
	cr_assert(json_object_is_type(doc, json_type_array), "%s", text);
	cr_assert_eq(json_object_array_length(doc), 2);
	json_object_put(doc);
	free(text);
	cr_assert_eq(COMMAND(2, show_run, "show", "show", "--format", "json", "-o", file,
			     RESULTS "disk-zram.json"),
		     EXIT_OK);
	text = slurp(file);
	doc = json_tokener_parse(text);
	cr_assert(json_object_is_type(doc, json_type_object), "one file, no list: %.80s", text);
	json_object_put(doc);
	free(text);
}

/* Each file under its own heading: name, kernel, host; a blank line between, none first. */
Test(show, each_file_under_its_heading, .fini = drop_tmp)
{
	char *file = out_file("out.txt"), *text;

	cr_assert_eq(COMMAND(2, show_run, "show", "show", "-o", file, RESULTS "disk-zram.json",
			     RESULTS "zswap-64k-pages.json"),
		     EXIT_OK, "%s", captured);
	text = slurp(file);
	cr_assert(strncmp(text, "== " RESULTS "disk-zram.json: kernel 6.18.44-fc-v657, host vm, ",
			  strlen("== " RESULTS
				 "disk-zram.json: kernel 6.18.44-fc-v657, host vm, ")) == 0,
		  "%.200s", text);
	/* Within 100 columns: the date on a line of its own (base/wrap.h). */
	cr_assert_not_null(strstr(text,
				  "\n\n== " RESULTS
				  "zswap-64k-pages.json: kernel 6.12.0-1-arm64-64k, host "
				  "arm64-64k,\n  2026-11-30T02:23:25Z\n\n"),
			   "%s", text);
	free(text);
}

/* The long CSV of several files has its heading once. */
Test(show, a_long_csv_has_one_heading, .fini = drop_tmp)
{
	char *file = out_file("out.csv"), *text, *first_line;
	size_t n = 0;

	cr_assert_eq(COMMAND(2, show_run, "show", "show", "--format", "csv", "-o", file,
			     RESULTS "disk-zram.json", RESULTS "oom.json"),
		     EXIT_OK, "%s", captured);
	text = slurp(file);
	first_line = strndup(text, strcspn(text, "\n"));
	for (const char *at = text; (at = strstr(at, first_line)); at++)
		n++;
	cr_assert_eq(n, 1, "the heading '%s' %zu times", first_line, n);
	free(first_line);
	free(text);
}

Test(files, a_set_is_read_whole_and_the_first_document_used_once)
{
	struct file_set fs = { 0 };
	char *names[] = { RESULTS "disk-zram.json", RESULTS "twelve-cells.json" };
	json_object *first;

	cr_assert_eq(file_set_read(&fs, names, 2), 0);
	cr_assert_eq(fs.n, 2);
	cr_assert_str_eq(fs.names[1], names[1]);
	cr_assert_eq(fs.ptrs[1]->ncells, 12);
	file_set_free(&fs);
	first = file_doc_read(names[0]);
	cr_assert_not_null(first);
	cr_assert_eq(file_set_read_after(&fs, names, 2, first), 0);
	cr_assert_eq(fs.ptrs[0]->ncells, 2);
	cr_assert_eq(fs.ptrs[1]->ncells, 12, "the second file read from its own");
	file_set_free(&fs);
	json_object_put(first);
}

/* "-" and nothing are stdout; a write that fails is a runtime failure, said. /dev/full, a
 * device in a folder only root can write, is written as named, not replaced by a file. */
Test(files, stdout_and_a_failed_write)
{
	struct view_out v;
	struct stat st;

	cr_assert_eq(view_open(&v, "-"), 0);
	cr_assert_eq(v.f, stdout);
	cr_assert_eq(view_open(&v, ""), 0);
	cr_assert_eq(v.f, stdout);
	cr_assert_eq(view_open(&v, NULL), 0);
	cr_assert_eq(v.f, stdout);
	cr_assert_eq(view_open(&v, "/dev/full"), 0);
	fputs("x\n", v.f);
	capture_begin(2);
	cr_assert_eq(view_close(&v, "/dev/full"), EXIT_RUNTIME);
	capture_end();
	cr_assert_not_null(strstr(captured, "/dev/full: No space left on device"), "%s", captured);
	cr_assert_eq(lstat("/dev/full", &st), 0);
	cr_assert(S_ISCHR(st.st_mode), "/dev/full is still the device");
}

/* --output naming a link another user put in their folder, to a file of root's: the text
 * replaces the link, the file it pointed to is left as it was. */
Test(files, an_output_at_a_planted_link_replaces_the_link)
{
	char *parent, *users = nobodys_folder("zsb-view", &parent), victim[PATH_MAX], out[PATH_MAX],
		      *text;
	struct view_out v;
	struct stat st;
	FILE *f;

	snprintf(victim, sizeof(victim), "%s/victim", parent);
	snprintf(out, sizeof(out), "%s/out.txt", users);
	cr_assert_not_null(f = fopen(victim, "w"));
	fputs("precious\n", f);
	fclose(f);
	cr_assert_eq(symlink(victim, out), 0);
	cr_assert_eq(view_open(&v, out), 0);
	fputs("the view\n", v.f);
	cr_assert_eq(view_close(&v, out), EXIT_OK);
	text = slurp(victim);
	cr_expect_str_eq(text, "precious\n", "written through the link");
	free(text);
	cr_assert_eq(lstat(out, &st), 0);
	cr_expect(S_ISREG(st.st_mode), "the link is still there");
	text = slurp(out);
	cr_expect_str_eq(text, "the view\n");
	free(text);
	free(users);
	remove_dir(parent);
}

struct planting {
	const char *victim, *out;
};

static void plant(void *arg)
{
	const struct planting *p = arg;

	plant_link(p->victim, p->out);
}

/* The other user, in their folder, puts a link to root's file at the name again and again
 * while the view is written 200 times: the file never changes. */
Test(files, another_users_links_never_reach_the_file, .timeout = 60)
{
	char *parent, *users = nobodys_folder("zsb-view", &parent), victim[PATH_MAX], out[PATH_MAX],
		      *text = NULL;
	struct planting p = { victim, out };
	struct view_out v;
	int changed = -1, failed = -1;
	pid_t pid;
	FILE *f;

	snprintf(victim, sizeof(victim), "%s/victim", parent);
	snprintf(out, sizeof(out), "%s/out.txt", users);
	cr_assert_not_null(f = fopen(victim, "w"));
	fputs("precious\n", f);
	fclose(f);
	pid = as_nobody_looping(plant, &p);
	for (int i = 0; i < 200 && changed < 0 && failed < 0; i++) {
		if (view_open(&v, out)) {
			failed = i;
			break;
		}
		fprintf(v.f, "round %d\n", i);
		if (view_close(&v, out) != EXIT_OK)
			failed = i;
		text = slurp(victim);
		if (strcmp(text, "precious\n"))
			changed = i;
		free(text);
	}
	stop_child(pid);
	cr_expect_eq(changed, -1, "the file changed at round %d", changed);
	cr_expect_eq(failed, -1, "round %d failed", failed);
	free(users);
	remove_dir(parent);
}

/* --group-by: each group labelled with its count of files; one group is nothing to compare. */
Test(compare, groups_are_labelled_and_one_is_refused, .fini = drop_tmp)
{
	char *file = out_file("cmp.txt"), *text;

	setenv("ZSWAPBENCH_RUNDIR", out_file("state"), 1);
	cr_assert_eq(COMMAND(2, compare_run, "compare", "compare", "--group-by", "host", "-o", file,
			     RESULTS "disk-zram.json", RESULTS "no-series.json"),
		     EXIT_USAGE);
	cr_assert_not_null(strstr(captured,
				  "--group-by host: every file is of one group (host vm): "
				  "nothing to compare it with"),
			   "%s", captured);
	cr_assert_eq(COMMAND(2, compare_run, "compare", "compare", "--group-by", "host", "-o", file,
			     RESULTS "disk-zram.json", RESULTS "no-series.json",
			     RESULTS "zswap-64k-pages.json"),
		     EXIT_OK, "%s", captured);
	text = slurp(file);
	cr_assert_not_null(strstr(text, "host vm (2 files)"), "%s", text);
	cr_assert_not_null(strstr(text, "host arm64-64k (1 file)"), "%s", text);
	free(text);
}

/* disk-zram.json with every trial's elapsed time times factor, written to name. */
static char *scaled_fixture(const char *name, double factor)
{
	char *file = out_file(name), *text;
	struct results r;
	FILE *f;

	read_fixture("disk-zram.json", &r);
	scale_metric(&r, M_ELAPSED, factor);
	text = results_to_string(&r);
	cr_assert_not_null(f = fopen(file, "w"));
	fputs(text, f);
	fclose(f);
	free(text);
	results_free(&r);
	return file;
}

/* --fail-on: exit 5 on what the gate names, said in one line; 0 otherwise. The base 30%
 * faster makes disk's +42.9% a regression (p = 0.032); zram's is not significant. */
Test(compare, fail_on_gates_the_exit_status, .fini = drop_tmp)
{
	/* out_file's buffer is its own: each path copied before the next. */
	char *fast = strdup(scaled_fixture("fast.json", 0.7)), *slow = RESULTS "disk-zram.json";
	char *file = strdup(out_file("cmp.txt"));

	setenv("ZSWAPBENCH_RUNDIR", out_file("state"), 1);
	cr_expect_eq(COMMAND(2, compare_run, "compare", "compare", "-o", file, fast, slow), EXIT_OK,
		     "no gate asked: %s", captured);
	cr_expect_eq(COMMAND(2, compare_run, "compare", "compare", "--fail-on", "regression", "-o",
			     file, fast, slow),
		     EXIT_REGRESSION);
	cr_expect_not_null(
		strstr(captured,
		       "compare: 1 of 2 comparisons is a regression (--fail-on regression)"),
		"%s", captured);
	cr_expect_eq(COMMAND(2, compare_run, "compare", "compare", "--fail-on", "regression", "-o",
			     file, slow, fast),
		     EXIT_OK, "faster is no regression: %s", captured);
	cr_expect_eq(COMMAND(2, compare_run, "compare", "compare", "--fail-on", "change", "-o",
			     file, slow, fast),
		     EXIT_REGRESSION);
	cr_expect_not_null(strstr(captured,
				  "compare: 1 of 2 comparisons changed (--fail-on change)"),
			   "%s", captured);
	cr_expect_eq(COMMAND(2, compare_run, "compare", "compare", "--fail-on", "change", "-o",
			     file, slow, slow),
		     EXIT_OK, "%s", captured);
	cr_expect_eq(COMMAND(2, compare_run, "compare", "compare", "--fail-on", "none", "-o", file,
			     fast, slow),
		     EXIT_OK, "%s", captured);
}

/* Files with no cell in common: said, and a usage error. */
Test(compare, nothing_in_common_is_a_usage_error, .fini = drop_tmp)
{
	setenv("ZSWAPBENCH_RUNDIR", out_file("state"), 1);
	cr_assert_eq(COMMAND(2, compare_run, "compare", "compare", "-o", out_file("cmp.txt"),
			     RESULTS "disk-zram.json", RESULTS "block-static.json"),
		     EXIT_USAGE, "%s", captured);
}

/* hostile.json: no-series.json with a label that would retitle the terminal and clear it, one
 * of UTF-8 text with a C1 CSI (U+009B), a kernel with a title and a host that is a formula. */
#define HOSTILE RESULTS "hostile.json"
#define TITLE_ESCAPED "disk\\x1b]0;title\\x07\\x1b[2J"
#define UTF8_KEPT "zram µs…\\xc2\\x9b31m"
#define KERNEL_ESCAPED "kernel 6.1\\x1b]0;kernel\\x07"

/* A terminal of a UTF-8 locale, as most are: each test runs in a process of its own. */
static void utf8_locale(void)
{
	cr_assert_not_null(setlocale(LC_ALL, "C.UTF-8"));
}

/* Nothing a terminal acts on: no C0 control but the line break, no DEL, no C1 in UTF-8. */
static void expect_no_controls(const char *text, const char *what)
{
	for (const unsigned char *s = (const unsigned char *)text; *s; s++) {
		cr_expect(*s >= 0x20 || *s == '\n', "%s: byte 0x%02x at %zu", what, *s,
			  (size_t)(s - (const unsigned char *)text));
		cr_expect(*s != 0x7f && (*s != 0xc2 || s[1] < 0x80 || s[1] > 0x9f),
			  "%s: a control at %zu", what, (size_t)(s - (const unsigned char *)text));
	}
}

/* show's text: the file's bytes escaped, its UTF-8 kept, wherever the view prints them. */
Test(show, a_hostile_file_reaches_the_terminal_escaped, .init = utf8_locale, .fini = drop_tmp)
{
	char *file = out_file("show.txt"), *text;

	cr_assert_eq(COMMAND(2, show_run, "show", "show", "-o", file, HOSTILE), EXIT_OK, "%s",
		     captured);
	text = slurp(file);
	expect_no_controls(text, "show");
	cr_expect(strncmp(text, TITLE_ESCAPED ": 5 of 5 trials ok",
			  strlen(TITLE_ESCAPED ": 5 of 5 trials ok")) == 0,
		  "%s", text);
	cr_expect(strstr(text, "\n" UTF8_KEPT ": 5 of 5 trials ok"), "%s", text);
	free(text);
	cr_assert_eq(COMMAND(2, show_run, "show", "show", "-v", "-o", file, HOSTILE,
			     RESULTS "no-series.json"),
		     EXIT_OK, "%s", captured);
	text = slurp(file);
	expect_no_controls(text, "show -v of two files");
	/* The heading wrapped within 100 columns as the terminal shows it (base/wrap.h). */
	cr_expect(strstr(text, "== " HOSTILE ": " KERNEL_ESCAPED ", host\n  =HYPERLINK("), "%s",
		  text);
	cr_expect(strstr(text, TITLE_ESCAPED), "%s", text);
	free(text);
	cr_assert_eq(COMMAND(2, show_run, "show", "show", "--format", "markdown", "-o", file,
			     HOSTILE),
		     EXIT_OK, "%s", captured);
	text = slurp(file);
	expect_no_controls(text, "markdown");
	cr_expect(strstr(text, UTF8_KEPT), "%s", text);
	free(text);
	/* The short answer as a table: libsmartcols' cells, and markdown's. */
	cr_assert_eq(COMMAND(2, show_run, "show", "show", "-C", "cell,elapsed", "-o", file,
			     HOSTILE),
		     EXIT_OK, "%s", captured);
	text = slurp(file);
	expect_no_controls(text, "the table");
	cr_expect(strstr(text, "\n" TITLE_ESCAPED " 0.167 s\n"), "%s", text);
	free(text);
	cr_assert_eq(COMMAND(2, show_run, "show", "show", "-C", "cell,elapsed", "--format",
			     "markdown", "-o", file, HOSTILE),
		     EXIT_OK, "%s", captured);
	text = slurp(file);
	expect_no_controls(text, "the markdown table");
	cr_expect(strstr(text, "\n| " TITLE_ESCAPED " | 0.167 s |\n| " UTF8_KEPT " | 0.204 s |\n"),
		  "%s", text);
	free(text);
	/* Another locale's terminal reads bytes: the label's UTF-8 is escaped too. */
	cr_assert_not_null(setlocale(LC_ALL, "C"));
	cr_assert_eq(COMMAND(2, show_run, "show", "show", "-o", file, HOSTILE), EXIT_OK, "%s",
		     captured);
	text = slurp(file);
	cr_expect(strstr(text, "\nzram \\xc2\\xb5s\\xe2\\x80\\xa6\\xc2\\x9b31m: 5 of 5"), "%s",
		  text);
	free(text);
}

/* JSON: the same strings to a reader, none of them raw in the text. */
Test(show, a_hostile_file_as_json_keeps_its_strings, .init = utf8_locale, .fini = drop_tmp)
{
	char *file = out_file("show.json"), *text;
	json_object *doc, *cells;

	cr_assert_eq(COMMAND(2, show_run, "show", "show", "--format", "json", "-o", file, HOSTILE),
		     EXIT_OK, "%s", captured);
	text = slurp(file);
	expect_no_controls(text, "json");
	doc = strict_parse(text);
	cr_assert_not_null(doc, "%.200s", text);
	cells = json_object_object_get(doc, "cells");
	cr_expect_str_eq(json_object_get_string(json_object_object_get(
				 json_object_array_get_idx(cells, 0), "label")),
			 "disk\033]0;title\007\033[2J");
	cr_expect_str_eq(json_object_get_string(json_object_object_get(
				 json_object_array_get_idx(cells, 1), "label")),
			 "zram µs…\xc2\x9b"
			 "31m");
	json_object_put(doc);
	free(text);
}

/* The long CSV: a host that is a formula is text; the values stay numbers. */
Test(show, a_hostile_file_s_csv_has_no_formula, .fini = drop_tmp)
{
	char *file = out_file("show.csv"), *text;

	cr_assert_eq(COMMAND(2, show_run, "show", "show", "--format", "csv", "-o", file, HOSTILE),
		     EXIT_OK, "%s", captured);
	text = slurp(file);
	expect_no_controls(text, "csv");
	cr_expect(strstr(text,
			 "\n" HOSTILE ",\"'=HYPERLINK(\"\"http://example.com\"\",\"\"x\"\")\","
			 "6.1\\x1b]0;kernel\\x07," TITLE_ESCAPED ",disk,"),
		  "%.400s", text);
	cr_expect(strstr(text, ",elapsed,0.201850567,s\n"), "%.400s", text);
	free(text);
}

/* compare's view: both files' machines and cells, escaped. */
Test(compare, a_hostile_file_reaches_the_terminal_escaped, .init = utf8_locale, .fini = drop_tmp)
{
	char *file = out_file("cmp.txt"), *text;

	setenv("ZSWAPBENCH_RUNDIR", out_file("state"), 1);
	cr_assert_eq(COMMAND(2, compare_run, "compare", "compare", "-o", file, HOSTILE,
			     RESULTS "no-series.json"),
		     EXIT_OK, "%s", captured);
	text = slurp(file);
	expect_no_controls(text, "compare");
	/* Wrapped within 100 columns as the terminal shows it, each escape four columns. */
	cr_expect(strstr(text, "base " HOSTILE ": " KERNEL_ESCAPED ", host\n  =HYPERLINK("), "%s",
		  text);
	cr_expect(strstr(text, "\n" TITLE_ESCAPED " (limit 32M"), "%s", text);
	cr_expect(strstr(text, "\n" UTF8_KEPT " (limit 32M"), "%s", text);
	free(text);
	cr_assert_eq(COMMAND(2, compare_run, "compare", "compare", "--format", "csv", "-o", file,
			     RESULTS "no-series.json", HOSTILE),
		     EXIT_OK, "%s", captured);
	text = slurp(file);
	expect_no_controls(text, "compare's csv");
	cr_expect(strstr(text, "\n" HOSTILE ",disk,elapsed,s,"), "%.300s", text);
	free(text);
}

/* A savings answer is drawn alone; a file that is not there is a usage error. */
Test(plot_command, a_savings_answer_is_drawn_alone, .fini = drop_tmp)
{
	if (!have_tool("gnuplot"))
		cr_skip_test("gnuplot is not installed (gnuplot-nox)");
	cr_assert_eq(COMMAND(2, plot_run, "plot", "plot", "-o", out_file("plots"),
			     FIXTURES "/savings/hot25-zram.json", RESULTS "disk-zram.json"),
		     EXIT_USAGE);
	cr_assert_not_null(strstr(captured, "a savings answer is plotted alone"), "%s", captured);
	cr_assert_eq(COMMAND(2, plot_run, "plot", "plot", "-o", out_file("plots"),
			     RESULTS "no-such.json"),
		     EXIT_USAGE);
}

Test(report_command, a_missing_file_is_a_usage_error, .fini = drop_tmp)
{
	if (!have_tool("gnuplot"))
		cr_skip_test("gnuplot is not installed (gnuplot-nox)");
	cr_assert_eq(COMMAND(2, report_run, "report", "report", "-o", out_file("r.html"),
			     RESULTS "no-such.json"),
		     EXIT_USAGE);
	cr_assert_not_null(strstr(captured, "no-such.json"), "%s", captured);
}

/* sysinfo prints a table or JSON, nothing else, from the tree --sysroot names. */
Test(sysinfo, json_or_a_table_only)
{
	struct config cfg;
	json_object *doc;

	parse_for("sysinfo", &cfg, 5,
		  ARGV("sysinfo", "--format", "json", "--sysroot", FIXTURES "/v2"));
	capture_begin(1);
	cr_assert_eq(sysinfo_run(&cfg), EXIT_OK);
	capture_end();
	doc = json_tokener_parse(captured);
	cr_assert(json_object_is_type(doc, json_type_object), "%.200s", captured);
	json_object_put(doc);
	cfg.view.format = FORMAT_MARKDOWN;
	capture_begin(2);
	cr_assert_eq(sysinfo_run(&cfg), EXIT_USAGE);
	capture_end();
	cr_assert_not_null(strstr(captured, "--format 'markdown': sysinfo prints a table or json"),
			   "%s", captured);
	cfg.view.format = FORMAT_CSV;
	capture_begin(2);
	cr_assert_eq(sysinfo_run(&cfg), EXIT_USAGE);
	capture_end();
	cr_assert_not_null(strstr(captured, "--format 'csv'"), "%s", captured);
	cfg.view.format = FORMAT_TAP;
	capture_begin(2);
	cr_assert_eq(sysinfo_run(&cfg), EXIT_USAGE);
	capture_end();
	cr_assert_not_null(strstr(captured, "--format 'tap': sysinfo prints a table or json"), "%s",
			   captured);
	config_free(&cfg);
}

static void put_file(const char *dir, const char *name, const char *text)
{
	char path[PATH_MAX];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	cr_assert_not_null(f, "%s", path);
	fputs(text, f);
	fclose(f);
}

/* A host's name is a local user's to choose in a container: sysinfo's table escapes it, its
 * JSON keeps it. */
Test(sysinfo, a_hostname_reaches_the_terminal_escaped, .init = utf8_locale, .fini = drop_tmp)
{
	static const char *const dirs[] = { "proc", "proc/sys", "proc/sys/kernel" };
	char root[PATH_MAX];
	struct config cfg;
	json_object *doc;

	for (size_t i = 0; i < ARRAY_SIZE(dirs); i++)
		cr_assert_eq(mkdir(out_file(dirs[i]), 0700), 0);
	put_file(out_file("proc/sys/kernel"), "hostname", "evil\033]0;x\007\xc2\x9b\n");
	snprintf(root, sizeof(root), "%s", tmp);
	parse_for("sysinfo", &cfg, 3, ARGV("sysinfo", "--sysroot", root));
	capture_begin(1);
	cr_assert_eq(sysinfo_run(&cfg), EXIT_OK);
	capture_end();
	expect_no_controls(captured, "sysinfo");
	cr_expect(strstr(captured, "  hostname                 evil\\x1b]0;x\\x07\\xc2\\x9b\n"),
		  "%s", captured);
	cfg.view.format = FORMAT_JSON;
	capture_begin(1);
	cr_assert_eq(sysinfo_run(&cfg), EXIT_OK);
	capture_end();
	expect_no_controls(captured, "sysinfo's json");
	doc = json_tokener_parse(captured);
	cr_assert_not_null(doc, "%.200s", captured);
	cr_expect_str_eq(json_object_get_string(json_object_object_get(
				 json_object_object_get(doc, "kernel"), "hostname")),
			 "evil\033]0;x\007\xc2\x9b");
	json_object_put(doc);
	config_free(&cfg);
}

/* The presets by name, each with its comment's first line. */
Test(list_configs, presets_in_order_with_their_comment, .fini = drop_tmp)
{
	char dir[PATH_MAX];
	const char *want = "a.b                          First\n"
			   "b                            Second one\n";

	snprintf(dir, sizeof(dir), "%s", out_file("configs"));
	cr_assert_eq(mkdir(dir, 0755), 0);
	put_file(dir, "b.conf", "[run]\n#   Second one\n# more\n");
	put_file(dir, "a.b.conf", "#First\n[run]\n");
	put_file(dir, "notes.txt", "# not a preset\n");
	put_file(dir, ".conf", "# no name\n");
	config_preset_dirs_from(tmp);
	capture_begin(1);
	cr_assert_eq(list_configs_main(command_of("list-configs"), 1, ARGV("list-configs")),
		     EXIT_OK);
	capture_end();
	cr_assert_str_eq(captured, want);
}

static int runs;
static int count_run(const struct config *cfg)
{
	(void)cfg;
	return ++runs, 7;
}

/* A command's options parsed first: its run only when they are right. */
Test(command_options, the_run_only_after_its_options)
{
	struct command_info c = *command_of("show");

	c.run = count_run;
	runs = 0;
	capture_begin(1);
	cr_assert_eq(command_main(&c, 2, ARGV("show", "--help")), EXIT_OK);
	cr_assert_eq(command_main(&c, 2, ARGV("show", "--version")), EXIT_OK);
	capture_end();
	cr_assert_not_null(strstr(captured, "zswapbench " ZSB_VERSION "\n"), "%s", captured);
	capture_begin(2);
	cr_assert_eq(command_main(&c, 2, ARGV("show", "--bogus")), EXIT_USAGE);
	capture_end();
	cr_assert_str_eq(captured,
			 "zswapbench: unknown option '--bogus'; try 'zswapbench show --help'\n");
	cr_assert_eq(runs, 0);
	cr_assert_eq(command_main(&c, 2, ARGV("show", "a.json")), 7);
	cr_assert_eq(runs, 1);
}

/* A command of no options: --help or -h, else its word refused. */
Test(command_options, a_command_without_options)
{
	const struct command_info *c = command_of("list-configs");

	cr_assert_eq(command_without_options(c, 1, ARGV("list-configs")), -1);
	capture_begin(1);
	cr_assert_eq(command_without_options(c, 2, ARGV("list-configs", "-h")), EXIT_OK);
	cr_assert_eq(command_without_options(c, 2, ARGV("list-configs", "--help")), EXIT_OK);
	capture_end();
	capture_begin(2);
	cr_assert_eq(command_without_options(c, 2, ARGV("list-configs", "x")), EXIT_USAGE);
	capture_end();
	cr_assert_str_eq(captured,
			 "zswapbench: list-configs: unexpected argument 'x'; try "
			 "'zswapbench list-configs --help'\n");
}

Test(commands, a_word_is_a_whole_name)
{
	cr_assert_str_eq(command_of("show")->name, "show");
	cr_assert(command_of("s")->implicit);
	cr_assert(command_of("sho")->implicit);
	cr_assert(command_of("")->implicit);
	cr_assert(command_of("shows")->implicit);
}

/* What savings refuses, before any run: each refusal on its own, the search never started
 * (a dry run, should a refusal be missed). */
Test(savings, refusals_before_the_search, .fini = drop_tmp)
{
	/* getopt reorders argv: the words in writable memory */
	struct {
		int argc;
		char *argv[8];
		const char *want;
	} cases[] = {
		{ 4,
		  { "savings", "-n", "--jobs", "1,2" },
		  "savings: --jobs: one value: the search's axis is the backends" },
		{ 4,
		  { "savings", "-n", "--comp", "lz4,zstd" },
		  "savings: --comp: one value: the search's axis is the backends" },
		{ 4,
		  { "savings", "-n", "--swappiness", "10,60" },
		  "savings: --swappiness: one value: the search's axis is the backends" },
		{ 6,
		  { "savings", "-n", "--thp", "never,always", "--page-cluster", "0,3" },
		  "savings: --thp: one value: the search's axis is the backends" },
		{ 4,
		  { "savings", "-n", "--swap", "none" },
		  "savings: --swap: none is the search's reference, not a backend" },
		{ 4,
		  { "savings", "-n", "--swap", "zram,none" },
		  "savings: --swap: none is the search's reference, not a backend" },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct config cfg;
		int status;
		parse_for("savings", &cfg, cases[i].argc, cases[i].argv);
		cr_assert(cfg.dry_run);
		capture_begin(2);
		status = savings_run(&cfg);
		capture_end();
		cr_assert_eq(status, EXIT_USAGE, "%s", cases[i].want);
		cr_assert_not_null(strstr(captured, cases[i].want), "%s", captured);
		config_free(&cfg);
	}
}

Test(savings, a_config_of_sections_is_refused, .fini = drop_tmp)
{
	char *conf = out_file("one.conf");
	struct config cfg;
	int status;

	put_file(tmp, "one.conf", "[a]\nswap = zram\n");
	parse_for("savings", &cfg, 4, ARGV("savings", "-n", "--config", conf));
	cr_assert_eq(cfg.nsections, 1);
	capture_begin(2);
	status = savings_run(&cfg);
	capture_end();
	cr_assert_eq(status, EXIT_USAGE);
	cr_assert_not_null(strstr(captured,
				  "savings: --config: a config file's sections are cells"),
			   "%s", captured);
	config_free(&cfg);
}

/* help COMMAND prints what COMMAND --help does; a word near a command is named with it. */
Test(commands, help_names_a_command_and_the_one_a_typo_meant)
{
	const struct command_info *help = command_of("help"), *show = command_of("show");
	char *want;

	cr_assert_str_eq(help->name, "help");
	capture_begin(1);
	options_help(stdout, show, commands, ncommands);
	capture_end();
	want = strdup(captured);
	capture_begin(1);
	cr_assert_eq(help->main(help, 2, ARGV("help", "show")), EXIT_OK);
	capture_end();
	cr_expect_str_eq(captured, want);
	free(want);
	capture_begin(1);
	cr_assert_eq(help->main(help, 2, ARGV("help", "run")), EXIT_OK);
	capture_end();
	cr_expect(strncmp(captured, "Usage: zswapbench [options]", 27) == 0, "%.80s", captured);
	capture_begin(2);
	cr_assert_eq(help->main(help, 2, ARGV("help", "shw")), EXIT_USAGE);
	capture_end();
	cr_expect_str_eq(captured,
			 "zswapbench: help: 'shw' is not a command (did you mean "
			 "'show'?); try 'zswapbench --help'\n");
	capture_begin(2);
	cr_assert_eq(help->main(help, 2, ARGV("help", "frobnicate")), EXIT_USAGE);
	capture_end();
	cr_expect_str_eq(
		captured,
		"zswapbench: help: 'frobnicate' is not a command; try 'zswapbench --help'\n");
	capture_begin(2);
	cr_assert_eq(help->main(help, 3, ARGV("help", "show", "compare")), EXIT_USAGE);
	capture_end();
}

Test(commands, a_typo_is_two_edits_at_most_and_fewer_than_its_letters)
{
	cr_expect_str_eq(command_near("shw"), "show");
	cr_expect_str_eq(command_near("compre"), "compare");
	cr_expect_str_eq(command_near("comapre"), "compare", "a swap is two edits");
	cr_expect_str_eq(command_near("sysinof"), "sysinfo");
	cr_expect_str_eq(command_near("Show"), "show");
	cr_expect_null(command_near("sh"), "two edits of a two-letter word is any word");
	cr_expect_null(command_near("frobnicate"));
	cr_expect_null(command_near("shoooow"), "three edits");
	cr_expect_null(command_near("run"), "the run has no word to mistype");
	cr_expect_str_eq(command_near("clenup"), "cleanup");
}

/* The run's first word, mistyped: its usage line names the command it was likely meant to be. */
Test(commands, the_runs_unexpected_word_suggests_a_command)
{
	capture_begin(2);
	cr_assert_eq(command_main(command_of(NULL), 2, ARGV("zswapbench", "shw")), EXIT_USAGE);
	capture_end();
	cr_expect_str_eq(captured,
			 "zswapbench: unexpected argument 'shw': did you mean 'zswapbench "
			 "show'?; try 'zswapbench --help'\n");
	capture_begin(2);
	cr_assert_eq(command_main(command_of(NULL), 3, ARGV("zswapbench", "-n", "extra")),
		     EXIT_USAGE);
	capture_end();
	cr_expect_str_eq(captured,
			 "zswapbench: unexpected argument 'extra'; try 'zswapbench --help'\n");
}
