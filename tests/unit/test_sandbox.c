/*
 * hogger/sandbox.c: what the hogger may still do once its allowlist is installed, and that
 * anything else kills it. Each case runs in a child of its own, which the filter then binds.
 */
#include <criterion/criterion.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "hogger/sandbox.h"

struct fds {
	int report, data, other;
	pthread_barrier_t *ready;
	unsigned advice; /* what the sandbox is asked to allow (enum sandbox_advice) */
	int madv; /* the advice the child then gives */
};

/* Runs body in a child with stderr thrown away; its wait status. Exit 10: no filter. */
static int in_child(void (*body)(const struct fds *), const struct fds *fds)
{
	int status;
	pid_t pid = fork();

	cr_assert_geq(pid, 0);
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);
		dup2(null, STDERR_FILENO);
		close(null);
		body(fds);
		_exit(0);
	}
	cr_assert_eq(waitpid(pid, &status, 0), pid);
	return status;
}

static void install(const struct fds *f)
{
	if (sandbox_install(f->report, f->data, f->advice) != 0)
		_exit(10);
}

static void cr_assert_killed(int status)
{
	cr_assert(WIFSIGNALED(status) && WTERMSIG(status) == SIGSYS, "status %#x, not SIGSYS",
		  status);
}

static void cr_assert_lived(int status)
{
	cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0, "status %#x, not a clean exit",
		  status);
}

static void forbidden(const struct fds *f)
{
	install(f);
	(void)getppid();
}

Test(sandbox, a_call_off_the_list_kills)
{
	cr_assert_killed(in_child(forbidden, &(struct fds){ -1, -1, -1, NULL, 0, 0 }));
}

/* Memory, clocks, stdout and stderr: what a fill and its reports need. */
static void allowed(const struct fds *f)
{
	struct timespec ts;
	char *p;

	install(f);
	if (write(STDOUT_FILENO, "", 0) < 0 || write(STDERR_FILENO, "x", 1) != 1)
		_exit(11);
	p = malloc(8 << 20);
	if (!p)
		_exit(12);
	memset(p, 1, 8 << 20);
	free(p);
	clock_gettime(CLOCK_MONOTONIC, &ts);
}

Test(sandbox, memory_clocks_stdout_and_stderr_are_allowed)
{
	cr_assert_lived(in_child(allowed, &(struct fds){ -1, -1, -1, NULL, 0, 0 }));
}

static void write_other(const struct fds *f)
{
	install(f);
	(void)!write(f->other, "x", 1);
}

Test(sandbox, a_write_to_another_descriptor_kills)
{
	int fd = open("/dev/null", O_WRONLY);

	cr_assert_geq(fd, 3);
	cr_assert_killed(in_child(write_other, &(struct fds){ -1, -1, fd, NULL, 0, 0 }));
	close(fd);
}

/* The report socket both ways: the runner's go in, the reports out. */
static void talk(const struct fds *f)
{
	char c;

	install(f);
	if (read(f->report, &c, 1) != 1 || c != 'g' || write(f->report, "r", 1) != 1)
		_exit(11);
}

Test(sandbox, the_report_socket_is_read_and_written)
{
	int sv[2];
	char c = 0;

	cr_assert_eq(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	cr_assert_eq(write(sv[0], "g", 1), 1);
	cr_assert_lived(in_child(talk, &(struct fds){ sv[1], -1, -1, NULL, 0, 0 }));
	cr_assert_eq(read(sv[0], &c, 1), 1);
	cr_assert_eq(c, 'r');
	close(sv[0]);
	close(sv[1]);
}

/* --data FILE: positioned reads of that descriptor, and of no other. */
static void read_data(const struct fds *f)
{
	char c;

	install(f);
	if (pread(f->other, &c, 1, 0) != 1)
		_exit(11);
}

Test(sandbox, the_data_file_is_read_and_no_other)
{
	int fd = open("/dev/zero", O_RDONLY);

	cr_assert_geq(fd, 0);
	cr_assert_lived(in_child(read_data, &(struct fds){ -1, fd, fd, NULL, 0, 0 }));
	cr_assert_killed(in_child(read_data, &(struct fds){ -1, -1, fd, NULL, 0, 0 }));
	close(fd);
}

/* --threads: the filter binds the threads that already exist. */
static void *call_off_the_list(void *arg)
{
	pthread_barrier_wait(arg);
	(void)getppid();
	return NULL;
}

static void thread_after(const struct fds *f)
{
	pthread_t t;

	if (pthread_create(&t, NULL, call_off_the_list, f->ready))
		_exit(12);
	install(f);
	pthread_barrier_wait(f->ready);
	pthread_join(t, NULL);
}

Test(sandbox, threads_started_before_are_bound_too)
{
	pthread_barrier_t ready;

	pthread_barrier_init(&ready, NULL, 2);
	cr_assert_killed(in_child(thread_after, &(struct fds){ -1, -1, -1, &ready, 0, 0 }));
	pthread_barrier_destroy(&ready);
}

/* madvise with the advice the hogger was asked for, and glibc's own MADV_DONTNEED; any other
 * advice kills (the kernel's answer to it, EINVAL where there is no THP, is no matter). */
static void advise(const struct fds *f)
{
	size_t len = 4 << 20;
	void *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		_exit(12);
	install(f);
	(void)madvise(p, len, f->madv);
}

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif

Test(sandbox, madvise_only_with_the_advice_asked_for)
{
	struct fds f = { -1, -1, -1, NULL, 0, MADV_DONTNEED };

	cr_assert_lived(in_child(advise, &f));
	f.madv = MADV_HUGEPAGE;
	cr_assert_killed(in_child(advise, &f));
	f.madv = MADV_POPULATE_WRITE;
	cr_assert_killed(in_child(advise, &f));
	f.advice = SANDBOX_HUGEPAGE;
	f.madv = MADV_HUGEPAGE;
	cr_assert_lived(in_child(advise, &f));
	f.madv = MADV_NOHUGEPAGE;
	cr_assert_killed(in_child(advise, &f));
	f.madv = MADV_POPULATE_WRITE;
	cr_assert_killed(in_child(advise, &f)); /* --madvise-hugepage allows no other advice */
	f.advice = SANDBOX_POPULATE_WRITE;
	cr_assert_lived(in_child(advise, &f));
	f.madv = MADV_HUGEPAGE;
	cr_assert_killed(in_child(advise, &f)); /* nor --prefault */
	f.advice = SANDBOX_POPULATE_WRITE | SANDBOX_HUGEPAGE;
	cr_assert_lived(in_child(advise, &f));
}

/* A thread that ends hands its stack back with madvise(MADV_DONTNEED) (glibc's
 * advise_stack_range): --threads ends each of its threads under the filter. */
static void *wait_and_end(void *arg)
{
	pthread_barrier_wait(arg);
	return NULL;
}

static void thread_ends(const struct fds *f)
{
	pthread_t t;

	if (pthread_create(&t, NULL, wait_and_end, f->ready))
		_exit(12);
	install(f);
	pthread_barrier_wait(f->ready);
	pthread_join(t, NULL);
}

Test(sandbox, a_thread_that_ends_under_it_lives)
{
	pthread_barrier_t ready;

	pthread_barrier_init(&ready, NULL, 2);
	cr_assert_lived(in_child(thread_ends, &(struct fds){ -1, -1, -1, &ready, 0, 0 }));
	pthread_barrier_destroy(&ready);
}
