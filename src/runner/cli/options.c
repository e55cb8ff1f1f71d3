#include "runner/cli/options.h"

#include <errno.h>
#include <getopt.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/access.h"
#include "common/pattern.h"
#include "common/size.h"
#include "runner/swap/backend.h"

enum {
	OPT_LIMIT = 'l', OPT_ALLOC = 'a', OPT_SWAP = 's', OPT_TRIALS = 't', OPT_OUTPUT = 'o',
	OPT_HELP = 'h', OPT_VERSION = 'V',
	OPT_WARMUP = 256, OPT_COMP, OPT_SWAP_LIMIT, OPT_SWAPFILE, OPT_SWAP_SIZE, OPT_PRIORITY,
	OPT_CHUNK, OPT_DATA, OPT_REREAD, OPT_SUFFIX, OPT_JSON, OPT_SYSROOT, OPT_HOGGER, OPT_INTERVAL,
	OPT_NO_SECCOMP, OPT_USER, OPT_JOBS, OPT_ALLOC_PER_JOB, OPT_ACCESS, OPT_BACKGROUND, OPT_THREADS, OPT_PREFAULT,
	OPT_ORDER, OPT_LIMIT_MODE, OPT_SWAPPINESS, OPT_PAGE_CLUSTER, OPT_ZSWAP_POOL, OPT_ZRAM_SIZE,
	OPT_ZRAM_MEM_LIMIT, OPT_ZRAM_ALGO_PARAMS, OPT_ZSWAP_ZPOOL, OPT_DISK_THROTTLE, OPT_SETTLE, OPT_TIMEOUT, OPT_EXTENDED,
};

struct option_def {
	const char *name;
	int has_arg;
	int id;
	const char *arg;
	const char *help;
};

