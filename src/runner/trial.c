#include "trial.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <grp.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../common/clock.h"
#include "../common/proto.h"
#include "counters.h"
#include "signals.h"
#include "sysfs.h"

const char *trial_status_name(enum trial_status s)
{
	static const char *const names[] = {
		[TRIAL_OK] = "ok", [TRIAL_OOM] = "oom", [TRIAL_FAILED] = "failed",
		[TRIAL_INTERRUPTED] = "interrupted",
	};
	return names[s];
}

/* What the hogger told us, in its own clock readings. */
struct hogger_events {
	uint64_t start, filled, done, last_reread;
	unsigned rereads;
	int got_filled, got_done, alloc_error;
};

/* Counters that exist only while the hogger holds its memory. */
struct filled_sample {
	uint64_t seen, go;          /* runner's clock: "filled" read, "go" sent */
	uint64_t cgroup_swap;
	int have_cgroup_swap;
	struct swap_sample dev;
};

static void set(struct trial *t, enum metric_id id, double v)
{
	t->value[id] = v;
	t->have[id] = 1;
}

static void parse_event(const char *line, struct hogger_events *ev)
{
	unsigned long long a, b;

	if (sscanf(line, "start %llu", &a) == 1)
		ev->start = a;
	else if (sscanf(line, "filled %llu %llu", &a, &b) == 2) {
		ev->filled = b;
		ev->got_filled = 1;
	} else if (sscanf(line, "reread %llu %llu", &a, &b) == 2) {
		ev->rereads = (unsigned)a;
		ev->last_reread = b;
	} else if (sscanf(line, "done %llu", &a) == 1) {
		ev->done = a;
		ev->got_done = 1;
	} else if (strncmp(line, "error", 5) == 0)
		ev->alloc_error = 1;
}

static void sample_filled(const struct trial_setup *s, const struct bench_cgroup *cg, int fd,
			  struct filled_sample *fs)
{
	fs->seen = clock_now_ns();
	signals_pause_point("sampling");
	fs->have_cgroup_swap = bench_cgroup_swap_usage(cg, &fs->cgroup_swap) == 0;
	swap_device_sample(s->dev, &fs->dev);
	/* The hogger only waits for a line; a failed write means it is gone, which wait4 tells. */
	(void)!write(fd, PROTO_GO, strlen(PROTO_GO));
	fs->go = clock_now_ns();
}

/* Reads reports until the hogger closes its end; samples cgroup swap on every wake-up. */
static int follow_hogger(const struct trial_setup *s, const struct bench_cgroup *cg, int fd,
			 struct hogger_events *ev, struct filled_sample *fs, uint64_t *swap_peak)
{
	char buf[4096];
	size_t used = 0;

	for (;;) {
		struct pollfd pfd = { .fd = fd, .events = POLLIN };
		int n = poll(&pfd, 1, (int)s->sample_ms);
		uint64_t swap;
		ssize_t r;

		if (bench_cgroup_swap_usage(cg, &swap) == 0 && swap > *swap_peak)
			*swap_peak = swap;
		if (n < 0 && errno != EINTR)
			return -errno;
		if (n <= 0)
			continue;
		r = read(fd, buf + used, sizeof(buf) - 1 - used);
		if (r < 0 && errno == EINTR)
			continue;
		/* A hogger killed with our "go" unread resets the socket: an end, like EOF. */
		if (r == 0 || (r < 0 && errno == ECONNRESET))
			return 0;
		if (r < 0)
			return -errno;
		used += (size_t)r;
		buf[used] = '\0';
		char *line = buf, *nl;
		while ((nl = strchr(line, '\n'))) {
			*nl = '\0';
			parse_event(line, ev);
			if (strncmp(line, "filled ", 7) == 0)
				sample_filled(s, cg, fd, fs);
			line = nl + 1;
		}
		used = strlen(line);
		memmove(buf, line, used + 1);
		if (used == sizeof(buf) - 1)
			used = 0; /* a line longer than the protocol allows: drop it */
	}
}

static pid_t spawn_hogger(const struct trial_setup *s, int child_end, int parent_end)
{
	pid_t parent = getpid(), pid = fork();
	char gate;

	if (pid != 0)
		return pid;
	close(parent_end);
	signal(SIGPIPE, SIG_DFL);
	if (dup2(child_end, PROTO_FD) < 0)
		_exit(127);
	/* Wait until the runner has moved us into the cgroup: nothing is allocated before. */
	if (read(PROTO_FD, &gate, 1) != 1)
		_exit(127);
	if (s->drop_privileges) {
		gid_t gid = (gid_t)s->gid;
		if (setgroups(1, &gid) < 0 || setgid(gid) < 0 || setuid((uid_t)s->uid) < 0)
			_exit(126);
	}
	/* After the uid change, which clears it: a runner killed by SIGKILL takes its hogger
	 * along, so cleanup finds the cgroup empty. */
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0 || getppid() != parent)
		_exit(127);
	execv(s->hogger_argv[0], s->hogger_argv);
	_exit(127);
}

