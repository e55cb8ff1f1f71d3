/*
 * zswapbench-hogger: allocates memory in chunks, writes every page with a data pattern, reports
 * progress to the runner, holds the memory until the runner has read its counters, then
 * touches it again as the access mode says. With --threads T, T threads share the chunks.
 * Run by zswapbench inside a memory cgroup; also usable alone (no fd 3: no reports, no waiting).
 */
#include <errno.h>
#include <getopt.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "common/access.h"
#include "common/clock.h"
#include "common/histogram.h"
#include "common/hogger_options.h"
#include "common/pattern.h"
#include "common/proto.h"
#include "common/size.h"
#include "hogger/sandbox.h"
#include "hogger/touch.h"

struct hogger {
	uint64_t alloc;
	uint64_t chunk;
	struct pattern pattern;
	struct access access;
	unsigned threads;
	int report_fd; /* -1 when run alone */
	size_t page;
	int seccomp;
	int probe_sandbox;
	int hold; /* keep the memory until SIGTERM or SIGINT */
	int verify; /* then check every page still holds its pattern */
	int prefault; /* MADV_POPULATE_WRITE each chunk before writing it (--prefault) */
	int hugepage; /* the chunks in one region on 2 MiB, advised (--madvise-hugepage) */
	unsigned char *region; /* that region; NULL: a chunk is calloc'd at a time */
	int latency; /* time every chunk of the fill and every access (--no-latency: not) */
	struct memory mem;
	uint64_t written; /* over all threads */
	uint64_t deadline; /* a timed access (Ns): the passes stop here, in ns; 0: counted */
	int failed;
	pthread_barrier_t phase;
};

struct worker {
	struct hogger *h;
	unsigned k;
	size_t first, last; /* chunks [first, last) */
	uint64_t rng;
	uint64_t sink;
	uint64_t reads; /* made in the access phase */
	struct histogram *fill_lat,
		*access_lat; /* NULL without --latency; allocated before the sandbox */
	pthread_t thread;
};

static volatile sig_atomic_t released;

static void on_release(int signo)
{
	(void)signo;
	released = 1;
}