static const struct option_def defs[] = {
	{ "limit", 1, OPT_LIMIT, "LIST", "memory limits of the trial's cgroup, e.g. 50M,100M (default 50M)" },
	{ "alloc", 1, OPT_ALLOC, "SIZE", "memory the hogger allocates and writes (default 300M)" },
	{ "swap", 1, OPT_SWAP, "LIST", "backends to compare: disk, zram, zswap, none (default disk,zram)" },
	{ "comp", 1, OPT_COMP, "LIST", "zram/zswap compressors, e.g. lzo,lz4 (default: the kernel's)" },
	{ "order", 1, OPT_ORDER, "ORDER", "interleaved (default), sequential, or shuffled[:SEED]" },
	{ "limit-mode", 1, OPT_LIMIT_MODE, "MODE", "max (hard limit, default) or high (throttle: memory.high)" },
	{ "swappiness", 1, OPT_SWAPPINESS, "N", "0..200: the cgroup's (v1) or vm.swappiness (v2), restored" },
	{ "page-cluster", 1, OPT_PAGE_CLUSTER, "N", "0..10: vm.page-cluster for the run, restored" },
	{ "zswap-pool", 1, OPT_ZSWAP_POOL, "PCT", "zswap max_pool_percent, 1..100 (default: the kernel's)" },
	{ "zswap-zpool", 1, OPT_ZSWAP_ZPOOL, "NAME", "zswap allocator: zsmalloc, z3fold, zbud (kernels < 6.15)" },
	{ "zram-size", 1, OPT_ZRAM_SIZE, "SIZE", "zram disksize (default --swap-size)" },
	{ "zram-mem-limit", 1, OPT_ZRAM_MEM_LIMIT, "SIZE", "cap on the memory zram itself may use" },
	{ "zram-algo-params", 1, OPT_ZRAM_ALGO_PARAMS, "PARAMS", "zram algorithm_params, e.g. level=3 (kernels >= 6.12)" },
	{ "disk-throttle", 1, OPT_DISK_THROTTLE, "R[,W]", "bytes/s for the swapfile's disk, per cgroup" },
	{ "settle", 0, OPT_SETTLE, NULL, "drop caches and compact memory before each trial" },
	{ "extended", 0, OPT_EXTENDED, NULL, "keep mm_stat, io_stat, debug_stat, buddyinfo, vmstat, meminfo before and after each trial" },
	{ "timeout", 1, OPT_TIMEOUT, "SEC", "a trial that takes longer is killed and failed (default 600)" },
	{ "trials", 1, OPT_TRIALS, "N", "measured trials per backend (default 3)" },
	{ "warmup", 1, OPT_WARMUP, "N", "unmeasured trials before them (default 0)" },
	{ "swap-limit", 1, OPT_SWAP_LIMIT, "SIZE", "swap the cgroup may use (default: no limit)" },
	{ "swapfile", 1, OPT_SWAPFILE, "PATH", "disk swapfile to create (default /var/tmp/zswapbench-PID.swap)" },
	{ "swap-size", 1, OPT_SWAP_SIZE, "SIZE", "swapfile size and zram disksize (default: --alloc)" },
	{ "priority", 1, OPT_PRIORITY, "N", "swap priority, 0..32767 (default 100, as in the seeds)" },
	{ "chunk", 1, OPT_CHUNK, "SIZE", "hogger allocation size (default 1M)" },
	{ "data", 1, OPT_DATA, "PATTERN", "page contents (default compressible:50, about 2x)" },
	{ "access", 1, OPT_ACCESS, "MODE", "after the fill: fill, reread:N, random:N, hot:PCT:N[:zipf]" },
	{ "reread", 1, OPT_REREAD, "N", "passes reading every page back: --access reread:N" },
	{ "jobs", 1, OPT_JOBS, "LIST", "workload processes in the cgroup, e.g. 1,2,4 or 1-10 (default 1)" },
	{ "threads", 1, OPT_THREADS, "T", "threads in each hogger job, sharing its memory (default 1)" },
	{ "alloc-per-job", 1, OPT_ALLOC_PER_JOB, "SIZE", "each job's allocation (default --alloc / --jobs)" },
	{ "background", 1, OPT_BACKGROUND, "SIZE", "memory a hogger outside the cgroup holds for the whole run" },
	{ "output", 1, OPT_OUTPUT, "FILE", "result file (default results/zswapbench-DATE[SUFFIX].json)" },
	{ "suffix", 1, OPT_SUFFIX, "TEXT", "appended to the default result file name" },
	{ "json", 0, OPT_JSON, NULL, "print the result document instead of tables" },
	{ "interval", 1, OPT_INTERVAL, "MS", "time series sampling, 10..60000 ms or 0 for none (default 100)" },
	{ "user", 1, OPT_USER, "USER", "run the hogger as this user (default: root)" },
	{ "no-seccomp", 0, OPT_NO_SECCOMP, NULL, "run the hogger without its seccomp sandbox" },
	{ "prefault", 0, OPT_PREFAULT, NULL, "hogger faults chunks in with MADV_POPULATE_WRITE (OOMs at a v1 limit)" },
	{ "hogger", 1, OPT_HOGGER, "PATH", "the hogger binary (default: beside zswapbench)" },
	{ "sysroot", 1, OPT_SYSROOT, "DIR", "prefix for /sys and /proc (tests)" },
	{ "help", 0, OPT_HELP, NULL, "show this help" },
	{ "version", 0, OPT_VERSION, NULL, "show the version" },
};
#define NDEFS (sizeof(defs) / sizeof(defs[0]))
_Static_assert(NDEFS <= 64, "config.given has one bit per option");

static size_t def_index(int id)
{
	for (size_t i = 0; i < NDEFS; i++)
		if (defs[i].id == id)
			return i;
	return 0;
}

static int given(const struct config *cfg, int id)
{
	return (cfg->given >> def_index(id)) & 1;
}

void options_defaults(struct config *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->limits[0] = 50ULL << 20;
	cfg->nlimits = 1;
	cfg->jobs[0] = 1;
	cfg->njobs = 1;
	cfg->swappiness = -1;
	cfg->page_cluster = -1;
	cfg->timeout = 600;
	cfg->alloc = 300ULL << 20;
	cfg->chunk = 1ULL << 20;
	cfg->backends[0] = "disk";
	cfg->backends[1] = "zram";
	cfg->nbackends = 2;
	cfg->trials = 3;
	cfg->priority = 100;
	cfg->sample_ms = 100;
	cfg->data = "compressible:50";
	cfg->access = "fill";
	cfg->threads = 1;
	cfg->suffix = "";
}