static void classify(struct trial *t, int status, const struct hogger_events *ev)
{
	int sig = WIFSIGNALED(status) ? WTERMSIG(status) : 0;

	t->status = TRIAL_OK;
	if (sig == SIGKILL && t->have[M_OOM_KILLS] && t->value[M_OOM_KILLS] > 0) {
		t->status = TRIAL_OOM;
		snprintf(t->note, sizeof(t->note),
			 "OOM-killed: the memory limit plus swap could not hold the allocation");
	} else if (signals_pending()) {
		t->status = TRIAL_INTERRUPTED;
		snprintf(t->note, sizeof(t->note), "interrupted by signal %d", signals_pending());
	} else if (sig == SIGSYS) {
		t->status = TRIAL_FAILED;
		snprintf(t->note, sizeof(t->note),
			 "hogger killed by its seccomp sandbox (SIGSYS): it made a system call outside its allowlist (--no-seccomp runs it without)");
	} else if (sig) {
		t->status = TRIAL_FAILED;
		snprintf(t->note, sizeof(t->note), "hogger killed by signal %d (%s)", sig, strsignal(sig));
	} else if (WEXITSTATUS(status) == 126 || WEXITSTATUS(status) == 127) {
		t->status = TRIAL_FAILED;
		snprintf(t->note, sizeof(t->note), "hogger could not be started (%s)",
			 WEXITSTATUS(status) == 126 ? "could not switch to --user" : "exec failed");
	} else if (ev->alloc_error || WEXITSTATUS(status) != 0 || !ev->got_done) {
		t->status = TRIAL_FAILED;
		snprintf(t->note, sizeof(t->note), "hogger exited with status %d%s", WEXITSTATUS(status),
			 ev->alloc_error ? " (allocation failed)" : "");
	}
}

static void record(struct trial *t, const struct hogger_events *ev, const struct filled_sample *fs,
		   const struct rusage *ru, uint64_t exit_ns, uint64_t swap_peak,
		   const struct vmstat_snap *before, const struct vmstat_snap *after)
{
	if (ev->start && ev->got_filled) {
		set(t, M_FILL, (double)(ev->filled - ev->start) / 1e9);
		/* The pause while we sample is ours, not the workload's. */
		set(t, M_ELAPSED, (double)(exit_ns - ev->start - (fs->go - fs->seen)) / 1e9);
	} else if (ev->start) {
		set(t, M_ELAPSED, (double)(exit_ns - ev->start) / 1e9);
	}
	if (ev->rereads && fs->go)
		set(t, M_REREAD, (double)(ev->last_reread - fs->go) / 1e9);
	set(t, M_USER, (double)ru->ru_utime.tv_sec + (double)ru->ru_utime.tv_usec / 1e6);
	set(t, M_SYS, (double)ru->ru_stime.tv_sec + (double)ru->ru_stime.tv_usec / 1e6);
	set(t, M_MINFLT, (double)ru->ru_minflt);
	set(t, M_MAJFLT, (double)ru->ru_majflt);
	if (fs->have_cgroup_swap) {
		set(t, M_SWAP_FILLED, (double)fs->cgroup_swap);
		if (fs->cgroup_swap > swap_peak)
			swap_peak = fs->cgroup_swap;
	}
	set(t, M_SWAP_PEAK, (double)swap_peak);
	if (fs->dev.have_used)
		set(t, M_DEVICE_USED, (double)fs->dev.device_used);
	if (fs->dev.have_zram) {
		const struct zram_mm_stat *mm = &fs->dev.mm;
		set(t, M_ZRAM_ORIG, (double)mm->orig_data_size);
		set(t, M_ZRAM_COMPR, (double)mm->compr_data_size);
		set(t, M_ZRAM_MEM, (double)mm->mem_used_total);
		set(t, M_ZRAM_SAME, (double)mm->same_pages);
		set(t, M_ZRAM_HUGE, (double)mm->huge_pages);
		if (mm->compr_data_size)
			set(t, M_COMP_RATIO, (double)mm->orig_data_size / (double)mm->compr_data_size);
	}
	set(t, M_PSWPOUT, (double)(after->pswpout - before->pswpout));
	set(t, M_PSWPIN, (double)(after->pswpin - before->pswpin));
	if (before->have_zero && after->have_zero) {
		set(t, M_SWPOUT_ZERO, (double)(after->swpout_zero - before->swpout_zero));
		set(t, M_SWPIN_ZERO, (double)(after->swpin_zero - before->swpin_zero));
	}
}

