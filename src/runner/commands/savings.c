/* `zswapbench savings [--slowdown PCT] [--steps N] [run options] [-- COMMAND [ARG...]]`: per
 * backend, the smallest memory limit at which the workload stays within the slowdown of its
 * run without a limit, found by a bisection of runs (result/savings.h), and the memory that
 * saves with its interval. Every step's run is kept in its own result file; --plot DIR draws
 * the answer at the end. */
#include <errno.h>
#include <libgen.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "common/size.h"
#include "common/util.h"
#include "runner/base/escape.h"
#include "runner/base/folder.h"
#include "runner/base/invoker.h"
#include "runner/base/wrap.h"
#include "runner/base/log.h"
#include "runner/commands/command_options.h"
#include "runner/commands/commands.h"
#include "runner/cli/option_table.h"
#include "runner/commands/files.h"
#include "runner/kernel/meminfo.h"
#include "runner/report/draw.h"
#include "runner/report/savings_view.h"
#include "runner/result/savings.h"
#include "runner/result/sequential.h"
#include "runner/run/preflight.h"
#include "runner/run/run.h"

/* What the whole search shares: where its files go, and how far it is. */
struct search {
	const struct config *cfg;
	char dir[200]; /* FOLDER/savings-DATE: a step's file must fit a step's 256 */
	uint64_t ceiling; /* the limit of the cell with no limit: far above any footprint */
	/* A step's trials are killed past this: a trial that slow is beyond the slowdown
	 * whatever the others do, and a workload thrashing below its working set would
	 * otherwise take minutes a trial. 0: the configuration's own --timeout. */
	uint64_t step_timeout_ms;
	/* A step's run: from min_trials on (the reference run takes that many), it ends as soon
	 * as the backend is told from the target, at most trials a cell (result/savings.h). */
	unsigned min_trials, trials;
	unsigned trials_done, trials_max, runs;
};

/* A step's cells take at most this many trials unless --trials says: most steps settle long
 * before it, and one near the target gets the trials it needs. */
#define SAVINGS_TRIALS 10
/* The first look, unless --min-trials says: the first size at which the rank test can reach
 * the looks' level (5 a side: p 0.008; 4: 0.029, above the 0.023 of looks from 4 to 10; 3:
 * 0.1). */
#define SAVINGS_MIN_TRIALS 5

static void trials_of(const struct config *cfg, struct search *s)
{
	s->trials = config_given(cfg, O_TRIALS) ? cfg->trials : SAVINGS_TRIALS;
	s->min_trials = cfg->min_trials ? cfg->min_trials : SAVINGS_MIN_TRIALS;
	/* Past the looks' largest size, every trial runs (--min-trials with --trials says so). */
	if (s->min_trials > s->trials || s->trials > SEQUENTIAL_MAX)
		s->min_trials = s->trials;
}

static int refuse(const char *option, const char *why)
{
	say("savings: %s: %s", option, why);
	return EXIT_USAGE;
}

/* "--swappiness": the first setting given a list. */
static const char *knob_option_name(const struct config *cfg)
{
	static char name[64];

	snprintf(name, sizeof(name), "--%s", option_row(cfg->knobs.v[0].id)->name);
	return name;
}

/* One workload on one axis, the backends: the search chooses the limits. */
static int check(const struct config *cfg)
{
	if (cfg->nsections)
		return refuse("--config",
			      "a config file's sections are cells; the search makes "
			      "its own (a preset of one [run] is fine)");
	/* A preset names the limit its own run uses: the search sets its own instead. */
	if (config_given(cfg, O_LIMIT))
		warn("savings: --limit is not used: the search chooses the limits");
	if (cfg->comp.n > 1 || cfg->jobs.n > 1 || cfg->knobs.n)
		return refuse(cfg->comp.n > 1		? "--comp"
				      : cfg->jobs.n > 1 ? "--jobs"
							: knob_option_name(cfg),
			      "one value: the search's axis is the backends");
	for (size_t i = 0; i < cfg->swap.n; i++)
		if (strcmp(cfg->swap.v[i], "none") == 0)
			return refuse("--swap", "none is the search's reference, not a backend");
	/* The steps' runs draw nothing: the picture is the search's, checked before the first. */
	return preflight_drawing(cfg);
}

