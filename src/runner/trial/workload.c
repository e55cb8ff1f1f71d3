#include "runner/trial/workload.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/pidfd.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <linux/sched.h>

#include "common/clock.h"
#include "common/proto.h"
#include "runner/kernel/cpus.h"
#include "runner/kernel/signals.h"
#include "runner/kernel/spawn.h"
#include "runner/trial/hogger_events.h"

extern char **environ;

/* The child: wait at the gate, then become the workload as c says. */
static void child(const struct workload_spec *spec, const struct child_setup *c, int gate_fd,
		  int report_fd, int out_fd)
{
	char gate;
	int err;

	if (spawn_child_start(c) < 0)
		_exit(SPAWN_CANNOT_BECOME);
	/* stdout belongs to the runner's tables and JSON: the hogger talks on stderr, a command's
	 * output goes to the runner, which keeps it for the result file. */
	if (out_fd >= 0) {
		dup2(out_fd, STDOUT_FILENO);
		dup2(out_fd, STDERR_FILENO);
	} else {
		dup2(STDERR_FILENO, STDOUT_FILENO);
	}
	if (read(gate_fd, &gate, 1) != 1)
		_exit(SPAWN_CANNOT_EXEC);
	if (spec->command)
		close(gate_fd);
	/* dup2 onto itself would keep close-on-exec: clear it instead. */
	if (report_fd == PROTO_FD ? fcntl(report_fd, F_SETFD, 0) < 0
				  : report_fd >= 0 && dup2(report_fd, PROTO_FD) < 0)
		_exit(SPAWN_CANNOT_EXEC);
	_exit(spawn_child_exec(c, spec->argv, spec->command, &err));
}

/* What every job of this workload becomes: under --user, that user with its groups, the
 * environment of a login, a session of its own and no way back to root. Whoever it runs as, a
 * runner killed by SIGKILL takes it along (die_with), so cleanup finds the cgroup empty. */
static struct child_setup child_setup_of(const struct workload *w, pid_t parent)
{
	const struct workload_spec *spec = w->spec;

	return (struct child_setup){ .user = spec->user,
				     .envp = spec->user ? w->env.vars : NULL,
				     .new_session = w->sessions,
				     .no_new_privs = spec->user != NULL,
				     .die_with = parent,
				     .dir = spec->workdir };
}

/* At the gate, before the release: one CPU of the set per job, or the whole set for a job
 * whose threads need several. Threads and children inherit it. */
static int pin(const struct workload_spec *spec, pid_t pid, unsigned index)
{
	cpu_set_t mask;

	if (!spec->cpus)
		return 0;
	mask = *spec->cpus;
	if (spec->threads <= 1) {
		CPU_ZERO(&mask);
		CPU_SET(cpus_nth(spec->cpus, index), &mask);
	}
	return sched_setaffinity(pid, sizeof(mask), &mask) < 0 ? -errno : 0;
}

/* fork(), but born in the cgroup: moving a process in later (a write to cgroup.procs) takes the
 * threadgroup lock for writing, which waits for an RCU grace period, milliseconds per job. The
 * runner has no threads, so skipping glibc's fork handlers is safe. */
static pid_t fork_into(int cgroup_fd, int *born_inside)
{
	*born_inside = 0;
	if (cgroup_fd >= 0) {
		struct clone_args args = { .flags = CLONE_INTO_CGROUP,
					   .exit_signal = SIGCHLD,
					   .cgroup = (uint64_t)cgroup_fd };
		long pid = syscall(SYS_clone3, &args, sizeof(args));
		if (pid >= 0) {
			*born_inside = 1;
			return (pid_t)pid;
		}
		/* Before 5.7, or a seccomp filter that refuses clone3: the move it is. */
	}
	return fork();
}