static void usage(void)
{
	printf("Usage: zswapbench [options] [-- COMMAND [ARG...]]\n"
	       "       zswapbench cleanup\n"
	       "Measures a workload that does not fit in memory under disk swap or zram:\n"
	       "a memory cgroup per trial, a swap backend of its own, a hogger inside\n"
	       "(or COMMAND, run without a shell, in its place).\n\n");
	for (size_t i = 0; i < NDEFS; i++) {
		char left[64];
		snprintf(left, sizeof(left), "--%s%s%s", defs[i].name, defs[i].arg ? " " : "",
			 defs[i].arg ? defs[i].arg : "");
		printf("  %-22s %s\n", left, defs[i].help);
	}
	printf("\nSIZE: a number with K, M, G or T (binary). PATTERN: %s.\nMODE: %s.\n"
	       "Exit status: 0 ok, 1 runtime failure, 2 bad usage, 3 unsupported here,\n"
	       "4 some trials failed (OOM), 128+N stopped by signal N (130: Ctrl-C).\n",
	       pattern_help(), access_help());
}

static int bad(char *msg, size_t len, const char *opt, const char *value, const char *why)
{
	snprintf(msg, len, "--%s '%s': %s", opt, value, why);
	return -EINVAL;
}

static int parse_uint(const char *text, unsigned long max, unsigned long *out)
{
	char *end;
	if (!text[0] || text[0] < '0' || text[0] > '9')
		return -EINVAL;
	errno = 0;
	unsigned long v = strtoul(text, &end, 10);
	if (errno || *end || v > max)
		return -EINVAL;
	*out = v;
	return 0;
}

/* Splits a comma list in place into out[]; rejects empty items and duplicates. */
static int split_list(char *storage, size_t storage_len, const char *text, const char **out,
		      size_t *n)
{
	char *save = NULL;

	if (strlen(text) >= storage_len || !text[0] || text[0] == ',' || text[strlen(text) - 1] == ',' ||
	    strstr(text, ",,"))
		return -EINVAL;
	snprintf(storage, storage_len, "%s", text);
	*n = 0;
	for (char *tok = strtok_r(storage, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (*n == LIST_MAX)
			return -E2BIG;
		for (size_t i = 0; i < *n; i++)
			if (strcmp(out[i], tok) == 0)
				return -EEXIST;
		out[(*n)++] = tok;
	}
	return 0;
}

/* "4", "1,2,4" or "1-10": the seeds' #jobs1..#jobs10. */
static int parse_jobs(struct config *cfg, const char *v)
{
	unsigned long a, b;
	const char *dash = strchr(v, '-');
	char copy[128], *save = NULL;

	cfg->njobs = 0;
	if (dash && !strchr(v, ',')) {
		char first[32];
		snprintf(first, sizeof(first), "%.*s", (int)(dash - v), v);
		if (parse_uint(first, 256, &a) || parse_uint(dash + 1, 256, &b) || a == 0 || b < a ||
		    b - a + 1 > LIST_MAX)
			return -EINVAL;
		for (unsigned long k = a; k <= b; k++)
			cfg->jobs[cfg->njobs++] = (unsigned)k;
		return 0;
	}
	if (strlen(v) >= sizeof(copy) || !v[0] || v[0] == ',' || v[strlen(v) - 1] == ',' || strstr(v, ",,"))
		return -EINVAL;
	snprintf(copy, sizeof(copy), "%s", v);
	for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (cfg->njobs == LIST_MAX || parse_uint(tok, 256, &a) || a == 0)
			return -EINVAL;
		for (size_t i = 0; i < cfg->njobs; i++)
			if (cfg->jobs[i] == a)
				return -EINVAL;
		cfg->jobs[cfg->njobs++] = (unsigned)a;
	}
	return 0;
}

static int parse_size_opt(const char *opt, const char *value, uint64_t *out, char *msg, size_t len)
{
	int ret = size_parse(value, out);
	if (ret == -ERANGE)
		return bad(msg, len, opt, value, "too large");
	if (ret)
		return bad(msg, len, opt, value, "not a size above zero (e.g. 512K, 50M, 2G)");
	return 0;
}