/* Half of what the machine has free: a cgroup that never meets its limit. */
static int ceiling_of(uint64_t *ceiling)
{
	struct meminfo m;
	uint64_t avail;

	if (meminfo_read(&m) || meminfo_get(&m, "MemAvailable", &avail)) {
		say("savings: /proc/meminfo: no MemAvailable");
		return EXIT_RUNTIME;
	}
	*ceiling = avail / 2 / MIB_BYTES * MIB_BYTES;
	return 0;
}

static int add_cell(struct config *c, const char *name, const char *swap, uint64_t limit)
{
	struct cell_section *s = config_add_section(c);

	if (!s)
		return -ENOMEM;
	snprintf(s->name, sizeof(s->name), "%s", name);
	snprintf(s->swap.v[0], sizeof(s->swap.v[0]), "%s", swap);
	s->swap.n = 1;
	s->limit.v[0] = limit;
	s->limit.n = 1;
	s->set[AXIS_SWAP] = s->set[AXIS_LIMIT] = 1;
	return 0;
}

/* A step's run says its verdict on stdout, which is savings' own: it goes to /dev/null, and
 * the run's messages (on stderr) stay. */
static int run_silently(const struct config *cfg)
{
	/* fopen, not open: fcntl.h's O_DIRECT would shadow the option of that name. */
	FILE *null = fopen("/dev/null", "we");
	int saved, status;

	fflush(stdout);
	saved = dup(STDOUT_FILENO);
	if (saved < 0 || !null || dup2(fileno(null), STDOUT_FILENO) < 0) {
		if (saved >= 0)
			close(saved);
		if (null)
			fclose(null);
		return run_main(cfg);
	}
	fclose(null);
	status = run_main(cfg);
	fflush(stdout);
	dup2(saved, STDOUT_FILENO);
	close(saved);
	return status;
}

/* One run: the reference cell (no swap, the ceiling) and, unless backend is NULL, the
 * backend's at limit, interleaved; into file. Its exit status: trials that failed (the OOM
 * killer at a small limit) are an answer, not an error. */
static int run_step(struct search *s, const char *backend, uint64_t limit, char *file, size_t len)
{
	struct config one;
	int status;

	snprintf(file, len, "%s/run%u-%s.json", s->dir, ++s->runs, backend ? backend : "reference");
	if (config_copy(&one, s->cfg) || config_set_text(&one.output, file) ||
	    config_set_text(&one.view.plot_dir, "") || config_set_text(&one.view.report_file, "") ||
	    add_cell(&one, "reference", "none", s->ceiling) ||
	    (backend && add_cell(&one, backend, backend, limit))) {
		config_free(&one);
		say("savings: out of memory");
		return EXIT_RUNTIME;
	}
	one.view.quiet = 1;
	one.order = ORDER_INTERLEAVED;
	/* The reference alone has nothing to settle: its footprint from the first look's trials. */
	one.trials = backend ? s->trials : s->min_trials;
	one.min_trials = backend && s->min_trials < s->trials ? s->min_trials : 0;
	one.settle_at_slowdown = one.min_trials != 0;
	if (s->step_timeout_ms && (!one.timeout_ms || s->step_timeout_ms < one.timeout_ms))
		one.timeout_ms = s->step_timeout_ms;
	status = run_silently(&one);
	config_free(&one);
	return status == EXIT_TRIALS_FAILED ? EXIT_OK : status;
}

/* A step's file read back, its measured trials counted as run (a settled step took fewer),
 * as the most the search takes counts them. */
static int read_step(struct search *s, const char *file, struct file_set *fs)
{
	char *names[1] = { (char *)file };

	if (file_set_read(fs, names, 1))
		return EXIT_RUNTIME;
	if (fs->sets[0].ncells < 1) {
		say("savings: %s: no cell measured", file);
		return EXIT_RUNTIME;
	}
	for (size_t c = 0; c < fs->sets[0].ncells; c++)
		s->trials_done += fs->sets[0].cells[c].measured;
	return 0;
}