static void name_failure(char *failed, size_t len, const char *what)
{
	if (failed && len)
		snprintf(failed, len, "%s", what);
}

int trial_run(const struct trial_setup *s, struct trial *t, char *failed, size_t failed_len)
{
	struct bench_cgroup cg = { 0 };
	struct hogger_events ev = { 0 };
	struct filled_sample fs = { 0 };
	struct vmstat_snap before, after;
	struct rusage ru;
	size_t mark = journal_mark(s->journal);
	uint64_t swap_peak = 0, exit_ns, value;
	int sv[2] = { -1, -1 };
	pid_t pid = -1;
	int ret, rewind, status = 0;

	memset(t->value, 0, sizeof(t->value));
	memset(t->have, 0, sizeof(t->have));
	t->note[0] = '\0';
	t->status = TRIAL_FAILED;

	ret = swap_device_start(s->dev, s->journal);
	if (ret) {
		name_failure(failed, failed_len, s->dev->failed);
		goto out;
	}
	signals_pause_point("setup");
	if (signals_pending()) {
		ret = -EINTR;
		goto out;
	}
	ret = bench_cgroup_create(&cg, s->env, s->cgroup_name, s->limit, s->swap_limit);
	/* libcgroup can leave the directory behind when setting a limit fails. An existing
	 * cgroup of that name is someone else's: create refuses it and we never remove it. */
	if (ret != -EEXIST && sysfs_exists(cg.path)) {
		int jret = journal_push(s->journal, UNDO_RMDIR, cg.path, NULL);
		ret = ret ? ret : jret;
	}
	if (ret) {
		name_failure(failed, failed_len, cg.path);
		goto out;
	}
	name_failure(failed, failed_len, "/proc/vmstat");
	ret = vmstat_snapshot(&before);
	if (ret)
		goto out;
	name_failure(failed, failed_len, "socketpair");
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0) {
		ret = -errno;
		goto out;
	}
	pid = spawn_hogger(s, sv[1], sv[0]);
	if (pid < 0) {
		ret = -errno;
		name_failure(failed, failed_len, "fork");
		goto out;
	}
	close(sv[1]);
	sv[1] = -1;
	signals_set_child(pid);
	ret = bench_cgroup_attach(&cg, pid);
	if (ret) {
		name_failure(failed, failed_len, cg.path);
		goto out;
	}
	if (signals_pending()) {
		ret = -EINTR;
		goto out;
	}
	if (write(sv[0], "a", 1) != 1) {
		ret = -errno;
		name_failure(failed, failed_len, "hogger start");
		goto out;
	}
	signals_pause_point("fill");
	ret = follow_hogger(s, &cg, sv[0], &ev, &fs, &swap_peak);
	if (ret) {
		name_failure(failed, failed_len, "hogger report socket");
		goto out;
	}
	while (wait4(pid, &status, 0, &ru) < 0) {
		if (errno != EINTR) {
			ret = -errno;
			name_failure(failed, failed_len, "wait4");
			goto out;
		}
	}
	exit_ns = clock_now_ns();
	pid = -1;
	signals_set_child(0);
	name_failure(failed, failed_len, "/proc/vmstat");
	ret = vmstat_snapshot(&after);
	if (ret)
		goto out;
	record(t, &ev, &fs, &ru, exit_ns, swap_peak, &before, &after);
	if (bench_cgroup_mem_peak(&cg, &value) == 0)
		set(t, M_MEM_PEAK, (double)value);
	if (bench_cgroup_memsw_peak(&cg, &value) == 0)
		set(t, M_MEMSW_PEAK, (double)value);
	if (bench_cgroup_oom_kills(&cg, &value) == 0)
		set(t, M_OOM_KILLS, (double)value);
	classify(t, status, &ev);
	name_failure(failed, failed_len, "");
	signals_pause_point("teardown");
out:
	if (pid > 0) {
		kill(pid, SIGKILL);
		while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
			;
	}
	signals_set_child(0);
	for (int i = 0; i < 2; i++)
		if (sv[i] >= 0)
			close(sv[i]);
	bench_cgroup_release(&cg);
	rewind = journal_rewind(s->journal, mark);
	if (!ret && rewind) {
		ret = rewind;
		name_failure(failed, failed_len, "restoring the trial's swap and cgroup");
	}
	return ret;
}