static int apply(struct config *cfg, int id, const char *name, const char *v, char *msg, size_t len)
{
	unsigned long n;
	struct pattern pat;
	int ret;

	switch (id) {
	case OPT_LIMIT: {
		const char *items[LIST_MAX];
		size_t n_items;
		ret = split_list(cfg->lists[2], sizeof(cfg->lists[2]), v, items, &n_items);
		if (ret)
			return bad(msg, len, name, v, ret == -EEXIST ? "a limit is named twice" : "not a comma list of sizes");
		for (size_t i = 0; i < n_items; i++)
			if (parse_size_opt(name, items[i], &cfg->limits[i], msg, len))
				return -EINVAL;
		cfg->nlimits = n_items;
		return 0;
	}
	case OPT_ALLOC:
		return parse_size_opt(name, v, &cfg->alloc, msg, len);
	case OPT_CHUNK:
		return parse_size_opt(name, v, &cfg->chunk, msg, len);
	case OPT_SWAP_LIMIT:
		return parse_size_opt(name, v, &cfg->swap_limit, msg, len);
	case OPT_SWAP_SIZE:
		return parse_size_opt(name, v, &cfg->swap_size, msg, len);
	case OPT_SWAP:
		ret = split_list(cfg->lists[0], sizeof(cfg->lists[0]), v, cfg->backends, &cfg->nbackends);
		if (ret)
			return bad(msg, len, name, v, ret == -EEXIST ? "a backend is named twice" :
						      "not a comma list of backends");
		for (size_t i = 0; i < cfg->nbackends; i++)
			if (!backend_find(cfg->backends[i])) {
				char why[160];
				snprintf(why, sizeof(why), "unknown backend '%s' (known: %s)", cfg->backends[i],
					 backend_names());
				return bad(msg, len, name, v, why);
			}
		return 0;
	case OPT_COMP:
		ret = split_list(cfg->lists[1], sizeof(cfg->lists[1]), v, cfg->comps, &cfg->ncomps);
		if (ret)
			return bad(msg, len, name, v, ret == -EEXIST ? "an algorithm is named twice" :
						      "not a comma list of algorithms");
		for (size_t i = 0; i < cfg->ncomps; i++)
			if (strlen(cfg->comps[i]) > 31 || strpbrk(cfg->comps[i], " \t\n[]/"))
				return bad(msg, len, name, v, "not an algorithm name");
		return 0;
	case OPT_TRIALS:
		if (parse_uint(v, 10000, &n) || n == 0)
			return bad(msg, len, name, v, "not a number of trials from 1 to 10000");
		cfg->trials = (unsigned)n;
		return 0;
	case OPT_WARMUP:
		if (parse_uint(v, 1000, &n))
			return bad(msg, len, name, v, "not a number from 0 to 1000");
		cfg->warmup = (unsigned)n;
		return 0;
	case OPT_REREAD:
		if (parse_uint(v, 1000, &n))
			return bad(msg, len, name, v, "not a number from 0 to 1000");
		snprintf(cfg->access_buf, sizeof(cfg->access_buf), n ? "reread:%lu" : "fill", n);
		cfg->access = cfg->access_buf;
		return 0;
	case OPT_ACCESS: {
		struct access a;
		if (access_parse(v, &a))
			return bad(msg, len, name, v, "not an access mode (fill, reread:N, random:N, hot:PCT:N[:zipf])");
		cfg->access = v;
		return 0;
	}
	case OPT_JOBS:
		if (parse_jobs(cfg, v))
			return bad(msg, len, name, v, "not a list of job counts from 1 to 256 (e.g. 4, 1,2,4 or 1-10)");
		return 0;
	case OPT_ORDER:
		if (strcmp(v, "interleaved") == 0)
			cfg->order = ORDER_INTERLEAVED;
		else if (strcmp(v, "sequential") == 0)
			cfg->order = ORDER_SEQUENTIAL;
		else if (strcmp(v, "shuffled") == 0 || (strncmp(v, "shuffled:", 9) == 0 && !parse_uint(v + 9, ULONG_MAX, &cfg->seed)))
			cfg->order = ORDER_SHUFFLED;
		else
			return bad(msg, len, name, v, "not interleaved, sequential or shuffled[:SEED]");
		return 0;
	case OPT_LIMIT_MODE:
		if (strcmp(v, "max") == 0)
			cfg->limit_mode = LIMIT_MAX;
		else if (strcmp(v, "high") == 0)
			cfg->limit_mode = LIMIT_HIGH;
		else
			return bad(msg, len, name, v, "not max or high");
		return 0;
	case OPT_SWAPPINESS:
		if (parse_uint(v, 200, &n))
			return bad(msg, len, name, v, "not a swappiness from 0 to 200");
		cfg->swappiness = (int)n;
		return 0;
	case OPT_PAGE_CLUSTER:
		if (parse_uint(v, 10, &n))
			return bad(msg, len, name, v, "not a page-cluster from 0 to 10");
		cfg->page_cluster = (int)n;
		return 0;
	case OPT_ZSWAP_POOL:
		if (parse_uint(v, 100, &n) || n == 0)
			return bad(msg, len, name, v, "not a percentage from 1 to 100");
		cfg->zswap_pool = (unsigned)n;
		return 0;
	case OPT_ZSWAP_ZPOOL:
		if (strcmp(v, "zsmalloc") && strcmp(v, "z3fold") && strcmp(v, "zbud"))
			return bad(msg, len, name, v, "not zsmalloc, z3fold or zbud");
		cfg->zswap_zpool = v;
		return 0;
	case OPT_ZRAM_SIZE:
		return parse_size_opt(name, v, &cfg->zram_size, msg, len);
	case OPT_ZRAM_MEM_LIMIT:
		return parse_size_opt(name, v, &cfg->zram_mem_limit, msg, len);
	case OPT_ZRAM_ALGO_PARAMS:
		if (!v[0] || strlen(v) > 200 || !strchr(v, '=') || strpbrk(v, "\n"))
			return bad(msg, len, name, v, "not KEY=VALUE pairs (e.g. level=3)");
		cfg->zram_algo_params = v;
		return 0;
	case OPT_DISK_THROTTLE: {
		char copy[64], *comma;
		snprintf(copy, sizeof(copy), "%s", v);
		comma = strchr(copy, ',');
		if (comma)
			*comma++ = '\0';
		if (size_parse(copy, &cfg->throttle_read) || (comma && size_parse(comma, &cfg->throttle_write)))
			return bad(msg, len, name, v, "not READ_BPS[,WRITE_BPS] in bytes per second (e.g. 10M,20M)");
		return 0;
	}
	case OPT_SETTLE:
		cfg->settle = 1;
		return 0;
	case OPT_EXTENDED:
		cfg->extended = 1;
		return 0;
	case OPT_TIMEOUT:
		if (parse_uint(v, 86400, &n))
			return bad(msg, len, name, v, "not a number of seconds from 0 (none) to 86400");
		cfg->timeout = (unsigned)n;
		return 0;
	case OPT_THREADS:
		if (parse_uint(v, 256, &n) || n == 0)
			return bad(msg, len, name, v, "not a number of threads from 1 to 256");
		cfg->threads = (unsigned)n;
		return 0;
	case OPT_ALLOC_PER_JOB:
		return parse_size_opt(name, v, &cfg->alloc_per_job, msg, len);
	case OPT_BACKGROUND:
		return parse_size_opt(name, v, &cfg->background, msg, len);
	case OPT_PRIORITY:
		if (parse_uint(v, 32767, &n))
			return bad(msg, len, name, v, "not a priority from 0 to 32767");
		cfg->priority = (int)n;
		return 0;
	case OPT_INTERVAL:
		if (parse_uint(v, 60000, &n) || (n && n < 10))
			return bad(msg, len, name, v, "not 0 (no sampling) or milliseconds from 10 to 60000");
		cfg->sample_ms = (unsigned)n;
		return 0;
	case OPT_DATA:
		if (pattern_parse(v, &pat))
			return bad(msg, len, name, v,
				   "not a pattern (seq, zero, random, compressible:PCT, pattern:HEX, file:PATH, mixed)");
		ret = pattern_check(&pat);
		if (ret)
			return bad(msg, len, name, v, ret == -ENODATA ? "the file is empty" :
						      ret == -EINVAL ? "not a regular file" : strerror(-ret));
		cfg->data = v;
		return 0;
	case OPT_SWAPFILE:
		cfg->swapfile = v;
		return 0;
	case OPT_OUTPUT:
		if (!v[0])
			return bad(msg, len, name, v, "empty file name");
		cfg->output = v;
		return 0;
	case OPT_SUFFIX:
		if (strchr(v, '/'))
			return bad(msg, len, name, v, "a suffix cannot contain '/'");
		cfg->suffix = v;
		return 0;
	case OPT_JSON:
		cfg->json = 1;
		return 0;
	case OPT_NO_SECCOMP:
		cfg->no_seccomp = 1;
		return 0;
	case OPT_PREFAULT:
		cfg->prefault = 1;
		return 0;
	case OPT_USER: {
		struct passwd *pw = v[0] ? getpwnam(v) : NULL;
		if (!pw)
			return bad(msg, len, name, v, "no such user");
		cfg->user = v;
		cfg->user_uid = pw->pw_uid;
		cfg->user_gid = pw->pw_gid;
		return 0;
	}
	case OPT_SYSROOT:
		cfg->sysroot = v;
		return 0;
	case OPT_HOGGER:
		cfg->hogger = v;
		return 0;
	}
	return -EINVAL;
}

