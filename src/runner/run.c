#include "run.h"

#include <errno.h>
#include <inttypes.h>
#include <libgen.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../common/size.h"
#include "report.h"
#include "results.h"
#include "runlock.h"
#include "signals.h"
#include "sysfs.h"

enum { EXIT_RUNTIME = 1, EXIT_USAGE = 2, EXIT_UNSUPPORTED = 3, EXIT_TRIALS_FAILED = 4,
       EXIT_SIGNAL_BASE = 128 };

__attribute__((format(printf, 1, 2)))
static void say(const char *fmt, ...)
{
	va_list ap;
	fputs("zswapbench: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static void undo_failed(const struct undo *u, int err)
{
	say("could not undo %s %s%s%s: %s", undo_kind_name(u->kind), u->path, u->value[0] ? " " : "",
	    u->value, strerror(-err));
}

static int find_hogger(struct run *run)
{
	char self[PATH_MAX];
	ssize_t n;

	if (run->cfg->hogger) {
		snprintf(run->hogger, sizeof(run->hogger), "%s", run->cfg->hogger);
	} else {
		n = readlink("/proc/self/exe", self, sizeof(self) - 1);
		if (n < 0)
			return -errno;
		self[n] = '\0';
		snprintf(run->hogger, sizeof(run->hogger), "%s/zswapbench-hogger", dirname(self));
	}
	return access(run->hogger, X_OK) == 0 ? 0 : -errno;
}

/* What execvp would run: a path as given, or the first executable match in PATH. */
static int find_command(const char *name)
{
	const char *path = getenv("PATH");
	char candidate[PATH_MAX];

	if (strchr(name, '/'))
		return access(name, X_OK) == 0 ? 0 : -errno;
	for (const char *p = path ? path : "/usr/bin:/bin"; *p;) {
		size_t n = strcspn(p, ":");
		snprintf(candidate, sizeof(candidate), "%.*s/%s", (int)n, p, name);
		if (n && access(candidate, X_OK) == 0)
			return 0;
		p += n + (p[n] == ':');
	}
	return -ENOENT;
}

static int choose_output(struct run *run)
{
	const struct config *cfg = run->cfg;
	char copy[PATH_MAX];
	struct stat st;
	time_t t = time(NULL);
	char stamp[32];

	if (cfg->output) {
		snprintf(run->output, sizeof(run->output), "%s", cfg->output);
		snprintf(copy, sizeof(copy), "%s", cfg->output);
		if (stat(dirname(copy), &st) < 0 || !S_ISDIR(st.st_mode)) {
			say("--output '%s': directory %s does not exist", cfg->output, copy);
			return -EINVAL;
		}
		if (stat(cfg->output, &st) == 0 && S_ISDIR(st.st_mode)) {
			say("--output '%s': is a directory", cfg->output);
			return -EINVAL;
		}
		return 0;
	}
	strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", localtime(&t));
	snprintf(run->output, sizeof(run->output), "results/zswapbench-%s%s.json", stamp, cfg->suffix);
	if (mkdir("results", 0755) < 0 && errno != EEXIST) {
		say("results: %s", strerror(errno));
		return -errno;
	}
	return 0;
}

/* Everything that can be checked without changing the machine. Returns an exit status or 0. */
static int preflight(struct run *run)
{
	const struct config *cfg = run->cfg;
	int ret;

	if (geteuid() != 0 && !cfg->sysroot) {
		say("must run as root: it creates cgroups and swap areas (try: sudo zswapbench ...)");
		return EXIT_USAGE;
	}
	if (cfg->command) {
		ret = find_command(cfg->command[0]);
		if (ret) {
			say("command '%s': %s", cfg->command[0],
			    ret == -ENOENT ? "not found in PATH" : strerror(-ret));
			return EXIT_USAGE;
		}
	}
	if (!cfg->command || cfg->background) {
		ret = find_hogger(run);
		if (ret) {
			say("--hogger '%s': %s (build it with make)", run->hogger, strerror(-ret));
			return EXIT_USAGE;
		}
	}
	if (cgroup_env_detect(&run->env) < 0) {
		say("no memory cgroup controller is mounted (cgroup mode: %s)", cgroup_mode_name(run->env.mode));
		return EXIT_UNSUPPORTED;
	}
	run->swap_size = cfg->swap_size ? cfg->swap_size : (cfg->alloc + (1 << 20) - 1) & ~((1ULL << 20) - 1);
	if (cfg->swapfile)
		snprintf(run->swapfile, sizeof(run->swapfile), "%s", cfg->swapfile);
	else
		snprintf(run->swapfile, sizeof(run->swapfile), "/var/tmp/zswapbench-%d.swap", (int)getpid());
	ret = plan_build(run);
	if (ret) {
		say("planning: %s", strerror(-ret));
		return EXIT_RUNTIME;
	}
	for (size_t i = 0; i < run->ncells; i++) {
		struct cell *c = &run->cells[i];
		struct swap_params p = { .size = run->swap_size, .priority = cfg->priority,
					 .comp = c->comp, .swapfile = run->swapfile };
		swap_device_init(&c->dev, c->backend, &p);
		ret = swap_device_check(&c->dev);
		if (ret) {
			say("%s", c->dev.why);
			return ret == -EINVAL ? EXIT_USAGE : EXIT_UNSUPPORTED;
		}
	}
	if (choose_output(run))
		return EXIT_USAGE;
	return 0;
}

/* What the user should know before trusting the numbers; changes nothing. */
static void warnings(struct run *run)
{
	const struct config *cfg = run->cfg;
	char a[32], b[32];

	if (cfg->command)
		; /* what a command allocates is its own business */
	else if (cfg->alloc <= cfg->limit)
		say("warning: --alloc %s fits in --limit %s: nothing will swap", size_format(cfg->alloc, a, sizeof(a)),
		    size_format(cfg->limit, b, sizeof(b)));
	else if (cfg->alloc > cfg->limit + run->swap_size)
		say("warning: --alloc %s exceeds --limit plus swap (%s): expect an OOM kill",
		    size_format(cfg->alloc, a, sizeof(a)), size_format(cfg->limit + run->swap_size, b, sizeof(b)));
	if (swaps_others(NULL, run->other_swap, sizeof(run->other_swap)) > 0)
		say("warning: swap already active (%s): the kernel may use it too; it is left untouched",
		    run->other_swap);
}

/* The lock, then a fresh journal file: nothing is changed before both are in place. */
static int take_lock(struct run *run)
{
	char path[PATH_MAX];
	pid_t holder = 0;
	int ret = runlock_acquire(&holder);

	if (ret == -EWOULDBLOCK) {
		say("another zswapbench run (PID %d) holds %s: one run at a time, swap is system-wide",
		    (int)holder, rundir_file("lock", path, sizeof(path)));
		return EXIT_RUNTIME;
	}
	if (ret) {
		say("%s: %s", rundir(), strerror(-ret));
		return EXIT_RUNTIME;
	}
	ret = journal_create(&run->journal, rundir_file("journal", path, sizeof(path)));
	if (ret == -EEXIST) {
		say("a previous run was killed before it restored the machine (%s): run 'zswapbench cleanup' first",
		    path);
		return EXIT_RUNTIME;
	}
	if (ret) {
		say("%s: %s", path, strerror(-ret));
		return EXIT_RUNTIME;
	}
	return 0;
}

/* On pure v2 the parent must hand the memory controller down before a child can be limited. */
static int delegate_memory(struct run *run)
{
	char path[PATH_MAX + 32];

	if (cgroup_memory_delegated(&run->env))
		return 0;
	snprintf(path, sizeof(path), "%s/cgroup.subtree_control", run->env.memory_root);
	int ret = sysfs_write(path, "+memory");
	if (ret) {
		say("%s: %s", path, strerror(-ret));
		return ret;
	}
	return journal_push(&run->journal, UNDO_WRITE, path, "-memory");
}

static struct trial *new_trial(struct cell *c)
{
	if (c->ntrials == c->cap) {
		size_t cap = c->cap ? c->cap * 2 : 8;
		struct trial *grown = realloc(c->trials, cap * sizeof(*grown));
		if (!grown)
			return NULL;
		c->trials = grown;
		c->cap = cap;
	}
	memset(&c->trials[c->ntrials], 0, sizeof(c->trials[0]));
	return &c->trials[c->ntrials++];
}

static void save(struct run *run)
{
	int ret = results_write(run, run->output);
	if (ret)
		say("%s: %s", run->output, strerror(-ret));
}

/* What the hoggers write in all: each rounds its share up to whole chunks. */
static uint64_t hogger_bytes(const struct config *cfg)
{
	uint64_t share = cfg->alloc / cfg->jobs;
	return cfg->jobs * ((share + cfg->chunk - 1) / cfg->chunk) * cfg->chunk;
}

/* The hogger with this run's options (each job gets its share), or the user's command. */
static void build_workload(struct run *run)
{
	const struct config *cfg = run->cfg;
	struct workload_spec *spec = &run->workload;
	size_t n = 0;

	spec->jobs = cfg->jobs;
	spec->drop_privileges = cfg->user != NULL;
	spec->uid = cfg->user_uid;
	spec->gid = cfg->user_gid;
	if (cfg->command) {
		spec->command = 1;
		spec->argv = cfg->command;
		return;
	}
	snprintf(run->hogger_args[0], sizeof(run->hogger_args[0]), "%" PRIu64, cfg->alloc / cfg->jobs);
	snprintf(run->hogger_args[1], sizeof(run->hogger_args[1]), "%" PRIu64, cfg->chunk);
	run->hogger_argv[n++] = run->hogger;
	run->hogger_argv[n++] = "--alloc";
	run->hogger_argv[n++] = run->hogger_args[0];
	run->hogger_argv[n++] = "--chunk";
	run->hogger_argv[n++] = run->hogger_args[1];
	run->hogger_argv[n++] = "--data";
	run->hogger_argv[n++] = (char *)cfg->data;
	run->hogger_argv[n++] = "--access";
	run->hogger_argv[n++] = (char *)cfg->access;
	snprintf(run->hogger_args[2], sizeof(run->hogger_args[2]), "%u", cfg->threads);
	run->hogger_argv[n++] = "--threads";
	run->hogger_argv[n++] = run->hogger_args[2];
	if (cfg->no_seccomp)
		run->hogger_argv[n++] = "--no-seccomp";
	if (cfg->prefault)
		run->hogger_argv[n++] = "--prefault";
	run->hogger_argv[n] = NULL;
	spec->argv = run->hogger_argv;
}

/* --background: a hogger in our own cgroup (not the trial's) that fills SIZE and holds it
 * until the run ends, as the seeds' MEM_HOGGER_SIZE. */
static int start_background(struct run *run)
{
	const struct config *cfg = run->cfg;
	struct workload_spec *spec = &run->background_spec;
	size_t n = 0;
	int ret;

	snprintf(run->background_args, sizeof(run->background_args), "%" PRIu64, cfg->background);
	run->background_argv[n++] = run->hogger;
	run->background_argv[n++] = "--alloc";
	run->background_argv[n++] = run->background_args;
	run->background_argv[n++] = "--data";
	run->background_argv[n++] = (char *)cfg->data;
	run->background_argv[n++] = "--hold";
	run->background_argv[n] = NULL;
	spec->argv = run->background_argv;
	spec->jobs = 1;
	ret = workload_spawn(&run->background, spec);
	if (!ret)
		ret = workload_release(&run->background);
	if (!ret)
		ret = workload_wait_filled(&run->background, 600 * 1000);
	if (!ret && run->background.jobs[0].eof)
		ret = -ECHILD;
	if (ret)
		snprintf(run->error, sizeof(run->error), "--background %s: the hogger did not fill it: %s",
			 run->background_args, strerror(-ret));
	else
		fprintf(stderr, "zswapbench: background hogger holds %s bytes outside the cgroup\n",
			run->background_args);
	return ret;
}

static void stop_background(struct run *run)
{
	if (!run->background.n)
		return;
	struct job *j = &run->background.jobs[0];
	int status;

	if (waitpid(j->pid, &status, WNOHANG) == j->pid) {
		j->reaped = 1;
		say("warning: the --background hogger died during the run (%s)",
		    WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL ? "killed, the OOM killer?" : "it exited");
	}
	workload_destroy(&run->background);
}

static int run_cell(struct run *run, struct cell *c, size_t index)
{
	const struct config *cfg = run->cfg;
	char name[64], failed[PATH_MAX + 64];
	struct trial_setup setup = {
		.env = &run->env, .dev = &c->dev, .journal = &run->journal, .limit = cfg->limit,
		.swap_limit = cfg->swap_limit, .cgroup_name = name, .workload = &run->workload,
		.alloc = hogger_bytes(cfg), .sample_ms = cfg->sample_ms,
	};
	unsigned total = cfg->warmup + cfg->trials;
	int ret;

	ret = swap_device_prepare(&c->dev, &run->journal);
	if (ret) {
		if (ret == -EINVAL && c->dev.why[0]) {
			say("%s", c->dev.why);
			return -EINVAL;
		}
		snprintf(run->error, sizeof(run->error), "%s: %s", c->dev.failed, strerror(-ret));
		return ret;
	}
	for (unsigned i = 1; i <= total && !signals_pending(); i++) {
		struct trial *t = new_trial(c);
		if (!t)
			return -ENOMEM;
		t->index = i;
		t->warmup = i <= cfg->warmup;
		snprintf(name, sizeof(name), "zswapbench-%d-%zu-%u", (int)getpid(), index, i);
		ret = trial_run(&setup, t, failed, sizeof(failed));
		if (ret == -EINTR) {
			c->ntrials--; /* stopped before the workload ran: nothing was measured */
			return 0;
		}
		if (ret) {
			c->ntrials--;
			snprintf(run->error, sizeof(run->error), "%s: %s", failed, strerror(-ret));
			return ret;
		}
		cell_update_stats(c);
		save(run);
		fprintf(stderr, "%s: %s %u/%u: %s", c->label, t->warmup ? "warmup" : "trial",
			t->warmup ? i : i - cfg->warmup, t->warmup ? cfg->warmup : cfg->trials,
			trial_status_name(t->status));
		if (t->have[M_ELAPSED])
			fprintf(stderr, ", elapsed %.3f s", t->value[M_ELAPSED]);
		if (t->have[M_SWAP_PEAK])
			fprintf(stderr, ", cgroup swap %.1f MiB", t->value[M_SWAP_PEAK] / 1048576.0);
		if (t->have[M_COMP_RATIO])
			fprintf(stderr, ", compression %.2fx", t->value[M_COMP_RATIO]);
		fputc('\n', stderr);
	}
	return 0;
}

static int exit_status(const struct run *run)
{
	if (run->status == RUN_INTERRUPTED)
		return EXIT_SIGNAL_BASE + signals_pending();
	if (run->status == RUN_FAILED)
		return EXIT_RUNTIME;
	for (size_t i = 0; i < run->ncells; i++)
		if (run->cells[i].failed)
			return EXIT_TRIALS_FAILED;
	return 0;
}

int run_main(const struct config *cfg)
{
	struct run run = { .cfg = cfg };
	char path[PATH_MAX];
	time_t now = time(NULL);
	int ret, status;

	journal_init(&run.journal);
	run.journal.on_error = undo_failed;
	sysfs_set_root(cfg->sysroot);
	strftime(run.started, sizeof(run.started), "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
	status = preflight(&run);
	if (status)
		goto out;
	status = take_lock(&run);
	if (status)
		goto out;
	warnings(&run);
	build_workload(&run);
	ret = signals_install();
	if (ret == 0)
		ret = results_write(&run, run.output);
	if (ret) {
		say("%s: %s", run.output, strerror(-ret));
		status = EXIT_RUNTIME;
		goto out;
	}
	ret = delegate_memory(&run);
	if (!ret && cfg->background)
		ret = start_background(&run);
	for (size_t i = 0; i < run.ncells && !ret && !signals_pending(); i++) {
		size_t mark = journal_mark(&run.journal);
		ret = run_cell(&run, &run.cells[i], i);
		if (journal_rewind(&run.journal, mark) && !ret)
			ret = -EIO;
	}
	stop_background(&run);
	if (journal_rewind(&run.journal, 0) && !ret)
		ret = -EIO;
	if (signals_pending())
		run.status = RUN_INTERRUPTED;
	else if (ret)
		run.status = RUN_FAILED;
	else
		run.status = RUN_COMPLETE;
	if (ret && ret != -EINVAL && run.error[0])
		say("%s", run.error);
	save(&run);
	if (cfg->json) {
		char *text = results_to_string(&run);
		if (text)
			puts(text);
		free(text);
	} else {
		report_print(&run, stdout);
	}
	fprintf(stderr, "zswapbench: results in %s\n", run.output);
	status = ret == -EINVAL ? EXIT_USAGE : exit_status(&run);
out:
	journal_rewind(&run.journal, 0);
	journal_close(&run.journal, rundir_file("journal", path, sizeof(path)));
	journal_free(&run.journal);
	plan_free(&run);
	return status;
}
