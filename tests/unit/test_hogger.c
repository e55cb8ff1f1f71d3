/*
 * hogger/main.c as the runner sees it: the built zswapbench-hogger run alone with a few MiB,
 * its reports read from fd 3 (common/proto.h). No cgroup, no swap: a process that allocates,
 * writes and reads its own memory, under its sandbox.
 */
#include <criterion/criterion.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/proto.h"

#define HOGGER "./zswapbench-hogger"
#define MiB (1024 * 1024)

static char reports[1 << 16];

/* The hogger started with args, fd 3 the socket's end sv[1] (closed here after the fork),
 * stdout and stderr /dev/null: its pid. */
static pid_t start(const char *const args[], int sv[2])
{
	const char *argv[24] = { HOGGER };
	size_t n = 1;
	pid_t pid;

	while (args[n - 1])
		argv[n] = args[n - 1], n++;
	argv[n] = NULL;
	pid = fork();
	cr_assert_geq(pid, 0);
	if (pid == 0) {
		int null;
		/* fd 3 the socket's end, whichever numbers the pair got; /dev/null after it */
		dup2(sv[1], PROTO_FD);
		if (sv[0] != PROTO_FD)
			close(sv[0]);
		if (sv[1] != PROTO_FD)
			close(sv[1]);
		null = open("/dev/null", O_WRONLY);
		/* A hogger that hangs (a mutant holding its memory for good) dies by SIGALRM,
		 * which exec keeps, and the test fails instead of waiting for it. */
		alarm(20);
		dup2(null, STDOUT_FILENO);
		dup2(null, STDERR_FILENO);
		execv(HOGGER, (char *const *)argv);
		_exit(127);
	}
	close(sv[1]);
	return pid;
}

/* Runs the hogger with args, fd 3 a socket that holds send already (the runner's "go", a tab's
 * pokes); what it reported into reports. Its exit status, or -1. */