/* Options that only some backends use need one of them among --swap. */
static int check_backend_options(struct config *cfg, char *msg, size_t len)
{
	int uses_comp = 0, uses_file = 0, uses_zram = 0, uses_zswap = 0;
	char a[32];

	for (size_t i = 0; i < cfg->nbackends; i++) {
		const struct backend *b = backend_find(cfg->backends[i]);
		uses_comp |= b->uses_comp;
		uses_file |= b->uses_swapfile;
		uses_zram |= b == &backend_zram;
		uses_zswap |= b == &backend_zswap;
	}
	if (cfg->ncomps && !uses_comp)
		return bad(msg, len, "comp", cfg->lists[1], "only zram and zswap use a compressor; add --swap zram");
	if (cfg->swapfile && !uses_file)
		return bad(msg, len, "swapfile", cfg->swapfile, "only disk and zswap use a swapfile; add --swap disk");
	if (given(cfg, OPT_DISK_THROTTLE) && !uses_file)
		return bad(msg, len, "disk-throttle", size_format(cfg->throttle_read, a, sizeof(a)),
			   "only disk and zswap swap to a disk; add --swap disk");
	if (given(cfg, OPT_ZSWAP_ZPOOL) && !uses_zswap)
		return bad(msg, len, "zswap-zpool", cfg->zswap_zpool, "only zswap has a zpool; add --swap zswap");
	if (given(cfg, OPT_ZSWAP_POOL) && !uses_zswap) {
		snprintf(a, sizeof(a), "%u", cfg->zswap_pool);
		return bad(msg, len, "zswap-pool", a, "only zswap has a pool; add --swap zswap");
	}
	if (given(cfg, OPT_ZRAM_ALGO_PARAMS) && !uses_zram)
		return bad(msg, len, "zram-algo-params", cfg->zram_algo_params, "only zram has this; add --swap zram");
	if (given(cfg, OPT_ZRAM_SIZE) && !uses_zram)
		return bad(msg, len, "zram-size", size_format(cfg->zram_size, a, sizeof(a)),
			   "only zram has this; add --swap zram");
	if (given(cfg, OPT_ZRAM_MEM_LIMIT) && !uses_zram)
		return bad(msg, len, "zram-mem-limit", size_format(cfg->zram_mem_limit, a, sizeof(a)),
			   "only zram has this; add --swap zram");
	return 0;
}