static int spawn_one(struct workload *w, struct job *j, int cgroup_fd)
{
	const struct workload_spec *spec = w->spec;
	struct child_setup c = child_setup_of(w, getpid());
	int sv[2] = { -1, -1 }, gate[2] = { -1, -1 }, out[2] = { -1, -1 };

	/* A hogger has one socket for the gate and its reports; a command gets a pipe as gate,
	 * and one for its output. */
	if (spec->command ? pipe2(gate, O_CLOEXEC) < 0 || pipe2(out, O_CLOEXEC) < 0
			  : socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0)
		return -errno;
	j->pid = fork_into(cgroup_fd, &j->born_inside);
	if (j->pid < 0) {
		int err = -errno;
		for (int i = 0; i < 2; i++) {
			if (sv[i] >= 0)
				close(sv[i]);
			if (gate[i] >= 0)
				close(gate[i]);
			if (out[i] >= 0)
				close(out[i]);
		}
		return err;
	}
	if (j->pid == 0) {
		if (!w->sessions)
			setpgid(0, w->pgid);
		if (spec->command) {
			close(gate[1]);
			close(out[0]);
			child(spec, &c, gate[0], -1, out[1]);
		}
		close(sv[0]);
		child(spec, &c, sv[1], sv[1], -1);
	}
	/* Both sides set the group, so it is in place whichever runs first. A job that makes
	 * its own session must not be put in a group first: setsid() refuses a group's leader. */
	if (!w->sessions)
		setpgid(j->pid, w->pgid ? w->pgid : j->pid);
	if (!w->pgid)
		w->pgid = j->pid;
	if (spec->command) {
		close(gate[0]);
		close(out[1]);
		j->gate = gate[1];
		j->out = out[0];
		/* Drained without waiting once the command exits: a child it left may hold the
		 * pipe. */
		fcntl(j->out, F_SETFL, O_NONBLOCK);
		j->fd = -1;
		j->eof = 1;
	} else {
		close(sv[1]);
		j->fd = sv[0];
		j->gate = -1;
	}
	j->pidfd = (int)pidfd_open(j->pid, 0);
	if (j->pidfd < 0)
		return -errno;
	return pin(spec, j->pid, (unsigned)(j - w->jobs));
}

int workload_spawn(struct workload *w, const struct workload_spec *spec, int cgroup_fd)
{
	int ret = 0;

	memset(w, 0, sizeof(*w));
	w->spec = spec;
	w->poking = -1;
	w->sessions = spec->user != NULL;
	if (spec->user && (ret = run_as_env_build(&w->env, spec->user, environ)))
		return ret;
	tabs_init(&w->tabs, spec->jobs, spec->tab_cycles, spec->tab_recent, spec->tab_seed);
	w->jobs = calloc(spec->jobs, sizeof(*w->jobs));
	if (!w->jobs)
		return -ENOMEM;
	for (unsigned i = 0; i < spec->jobs; i++)
		w->jobs[i].pid = w->jobs[i].pidfd = w->jobs[i].fd = w->jobs[i].gate =
			w->jobs[i].out = -1;
	for (unsigned i = 0; i < spec->jobs && !ret; i++) {
		ret = spawn_one(w, &w->jobs[i], cgroup_fd);
		w->n = i + 1;
	}
	if (w->pgid)
		signals_set_child(-w->pgid);
	return ret;
}

int workload_attach(struct workload *w, struct bench_cgroup *cg)
{
	for (unsigned i = 0; i < w->n; i++) {
		int ret = w->jobs[i].born_inside ? 0 : bench_cgroup_attach(cg, w->jobs[i].pid);
		if (ret)
			return ret;
	}
	return 0;
}

int workload_release(struct workload *w)
{
	w->release_ns = clock_now_ns();
	for (unsigned i = 0; i < w->n; i++) {
		struct job *j = &w->jobs[i];
		if (write(j->gate >= 0 ? j->gate : j->fd, "a", 1) != 1)
			return -errno;
		if (j->gate >= 0) {
			close(j->gate);
			j->gate = -1;
		}
	}
	return 0;
}