/* The reference run alone: the workload's footprint with no limit. */
static int measure_footprint(struct search *s, struct savings_report *rep)
{
	char file[256];
	struct file_set fs = { 0 };
	int status = run_step(s, NULL, 0, file, sizeof(file));
	const struct result_cell *c;

	if (status || (status = read_step(s, file, &fs)))
		return status;
	c = &fs.sets[0].cells[0];
	if (!c->have_stats[M_MEM_PEAK] || c->failed) {
		say("savings: %s: the run with no limit did not complete (%u failed trials)", file,
		    c->failed);
		file_set_free(&fs);
		return EXIT_RUNTIME;
	}
	if (c->have_stats[M_ELAPSED])
		s->step_timeout_ms =
			(uint64_t)(1000 *
				   (2 * c->stats[M_ELAPSED].max * (1 + s->cfg->slowdown_pct / 100) +
				    2));
	rep->footprint = (uint64_t)c->stats[M_MEM_PEAK].median;
	rep->footprint_lo = (uint64_t)c->stats[M_MEM_PEAK].min;
	rep->footprint_hi = (uint64_t)c->stats[M_MEM_PEAK].max;
	snprintf(rep->reference_file, sizeof(rep->reference_file), "%s", file);
	file_set_free(&fs);
	return 0;
}

static void say_step(const struct search *s, const char *backend, unsigned step, uint64_t limit)
{
	char l[32];

	if (s->cfg->view.quiet)
		return;
	say("savings: %s, step %u of at most %u: limit %s (trials so far %u of at most %u)",
	    backend, step, s->cfg->savings_steps, size_format(limit, l, sizeof(l)), s->trials_done,
	    s->trials_max);
}

static int search_backend(struct search *s, const char *backend, struct savings_search *b)
{
	char file[256];
	uint64_t limit;
	int status;

	while ((limit = savings_next(b)) != 0) {
		struct file_set fs = { 0 };
		struct compare_opts o;

		say_step(s, backend, b->nsteps + 1, limit);
		if ((status = run_step(s, backend, limit, file, sizeof(file))) ||
		    (status = read_step(s, file, &fs)))
			return status;
		if (fs.sets[0].ncells < 2) {
			file_set_free(&fs);
			say("savings: %s: the backend's cell is missing", file);
			return EXIT_RUNTIME;
		}
		o = compare_opts_of(&fs.sets[0]);
		savings_step_judge(b, limit, &fs.sets[0].cells[0], &fs.sets[0].cells[1], &o);
		snprintf(b->steps[b->nsteps - 1].file, sizeof(b->steps[0].file), "%s", file);
		file_set_free(&fs);
	}
	return 0;
}

static int make_dir(struct search *s)
{
	char stamp[32], parent[PATH_MAX], base[PATH_MAX] = "results";
	time_t t = time(NULL);
	int status;

	strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", localtime(&t));
	/* Beside the answer's file when it is named, so the two stay together. */
	if (s->cfg->output[0]) {
		snprintf(parent, sizeof(parent), "%s", s->cfg->output);
		snprintf(base, sizeof(base), "%s", dirname(parent));
	}
	if (snprintf(s->dir, sizeof(s->dir), "%s/savings-%s", base, stamp) >= (int)sizeof(s->dir)) {
		say("savings: --output '%s': its folder's name is too long", s->cfg->output);
		return EXIT_USAGE;
	}
	if ((status = folder_ready(base)))
		return status;
	if (mkdir(s->dir, 0755) < 0) {
		say("%s: %s", s->dir, strerror(errno));
		return EXIT_RUNTIME;
	}
	invoker_give(s->dir);
	return 0;
}

static int dry_run(const struct config *cfg, const struct search *s)
{
	struct config one;
	int status;
	char looks[96] = "every trial runs";

	if (s->min_trials < s->trials)
		snprintf(looks, sizeof(looks),
			 "from %u a cell on, a step ends as soon as the backend is told from "
			 "the slowdown",
			 s->min_trials);
	char plan[640];
	int n = snprintf(
		plan, sizeof(plan),
		"savings: a reference run (no swap, no limit: %u trials), then per backend "
		"(%zu) at most %u steps of at most %u trials (the reference and the backend, "
		"interleaved; %s): at most %u trials; each step halves the interval of "
		"limits still open (a bisection from the footprint down), the answer within "
		"footprint / %u",
		s->min_trials, cfg->swap.n, cfg->savings_steps, 2 * s->trials, looks, s->trials_max,
		1u << cfg->savings_steps);

	/* Within 100 columns, as every view's lines are (base/wrap.h). */
	wrap_line(plan, n > 0 && (size_t)n < sizeof(plan) ? (size_t)n : strlen(plan), VIEW_COLUMNS,
		  stdout);
	printf("the run of each step (its limit chosen by the search):\n");
	if (config_copy(&one, cfg) || config_set_text(&one.output, "") ||
	    add_cell(&one, "reference", "none", s->ceiling) ||
	    add_cell(&one, cfg->swap.v[0], cfg->swap.v[0], s->ceiling / 2)) {
		config_free(&one);
		return EXIT_RUNTIME;
	}
	one.trials = s->trials;
	one.min_trials = s->min_trials < s->trials ? s->min_trials : 0;
	one.settle_at_slowdown = one.min_trials != 0;
	fflush(stdout);
	status = run_main(&one);
	config_free(&one);
	return status;
}