/* The workload's options: the hogger's make no sense for a command, sizes must fit. */
static int check_workload_options(struct config *cfg, char *msg, size_t len)
{
	static const struct { int id; const char *name; } hogger_only[] = {
		{ OPT_DATA, "data" }, { OPT_ACCESS, "access" }, { OPT_REREAD, "reread" },
		{ OPT_CHUNK, "chunk" }, { OPT_ALLOC_PER_JOB, "alloc-per-job" }, { OPT_NO_SECCOMP, "no-seccomp" },
		{ OPT_THREADS, "threads" }, { OPT_PREFAULT, "prefault" },
	};
	char a[32];

	for (size_t i = 0; cfg->command && i < sizeof(hogger_only) / sizeof(hogger_only[0]); i++)
		if (given(cfg, hogger_only[i].id))
			return bad(msg, len, hogger_only[i].name, cfg->command[0],
				   "only the hogger takes this option, not a command");
	if (given(cfg, OPT_ACCESS) && given(cfg, OPT_REREAD))
		return bad(msg, len, "reread", cfg->access, "give --access or --reread, not both");
	if (given(cfg, OPT_ALLOC_PER_JOB) && given(cfg, OPT_ALLOC))
		return bad(msg, len, "alloc-per-job", size_format(cfg->alloc_per_job, a, sizeof(a)),
			   "give --alloc or --alloc-per-job, not both");
	if (cfg->alloc_per_job > UINT64_MAX / 256)
		return bad(msg, len, "alloc-per-job", size_format(cfg->alloc_per_job, a, sizeof(a)), "too large");
	if (cfg->chunk > cfg->alloc)
		return bad(msg, len, "chunk", size_format(cfg->chunk, a, sizeof(a)), "larger than --alloc");
	for (size_t i = 0; i < cfg->njobs && !cfg->command && !cfg->alloc_per_job; i++)
		if (cfg->alloc / cfg->jobs[i] < cfg->chunk) {
			snprintf(a, sizeof(a), "%u", cfg->jobs[i]);
			return bad(msg, len, "jobs", a, "each job would get less than one --chunk of --alloc");
		}
	if (cfg->alloc_per_job && cfg->alloc_per_job < cfg->chunk)
		return bad(msg, len, "alloc-per-job", size_format(cfg->alloc_per_job, a, sizeof(a)),
			   "less than one --chunk");
	if (cfg->chunk % 4096)
		return bad(msg, len, "chunk", size_format(cfg->chunk, a, sizeof(a)), "not a multiple of the 4K page");
	for (size_t i = 0; i < cfg->nlimits; i++)
		if (cfg->limits[i] < (1 << 20))
			return bad(msg, len, "limit", size_format(cfg->limits[i], a, sizeof(a)),
				   "below 1M, the cgroup could not even hold the hogger");
	if (cfg->swap_size && cfg->swap_size < (1 << 20))
		return bad(msg, len, "swap-size", size_format(cfg->swap_size, a, sizeof(a)),
			   "below 1M, too small for a swap area");
	return 0;
}

