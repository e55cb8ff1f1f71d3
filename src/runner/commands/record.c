/* `zswapbench record --pid PID`: a running process's memory profile (profile/profile.h): its
 * footprint and the memory it touches, sampled for a while, then what its pages hold, sized by
 * this kernel's own zram algorithms. Reads the process; changes nothing of it but its pages'
 * referenced bits. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "common/clock.h"
#include "runner/base/fileio.h"
#include "runner/base/folder.h"
#include "runner/base/invoker.h"
#include "runner/base/log.h"
#include "runner/commands/commands.h"
#include "runner/kernel/kv.h"
#include "runner/kernel/proc_pid.h"
#include "runner/kernel/signals.h"
#include "runner/profile/contents.h"
#include "runner/profile/profile_json.h"
#include "runner/profile/sampler.h"
#include "runner/profile/summary.h"
#include "runner/run/session.h"
#include "runner/swap/backend.h"
#include "runner/swap/page_sizer.h"
#include "runner/undo/rewind.h"

/* Bad input, before anything is taken: one line, exit 2 (3 for what this machine cannot). */
static int check(const struct config *cfg)
{
	uint64_t samples = cfg->duration_ms / cfg->heat_interval_ms + 1;

	if (!config_given(cfg, O_PID)) {
		say("record: --pid: give the process to record");
		return EXIT_USAGE;
	}
	if (cfg->heat_interval_ms > cfg->duration_ms || samples > PROFILE_SAMPLES_MAX) {
		say("record: --heat-interval '%llu ms': from 1 to %d samples in --duration, not "
		    "%llu",
		    (unsigned long long)cfg->heat_interval_ms, PROFILE_SAMPLES_MAX,
		    (unsigned long long)samples);
		return EXIT_USAGE;
	}
	if ((pid_t)cfg->pid == getpid() || (kill((pid_t)cfg->pid, 0) && errno == ESRCH)) {
		say("record: --pid '%u': no such process (besides zswapbench itself)", cfg->pid);
		return EXIT_USAGE;
	}
	if (geteuid() != 0 && !cfg->dry_run) {
		say("record: must run as root: it reads another process's memory through /proc and "
		    "sizes its pages by the kernel's own compressors");
		return EXIT_USAGE;
	}
	return 0;
}