/* Reads what a job wrote; returns 1 at its end (EOF, or a reset: killed with "go" unread). */
static int read_reports(struct workload *w, struct job *j, char *buf, size_t *used, size_t cap,
			const struct workload_hooks *hooks)
{
	ssize_t r = read(j->fd, buf + *used, cap - 1 - *used);

	if (r < 0 && (errno == EINTR || errno == EAGAIN))
		return 0;
	if (r <= 0)
		return 1;
	*used += (size_t)r;
	buf[*used] = '\0';
	char *line = buf, *nl;
	while ((nl = strchr(line, '\n'))) {
		*nl = '\0';
		if (hogger_event_parse(line, &j->ev) && hooks->progress) {
			uint64_t total = 0;
			for (unsigned i = 0; i < w->n; i++)
				total += w->jobs[i].ev.bytes;
			hooks->progress(hooks->arg, total, clock_now_ns());
		}
		line = nl + 1;
	}
	*used = strlen(line);
	memmove(buf, line, *used + 1);
	if (*used == cap - 1)
		*used = 0; /* a line longer than the protocol allows: drop it */
	return 0;
}

/* Every hogger job either filled or gone: the moment to sample, then let them go on. */
static int all_filled(const struct workload *w)
{
	int any = 0;

	if (w->spec->command)
		return 0; /* a command reports nothing */
	for (unsigned i = 0; i < w->n; i++) {
		const struct job *j = &w->jobs[i];
		if (!j->ev.got_filled && !j->eof)
			return 0;
		any |= j->ev.got_filled && !j->eof;
	}
	return any;
}

#define OUTPUT_READ 4096
_Static_assert(OUTPUT_READ < WORKLOAD_OUTPUT_MAX, "one read must fit in the kept output");

/* The last bytes a command wrote, where its errors are; n is at most one read. */
static void keep_tail(struct job *j, const char *buf, size_t n)
{
	size_t cap = sizeof(j->output) - 1;

	if (j->output_len + n > cap) {
		size_t drop = j->output_len + n - cap;
		memmove(j->output, j->output + drop, j->output_len - drop);
		j->output_len -= drop;
		j->output_cut = 1;
	}
	memcpy(j->output + j->output_len, buf, n);
	j->output_len += n;
	j->output[j->output_len] = '\0';
}

/* Returns the bytes read; 0 at the end (the pipe is closed then) or when nothing waits. */
static ssize_t read_output(struct job *j)
{
	char buf[OUTPUT_READ];
	ssize_t n = read(j->out, buf, sizeof(buf));

	if (n < 0 && (errno == EINTR || errno == EAGAIN))
		return 0;
	if (n <= 0) {
		close(j->out);
		j->out = -1;
		return 0;
	}
	keep_tail(j, buf, (size_t)n);
	return n;
}

/* Where the job ran, read while it is a zombie: after wait4 its /proc entry is gone. */
static void note_placement(struct job *j)
{
	uint64_t n;

	j->cpu = proc_last_cpu(j->pid, &j->cpu) == 0 ? j->cpu : -1;
	j->migrations = proc_migrations(j->pid, &n) == 0 ? (int64_t)n : -1;
}

static void reap(struct job *j)
{
	int status;

	while (j->out >= 0 && read_output(j) > 0)
		; /* what it wrote before it exited, before the pipe is forgotten */
	note_placement(j);
	while (wait4(j->pid, &status, 0, &j->ru) < 0)
		if (errno != EINTR)
			return;
	j->status = status;
	j->reaped = 1;
	j->exit_ns = clock_now_ns();
}

static void send_go(struct workload *w);
static void tabs_step(struct workload *w);

/* The handler passed the signal to the first job's group (signals_set_child); under --user
 * the others lead sessions of their own, and get it here, when poll() returns for it. */
static void forward_stop(struct workload *w)
{
	int sig = signals_pending();

	if (!w->sessions || w->forwarded || !sig)
		return;
	for (unsigned i = 1; i < w->n; i++)
		if (!w->jobs[i].reaped)
			kill(-w->jobs[i].pid, sig);
	w->forwarded = 1;
}

