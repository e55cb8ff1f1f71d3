/* `zswapbench show FILE...`: a saved run printed as the run printed it, on stdout or into the
 * file --output names. */
#include <json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/base/escape.h"
#include "runner/cli/options.h"
#include "runner/cli/report_opts.h"
#include "runner/commands/commands.h"
#include "runner/commands/files.h"
#include "runner/base/log.h"
#include "runner/report/formats/formats.h"
#include "runner/report/report.h"
#include "runner/base/wrap.h"
#include "runner/result/json_read.h"
#include "runner/profile/profile_json.h"
#include "runner/profile/summary.h"

/* Several files in one JSON document: a list of them. */
static int show_json(const struct file_set *fs, const struct report_opts *o, FILE *out)
{
	int ret = 0;

	if (fs->n > 1)
		fprintf(out, "[\n");
	for (size_t i = 0; i < fs->n && !ret; i++) {
		ret = report_print(fs->ptrs[i], o, out);
		if (fs->n > 1 && i + 1 < fs->n)
			fprintf(out, ",\n");
	}
	if (fs->n > 1)
		fprintf(out, "]\n");
	return ret;
}

/* A file's heading among several, within VIEW_COLUMNS as the views' lines are (base/wrap.h). */
static void heading(const struct file_set *fs, size_t i, FILE *out)
{
	const struct results *r = fs->ptrs[i];
	char *line = NULL;
	int n = asprintf(&line, "== %s: kernel %s, host %s, %s", fs->names[i], r->system.kernel,
			 r->system.hostname, r->started);

	if (i)
		fputc('\n', out);
	if (n < 0) {
		fprintf(out, "== %s\n", fs->names[i]);
		line = NULL;
	} else {
		wrap_line(line, (size_t)n, VIEW_COLUMNS, out);
	}
	fputc('\n', out);
	free(line);
}

static int show_each(const struct file_set *fs, struct report_opts *o, FILE *out)
{
	int ret = 0;

	for (size_t i = 0; i < fs->n && !ret; i++) {
		const struct results *r = fs->ptrs[i];
		if (fs->n > 1)
			heading(fs, i, out);
		o->file = fs->names[i];
		ret = report_print(r, o, out);
	}
	return ret;
}

/* The long CSV of any number of files, one file in memory at a time: the heading once. The
 * first file's document is read already (first, taken): let go once made results, so that a
 * file's document and its results are never held while it is printed (the readers' bound). */
static int show_csv(const struct config *cfg, const struct report_opts *o, FILE *out,
		    struct json_object *first)
{
	struct render_opts render = o->render;
	char why[512];
	int ret = 0;

	for (int i = 0; i < cfg->view.nfiles && !ret; i++) {
		struct results r;
		const struct results *set = &r;
		const char *name = cfg->view.files[i];
		int bad = i == 0 ? results_from_json(first, &r, why, sizeof(why))
				 : results_read(cfg->view.files[i], &r, why, sizeof(why));
		if (i == 0)
			json_object_put(first);
		if (bad) {
			say("%s: %s", cfg->view.files[i], why);
			return EXIT_USAGE;
		}
		ret = report_long_table(&set, &name, 1, &render, out);
		render.noheadings = 1;
		results_free(&r);
	}
	return ret ? EXIT_RUNTIME : EXIT_OK;
}

/* The first file's document is read already (first, taken), and let go once every file is
 * read, before anything is printed. */
static int show_files(const struct config *cfg, struct report_opts *o, FILE *out,
		      struct json_object *first)
{
	struct file_set fs = { 0 };
	int ret = file_set_read_after(&fs, cfg->view.files, (size_t)cfg->view.nfiles, first);

	json_object_put(first);
	if (ret) {
		file_set_free(&fs);
		return EXIT_USAGE;
	}
	/* -J's tables of several files are one JSON value too: a list of each file's. */
	ret = format_def_of(cfg->view.format)->several == SEVERAL_LIST || cfg->view.table_json
		? show_json(&fs, o, out)
		: show_each(&fs, o, out);
	file_set_free(&fs);
	return ret ? EXIT_RUNTIME : EXIT_OK;
}

/* Profiles, each by its summary, the first from its document, read already; a result file
 * among them is refused (show it alone). */
static int show_profiles(const struct config *cfg, FILE *out, struct json_object *first)
{
	char why[256];
	struct profile p;
	int ret = 0;

	for (int i = 0; i < cfg->view.nfiles && !ret; i++) {
		const char *name = cfg->view.files[i];
		ret = i == 0 ? profile_from_json_object(first, &p, why, sizeof(why))
			     : profile_read(name, &p, why, sizeof(why));
		if (ret) {
			say("%s: %s", name, why);
			break;
		}
		profile_summary(&p, out);
		profile_free(&p);
	}
	return ret ? EXIT_USAGE : EXIT_OK;
}

/* What the first file is tells how all are shown: read once, since "-" cannot be read again,
 * and under the readers' memory bound. */
static int show_all(const struct config *cfg, struct report_opts *o, FILE *out)
{
	struct json_object *first = file_doc_read(cfg->view.files[0]);
	int status;

	if (!first)
		return EXIT_USAGE;
	if (!profile_json_object_is(first))
		return format_def_of(cfg->view.format)->several == SEVERAL_ONE_TABLE
			? show_csv(cfg, o, out, first)
			: show_files(cfg, o, out, first);
	status = show_profiles(cfg, out, first);
	json_object_put(first);
	return status;
}

int show_run(const struct config *cfg)
{
	struct report_opts o = report_opts_of(cfg);
	struct view_out view;
	FILE *out;
	int status = view_open(&view, cfg->output), closed;

	if (status)
		return status;
	/* A result file is untrusted: what it holds reaches the terminal escaped. */
	out = escape_open(view.f, view_escape(cfg));
	if (out) {
		status = show_all(cfg, &o, out);
		fclose(out);
	} else {
		say("out of memory");
		status = EXIT_RUNTIME;
	}
	closed = view_close(&view, cfg->output);
	return status ? status : closed;
}
