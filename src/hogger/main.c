/*
 * zswapbench-hogger: allocates memory in chunks, writes every page with a data pattern, reports
 * progress to the runner, holds the memory until the runner has read its counters, then
 * touches it again as the access mode says. Run by zswapbench inside a memory cgroup; also
 * usable alone (no fd 3: no reports, no waiting).
 */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../common/access.h"
#include "../common/clock.h"
#include "../common/pattern.h"
#include "../common/proto.h"
#include "../common/size.h"
#include "sandbox.h"
#include "touch.h"

struct hogger {
	uint64_t alloc;
	uint64_t chunk;
	struct pattern pattern;
	struct access access;
	int report_fd;      /* -1 when run alone */
	size_t page;
	int seccomp;
	int probe_sandbox;
	int hold;           /* keep the memory until SIGTERM or SIGINT */
	int verify;         /* then check every page still holds its pattern */
};

static volatile sig_atomic_t released;

static void on_release(int signo)
{
	(void)signo;
	released = 1;
}

__attribute__((format(printf, 2, 3)))
static void report(const struct hogger *h, const char *fmt, ...)
{
	char line[PROTO_LINE_MAX];
	va_list ap;
	int n;

	if (h->report_fd < 0)
		return;
	va_start(ap, fmt);
	n = vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	/* A runner that went away is no reason to stop a measurement half way; ignore errors. */
	if (write(h->report_fd, line, (size_t)n) < 0)
		return;
}

static unsigned long long now(void)
{
	return (unsigned long long)clock_now_ns();
}

static unsigned long long major_faults(void)
{
	struct rusage ru;
	return getrusage(RUSAGE_SELF, &ru) == 0 ? (unsigned long long)ru.ru_majflt : 0;
}

static void wait_for_go(const struct hogger *h)
{
	char buf[sizeof(PROTO_GO)];

	if (h->report_fd < 0)
		return;
	/* EOF or error: the runner is gone, and holding memory helps nobody. */
	(void)!read(h->report_fd, buf, sizeof(buf) - 1);
}

/* Regenerates the pattern from its start and compares page by page: what swap gave back must
 * be what was written. Returns the number of pages that differ. */
static size_t verify(const struct hogger *h, const struct memory *m)
{
	struct pattern again = h->pattern;
	unsigned char *expect = malloc(h->chunk);
	size_t bad = 0;

	if (!expect)
		return m->npages;
	pattern_rewind(&again);
	for (size_t c = 0; c < m->nchunks; c++) {
		pattern_fill(&again, expect, h->chunk, h->page);
		for (size_t off = 0; off < h->chunk; off += h->page)
			bad += memcmp(m->chunks[c] + off, expect + off, h->page) != 0;
	}
	free(expect);
	return bad;
}

static int run(struct hogger *h)
{
	struct memory m = { .chunk = h->chunk, .page = h->page };
	uint64_t written = 0, rng = 0x2545F4914F6CDD1DULL;
	volatile uint64_t sink = 0;

	m.nchunks = (size_t)((h->alloc + h->chunk - 1) / h->chunk);
	m.npages = m.nchunks * (h->chunk / h->page);
	m.chunks = calloc(m.nchunks, sizeof(*m.chunks));
	if (!m.chunks)
		return -ENOMEM;
	report(h, "start %llu\n", now());
	for (size_t c = 0; c < m.nchunks; c++) {
		m.chunks[c] = malloc(h->chunk);
		if (!m.chunks[c]) {
			report(h, "error %d\n", ENOMEM);
			return -ENOMEM;
		}
		pattern_fill(&h->pattern, m.chunks[c], h->chunk, h->page);
		written += h->chunk;
		report(h, "progress %llu %llu\n", (unsigned long long)written, now());
	}
	report(h, "filled %llu %llu %llu\n", (unsigned long long)written, now(), major_faults());
	wait_for_go(h);
	if (h->access.kind != ACCESS_FILL) {
		for (unsigned pass = 1; pass <= h->access.passes; pass++) {
			sink += touch_pass(&m, &h->access, &rng);
			report(h, "pass %u %llu\n", pass, now());
		}
		report(h, "accessed %llu %llu\n", now(), major_faults());
	}
	if (h->hold) {
		struct timespec tick = { 0, 50 * 1000 * 1000 };
		while (!released)
			nanosleep(&tick, NULL);
	}
	if (h->verify) {
		size_t bad = verify(h, &m);
		if (bad) {
			char line[96];
			int n = snprintf(line, sizeof(line), "zswapbench-hogger: %zu pages changed\n", bad);
			(void)!write(STDERR_FILENO, line, (size_t)n);
			return -EIO;
		}
	}
	report(h, "done %llu\n", now());
	(void)sink;
	return 0;
}