/* Milliseconds until the next tick or the deadline, whichever is first; -1: neither. */
static int poll_timeout(uint64_t next_tick, uint64_t deadline)
{
	uint64_t now = clock_now_ns(), until = 0;

	if (next_tick)
		until = next_tick;
	if (deadline && (!until || deadline < until))
		until = deadline;
	if (!until)
		return -1;
	return until <= now ? 0 : (int)((until - now + 999999) / 1000000);
}

int workload_follow(struct workload *w, unsigned sample_ms, uint64_t timeout_ms,
		    const struct workload_hooks *hooks)
{
	uint64_t deadline = timeout_ms ? w->release_ns + timeout_ms * 1000000ULL : 0;
	uint64_t interval = (uint64_t)sample_ms * 1000000ULL;
	uint64_t next_tick = interval ? w->release_ns + interval : 0;
	struct pollfd *pfds = calloc(2 * (size_t)w->n, sizeof(*pfds));
	char(*bufs)[PROTO_LINE_MAX * 4] = calloc(w->n, sizeof(*bufs));
	size_t *used = calloc(w->n, sizeof(*used));
	unsigned alive = w->n;
	int ret = 0;

	if (!pfds || !bufs || !used) {
		ret = -ENOMEM;
		goto out;
	}
	while (alive) {
		for (unsigned i = 0; i < w->n; i++) {
			struct job *j = &w->jobs[i];
			/* A hogger's reports; a command's output, which a command may close
			 * early. */
			pfds[2 * i] =
				(struct pollfd){ .fd = j->eof ? j->out : j->fd, .events = POLLIN };
			pfds[2 * i + 1] = (struct pollfd){ .fd = j->reaped ? -1 : j->pidfd,
							   .events = POLLIN };
		}
		int n = poll(pfds, 2 * (nfds_t)w->n, poll_timeout(next_tick, deadline));
		uint64_t now = clock_now_ns();
		if (n < 0 && errno != EINTR) {
			ret = -errno;
			goto out;
		}
		forward_stop(w);
		/* Ticks on a fixed grid, whatever else woke us: the series' spacing is the
		 * interval. */
		if (next_tick && now >= next_tick) {
			if (hooks->tick)
				hooks->tick(hooks->arg);
			while (next_tick <= now)
				next_tick += interval;
		}
		if (deadline && clock_now_ns() > deadline) {
			for (unsigned i = 0; i < w->n; i++)
				if (!w->jobs[i].reaped) {
					w->jobs[i].timed_out = 1;
					kill(w->jobs[i].pid, SIGKILL);
				}
			deadline = 0;
		}
		for (unsigned i = 0; n > 0 && i < w->n; i++) {
			struct job *j = &w->jobs[i];
			if (!j->eof && pfds[2 * i].revents &&
			    read_reports(w, j, bufs[i], &used[i], sizeof(bufs[i]), hooks))
				j->eof = 1;
			else if (j->eof && j->out >= 0 && pfds[2 * i].revents)
				read_output(j);
			/* Reap only after the reports are drained: the last lines precede the
			 * exit. */
			if (!j->reaped && j->eof && pfds[2 * i + 1].revents) {
				reap(j);
				alive--;
			}
		}
		if (!w->sent_go && all_filled(w)) {
			if (hooks->filled)
				hooks->filled(hooks->arg);
			send_go(w);
		}
		tabs_step(w);
	}
out:
	free(pfds);
	free(bufs);
	free(used);
	return ret;
}

static void send_all(struct workload *w, const char *line)
{
	/* A job only waits for a line; a failed write means it is gone, as wait4 tells. */
	for (unsigned i = 0; i < w->n; i++)
		if (!w->jobs[i].eof)
			(void)!write(w->jobs[i].fd, line, strlen(line));
}

/* Tabs, after "go": one poke at a time; the next when the poked tab has answered; "end" to
 * every tab once the cycles are done or a tab is gone (a poke it never answers would hang). */