__attribute__((format(printf, 2, 3))) static void report(const struct hogger *h, const char *fmt,
							 ...)
{
	char line[PROTO_LINE_MAX];
	va_list ap;
	int n;

	if (h->report_fd < 0)
		return;
	va_start(ap, fmt);
	n = vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	/* One write per line keeps lines whole when threads report at once. A runner that went
	 * away is no reason to stop a measurement half way: errors are ignored. */
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

static struct pattern thread_pattern(const struct worker *w)
{
	const struct hogger *h = w->h;
	return pattern_for_thread(&h->pattern, w->k, (uint64_t)w->first * h->chunk, h->page);
}

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif

/* --prefault: one call faults a whole chunk in, without one exception per page, so a fill with
 * no limit runs at the speed of mmap(MAP_POPULATE) (make bench). Not the default: in a v1
 * memory cgroup at its limit, MADV_POPULATE_WRITE gets the task OOM-killed where page faults
 * reclaim and swap (measured on 6.18). Kernels before 5.14 refuse it: the writes fault as usual. */
static void prefault(unsigned char *p, size_t len, size_t page)
{
	uintptr_t start = (uintptr_t)p & ~(uintptr_t)(page - 1);
	(void)madvise((void *)start, (size_t)((uintptr_t)p + len - start), MADV_POPULATE_WRITE);
}

/* The alignment of a PMD-sized huge page on x86_64, the largest folio a size of mTHP has. */
#define HUGE_ALIGN ((size_t)2 << 20)

/* --madvise-hugepage: every chunk in one anonymous mapping whose start is 2 MiB aligned, advised
 * MADV_HUGEPAGE as one range, so that the kernel may fault it in folios of every size set to
 * madvise (or always), up to 2 MiB ones: a chunk of its own (1 MiB by default, from calloc's
 * mmap at an address of no particular alignment) could hold none, and an advice given chunk by
 * chunk would leave each 2 MiB range half advised when its first page faults. The mapping is
 * made a little larger and its ends unmapped. A kernel without THP refuses the advice (EINVAL):
 * the memory is then faulted as usual (the runner's preflight refuses the option there). */
static int reserve(struct hogger *h)
{
	size_t len = h->mem.nchunks * h->chunk;
	uintptr_t start, aligned;
	unsigned char *p = mmap(NULL, len + HUGE_ALIGN, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

	if (p == MAP_FAILED)
		return -ENOMEM;
	start = (uintptr_t)p;
	aligned = (start + HUGE_ALIGN - 1) & ~(uintptr_t)(HUGE_ALIGN - 1);
	if (aligned > start)
		(void)munmap(p, aligned - start);
	(void)munmap((void *)(aligned + len), start + HUGE_ALIGN - aligned);
	h->region = (unsigned char *)aligned;
	(void)madvise(h->region, len, MADV_HUGEPAGE);
	return 0;
}

static void fill(struct worker *w)
{
	struct hogger *h = w->h;
	struct pattern pat = thread_pattern(w);

	for (size_t c = w->first; c < w->last; c++) {
		unsigned long long t0 = now(), t1;
		/* calloc: zero content guaranteed (the zero pattern relies on it), and free for
		 * chunks that come straight from mmap; the region's pages are zero as mapped. */
		unsigned char *p = h->region ? h->region + c * h->chunk : calloc(1, h->chunk);
		if (!p) {
			__atomic_store_n(&h->failed, 1, __ATOMIC_RELAXED);
			return;
		}
		h->mem.chunks[c] = p;
		if (h->prefault)
			prefault(p, h->chunk, h->page);
		pattern_fill(&pat, p, h->chunk, h->page);
		uint64_t total = __atomic_add_fetch(&h->written, h->chunk, __ATOMIC_RELAXED);
		t1 = now();
		if (w->fill_lat)
			hist_record(w->fill_lat, t1 - t0);
		report(h, "progress %llu %llu\n", (unsigned long long)total, t1);
	}
}

/* Reread: each thread reads back its own chunks. Random and hot: draws over all pages (or
 * the whole hot set), each thread making its share of them. */
static void access_phase(struct worker *w)
{
	struct hogger *h = w->h;
	struct memory mine = h->mem;
	unsigned parts = h->threads;

	if (h->access.kind == ACCESS_REREAD) {
		mine.chunks = h->mem.chunks + w->first;
		mine.nchunks = w->last - w->first;
		mine.npages = mine.nchunks * (h->chunk / h->page);
		parts = 1;
	}
	if (h->access.kind == ACCESS_TABS)
		return; /* the runner pokes the tab: tabs_loop */
	for (unsigned pass = 1; h->deadline ? now() < h->deadline : pass <= h->access.passes;
	     pass++) {
		w->sink += touch_pass(&mine, &h->access, &w->rng, parts, w->access_lat);
		w->reads += touch_reads(&mine, &h->access, parts);
		if (w->k == 0 && !h->deadline)
			report(h, "pass %u %llu\n", pass, now());
	}
}

/* A timed access's work, every thread's reads: what it did in the time it had. */
static void send_worked(const struct hogger *h, const struct worker *workers)
{
	unsigned long long reads = 0;

	if (!h->deadline)
		return;
	for (unsigned k = 0; k < h->threads; k++)
		reads += workers[k].reads;
	report(h, "worked %llu\n", reads);
}

static void *worker_main(void *arg)
{
	struct worker *w = arg;
	struct hogger *h = w->h;

	pthread_barrier_wait(&h->phase); /* start */
	fill(w);
	pthread_barrier_wait(&h->phase); /* filled */
	pthread_barrier_wait(&h->phase); /* go */
	access_phase(w);
	pthread_barrier_wait(&h->phase); /* accessed */
	return NULL;
}

/* Regenerates every thread's pattern and compares page by page: what swap gave back must be
 * what was written. Returns the number of pages that differ. */
static size_t verify(const struct hogger *h, const struct worker *workers)
{
	unsigned char *expect = calloc(1, h->chunk);
	size_t bad = 0;

	if (!expect)
		return h->mem.npages;
	for (unsigned k = 0; k < h->threads; k++) {
		struct pattern again = thread_pattern(&workers[k]);
		for (size_t c = workers[k].first; c < workers[k].last; c++) {
			pattern_fill(&again, expect, h->chunk, h->page);
			for (size_t off = 0; off < h->chunk; off += h->page)
				bad += memcmp(h->mem.chunks[c] + off, expect + off, h->page) != 0;
		}
	}
	free(expect);
	return bad;
}

/* One per thread, so recording needs no lock; merged into thread 0's at each phase's end. */
static struct histogram *new_histogram(const struct hogger *h)
{
	struct histogram *hist = h->latency ? malloc(sizeof(*hist)) : NULL;

	if (hist)
		hist_init(hist);
	return hist;
}

/* Threads are created before the sandbox, so it never has to allow clone. */
static int start_workers(struct hogger *h, struct worker *workers)
{
	size_t n = h->mem.nchunks;

	if (pthread_barrier_init(&h->phase, NULL, h->threads))
		return -ENOMEM;
	for (unsigned k = 0; k < h->threads; k++) {
		workers[k] = (struct worker){ .h = h,
					      .k = k,
					      .first = n * k / h->threads,
					      .last = n * (k + 1) / h->threads,
					      .rng = 0x2545F4914F6CDD1DULL + k,
					      .fill_lat = new_histogram(h),
					      .access_lat = new_histogram(h) };
		if (h->latency && (!workers[k].fill_lat || !workers[k].access_lat))
			return -ENOMEM;
		if (k && pthread_create(&workers[k].thread, NULL, worker_main, &workers[k]))
			return -EAGAIN;
	}
	return 0;
}

/* A phase's latencies, every thread's merged into thread 0's, sent as text: a line per
 * non-empty bucket ("hist fill LOWER COUNT"), then the exact values ("histend fill TOTAL SUM
 * MIN MAX OVERFLOW"). The runner rebuilds and checks it. */
static void send_latency(const struct hogger *h, struct worker *workers, int access)
{
	static struct hist_bucket buckets[HIST_BUCKETS];
	const char *phase = access ? "access" : "fill";
	struct histogram *all = access ? workers[0].access_lat : workers[0].fill_lat;
	size_t n;

	if (!all)
		return;
	for (unsigned k = 1; k < h->threads; k++)
		(void)hist_merge(all, access ? workers[k].access_lat : workers[k].fill_lat);
	n = hist_buckets(all, buckets, HIST_BUCKETS);
	for (size_t i = 0; i < n; i++)
		report(h, "hist %s %llu %llu\n", phase, (unsigned long long)buckets[i].lower,
		       (unsigned long long)buckets[i].count);
	report(h, "histend %s %llu %llu %llu %llu %llu\n", phase,
	       (unsigned long long)hist_count(all), (unsigned long long)all->sum,
	       (unsigned long long)hist_min(all), (unsigned long long)hist_max(all),
	       (unsigned long long)hist_overflow(all));
}

/* One command of the runner, a line; 0 at EOF or on an error (the runner is gone). */
static int read_command(const struct hogger *h, char *buf, size_t len)
{
	size_t n = 0;

	while (n + 1 < len) {
		if (read(h->report_fd, buf + n, 1) != 1)
			return 0;
		if (buf[n] == '\n')
			break;
		n++;
	}
	buf[n] = '\0';
	return 1;
}

/* Tabs: this process is one tab. Each "poke" touches every page, timed as one value, as a
 * user switching back to a tab waits for all of it; "end" (or the runner gone) ends it. */
static void tabs_loop(struct hogger *h, struct worker *w)
{
	char cmd[16];

	while (h->report_fd >= 0 && read_command(h, cmd, sizeof(cmd)) && strcmp(cmd, "poke") == 0) {
		unsigned long long t0 = now(), faults = major_faults(), t1;
		w->sink += touch_all(&h->mem);
		t1 = now();
		if (w->access_lat)
			hist_record(w->access_lat, t1 - t0);
		report(h, "poked %llu %llu\n", t1 - t0, major_faults() - faults);
	}
}

static int run(struct hogger *h, struct worker *workers)
{
	struct worker *w0 = &workers[0];

	if (h->hugepage && reserve(h) < 0) {
		report(h, "error %d\n", ENOMEM);
		return -ENOMEM; /* the threads waiting to start end with the process */
	}
	report(h, "start %llu\n", now());
	pthread_barrier_wait(&h->phase);
	fill(w0);
	pthread_barrier_wait(&h->phase);
	if (h->failed) {
		report(h, "error %d\n", ENOMEM);
		return -ENOMEM;
	}
	send_latency(h, workers, 0);
	report(h, "filled %llu %llu %llu\n", (unsigned long long)h->written, now(), major_faults());
	wait_for_go(h);
	if (h->access.seconds)
		h->deadline = now() + h->access.seconds * 1000000000ULL;
	pthread_barrier_wait(&h->phase);
	access_phase(w0);
	if (h->access.kind == ACCESS_TABS)
		tabs_loop(h, w0);
	pthread_barrier_wait(&h->phase);
	if (h->access.kind != ACCESS_FILL) {
		send_latency(h, workers, 1);
		send_worked(h, workers);
		report(h, "accessed %llu %llu\n", now(), major_faults());
	}
	for (unsigned k = 1; k < h->threads; k++)
		pthread_join(workers[k].thread, NULL);
	if (h->hold) {
		struct timespec tick = { 0, 50 * 1000 * 1000 };
		while (!released)
			nanosleep(&tick, NULL);
	}
	if (h->verify) {
		size_t bad = verify(h, workers);
		if (bad) {
			char line[96];
			int n = snprintf(line, sizeof(line),
					 "zswapbench-hogger: %zu pages changed\n", bad);
			(void)!write(STDERR_FILENO, line, (size_t)n);
			return -EIO;
		}
	}
	report(h, "done %llu\n", now());
	return 0;
}

static void usage(FILE *out)
{
	fprintf(out,
		"Usage: zswapbench-hogger --alloc SIZE [--chunk SIZE] [--data PATTERN] [--access "
		"MODE]\n"
		"                         [--threads T] [--hold] [--verify] [--prefault] "
		"[--no-seccomp]\n"
		"                         [--madvise-hugepage] [--no-latency] [--probe-sandbox]\n"
		"Allocates SIZE in chunks, writes every page, reports on fd %d when it is a "
		"socket.\n"
		"Runs under a seccomp allowlist unless --no-seccomp; --probe-sandbox makes one\n"
		"forbidden system call first, to show the sandbox is enforced (SIGSYS).\n"
		"--hold keeps the memory until SIGTERM or SIGINT; --verify then checks every page\n"
		"against its pattern (exit 3 when any changed). --prefault faults each chunk in "
		"with\n"
		"MADV_POPULATE_WRITE instead of one fault per page (no limit only: see the "
		"source).\n"
		"--madvise-hugepage puts the chunks in one region aligned to 2 MiB with\n"
		"MADV_HUGEPAGE, so that THP sizes set to madvise apply to it.\n"
		"Every chunk of the fill and every access is timed into a histogram sent at each\n"
		"phase's end; --no-latency leaves the clock out (to measure what timing costs).\n"
		"Patterns: %s\nAccess: %s\n",
		PROTO_FD, pattern_help(), access_help());
}

static int bad(const char *option, const char *value)
{
	fprintf(stderr, "zswapbench-hogger: invalid %s value: '%s'\n", option, value);
	return 2;
}

/* The command line into h; returns -1 to go on, or the exit status. */
static int parse_args(int argc, char **argv, struct hogger *h)
{
	char *end;
	int c;

	while ((c = getopt_long(argc, argv, HOGGER_SHORT_OPTIONS, hogger_options, NULL)) != -1) {
		switch (c) {
		case HOGGER_ALLOC:
			if (size_parse(optarg, &h->alloc) < 0)
				return bad("--alloc", optarg);
			break;
		case HOGGER_CHUNK:
			if (size_parse(optarg, &h->chunk) < 0 || h->chunk % h->page)
				return bad("--chunk", optarg);
			break;
		case HOGGER_DATA:
			if (pattern_parse(optarg, &h->pattern) < 0)
				return bad("--data", optarg);
			break;
		case HOGGER_ACCESS:
			if (access_parse(optarg, &h->access) < 0)
				return bad("--access", optarg);
			break;
		case HOGGER_THREADS:
			h->threads = (unsigned)strtoul(optarg, &end, 10);
			if (*end || optarg[0] < '1' || optarg[0] > '9' || h->threads < 1 ||
			    h->threads > HOGGER_THREADS_MAX)
				return bad("--threads", optarg);
			break;
		case HOGGER_NO_SECCOMP:
			h->seccomp = 0;
			break;
		case HOGGER_PROBE_SANDBOX:
			h->probe_sandbox = 1;
			break;
		case HOGGER_HOLD:
			h->hold = 1;
			break;
		case HOGGER_VERIFY:
			h->verify = 1;
			break;
		case HOGGER_PREFAULT:
			h->prefault = 1;
			break;
		case HOGGER_MADVISE_HUGEPAGE:
			h->hugepage = 1;
			break;
		case HOGGER_NO_LATENCY:
			h->latency = 0;
			break;
		case HOGGER_HELP:
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (!h->alloc || optind != argc) {
		usage(stderr);
		return 2;
	}
	return -1;
}

int main(int argc, char **argv)
{
	struct hogger h = {
		.chunk = 1 << 20, .report_fd = -1, .seccomp = 1, .threads = 1, .latency = 1
	};
	struct worker *workers;
	struct stat st;
	int c;

	h.page = (size_t)sysconf(_SC_PAGESIZE);
	pattern_parse("compressible:50", &h.pattern);
	if ((c = parse_args(argc, argv, &h)) >= 0)
		return c;
	if (pattern_open(&h.pattern) < 0) {
		fprintf(stderr, "zswapbench-hogger: cannot read the --data file: %s\n",
			strerror(errno));
		return 2;
	}
	if (fstat(PROTO_FD, &st) == 0 && S_ISSOCK(st.st_mode))
		h.report_fd = PROTO_FD;
	if (h.hold) {
		struct sigaction sa = { .sa_handler = on_release };
		sigaction(SIGTERM, &sa, NULL);
		sigaction(SIGINT, &sa, NULL);
	}
	h.mem.chunk = h.chunk;
	h.mem.page = h.page;
	/* A test hook: a known latency per access, to check the percentiles against; only in a
	 * build with the test hooks, as it would slow every access unrecorded. */
#ifdef ZSB_TEST_HOOKS
	if (getenv("ZSWAPBENCH_TEST_ACCESS_DELAY_NS"))
		h.mem.test_delay_ns = strtoull(getenv("ZSWAPBENCH_TEST_ACCESS_DELAY_NS"), NULL, 10);
#endif
	/* Rounded up without alloc + chunk - 1, which wraps to no chunk (and no thread) near
	 * 2^64. */
	h.mem.nchunks = (size_t)(h.alloc / h.chunk + (h.alloc % h.chunk != 0));
	h.mem.npages = h.mem.nchunks * (h.chunk / h.page);
	if (h.threads > h.mem.nchunks)
		h.threads = (unsigned)h.mem.nchunks;
	h.mem.chunks = calloc(h.mem.nchunks, sizeof(*h.mem.chunks));
	workers = calloc(h.threads, sizeof(*workers));
	if (!h.mem.chunks || !workers || start_workers(&h, workers) < 0) {
		fprintf(stderr, "zswapbench-hogger: could not start %u threads\n", h.threads);
		return 1;
	}
	/* Before the first chunk: from here on every thread can only touch memory and talk. */
	if (h.seccomp &&
	    sandbox_install(h.report_fd, pattern_file_fd(&h.pattern),
			    (h.prefault ? SANDBOX_POPULATE_WRITE : 0) |
				    (h.hugepage ? SANDBOX_HUGEPAGE : 0)) < 0) {
		fprintf(stderr, "zswapbench-hogger: could not install the seccomp sandbox\n");
		return 1;
	}
	if (h.probe_sandbox)
		(void)getppid(); /* not on the allowlist: SIGSYS when sandboxed */
	c = run(&h, workers);
	return c == -EIO ? 3 : c < 0 ? 1 : 0;
}