/* Checks between options, once all are known. */
static int cross_check(struct config *cfg, char *msg, size_t len)
{
	int ret = check_backend_options(cfg, msg, len);
	return ret ? ret : check_workload_options(cfg, msg, len);
}

enum options_result options_parse(int argc, char **argv, struct config *cfg, char *msg, size_t len)
{
	struct option longopts[NDEFS + 1];
	int c, index;

	options_defaults(cfg);
	/* Everything after "--" is a command to run instead of the hogger, untouched by getopt. */
	for (int i = 1; i < argc; i++)
		if (strcmp(argv[i], "--") == 0) {
			if (i + 1 == argc) {
				snprintf(msg, len, "'--' must be followed by a command to run");
				return OPTIONS_USAGE;
			}
			cfg->command = argv + i + 1;
			argc = i;
			break;
		}
	memset(longopts, 0, sizeof(longopts));
	for (size_t i = 0; i < NDEFS; i++) {
		longopts[i].name = defs[i].name;
		longopts[i].has_arg = defs[i].has_arg ? required_argument : no_argument;
		longopts[i].val = defs[i].id;
	}
	opterr = 0;
	optind = 1;
	/* "+": stop at the first non-option, so a forgotten "--" is an error, not a reordering. */
	while ((c = getopt_long(argc, argv, "+:l:a:s:t:o:hV", longopts, &index)) != -1) {
		const char *name = NULL;
		if (c == '?' || c == ':') {
			const char *arg = argv[optind - 1];
			snprintf(msg, len, "%s '%s'", c == '?' ? "unknown option" : "missing value for",
				 arg);
			return OPTIONS_USAGE;
		}
		for (size_t i = 0; i < NDEFS; i++)
			if (defs[i].id == c)
				name = defs[i].name;
		if (c == OPT_HELP) {
			usage();
			return OPTIONS_EXIT_OK;
		}
		if (c == OPT_VERSION) {
			printf("zswapbench %s\n", ZSB_VERSION);
			return OPTIONS_EXIT_OK;
		}
		if (apply(cfg, c, name, optarg, msg, len))
			return OPTIONS_USAGE;
		cfg->given |= 1ULL << def_index(c);
	}
	if (optind < argc) {
		snprintf(msg, len, "unexpected argument '%s'", argv[optind]);
		return OPTIONS_USAGE;
	}
	return cross_check(cfg, msg, len) ? OPTIONS_USAGE : OPTIONS_RUN;
}