static void tabs_step(struct workload *w)
{
	int next;

	if (!w->spec->tab_cycles || !w->sent_go || w->tabs_done)
		return;
	if (w->poking >= 0 && !w->jobs[w->poking].ev.poked && !w->jobs[w->poking].eof)
		return;
	if (w->poking >= 0)
		w->jobs[w->poking].ev.poked = 0;
	for (unsigned i = 0; i < w->n; i++)
		if (w->jobs[i].eof)
			w->tabs.sent = w->tabs.cycles;
	next = tabs_next(&w->tabs);
	w->poking = next;
	if (next < 0 || write(w->jobs[next].fd, "poke\n", 5) != 5) {
		send_all(w, "end\n");
		w->tabs_done = 1;
	}
}

static void send_go(struct workload *w)
{
	send_all(w, PROTO_GO);
	w->sent_go = 1;
}

int workload_wait_filled(struct workload *w, int timeout_ms)
{
	static const struct workload_hooks none;
	char buf[PROTO_LINE_MAX * 4];
	uint64_t deadline = clock_now_ns() + (uint64_t)timeout_ms * 1000000ULL;

	for (unsigned i = 0; i < w->n; i++) {
		struct job *j = &w->jobs[i];
		size_t used = 0;
		while (!j->eof && !j->ev.got_filled) {
			struct pollfd pfd = { .fd = j->fd, .events = POLLIN };
			uint64_t t = clock_now_ns();
			if (t >= deadline)
				return -ETIMEDOUT;
			if (poll(&pfd, 1, (int)((deadline - t) / 1000000ULL) + 1) < 0 &&
			    errno != EINTR)
				return -errno;
			if (pfd.revents && read_reports(w, j, buf, &used, sizeof(buf), &none))
				j->eof = 1;
		}
	}
	send_go(w);
	return 0;
}

void workload_drain(struct workload *w)
{
	for (unsigned i = 0; i < w->n; i++)
		while (!w->jobs[i].reaped && w->jobs[i].out >= 0 && read_output(&w->jobs[i]) > 0)
			;
}

int workload_gone(const struct workload *w)
{
	siginfo_t si;

	for (unsigned i = 0; i < w->n; i++) {
		if (w->jobs[i].reaped)
			return 1;
		si.si_pid = 0;
		if (waitid(P_PID, (id_t)w->jobs[i].pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0 &&
		    si.si_pid)
			return 1;
	}
	return 0;
}

int workload_stop(struct workload *w, int sig, unsigned grace_ms)
{
	uint64_t lived_ms = (clock_now_ns() - w->release_ns) / 1000000ULL;
	static const struct workload_hooks none = { 0 };

	for (unsigned i = 0; i < w->n; i++)
		if (!w->jobs[i].reaped)
			kill(w->jobs[i].pid, sig);
	/* follow's deadline counts from the release: the grace is added to what it lived. */
	return workload_follow(w, 0, lived_ms + grace_ms, &none);
}

void workload_signals_to(const struct workload *w)
{
	if (w->pgid)
		signals_set_child(-w->pgid);
}

void workload_destroy(struct workload *w)
{
	if (w->pgid > 0)
		kill(-w->pgid, SIGKILL);
	for (unsigned i = 0; i < w->n; i++) {
		struct job *j = &w->jobs[i];
		if (w->sessions && j->pid > 0)
			kill(-j->pid, SIGKILL); /* what the job started, in its session */
		if (j->pid > 0 && !j->reaped) {
			kill(j->pid, SIGKILL);
			while (waitpid(j->pid, NULL, 0) < 0 && errno == EINTR)
				;
		}
		if (j->fd >= 0)
			close(j->fd);
		if (j->gate >= 0)
			close(j->gate);
		if (j->pidfd >= 0)
			close(j->pidfd);
		if (j->out >= 0)
			close(j->out);
	}
	signals_set_child(0);
	run_as_env_free(&w->env);
	free(w->jobs);
	memset(w, 0, sizeof(*w));
}
