/*
 * zswapbench-hogger: allocates memory in chunks, writes every page with a data pattern, reports
 * progress to the runner and holds the memory until the runner has read its counters. Run
 * by zswapbench inside a memory cgroup; also usable alone (no fd 3: no reports, no waiting).
 */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../common/clock.h"
#include "../common/pattern.h"
#include "../common/proto.h"
#include "../common/size.h"
#include "sandbox.h"

struct hogger {
	uint64_t alloc;
	uint64_t chunk;
	unsigned reread;
	struct pattern pattern;
	int report_fd; /* -1 when run alone */
	size_t page;
	int seccomp;
	int probe_sandbox;
	int hold;      /* keep the memory until SIGTERM or SIGINT */
	int verify;    /* then check every page still holds its pattern */
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

static void wait_for_go(const struct hogger *h)
{
	char buf[sizeof(PROTO_GO)];

	if (h->report_fd < 0)
		return;
	/* EOF or error: the runner is gone, and holding memory helps nobody. */
	(void)!read(h->report_fd, buf, sizeof(buf) - 1);
}

/* One read per page faults every swapped-out page back in. */
static uint64_t reread_pass(unsigned char **chunks, size_t nchunks, size_t chunk, size_t page)
{
	uint64_t sum = 0;
	for (size_t c = 0; c < nchunks; c++)
		for (size_t off = 0; off < chunk; off += page)
			sum += *(volatile uint64_t *)(chunks[c] + off);
	return sum;
}

/* Regenerates the pattern from its seed and compares page by page: what swap gave back must be
 * what was written. Returns the number of pages that differ. */
static size_t verify(const struct hogger *hp, unsigned char **chunks, size_t nchunks)
{
	struct pattern again = hp->pattern;
	unsigned char *expect = malloc(hp->chunk);
	size_t bad = 0;

	if (!expect)
		return nchunks * (hp->chunk / hp->page);
	for (size_t c = 0; c < nchunks; c++) {
		pattern_fill(&again, expect, hp->chunk, hp->page);
		for (size_t off = 0; off < hp->chunk; off += hp->page)
			bad += memcmp(chunks[c] + off, expect + off, hp->page) != 0;
	}
	free(expect);
	return bad;
}

static int run(const struct hogger *hp)
{
	struct hogger h = *hp;
	size_t nchunks = (size_t)((h.alloc + h.chunk - 1) / h.chunk);
	unsigned char **chunks = calloc(nchunks, sizeof(*chunks));
	uint64_t written = 0;
	volatile uint64_t sink = 0;

	if (!chunks)
		return -ENOMEM;
	report(&h, "start %llu\n", (unsigned long long)clock_now_ns());
	for (size_t c = 0; c < nchunks; c++) {
		chunks[c] = malloc(h.chunk);
		if (!chunks[c]) {
			report(&h, "error %d\n", ENOMEM);
			return -ENOMEM;
		}
		pattern_fill(&h.pattern, chunks[c], h.chunk, h.page);
		written += h.chunk;
		report(&h, "progress %llu %llu\n", (unsigned long long)written,
		       (unsigned long long)clock_now_ns());
	}
	report(&h, "filled %llu %llu\n", (unsigned long long)written,
	       (unsigned long long)clock_now_ns());
	wait_for_go(&h);
	for (unsigned pass = 1; pass <= h.reread; pass++) {
		sink += reread_pass(chunks, nchunks, h.chunk, h.page);
		report(&h, "reread %u %llu\n", pass, (unsigned long long)clock_now_ns());
	}
	if (h.hold) {
		struct timespec tick = { 0, 50 * 1000 * 1000 };
		while (!released)
			nanosleep(&tick, NULL);
	}
	if (h.verify) {
		size_t bad = verify(hp, chunks, nchunks);
		if (bad) {
			char line[96];
			int n = snprintf(line, sizeof(line), "zswapbench-hogger: %zu pages changed\n", bad);
			(void)!write(2, line, (size_t)n);
			return -EIO;
		}
	}
	report(&h, "done %llu\n", (unsigned long long)clock_now_ns());
	(void)sink;
	return 0;
}

static void usage(FILE *out)
{
	fprintf(out,
		"Usage: zswapbench-hogger --alloc SIZE [--chunk SIZE] [--data PATTERN] [--reread N]\n"
		"                         [--hold] [--verify] [--no-seccomp] [--probe-sandbox]\n"
		"Allocates SIZE in chunks, writes every page, reports on fd %d when it is a socket.\n"
		"Runs under a seccomp allowlist unless --no-seccomp; --probe-sandbox makes one\n"
		"forbidden system call first, to show the sandbox is enforced (SIGSYS).\n"
		"--hold keeps the memory until SIGTERM or SIGINT; --verify then checks every page\n"
		"against its pattern (exit 3 when any changed).\n"
		"Patterns: %s\n", PROTO_FD, pattern_help());
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
		{ "reread", required_argument, NULL, 'r' },
		{ "no-seccomp", no_argument, NULL, 'n' },
		{ "probe-sandbox", no_argument, NULL, 'p' },
		{ "hold", no_argument, NULL, 'H' },
		{ "verify", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct hogger h = { .chunk = 1 << 20, .report_fd = -1, .seccomp = 1 };
	struct stat st;
	char *end;
	int c;

	h.page = (size_t)sysconf(_SC_PAGESIZE);
	pattern_parse("compressible:50", &h.pattern);
	while ((c = getopt_long(argc, argv, "a:c:d:r:h", longopts, NULL)) != -1) {
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
		case 'r':
			errno = 0;
			h.reread = (unsigned)strtoul(optarg, &end, 10);
			if (errno || *end || !*optarg || optarg[0] == '-')
				return bad("--reread", optarg);
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
	if (fstat(PROTO_FD, &st) == 0 && S_ISSOCK(st.st_mode))
		h.report_fd = PROTO_FD;
	if (h.hold) {
		struct sigaction sa = { .sa_handler = on_release };
		sigaction(SIGTERM, &sa, NULL);
		sigaction(SIGINT, &sa, NULL);
	}
	/* Before the first allocation: from here on the hogger can only touch memory and talk. */
	if (h.seccomp && sandbox_install(h.report_fd) < 0) {
		fprintf(stderr, "zswapbench-hogger: could not install the seccomp sandbox\n");
		return 1;
	}
	if (h.probe_sandbox)
		(void)getppid(); /* not on the allowlist: SIGSYS when sandboxed */
	c = run(&h);
	return c == -EIO ? 3 : c < 0 ? 1 : 0;
}