static void usage(FILE *out)
{
	fprintf(out,
		"Usage: zswapbench-hogger --alloc SIZE [--chunk SIZE] [--data PATTERN] [--access MODE]\n"
		"                         [--hold] [--verify] [--no-seccomp] [--probe-sandbox]\n"
		"Allocates SIZE in chunks, writes every page, reports on fd %d when it is a socket.\n"
		"Runs under a seccomp allowlist unless --no-seccomp; --probe-sandbox makes one\n"
		"forbidden system call first, to show the sandbox is enforced (SIGSYS).\n"
		"--hold keeps the memory until SIGTERM or SIGINT; --verify then checks every page\n"
		"against its pattern (exit 3 when any changed).\n"
		"Patterns: %s\nAccess: %s\n", PROTO_FD, pattern_help(), access_help());
}

static int bad(const char *option, const char *value)
{
	fprintf(stderr, "zswapbench-hogger: invalid %s value: '%s'\n", option, value);
	return 2;
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "alloc", required_argument, NULL, 'a' },
		{ "chunk", required_argument, NULL, 'c' },
		{ "data", required_argument, NULL, 'd' },
		{ "access", required_argument, NULL, 'A' },
		{ "no-seccomp", no_argument, NULL, 'n' },
		{ "probe-sandbox", no_argument, NULL, 'p' },
		{ "hold", no_argument, NULL, 'H' },
		{ "verify", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct hogger h = { .chunk = 1 << 20, .report_fd = -1, .seccomp = 1 };
	struct stat st;
	int c;

	h.page = (size_t)sysconf(_SC_PAGESIZE);
	pattern_parse("compressible:50", &h.pattern);
	while ((c = getopt_long(argc, argv, "a:c:d:A:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'a':
			if (size_parse(optarg, &h.alloc) < 0)
				return bad("--alloc", optarg);
			break;
		case 'c':
			if (size_parse(optarg, &h.chunk) < 0 || h.chunk % h.page)
				return bad("--chunk", optarg);
			break;
		case 'd':
			if (pattern_parse(optarg, &h.pattern) < 0)
				return bad("--data", optarg);
			break;
		case 'A':
			if (access_parse(optarg, &h.access) < 0)
				return bad("--access", optarg);
			break;
		case 'n':
			h.seccomp = 0;
			break;
		case 'p':
			h.probe_sandbox = 1;
			break;
		case 'H':
			h.hold = 1;
			break;
		case 'v':
			h.verify = 1;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (!h.alloc || optind != argc) {
		usage(stderr);
		return 2;
	}
	if (pattern_open(&h.pattern) < 0) {
		fprintf(stderr, "zswapbench-hogger: cannot read the --data file: %s\n", strerror(errno));
		return 2;
	}
	if (fstat(PROTO_FD, &st) == 0 && S_ISSOCK(st.st_mode))
		h.report_fd = PROTO_FD;
	if (h.hold) {
		struct sigaction sa = { .sa_handler = on_release };
		sigaction(SIGTERM, &sa, NULL);
		sigaction(SIGINT, &sa, NULL);
	}
	/* Before the first allocation: from here on the hogger can only touch memory and talk. */
	if (h.seccomp && sandbox_install(h.report_fd, pattern_file_fd(&h.pattern)) < 0) {
		fprintf(stderr, "zswapbench-hogger: could not install the seccomp sandbox\n");
		return 1;
	}
	if (h.probe_sandbox)
		(void)getppid(); /* not on the allowlist: SIGSYS when sandboxed */
	c = run(&h);
	return c == -EIO ? 3 : c < 0 ? 1 : 0;
}