static void describe(struct profile *p, const struct config *cfg)
{
	struct utsname u;
	time_t now = time(NULL);

	p->pid = (int)cfg->pid;
	p->page_size = (unsigned)sysconf(_SC_PAGESIZE);
	p->interval_s = (double)cfg->heat_interval_ms / 1000;
	snprintf(p->heat_source, sizeof(p->heat_source), "clear_refs");
	if (proc_pid_comm(p->pid, p->comm, sizeof(p->comm)) < 0)
		snprintf(p->comm, sizeof(p->comm), "?");
	if (uname(&u) == 0)
		snprintf(p->kernel, sizeof(p->kernel), "%s", u.release);
	strftime(p->started, sizeof(p->started), "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
}

/* Sleeps until ns on the monotonic clock, or a signal. */
static void sleep_until(uint64_t ns)
{
	uint64_t now = clock_now_ns();
	struct timespec pause;

	if (now >= ns)
		return;
	pause.tv_sec = (time_t)((ns - now) / 1000000000);
	pause.tv_nsec = (long)((ns - now) % 1000000000);
	nanosleep(&pause, NULL);
}

/* A sample each interval until the duration is over, the process is gone or a signal came:
 * 0, or -errno with why filled. */
static int sample_all(struct profile *p, const struct config *cfg, char *why, size_t len)
{
	uint64_t t0 = clock_now_ns(), step = cfg->heat_interval_ms * 1000000;
	int ret = 0;

	for (uint64_t k = 0; !ret; k++) {
		sleep_until(t0 + k * step);
		if (signals_pending()) {
			snprintf(p->ended, sizeof(p->ended), "interrupted");
			break;
		}
		ret = sampler_take(p, (double)(clock_now_ns() - t0) / 1e9, why, len);
		if (ret == -ESRCH) {
			snprintf(p->ended, sizeof(p->ended), "exited");
			ret = 0;
			break;
		}
		if ((k + 1) * cfg->heat_interval_ms > cfg->duration_ms) {
			snprintf(p->ended, sizeof(p->ended), "duration");
			break;
		}
	}
	p->duration_s = (double)(clock_now_ns() - t0) / 1e9;
	return ret;
}

/* The algorithms to size the pages by: --comp's, or every one the kernel offers. */
static int algorithms(const struct config *cfg, char *buf, size_t len, char *why, size_t why_len)
{
	size_t used = 0;

	if (!cfg->comp.n)
		return backend_algorithms(buf, len, why, why_len);
	buf[0] = '\0';
	for (size_t i = 0; i < cfg->comp.n; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? " " : "",
					 cfg->comp.v[i]);
	return used < len ? 0 : -E2BIG;
}

/* The pages, sized on scratch devices undone after: 0, or -errno with why filled. */
static int measure_contents(struct profile *p, const struct config *cfg, struct journal *j,
			    char *why, size_t len)
{
	struct scratch_sizer *z = NULL;
	struct page_sizer hooks;
	char names[256];
	size_t mark = journal_mark(j);
	int ret = algorithms(cfg, names, sizeof(names), why, len);

	if (!ret)
		ret = scratch_sizer_open(&z, &hooks, names, p->page_size, j, why, len);
	profile_name_algorithms(p, names);
	if (!ret)
		ret = contents_measure(p, &hooks, why, len);
	scratch_sizer_close(z);
	if (journal_rewind(j, mark) && !ret) {
		snprintf(why, len, "removing the scratch devices");
		ret = -EIO;
	}
	return ret;
}

static int save(const struct profile *p, const char *path)
{
	char *text = profile_to_json(p);
	int ret = text ? write_file_atomic(path, text, strlen(text), 1) : -ENOMEM;

	free(text);
	if (!ret)
		invoker_give(path);
	return ret;
}

static int output_path(const struct config *cfg, char *path, size_t len)
{
	time_t t = time(NULL);
	char stamp[32];

	if (cfg->output[0]) {
		snprintf(path, len, "%s", cfg->output);
		return 0;
	}
	strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", localtime(&t));
	snprintf(path, len, "results/profile-%s.json", stamp);
	return folder_ready("results");
}

/* Sampling, then the contents while the process lives; the profile is kept however it ends. */
static int record(struct profile *p, const struct config *cfg, struct journal *j, const char *path)
{
	char why[512] = "";
	int ret = sample_all(p, cfg, why, sizeof(why)), saved;

	if (!ret && strcmp(p->ended, "duration") == 0) {
		ret = measure_contents(p, cfg, j, why, sizeof(why));
		if (ret == -ESRCH || (ret && kill(p->pid, 0) && errno == ESRCH)) {
			snprintf(p->ended, sizeof(p->ended), "exited");
			ret = 0;
		}
	}
	if (ret)
		say("record: %s: %s", why, strerror(-ret));
	if ((saved = save(p, path)))
		say("record: %s: %s", path, strerror(-saved));
	if (!saved)
		profile_summary(p, stdout);
	return ret || saved	    ? EXIT_RUNTIME
		: signals_pending() ? EXIT_SIGNAL_BASE + signals_pending()
				    : EXIT_OK;
}

/* --comp's algorithms among those the kernel offers: 0, or exit 2 with the reason said. A
 * kernel that cannot tell (no zram module) is found when the pages are sized. */
static int check_algorithms(const struct config *cfg)
{
	char offered[256], why[200];

	if (!cfg->comp.n || backend_algorithms(offered, sizeof(offered), why, sizeof(why)))
		return 0;
	for (size_t i = 0; i < cfg->comp.n; i++)
		if (!words_contain(offered, cfg->comp.v[i], ' ')) {
			say("record: --comp '%s': this kernel offers only: %s", cfg->comp.v[i],
			    offered);
			return EXIT_USAGE;
		}
	return 0;
}

/* -n: what it would read and make, for how long; nothing is read or made. */
static int dry_run(const struct config *cfg, const char *path)
{
	char names[256], why[200];

	if (algorithms(cfg, names, sizeof(names), why, sizeof(why)))
		snprintf(names, sizeof(names), "none found (%s)", why);
	printf("record PID %u: /proc/%u/smaps every %.3g s for %.3g s, clear_refs after each "
	       "(the pages' referenced bits);\n"
	       "then its private resident pages read through pagemap and mem, each sized on a "
	       "scratch device per\n"
	       "algorithm: %s (made, journaled and removed before the profile is written);\n"
	       "the profile into %s. Nothing is done: --dry-run.\n",
	       cfg->pid, cfg->pid, (double)cfg->heat_interval_ms / 1000,
	       (double)cfg->duration_ms / 1000, names, path);
	return EXIT_OK;
}

int record_run(const struct config *cfg)
{
	struct journal j;
	struct profile p;
	char path[4096];
	int status = check(cfg);

	if (!status)
		status = check_algorithms(cfg);

	if (status)
		return status;
	if (cfg->dry_run) {
		snprintf(path, sizeof(path), "%s",
			 cfg->output[0] ? cfg->output : "results/profile-DATE.json");
		return dry_run(cfg, path);
	}
	if ((status = output_path(cfg, path, sizeof(path))))
		return status;
	session_init(&j);
	if ((status = session_begin(&j)))
		return status;
	if (signals_install()) {
		say("record: signal handlers: %s", strerror(errno));
		session_end(&j);
		return EXIT_RUNTIME;
	}
	profile_init(&p);
	describe(&p, cfg);
	status = record(&p, cfg, &j, path);
	session_end(&j);
	if (!status || status >= EXIT_SIGNAL_BASE)
		say("profile in %s", path);
	profile_free(&p);
	return status;
}