static int hogger(const char *send, const char *const args[])
{
	size_t have = 0;
	ssize_t got;
	int sv[2], status;
	pid_t pid;

	cr_assert_eq(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	if (send)
		cr_assert_eq(write(sv[0], send, strlen(send)), (ssize_t)strlen(send));
	pid = start(args, sv);
	while (have + 1 < sizeof(reports) &&
	       (got = read(sv[0], reports + have, sizeof(reports) - 1 - have)) > 0)
		have += (size_t)got;
	reports[have] = '\0';
	close(sv[0]);
	cr_assert_eq(waitpid(pid, &status, 0), pid);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* How many report lines start with word (followed by a space). */
static unsigned lines_of(const char *word)
{
	unsigned n = 0;
	size_t len = strlen(word);

	for (const char *p = reports; *p; p = strchr(p, '\n') + 1) {
		n += strncmp(p, word, len) == 0 && p[len] == ' ';
		if (!strchr(p, '\n'))
			break;
	}
	return n;
}

/* The numbers after the first line starting with word; how many were read. */
static int numbers_of(const char *word, unsigned long long *v, int max)
{
	size_t len = strlen(word);
	int k = 0;

	for (const char *p = reports; *p; p = strchr(p, '\n') + 1) {
		if (strncmp(p, word, len) == 0 && p[len] == ' ') {
			const char *q = p + len;
			char *end;
			while (k < max && *q == ' ') {
				v[k++] = strtoull(q + 1, &end, 10);
				q = end;
			}
			return k;
		}
		if (!strchr(p, '\n'))
			break;
	}
	return 0;
}

static unsigned long long first_number(const char *word)
{
	unsigned long long v = 0;

	cr_assert_geq(numbers_of(word, &v, 1), 1, "no '%s' line in:\n%s", word, reports);
	return v;
}

/* The fill: a progress line per chunk with the bytes written so far, the chunks' latencies,
 * then filled, and done without an access phase. */
Test(hogger, the_fill_reports_each_chunk)
{
	unsigned long long v[6];

	cr_assert_eq(hogger(PROTO_GO, (const char *[]){ "--alloc", "4M", "--chunk", "1M", NULL }),
		     0);
	cr_assert_eq(lines_of("start"), 1);
	cr_assert_eq(lines_of("progress"), 4, "%s", reports);
	cr_assert_not_null(strstr(reports, "progress 1048576 "));
	cr_assert_not_null(strstr(reports, "progress 4194304 "));
	cr_assert_eq(first_number("filled"), 4 * MiB);
	cr_assert_eq(numbers_of("histend fill", v, 6), 5);
	cr_assert_eq(v[0], 4, "a latency per chunk");
	cr_assert_eq(lines_of("accessed"), 0, "no access phase");
	cr_assert_eq(lines_of("done"), 1);
}

/* A size that is no multiple of the chunk gets one chunk more, not one less. */
Test(hogger, a_part_chunk_is_a_chunk)
{
	cr_assert_eq(hogger(PROTO_GO,
			    (const char *[]){ "--alloc", "3145729", "--chunk", "1M", "--no-latency",
					      NULL }),
		     0);
	cr_assert_eq(first_number("filled"), 4 * MiB);
	cr_assert_eq(lines_of("hist"), 0, "--no-latency: no histogram");
	cr_assert_eq(lines_of("histend"), 0);
}

/* reread:2: two passes over every page, each read timed; the memory checked after. */
Test(hogger, reread_passes_and_verify)
{
	unsigned long long v[6];

	cr_assert_eq(hogger(PROTO_GO,
			    (const char *[]){ "--alloc", "2M", "--chunk", "1M", "--access",
					      "reread:2", "--threads", "2", "--data", "random",
					      "--verify", NULL }),
		     0, "%s", reports);
	cr_assert_eq(lines_of("pass"), 2, "thread 0 alone reports a pass:\n%s", reports);
	cr_assert_not_null(strstr(reports, "pass 2 "));
	cr_assert_eq(numbers_of("histend access", v, 6), 5);
	cr_assert_eq(v[0], 2 * 2 * MiB / 4096, "every thread's reads in one histogram");
	cr_assert_eq(numbers_of("histend fill", v, 6), 5);
	cr_assert_eq(v[0], 2);
	cr_assert_eq(lines_of("accessed"), 1);
	cr_assert_eq(lines_of("worked"), 0, "passes counted, not timed");
}

/* random:1 with more threads than chunks: as many threads as chunks, a pass's draws shared. */
Test(hogger, threads_share_a_random_pass)
{
	unsigned long long v[6];

	cr_assert_eq(hogger(PROTO_GO,
			    (const char *[]){ "--alloc", "2M", "--chunk", "1M", "--access",
					      "random:1", "--threads", "8", "--verify", NULL }),
		     0, "%s", reports);
	cr_assert_eq(first_number("filled"), 2 * MiB);
	cr_assert_eq(numbers_of("histend access", v, 6), 5);
	cr_assert_eq(v[0], 2 * MiB / 4096);
}

/* hot:PCT:1s: passes for a second, the reads of every thread reported as worked. */
Test(hogger, a_timed_access_lasts_its_time)
{
	unsigned long long filled[3], accessed[2], v[6];

	cr_assert_eq(hogger(PROTO_GO,
			    (const char *[]){ "--alloc", "2M", "--chunk", "1M", "--access",
					      "hot:50:1s", "--threads", "2", NULL }),
		     0, "%s", reports);
	cr_assert_eq(numbers_of("filled", filled, 3), 3);
	cr_assert_eq(numbers_of("accessed", accessed, 2), 2);
	cr_assert_geq(accessed[0] - filled[1], 1000000000ULL, "shorter than its second");
	cr_assert_lt(accessed[0] - filled[1], 30000000000ULL);
	cr_assert_eq(lines_of("pass"), 0);
	cr_assert_eq(numbers_of("histend access", v, 6), 5);
	cr_assert_eq(first_number("worked"), v[0], "every thread's reads, each one timed");
	cr_assert_eq(v[0] % 128, 0, "whole shares of 128 reads (a 256-page hot set, 2 threads)");
}

/* tabs: a poke touches every page, one latency each; "end" ends it. */
Test(hogger, a_tab_answers_each_poke)
{
	unsigned long long v[6];

	cr_assert_eq(hogger(PROTO_GO "poke\npoke\nend\n",
			    (const char *[]){ "--alloc", "1M", "--access", "tabs:2:2", NULL }),
		     0, "%s", reports);
	cr_assert_eq(lines_of("poked"), 2, "%s", reports);
	cr_assert_eq(numbers_of("histend access", v, 6), 5);
	cr_assert_eq(v[0], 2, "a poke is one value");
}

static int refused(const char *const args[])
{
	return hogger(PROTO_GO, args); /* those that start need their go to end */
}

Test(hogger, bad_options_exit_2)
{
	cr_assert_eq(refused((const char *[]){ "--chunk", "1M", NULL }), 2, "no --alloc");
	cr_assert_eq(refused((const char *[]){ "--alloc", "1M", "extra", NULL }), 2);
	cr_assert_eq(refused((const char *[]){ "--alloc", "1M", "--chunk", "1000", NULL }), 2,
		     "a chunk of no whole pages");
	cr_assert_eq(refused((const char *[]){ "--alloc", "x", NULL }), 2);
	cr_assert_eq(refused((const char *[]){ "--alloc", "1M", "--data", "nope", NULL }), 2);
	cr_assert_eq(refused((const char *[]){ "--alloc", "1M", "--access", "nope", NULL }), 2);
	cr_assert_eq(refused((const char *[]){ "--alloc", "1M", "--data", "file:/nonexistent/zsb",
					       NULL }),
		     2);
	static const char *const threads[] = { "0", "257", "4x", "+4", "", "-1" };
	for (size_t i = 0; i < sizeof(threads) / sizeof(*threads); i++)
		cr_assert_eq(
			refused((const char *[]){ "--alloc", "1M", "--threads", threads[i], NULL }),
			2, "--threads '%s'", threads[i]);
	cr_assert_eq(refused((const char *[]){ "--alloc", "1M", "--threads", "256", NULL }), 0);
	cr_assert_eq(refused((const char *[]){ "--help", NULL }), 0);
}

/* The hogger started with args and fd 3 a socket, read up to its "filled": its pid, and the
 * runner's end of the socket to send the go on. */
static pid_t started_until_filled(const char *const args[], int *runner)
{
	size_t have = 0;
	int sv[2];
	pid_t pid;

	cr_assert_eq(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	pid = start(args, sv);
	reports[0] = '\0';
	while (!strstr(reports, "filled ") || !strchr(strstr(reports, "filled "), '\n')) {
		ssize_t got = read(sv[0], reports + have, sizeof(reports) - 1 - have);
		cr_assert_gt(got, 0, "the hogger ended before it was filled:\n%s", reports);
		have += (size_t)got;
		reports[have] = '\0';
	}
	*runner = sv[0];
	return pid;
}

/* The mappings of pid advised MADV_HUGEPAGE (smaps' VmFlags "hg"): how many, and the first's
 * start and size in kB. */
static int advised(pid_t pid, unsigned long *start, unsigned long *kb)
{
	char path[64], line[512];
	unsigned long at = 0, size = 0;
	int n = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/smaps", (int)pid);
	f = fopen(path, "r");
	cr_assert_not_null(f);
	while (fgets(line, sizeof(line), f)) {
		unsigned long a, b;
		if (sscanf(line, "%lx-%lx ", &a, &b) == 2)
			at = a, size = (b - a) / 1024;
		else if (strncmp(line, "VmFlags:", 8) == 0 && strstr(line, " hg") && !n++)
			*start = at, *kb = size;
	}
	fclose(f);
	return n;
}

/* The go sent, the rest of the reports read, the hogger's clean end. */
static void finish(pid_t pid, int runner)
{
	size_t have = strlen(reports);
	ssize_t got;
	int status;

	cr_assert_eq(write(runner, PROTO_GO, strlen(PROTO_GO)), (ssize_t)strlen(PROTO_GO));
	while (have + 1 < sizeof(reports) &&
	       (got = read(runner, reports + have, sizeof(reports) - 1 - have)) > 0)
		have += (size_t)got;
	reports[have] = '\0';
	cr_assert_eq(waitpid(pid, &status, 0), pid);
	close(runner);
	cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0, "status %#x", status);
}

/* --madvise-hugepage: every chunk in one mapping that starts on 2 MiB and is advised
 * MADV_HUGEPAGE as a whole, under the sandbox (which allows that advice then); without it, no
 * mapping is advised. A kernel without THP refuses the advice: then only that the hogger ran. */
Test(hogger, madvise_hugepage_advises_one_region_aligned_to_2m)
{
	const char *const with[] = {
		"--alloc",  "5M",	"--chunk",  "1M", "--threads", "2", "--madvise-hugepage",
		"--access", "reread:1", "--verify", NULL
	};
	const char *const without[] = { "--alloc", "5M", "--chunk", "1M", NULL };
	unsigned long start = 0, kb = 0;
	int runner, thp = access("/sys/kernel/mm/transparent_hugepage/enabled", F_OK) == 0;
	pid_t pid = started_until_filled(with, &runner);

	if (thp) {
		cr_assert_eq(advised(pid, &start, &kb), 1);
		cr_assert_eq(kb, 5 * 1024, "the five chunks as one range");
		cr_assert_eq(start % (2 * MiB), 0, "start %#lx", start);
	}
	finish(pid, runner);
	cr_assert_eq(first_number("filled"), 5 * MiB);
	cr_assert_eq(lines_of("done"), 1);
	pid = started_until_filled(without, &runner);
	cr_assert_eq(advised(pid, &start, &kb), 0);
	finish(pid, runner);
}