/* --plot: the answer's picture, its path on stdout as a run's plots are. A failure to draw is
 * the status, but the answer stands, written already. */
static int draw(const struct savings_report *rep, const struct config *cfg)
{
	int status;

	if (!cfg->view.plot_dir[0])
		return EXIT_OK;
	if (!(status = plot_answer(rep, cfg->view.plot_dir, cfg->view.png)))
		invoker_give_tree(cfg->view.plot_dir);
	return status;
}

/* The answer on stdout, and as a file: --output, or savings.json among the runs. */
static int finish(const struct savings_report *rep, const struct config *cfg,
		  const struct search *s)
{
	char path[PATH_MAX];
	/* A step's reason quotes what the workload printed: escaped on its way to the terminal. */
	FILE *out = escape_open(stdout, ESCAPE_TEXT);
	int ret;

	if (cfg->output[0])
		snprintf(path, sizeof(path), "%s", cfg->output);
	else
		snprintf(path, sizeof(path), "%s/savings.json", s->dir);
	if (out) {
		savings_print(rep, out);
		fclose(out);
	} else {
		say("out of memory for the answer");
	}
	if ((ret = savings_json_write(rep, path))) {
		say("%s: %s", path, strerror(-ret));
		return EXIT_RUNTIME;
	}
	invoker_give(path);
	if (!cfg->view.quiet)
		say("savings: written to %s", path);
	return draw(rep, cfg);
}

/* The reference run, then each backend's bisection, into rep; the answer written at the end. */
static int run_search(const struct config *cfg, struct savings_report *rep)
{
	struct search s = { .cfg = cfg };
	int status;

	command_warn_misplaced(command_of("savings"), cfg);
	if ((status = check(cfg)) || (status = ceiling_of(&s.ceiling)))
		return status;
	trials_of(cfg, &s);
	/* Ranks of a few trials cannot reach alpha: every step would be decided by its median. */
	if (compare_min_p(s.trials, s.trials) >= cfg->alpha)
		warn("savings: --trials %u: no step can settle (%u trials a side reach p %.2g at "
		     "best, not below --alpha %g); each is decided by its median",
		     s.trials, s.trials, compare_min_p(s.trials, s.trials), cfg->alpha);
	s.trials_max = savings_max_trials((unsigned)cfg->swap.n, cfg->savings_steps, s.min_trials,
					  s.trials);
	if (cfg->dry_run)
		return dry_run(cfg, &s);
	if ((status = make_dir(&s)))
		return status;
	if (!cfg->view.quiet)
		say("savings: at most %u trials; every run in %s", s.trials_max, s.dir);
	if ((status = measure_footprint(&s, rep)))
		return status;
	for (size_t i = 0; i < cfg->swap.n && !status; i++) {
		struct savings_search *b = &rep->backends[rep->nbackends];
		snprintf(rep->names[rep->nbackends], sizeof(rep->names[0]), "%s", cfg->swap.v[i]);
		rep->nbackends++;
		savings_init(b, rep->footprint, rep->footprint_lo, rep->footprint_hi,
			     cfg->slowdown_pct, cfg->savings_steps);
		status = search_backend(&s, cfg->swap.v[i], b);
	}
	rep->trials = s.trials_done;
	if (status) {
		say("savings: stopped; the runs so far are in %s", s.dir);
		return status;
	}
	return finish(rep, cfg, &s);
}

int savings_run(const struct config *cfg)
{
	/* 41 KiB: on the heap, past the 16 KiB frame limit (docs/architecture.md). */
	struct savings_report *rep = calloc(1, sizeof(*rep));
	int status;

	if (!rep) {
		say("savings: out of memory");
		return EXIT_RUNTIME;
	}
	rep->target_pct = cfg->slowdown_pct;
	status = run_search(cfg, rep);
	free(rep);
	return status;
}
