/* The option table: its core rows, every option of zswapbench but those other layers give
 * (the swap areas' and the backends', swap/options.h; the device targets' and the workload
 * drivers', trial/drivers/options.h), and the table assembled from them all. The parser,
 * --help, the checks and the result's config object are all generated from it. */
#include <ctype.h>
#include <errno.h>
#include <json.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/access.h"
#include "common/hogger_options.h"
#include "common/pattern.h"
#include "common/size.h"
#include "common/util.h"
#include "runner/base/sizes.h"
#include "runner/base/command_words.h"
#include "runner/cli/option_parse.h"
#include "runner/cli/option_table.h"
#include "runner/kernel/cpus.h"
#include "runner/cli/mthp_option.h"
#include "runner/kernel/mthp.h"
#include "runner/profile/replay.h"
#include "runner/report/columns.h"
#include "runner/report/formats/formats.h"
#include "runner/result/match.h"
#include "runner/result/sequential.h"
#include "runner/swap/options.h"
#include "runner/trial/drivers/driver.h"
#include "runner/trial/drivers/options.h"

#define FIELD(f) OPTION_FIELD(struct config, f)
#define MiB (1ULL << 20)
#define TiB (1ULL << 40)

/* "4", "1,2,4" or "1-10": the seeds' #jobs1..#jobs10. */
static int parse_jobs(void *scope, const char *v, char *why, size_t len)
{
	struct config *cfg = scope;
	const char *dash = strchr(v, '-');
	uint64_t a, b;

	snprintf(why, len, "not a list of job counts from 1 to %d (e.g. 4, 1,2,4 or 1-10)",
		 JOBS_MAX);
	cfg->jobs.n = 0;
	if (dash && !strchr(v, ',')) {
		if (parse_u64_n(v, (size_t)(dash - v), &a) ||
		    parse_u64_n(dash + 1, strlen(dash + 1), &b) || a == 0 || b > JOBS_MAX ||
		    b < a || b - a + 1 > LIST_MAX)
			return -EINVAL;
		for (uint64_t k = a; k <= b; k++)
			cfg->jobs.v[cfg->jobs.n++] = (unsigned)k;
		return 0;
	}
	for (struct list_item it = list_first(v); it.ok; it = list_next(v, it)) {
		if (cfg->jobs.n == LIST_MAX || parse_u64_n(it.text, it.len, &a) || a == 0 ||
		    a > JOBS_MAX)
			return -EINVAL;
		for (size_t i = 0; i < cfg->jobs.n; i++)
			if (cfg->jobs.v[i] == a)
				return -EINVAL;
		cfg->jobs.v[cfg->jobs.n++] = (unsigned)a;
	}
	return list_well_formed(v) ? 0 : -EINVAL;
}

static json_object *jobs_json(const void *scope)
{
	const struct config *cfg = scope;
	json_object *a = json_object_new_array();
	for (size_t i = 0; i < cfg->jobs.n; i++)
		json_object_array_add(a, json_object_new_uint64(cfg->jobs.v[i]));
	return a;
}

/* By enum run_order; shuffled also takes :SEED. */
static const char *const orders[] = { "interleaved", "sequential", "shuffled", NULL };

static int parse_order(void *scope, const char *v, char *why, size_t len)
{
	struct config *cfg = scope;
	uint64_t seed;

	cfg->seed = 0;
	for (int i = 0; orders[i]; i++)
		if (strcmp(v, orders[i]) == 0) {
			cfg->order = (enum run_order)i;
			return 0;
		}
	if (strncmp(v, "shuffled:", 9) == 0 && parse_u64_n(v + 9, strlen(v + 9), &seed) == 0 &&
	    seed > 0 && seed <= ULONG_MAX) {
		cfg->order = ORDER_SHUFFLED;
		cfg->seed = (unsigned long)seed;
	} else {
		snprintf(why, len, "not interleaved, sequential or shuffled[:SEED] (SEED from 1)");
		return -EINVAL;
	}
	return 0;
}

/* The order as it would be typed; a shuffled run carries its seed so it can be replayed. */
static json_object *order_json(const void *scope)
{
	const struct config *cfg = scope;
	char text[48];

	if (cfg->order == ORDER_SHUFFLED && cfg->seed)
		snprintf(text, sizeof(text), "shuffled:%lu", cfg->seed);
	else
		snprintf(text, sizeof(text), "%s", orders[cfg->order]);
	return json_object_new_string(text);
}

/* "FILE" or "FILE:ALGO": the file as named if it reads, else up to its last colon. */
static int load_profile(const char *v, struct profile *p, const char **algo, char *why, size_t len)
{
	char path[PATH_LEN];
	const char *colon = strrchr(v, ':');

	*algo = NULL;
	if (replay_load(v, p, why, len) == 0)
		return 0;
	if (!colon || (size_t)(colon - v) >= sizeof(path))
		return -EINVAL;
	snprintf(path, sizeof(path), "%.*s", (int)(colon - v), v);
	*algo = colon + 1;
	return replay_load(path, p, why, len);
}

/* profile:FILE[:ALGO]: the hogger's pages made of the profile's sizes under ALGO, and the
 * footprint it recorded as --alloc unless --alloc came first. */
static int parse_profile_data(struct config *cfg, const char *v, char *why, size_t len)
{
	struct profile p;
	const char *algo;
	char *spec = NULL, access[64];
	int ret = load_profile(v + strlen("profile:"), &p, &algo, why, len);

	if (ret)
		return -EINVAL;
	ret = replay_spec(&p, algo, &spec, access, sizeof(access));
	if (ret == -ENOENT)
		snprintf(why, len, "the profile has no sizes of '%s'", algo);
	if (!ret && !cfg->given[O_ALLOC])
		cfg->alloc = replay_bytes(&p);
	if (!ret && !cfg->given[O_ACCESS] && !cfg->given[O_REREAD])
		snprintf(cfg->access, sizeof(cfg->access), "%s", access);
	if (!ret)
		ret = set_text(&cfg->data_pages, 16384, spec, why, len);
	free(spec);
	profile_free(&p);
	return ret ? -EINVAL : set_text(&cfg->data, PATH_LEN, v, why, len);
}

static int parse_data(void *scope, const char *v, char *why, size_t len)
{
	struct config *cfg = scope;
	struct pattern pat;
	int ret;

	if (strncmp(v, "profile:", strlen("profile:")) == 0)
		return parse_profile_data(cfg, v, why, len);
	if (set_text(&cfg->data_pages, 16384, "", why, len))
		return -EINVAL;
	if (pattern_parse(v, &pat)) {
		snprintf(why, len,
			 "not a pattern (seq, zero, random, compressible:PCT, pattern:HEX, "
			 "file:PATH, mixed, profile:FILE[:ALGO])");
		return -EINVAL;
	}
	ret = pattern_check(&pat);
	if (ret) {
		snprintf(why, len, "%s",
			 ret == -ENODATA	  ? "the file is empty"
				 : ret == -EINVAL ? "not a regular file"
						  : strerror(-ret));
		return -EINVAL;
	}
	/* file:PATH with a path as long as a path can be. */
	return set_text(&cfg->data, PATH_LEN, v, why, len);
}

static void data_format(const void *scope, char *buf, size_t len)
{
	const struct config *cfg = scope;
	snprintf(buf, len, "%s", cfg->data);
}

static void access_format(const void *scope, char *buf, size_t len)
{
	const struct config *cfg = scope;
	snprintf(buf, len, "%s", cfg->access);
}

static void reread_format(const void *scope, char *buf, size_t len)
{
	const struct config *cfg = scope;
	snprintf(buf, len, "%s", strncmp(cfg->access, "reread:", 7) == 0 ? cfg->access + 7 : "0");
}

static json_object *data_json(const void *scope)
{
	const struct config *cfg = scope;
	return cfg->command ? NULL : json_object_new_string(cfg->data);
}

static int parse_access(void *scope, const char *v, char *why, size_t len)
{
	struct config *cfg = scope;
	struct access a;

	if (access_parse(v, &a)) {
		snprintf(why, len,
			 "not an access mode (fill, reread:N, random:N, hot:PCT:N[:zipf] with N "
			 "or Ns, tabs:N:CYCLES[:exp])");
		return -EINVAL;
	}
	return copy_text(cfg->access, sizeof(cfg->access), v, why, len);
}

static json_object *access_json(const void *scope)
{
	const struct config *cfg = scope;
	return cfg->command ? NULL : json_object_new_string(cfg->access);
}

/* --reread N is --access reread:N, kept for the seeds' scripts. */
static int parse_reread(void *scope, const char *v, char *why, size_t len)
{
	struct config *cfg = scope;
	uint64_t n;

	if (parse_u64_n(v, strlen(v), &n) || n > 1000) {
		snprintf(why, len, "not a number from 0 to 1000");
		return -EINVAL;
	}
	snprintf(cfg->access, sizeof(cfg->access), n ? "reread:%llu" : "fill",
		 (unsigned long long)n);
	return 0;
}

static int check_suffix(void *scope, const char *v, char *why, size_t len)
{
	(void)scope;
	if (strspn(v, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.+") !=
	    strlen(v)) {
		snprintf(
			why, len,
			"a suffix is letters, digits and - _ . + (it becomes part of a file name)");
		return -EINVAL;
	}
	return 0;
}

/* "all", or a CPU list as the kernel writes one; whether those CPUs are online is preflight's. */
static int check_cpus(void *scope, const char *v, char *why, size_t len)
{
	cpu_set_t set;

	(void)scope;
	if (strcmp(v, "all") != 0 && cpulist_parse(v, &set)) {
		snprintf(why, len, "not a CPU list (e.g. 1, 0-3, 0,2) or 'all'");
		return -EINVAL;
	}
	return 0;
}

/* A driver chosen by name, and arguments it takes. */
static int check_workload_name(void *scope, const char *v, char *why, size_t len)
{
	const char *args;
	const struct workload_driver *d = driver_named(v, &args);

	(void)scope;
	if (!d) {
		snprintf(why, len, "not %s", driver_names());
		return -EINVAL;
	}
	if (!d->check_args && args[0]) {
		snprintf(why, len, "%s takes no arguments", d->name);
		return -EINVAL;
	}
	return d->check_args ? d->check_args(args, why, len) : 0;
}

/* "-" is standard output only where one stream is written once: a run rewrites its result
 * file after every trial and prints its answer on stdout, and plots are several files. */
static int not_stdout(const char *v, const char *reason, char *why, size_t len)
{
	if (strcmp(v, "-") == 0) {
		snprintf(why, len, "%s", reason);
		return -EINVAL;
	}
	return 0;
}

static int check_file_not_stdout(void *scope, const char *v, char *why, size_t len)
{
	(void)scope;
	return not_stdout(v, "a run prints its answer on standard output: give a file", why, len);
}

static int check_dir_not_stdout(void *scope, const char *v, char *why, size_t len)
{
	(void)scope;
	return not_stdout(v, "the plots are several files: give a folder", why, len);
}

/* compare --match: the keys are result/match.c's, kept as its mask. */
static int parse_match(void *scope, const char *v, char *why, size_t len)
{
	struct config *cfg = scope;
	return match_keys_parse(v, &cfg->view.match_keys, why, len);
}

/* --columns (-C) picks table columns by name, as lsblk's -o does; they are kept as ids. A list
 * that starts with + adds its columns to each table's own, as lsblk -o +COL. */
static int parse_columns(void *scope, const char *v, char *why, size_t len)
{
	struct config *cfg = scope;
	cfg->view.columns.n = 0;
	cfg->view.columns.add = v[0] == '+';
	v += cfg->view.columns.add;
	if (!list_well_formed(v)) {
		snprintf(why, len, "not a comma list of columns");
		return -EINVAL;
	}
	for (struct list_item it = list_first(v); it.ok; it = list_next(v, it)) {
		char name[NAME_LEN];
		int id;
		if (it.len >= NAME_LEN || cfg->view.columns.n == COLUMN_LIST_MAX) {
			snprintf(why, len, "too many or too long column names");
			return -EINVAL;
		}
		snprintf(name, sizeof(name), "%.*s", (int)it.len, it.text);
		for (char *p = name; *p; p++)
			*p = (char)toupper((unsigned char)*p);
		if ((id = column_find(name)) < 0) {
			snprintf(why, len, "no column '%s' (known: %s)", name,
				 report_column_names());
			return -EINVAL;
		}
		cfg->view.columns.v[cfg->view.columns.n++] = (enum column_id)id;
	}
	return 0;
}

static json_object *columns_json(const void *scope)
{
	const struct config *cfg = scope;
	json_object *a = json_object_new_array();
	for (size_t i = 0; i < cfg->view.columns.n; i++)
		json_object_array_add(
			a, json_object_new_string(column_info(cfg->view.columns.v[i])->name));
	return a;
}

const char *const option_group_names[G_COUNT] = {
	[G_COMPARED] = "What is compared",
	[G_WORKLOAD] = "The workload",
	[G_DEVICE] = "What the device is used as",
	[G_CGROUP] = "The cgroup and the kernel",
	[G_SWAP] = "The swap devices",
	[G_RECORDED] = "What is recorded",
	[G_PRINTED] = "What is printed",
	[G_GIVEN] = "How the run is given",
};

static const char *const limit_modes[] = { "max", "high", NULL };
/* In enum fail_on's order. */
static const char *const fail_ons[] = { "none", "regression", "change", NULL };
static const char *const thp_modes[] = { "always", "madvise", "never", NULL };
static const char *const group_keys[] = { "file", "host", "kernel", "host,kernel", NULL };
/* sysinfo's facts are a list, not a table of cells: the first two of formats[] only. */
static const char *const sysinfo_formats[] = { "table", "json", NULL };

static const struct option_desc core_rows[O_COUNT] = {
	[O_LIMIT] = { "limit", 'l', OT_SIZE_LIST, FIELD(limit), 1 * MiB, 16 * TiB, "50M", NULL,
		      "LIST", "a limit", .flags = OPT_SWEEP, .example = "50M,100M",
		      .help = "memory limits of the trial's cgroup, e.g. 50M,100M",
		      .group = G_COMPARED },
	[O_ALLOC] = { "alloc", 'a', OT_SIZE, FIELD(alloc), 4096, 0, "300M", NULL, "SIZE", NULL,
		      .example = "300M", .help = "memory the hogger allocates and writes",
		      .group = G_WORKLOAD },
	[O_SWAP] = { "swap", 's', OT_BACKEND_LIST, FIELD(swap), 0, 0, "disk,zram", NULL, "LIST",
		     "a backend", .flags = OPT_SWEEP, .example = "disk,zram",
		     .help = "backends to compare: disk, zram, zswap, none", .group = G_COMPARED },
	[O_COMP] = { "comp", 0, OT_NAME_LIST, FIELD(comp), 0, 0, NULL, "the kernel's", "LIST",
		     "an algorithm", .flags = OPT_SWEEP, .example = "lzo,lz4",
		     .commands = CMD_EXPERIMENT | CMD_RECORD,
		     .help = "zram/zswap compressors, e.g. lzo,lz4 (record: those its pages are "
			     "sized by; every one zram offers by default)",
		     .group = G_COMPARED },
	[O_JOBS] = { "jobs", 0, OT_CUSTOM, FIELD(jobs), 1, JOBS_MAX, "1", NULL, "LIST", NULL,
		     .flags = OPT_SWEEP, .parse = parse_jobs, .to_json = jobs_json,
		     .example = "1-4",
		     .help = "workload processes in the cgroup, e.g. 4, 1,2,4 or 1-10",
		     .group = G_COMPARED },
	[O_TRIALS] = { "trials", 't', OT_COUNT, FIELD(trials), 1, 10000, "5", NULL, "N", "trials",
		       .example = "5",
		       .help = "measured trials per cell (with --min-trials, the most)",
		       .group = G_COMPARED },
	[O_MIN_TRIALS] = { "min-trials", 0, OT_COUNT, FIELD(min_trials), 2, SEQUENTIAL_MAX, NULL,
			   "off", "N", "trials", .example = "3",
			   .help = "two cells: from N trials a cell on, stop after the first round "
				   "that tells them apart (each look at a level that keeps "
				   "--alpha)",
			   .group = G_COMPARED },
	[O_WARMUP] = { "warmup", 0, OT_COUNT, FIELD(warmup), 0, 1000, "0", NULL, "N",
		       "warmup trials", .example = "1", .help = "unmeasured trials before them",
		       .group = G_COMPARED },
	[O_ORDER] = { "order", 0, OT_CUSTOM, FIELD(order), 0, 0, "interleaved", NULL, "ORDER", NULL,
		      .choices = orders, .parse = parse_order, .to_json = order_json,
		      .example = "shuffled:42",
		      .help = "interleaved, sequential, or shuffled[:SEED]", .group = G_COMPARED },
	[O_LIMIT_MODE] = { "limit-mode", 0, OT_ENUM, FIELD(limit_mode), 0, 0, "max", NULL, "MODE",
			   NULL, .choices = limit_modes, .example = "high",
			   .help = "max (hard limit) or high (throttle: memory.high)",
			   .group = G_CGROUP },
	[O_PRESSURE_TARGET] = { "pressure-target", 0, OT_REAL, FIELD(pressure_target_pct), 0, 0,
				NULL, "none", "PCT", "%", .dmin = 0.01, .dmax = 50,
				.example = "0.1%",
				.help = "v2: move memory.high each second to hold the cgroup's "
					"memory "
					"pressure (PSI some) at PCT: the memory it settles in is "
					"recorded",
				.group = G_CGROUP },
	[O_SWAP_LIMIT] = { "swap-limit", 0, OT_SIZE, FIELD(swap_limit), 4096, 0, NULL, "no limit",
			   "SIZE", NULL, .example = "100M", .help = "swap the cgroup may use",
			   .group = G_CGROUP },
	[O_SWAPPINESS] = { "swappiness", 0, OT_INT, FIELD(swappiness), 0, 200, NULL, "the kernel's",
			   "N", "swappiness", .example = "60",
			   .help = "the cgroup's (v1) or vm.swappiness (v2), restored",
			   .flags = OPT_KNOB, .group = G_CGROUP },
	[O_PAGE_CLUSTER] = { "page-cluster", 0, OT_INT, FIELD(page_cluster), 0, 10, NULL,
			     "the kernel's", "N", "page-cluster", .example = "0",
			     .help = "vm.page-cluster for the run, restored", .flags = OPT_KNOB,
			     .group = G_CGROUP },
	[O_THP] = { "thp", 0, OT_CHOICE, FIELD(thp), 0, 0, NULL, "the kernel's", "MODE", NULL,
		    .choices = thp_modes, .example = "never",
		    .help = "transparent huge pages for the run: always, madvise or never, "
			    "restored",
		    .flags = OPT_KNOB, .group = G_SWAP },
	[O_MTHP] = { "mthp", 0, OT_CUSTOM, FIELD(mthp), 0, 0, NULL, "the kernel's", "LIST", NULL,
		     .flags = OPT_AXIS_OWN, .parse = mthp_option_parse, .to_json = mthp_option_json,
		     .format = mthp_option_format, .example = "64K:always,2M:never",
		     .help = "multi-size THP for the run: SIZE:MODE of each folio size "
			     "(hugepages-<N>kB/enabled: always, inherit, madvise or never), "
			     "restored",
		     .group = G_SWAP },
	[O_MGLRU] = { "mglru", 0, OT_SWITCH, FIELD(mglru), 0, 0, NULL, "the kernel's", "on|off",
		      NULL, .example = "off",
		      .help = "the multi-gen LRU for the run (/sys/kernel/mm/lru_gen), restored",
		      .flags = OPT_KNOB, .group = G_SWAP },
	[O_WORKLOAD] = { "workload", 0, OT_TEXT, FIELD(workload), 0, 127, NULL, "hogger",
			 "NAME[:ARGS]", NULL, .parse = check_workload_name,
			 .example = "stress-ng:vm:5s",
			 .help = "what runs in the cgroup: hogger, or stress-ng:vm[:Ns] (its --vm "
				 "workers, their bogo ops/s the throughput)",
			 .group = G_WORKLOAD },
	[O_DATA] = { "data", 0, OT_CUSTOM, FIELD(data), 0, 0, "compressible:50", NULL, "PATTERN",
		     NULL, .flags = OPT_HOGGER_ONLY | OPT_KNOB, .parse = parse_data,
		     .to_json = data_json, .format = data_format, .example = "compressible:75",
		     .help = "page contents (compressible:50 is about 2x)", .group = G_WORKLOAD },
	[O_ACCESS] = { "access", 0, OT_CUSTOM, FIELD(access), 0, 0, "fill", NULL, "MODE", NULL,
		       .flags = OPT_HOGGER_ONLY | OPT_KNOB, .parse = parse_access,
		       .to_json = access_json, .format = access_format, .example = "hot:10:20:zipf",
		       .help = "after the fill: fill, reread:N, random:N, hot:PCT:N[:zipf] (N "
			       "passes, or Ns: for N seconds), tabs:N:CYCLES[:exp]",
		       .group = G_WORKLOAD },
	[O_REREAD] = { "reread", 0, OT_CUSTOM, FIELD(access), 0, 1000, NULL, NULL, "N", NULL,
		       .flags = OPT_HOGGER_ONLY | OPT_NO_ECHO, .parse = parse_reread,
		       .format = reread_format, .example = "2",
		       .help = "passes reading every page back: --access reread:N",
		       .group = G_WORKLOAD },
	[O_SWAP_FRACTION] = { "swap-fraction", 0, OT_REAL, FIELD(swap_fraction), 0, 0, NULL, NULL,
			      "F", "swap fraction", .dmin = 0.05, .dmax = 0.95,
			      .flags = OPT_HOGGER_ONLY, .example = "0.5",
			      .help = "instead of --alloc: allocate limit / (1 - F), so F of it "
				      "must be swapped",
			      .group = G_WORKLOAD },
	[O_LATENCY] = { "latency", 0, OT_SWITCH, FIELD(latency), 0, 0, "on", NULL, "on|off", NULL,
			.flags = OPT_HOGGER_ONLY, .example = "off",
			.help = "time every chunk and every access into histograms; off only to "
				"measure what that costs",
			.group = G_WORKLOAD },
	[O_CHUNK] = { "chunk", 0, OT_SIZE, FIELD(chunk), 4096, 0, "1M", NULL, "SIZE", NULL,
		      .flags = OPT_HOGGER_ONLY, .example = "2M", .help = "hogger allocation size",
		      .group = G_WORKLOAD },
	[O_ALLOC_PER_JOB] = { "alloc-per-job", 0, OT_SIZE, FIELD(alloc_per_job), 4096, 1ULL << 54,
			      NULL, "--alloc / --jobs", "SIZE", NULL, .flags = OPT_HOGGER_ONLY,
			      .example = "64M", .help = "each job's allocation",
			      .group = G_WORKLOAD },
	[O_THREADS] = { "threads", 0, OT_COUNT, FIELD(threads), 1, HOGGER_THREADS_MAX, "1", NULL,
			"T", "threads", .flags = OPT_HOGGER_ONLY, .example = "2",
			.help = "threads in each hogger job, sharing its memory",
			.group = G_WORKLOAD },
	[O_PREFAULT] = { "prefault", 0, OT_FLAG, FIELD(prefault), .flags = OPT_HOGGER_ONLY,
			 .help = "hogger faults chunks in with MADV_POPULATE_WRITE (OOMs at a v1 "
				 "limit)",
			 .group = G_WORKLOAD },
	[O_MADVISE_HUGEPAGE] = { "madvise-hugepage", 0, OT_FLAG, FIELD(madvise_hugepage),
				 .flags = OPT_HOGGER_ONLY,
				 .help = "hogger's memory in one region aligned to 2 MiB with "
					 "MADV_HUGEPAGE, for the THP sizes set to madvise",
				 .group = G_WORKLOAD },
	/* Bounded as --limit is: preflight adds it to a cell's need, and the hogger rounds it up
	 * to whole chunks. */
	[O_BACKGROUND] = { "background", 0, OT_SIZE, FIELD(background), 4096, 16 * TiB, NULL,
			   "none", "SIZE", NULL, .example = "4G",
			   .help = "memory a hogger outside the cgroup holds for the whole run",
			   .group = G_WORKLOAD },
	[O_CPUS] = { "cpus", 0, OT_STRING, FIELD(cpus), 0, 0, NULL,
		     "one fixed set, off the CPU taking the most interrupts", "LIST", NULL,
		     .parse = check_cpus, .example = "1",
		     .help = "CPUs the workload is pinned to; all: not pinned",
		     .group = G_WORKLOAD },
	[O_SETUP] = { "setup", 0, OT_TEXT, FIELD(setup), 0, COMMAND_TEXT_MAX, NULL, NULL,
		      "'CMD ARGS'", NULL, .example = "true", .parse = command_text_check,
		      .help = "run once before the first trial, as the workload's user, outside "
			      "the cgroup, in the run's work directory (quoted as in a shell; no "
			      "shell runs it)",
		      .group = G_WORKLOAD },
	[O_PREPARE] = { "prepare", 0, OT_TEXT, FIELD(prepare), 0, COMMAND_TEXT_MAX, NULL, "none",
			"'CMD ARGS'", NULL, .example = "rm -f out", .parse = command_text_check,
			.help = "run before every trial, warm-ups too, as --setup runs; not "
				"measured, its time recorded",
			.group = G_WORKLOAD },
	[O_CLEANUP] = { "cleanup", 0, OT_TEXT, FIELD(cleanup), 0, COMMAND_TEXT_MAX, NULL, "none",
			"'CMD ARGS'", NULL, .example = "rm -f out", .parse = command_text_check,
			.help = "run after every trial, as --prepare", .group = G_WORKLOAD },
	[O_IGNORE_FAILURE] = { "ignore-failure", 'i', OT_FLAG, FIELD(ignore_failure),
			       .help = "go on after a trial whose COMMAND fails (by default the "
				       "run "
				       "stops at the first)",
			       .group = G_WORKLOAD },
	[O_USER] = { "user", 0, OT_USER, FIELD(user), 0, 0, NULL, "root", "USER", NULL,
		     .example = "nobody",
		     .help = "run the workload and --setup as this user (its groups, a login's "
			     "environment, no terminal, no_new_privs)",
		     .group = G_WORKLOAD },
	[O_NO_SECCOMP] = { "no-seccomp", 0, OT_FLAG, FIELD(no_seccomp), .flags = OPT_HOGGER_ONLY,
			   .help = "run the hogger without its seccomp sandbox",
			   .group = G_WORKLOAD },
	[O_SETTLE] = { "settle", 0, OT_FLAG, FIELD(settle),
		       .help = "drop caches and compact memory before each trial",
		       .group = G_CGROUP },
	[O_TIMEOUT] = { "timeout", 0, OT_DURATION, FIELD(timeout_ms), 1000, 86400000, "600s", NULL,
			"TIME", NULL, .example = "10m",
			.help = "a trial that takes longer is killed and failed; 0: never",
			.group = G_CGROUP },
	/* 10 ms: a default trial lasts about half a second, and 100 ms gave its plots five points;
	 * bench/sampling.sh finds 10 ms costs nothing measurable, and long runs decimate. */
	[O_INTERVAL] = { "interval", 0, OT_DURATION, FIELD(interval_ms), 10, 60000, "10ms", NULL,
			 "TIME", NULL, .example = "50ms",
			 .help = "time series sampling; 0: no series", .group = G_RECORDED },
	[O_EXTENDED] = { "extended", 0, OT_FLAG, FIELD(extended),
			 .help = "keep mm_stat, io_stat, debug_stat, buddyinfo, vmstat, meminfo "
				 "around each trial",
			 .group = G_RECORDED },
	[O_OUTPUT] = { "output", 'o', OT_PATH, FIELD(output), 0, 0, NULL,
		       "results/zswapbench-DATE[SUFFIX].json", "FILE", NULL,
		       .example = "results/a.json", .commands = CMD_RUN | CMD_SAVINGS | CMD_RECORD,
		       .parse = check_file_not_stdout,
		       .help = "result file (savings: its answer's file; record: the profile, "
			       "results/profile-DATE.json)",
		       .group = G_RECORDED },
	[O_SUFFIX] = { "suffix", 0, OT_STRING, FIELD(suffix), 0, 0, NULL, NULL, "TEXT", NULL,
		       .parse = check_suffix, .example = "-lz4", .commands = CMD_RUN,
		       .help = "appended to the default result file name", .group = G_RECORDED },
	[O_PLOT] = { "plot", 0, OT_PATH, FIELD(view.plot_dir), 0, 0, NULL, NULL, "DIR", NULL,
		     .flags = OPT_NO_ECHO | OPT_DIR, .example = "plots",
		     .commands = CMD_RUN | CMD_SAVINGS, .parse = check_dir_not_stdout,
		     .help = "at the end, the plots of the run in DIR (as zswapbench plot; "
			     "savings: its answer's)",
		     .group = G_RECORDED },
	[O_REPORT] = { "report", 0, OT_PATH, FIELD(view.report_file), 0, 0, NULL, NULL, "FILE",
		       NULL, .flags = OPT_NO_ECHO, .example = "report.html", .commands = CMD_RUN,
		       .parse = check_file_not_stdout,
		       .help = "at the end, the run as one HTML file (as zswapbench report)",
		       .group = G_RECORDED },
	[O_PNG] = { "png", 0, OT_FLAG, FIELD(view.png),
		    .commands = CMD_RUN | CMD_PLOT | CMD_SAVINGS, .flags = OPT_NO_ECHO,
		    .help = "plots as PNG instead of SVG", .group = G_RECORDED },
	/* Not echoed: they share --output's name, and a run's config has one output, its file. */
	[O_PLOT_OUTPUT] = { "output", 'o', OT_PATH, FIELD(view.plot_dir), 0, 0, NULL, "plots",
			    "DIR", NULL, .commands = CMD_PLOT, .flags = OPT_DIR | OPT_NO_ECHO,
			    .parse = check_dir_not_stdout, .example = "plots/a",
			    .help = "the folder for the plots", .group = G_RECORDED },
	[O_REPORT_OUTPUT] = { "output", 'o', OT_PATH, FIELD(view.report_file), 0, 0, NULL,
			      "report.html", "FILE", NULL, .commands = CMD_REPORT,
			      .flags = OPT_NO_ECHO, .example = "a.html",
			      .help = "the HTML file; -: standard output", .group = G_RECORDED },
	[O_VIEW_OUTPUT] = { "output", 'o', OT_PATH, FIELD(output), 0, 0, NULL, "standard output",
			    "FILE", NULL, .commands = CMD_SHOW | CMD_COMPARE, .flags = OPT_NO_ECHO,
			    .example = "a.csv",
			    .help = "write what is printed to FILE; -: standard output",
			    .group = G_PRINTED },
	[O_JSON] = { "json", 0, OT_FLAG, FIELD(view.json),
		     .commands = CMD_RUN | CMD_SHOW | CMD_COMPARE | CMD_SYSINFO,
		     .flags = OPT_NO_ECHO, .help = "the same as --format json",
		     .group = G_PRINTED },
	[O_FORMAT] = { "format", 0, OT_ENUM, FIELD(view.format), 0, 0, "table", NULL, "FORMAT",
		       NULL, .choices = output_format_names,
		       .commands = CMD_RUN | CMD_SHOW | CMD_COMPARE, .example = "csv",
		       .help = "table, json, csv (a row per trial and metric; compare: per "
			       "compared metric), markdown; compare also tap or junit (a test "
			       "case per comparison, a regression failed)",
		       .group = G_PRINTED },
	[O_SYSINFO_FORMAT] = { "format", 0, OT_ENUM, FIELD(view.format), 0, 0, "table", NULL,
			       "FORMAT", NULL, .choices = sysinfo_formats, .commands = CMD_SYSINFO,
			       .flags = OPT_NO_ECHO, .example = "json", .help = "table or json",
			       .group = G_PRINTED },
	[O_COLUMNS] = { "columns", 'C', OT_CUSTOM, FIELD(view.columns), 0, 0, NULL,
			"each table's own", "LIST", NULL,
			.commands = CMD_RUN | CMD_SHOW | CMD_COMPARE, .parse = parse_columns,
			.to_json = columns_json, .example = "metric,mean,ci",
			.help = "the table columns to print, by name", .group = G_PRINTED },
	[O_RAW] = { "raw", 0, OT_FLAG, FIELD(view.raw),
		    .commands = CMD_RUN | CMD_SHOW | CMD_COMPARE,
		    .help = "tables unaligned, one space between columns", .group = G_PRINTED },
	[O_NOHEADINGS] = { "noheadings", 0, OT_FLAG, FIELD(view.noheadings),
			   .commands = CMD_RUN | CMD_SHOW | CMD_COMPARE,
			   .help = "tables without their heading line", .group = G_PRINTED },
	[O_BYTES] = { "bytes", 0, OT_FLAG, FIELD(view.bytes),
		      .commands = CMD_RUN | CMD_SHOW | CMD_COMPARE,
		      .help = "sizes in the tables in whole bytes, not MiB", .group = G_PRINTED },
	/* Not --json: that is the whole result document (--format json). */
	[O_TABLE_JSON] = { "table-json", 'J', OT_FLAG, FIELD(view.table_json),
			   .commands = CMD_SHOW | CMD_COMPARE,
			   .help = "each table as JSON, numbers as numbers, the words around "
				   "them left out: one table an object, several an array of them",
			   .group = G_PRINTED },
	[O_OUTPUT_ALL] = { "output-all", 0, OT_FLAG, FIELD(view.output_all),
			   .commands = CMD_RUN | CMD_SHOW | CMD_COMPARE,
			   .help = "every column each table has, those it hides by default too",
			   .group = G_PRINTED },
	[O_LIST_COLUMNS] = { "list-columns", 0, OT_ACTION, 0, 0,
			     .commands = CMD_RUN | CMD_SHOW | CMD_COMPARE,
			     .help = "list the table columns --columns takes, with what each "
				     "holds",
			     .group = G_PRINTED },
	[O_VERBOSE] = { "verbose", 'v', OT_FLAG, FIELD(view.verbose),
			.commands = CMD_RUN | CMD_SHOW | CMD_COMPARE,
			.help = "every metric of every cell, not only the short answer",
			.group = G_PRINTED },
	[O_ALL] = { "all", 0, OT_FLAG, FIELD(view.all), .commands = CMD_COMPARE,
		    .help = "the rows that did not change too", .group = G_PRINTED },
	[O_FAIL_ON] = { "fail-on", 0, OT_ENUM, FIELD(view.fail_on), 0, 0, "none", NULL, "WHAT",
			NULL, .choices = fail_ons, .commands = CMD_COMPARE, .example = "regression",
			.help = "exit 5 when a comparison is a regression (significant, the wrong "
				"way) or, change, any significant finding; with --all the "
				"secondary metrics count too",
			.group = G_PRINTED },
	[O_GROUP_BY] = { "group-by", 0, OT_CHOICE, FIELD(view.group_by), 0, 0, "file", NULL, "KEY",
			 NULL, .choices = group_keys, .commands = CMD_COMPARE, .example = "kernel",
			 .help = "pool the files of one host, kernel, or host and kernel (a "
				 "fleet's files) and compare the groups",
			 .group = G_PRINTED },
	[O_MATCH] = { "match", 0, OT_CUSTOM, FIELD(view.match_keys), 0, 0, NULL, "every key",
		      "KEYS", NULL, .commands = CMD_COMPARE, .flags = OPT_NO_ECHO,
		      .parse = parse_match, .example = "swap,comp",
		      .help = "pair cells on these keys alone (swap, comp, jobs, limit, "
			      "limit-mode, "
			      "data, access, alloc, mode); the others' differences are listed as "
			      "confounds",
		      .group = G_PRINTED },
	[O_ALPHA] = { "alpha", 0, OT_REAL, FIELD(alpha), 0, 0, "0.05", NULL, "P", "alpha",
		      .dmin = 0.0001, .dmax = 0.5,
		      .commands = CMD_RUN | CMD_SHOW | CMD_COMPARE | CMD_REPORT, .example = "0.01",
		      .help = "a change is significant only at a p-value below this",
		      .group = G_PRINTED },
	[O_NOISE] = { "noise-threshold", 0, OT_REAL, FIELD(noise_pct), 0, 0, "2%", NULL, "PCT", "%",
		      .dmin = 0, .dmax = 100,
		      .commands = CMD_RUN | CMD_SHOW | CMD_COMPARE | CMD_REPORT, .example = "5%",
		      .help = "... and with its whole 95% interval beyond +-PCT",
		      .group = G_PRINTED },
	[O_CONFIG] = { "config", 'c', OT_PATH, FIELD(config_file), 0, 0, NULL, NULL, "FILE", NULL,
		       .flags = OPT_NO_ECHO, .example = "configs/disk-vs-zram.conf",
		       .help = "read options from an INI file (a path, or a name ending in .conf) "
			       "or a preset by name; the command line overrides it",
		       .group = G_GIVEN },
	[O_DRY_RUN] = { "dry-run", 'n', OT_FLAG, FIELD(dry_run), .flags = OPT_NO_ECHO,
			.commands = CMD_EXPERIMENT | CMD_RECORD,
			.help = "print the plan, every change to the kernel it would make, and how "
				"long it would take; run nothing",
			.group = G_GIVEN },
	/* Not compare's: it has no short answer to keep, so -q there is refused, not ignored. */
	[O_QUIET] = { "quiet", 'q', OT_FLAG, FIELD(view.quiet), .commands = CMD_RUN | CMD_SHOW,
		      .help = "print only the verdict and errors", .group = G_PRINTED },
	[O_RUNS] = { "runs", 0, OT_COUNT, FIELD(calibrate_runs), 3, 100, "8", NULL, "K", "runs",
		     .commands = CMD_CALIBRATE, .flags = OPT_NO_ECHO, .example = "4",
		     .help = "independent runs of the configuration to measure its noise",
		     .group = G_COMPARED },
	[O_SLOWDOWN] = { "slowdown", 0, OT_REAL, FIELD(slowdown_pct), 0, 0, "10", NULL, "PCT", "%",
			 .commands = CMD_SAVINGS, .flags = OPT_NO_ECHO, .dmin = 0.5, .dmax = 500,
			 .example = "5%",
			 .help = "the slowdown of the primary metric a smaller limit may cost",
			 .group = G_COMPARED },
	[O_STEPS] = { "steps", 0, OT_COUNT, FIELD(savings_steps), 1, 12, "4", NULL, "N", "steps",
		      .commands = CMD_SAVINGS, .flags = OPT_NO_ECHO, .example = "5",
		      .help = "limits tried per backend: the answer is within footprint / 2^N",
		      .group = G_COMPARED },
	[O_PID] = { "pid", 'p', OT_COUNT, FIELD(pid), 1, 4194304, NULL, NULL, "PID", "a process ID",
		    .commands = CMD_RECORD, .flags = OPT_NO_ECHO, .example = "1234",
		    .help = "record: the running process to record", .group = G_GIVEN },
	[O_DURATION] = { "duration", 0, OT_DURATION, FIELD(duration_ms), 1000, 86400000, "10s",
			 NULL, "TIME", NULL, .commands = CMD_RECORD, .flags = OPT_NO_ECHO,
			 .example = "1m",
			 .help = "record: for how long (it ends sooner if the process does)",
			 .group = G_GIVEN },
	[O_HEAT_INTERVAL] = { "heat-interval", 0, OT_DURATION, FIELD(heat_interval_ms), 100, 60000,
			      "1s", NULL, "TIME", NULL, .commands = CMD_RECORD,
			      .flags = OPT_NO_ECHO, .example = "500ms",
			      .help = "record: how often the pages touched are counted",
			      .group = G_GIVEN },
	[O_HOGGER] = { "hogger", 0, OT_PATH, FIELD(hogger), 0, 0, NULL, "beside zswapbench", "PATH",
		       NULL, .flags = OPT_HIDDEN,
		       .example = "/usr/libexec/zswapbench/zswapbench-hogger",
		       .help = "the hogger binary (developers)", .group = G_WORKLOAD },
	[O_SYSROOT] = { "sysroot", 0, OT_PATH, FIELD(sysroot), 0, 0, NULL, NULL, "DIR", NULL,
			.flags = OPT_HIDDEN, .commands = CMD_RUN | CMD_SYSINFO,
			.example = "tests/fixtures/v2", .help = "prefix for /sys and /proc (tests)",
			.group = G_SWAP },
	[O_HELP] = { "help", 'h', OT_ACTION, 0, 0, .commands = CMD_ALL, .help = "show this help",
		     .group = G_GIVEN },
	[O_VERSION] = { "version", 'V', OT_ACTION, 0, 0, .commands = CMD_ALL,
			.help = "show the version", .group = G_GIVEN },
};

/* The drivers' rows by the group --help lists them in. */
static const struct option_desc *drivers_device_row(size_t k)
{
	return driver_option_row(G_DEVICE, k);
}

static const struct option_desc *drivers_workload_row(size_t k)
{
	return driver_option_row(G_WORKLOAD, k);
}

/* The rows other layers give, each set after its core row, in the table's order: --help lists
 * the swap devices' options after the kernel's, what the device is used as after the kernel's
 * memory settings, and a workload driver's own after the commands run around each trial. */
static const struct option_contribution contributions[] = {
	{ O_PAGE_CLUSTER, swap_option_row },
	{ O_MGLRU, drivers_device_row },
	{ O_CLEANUP, drivers_workload_row },
};

/* Places the rows of one contribution at the end of t, numbered from *next: -E2BIG when the
 * table has no room left for one. */
static int place_given(struct option_list *t, const struct option_contribution *c, int *next)
{
	const struct option_desc *row;

	for (size_t k = 0; (row = c->row(k)); k++) {
		if (*next == OPTION_ID_MAX)
			return -E2BIG;
		t->row[*next] = row;
		t->id[t->n++] = (*next)++;
	}
	return 0;
}

int option_list_build(struct option_list *t, const struct option_desc *core,
		      const struct option_contribution *c, size_t nc)
{
	int next = O_COUNT, ret = 0;
	size_t k = 0;

	memset(t, 0, sizeof(*t));
	for (size_t i = 1; i < nc; i++)
		if (c[i].after <= c[i - 1].after)
			return -EINVAL;
	for (int id = 0; id < O_COUNT; id++) {
		t->row[id] = &core[id];
		t->id[t->n++] = id;
		for (; k < nc && (int)c[k].after == id && !ret; k++)
			ret = place_given(t, &c[k], &next);
	}
	return ret;
}

/* Built once, as first asked, from rows that are all constant: it is the same whenever it is
 * built, and never changes after. */
static const struct option_list *table(void)
{
	static struct option_list t;
	static int built;

	if (!built) {
		option_list_build(&t, core_rows, contributions, ARRAY_SIZE(contributions));
		built = 1;
	}
	return &t;
}

size_t option_count(void)
{
	return table()->n;
}

int option_at(size_t pos)
{
	return pos < table()->n ? table()->id[pos] : -1;
}

const struct option_desc *option_row(int id)
{
	return id >= 0 && id < OPTION_ID_MAX ? table()->row[id] : NULL;
}

const struct option_desc *option_find(const char *name)
{
	for (size_t pos = 0; pos < option_count(); pos++)
		if (strcmp(option_row(option_at(pos))->name, name) == 0)
			return option_row(option_at(pos));
	return NULL;
}

int option_id_named(const char *name)
{
	return option_id_of(option_find(name));
}

int option_id_of(const struct option_desc *o)
{
	for (int id = 0; o && id < OPTION_ID_MAX; id++)
		if (table()->row[id] == o)
			return id;
	return -1;
}

/* Where each scope's struct is in struct config. */
static const size_t scope_offsets[SCOPE_COUNT] = {
	[SCOPE_CONFIG] = 0,
	[SCOPE_SWAP] = offsetof(struct config, backend),
	[SCOPE_DRIVER] = offsetof(struct config, driver),
};

size_t option_offset(const struct option_desc *o)
{
	return scope_offsets[o->scope] + o->offset;
}

void *option_scope(struct config *cfg, const struct option_desc *o)
{
	return (char *)cfg + scope_offsets[o->scope];
}

const void *option_scope_const(const struct config *cfg, const struct option_desc *o)
{
	return (const char *)cfg + scope_offsets[o->scope];
}

void *option_field(struct config *cfg, const struct option_desc *o)
{
	return (char *)cfg + option_offset(o);
}

const void *option_field_const(const struct config *cfg, const struct option_desc *o)
{
	return (const char *)cfg + option_offset(o);
}

int option_for(const struct option_desc *o, unsigned set)
{
	/* An option of no command in particular describes the experiment: calibrate repeats the
	 * experiment, so it takes them all. */
	return ((o->commands ? o->commands : CMD_EXPERIMENT) & set) != 0;
}

/* An OT_SWITCH's words and their values, in the order --help and the man page give them. */
static const char *const switch_words[] = { "on", "off", NULL };
static const enum switch_state switch_values[] = { SWITCH_ON, SWITCH_OFF };

const char *option_target(const struct option_desc *o)
{
	return (o->flags & OPT_BLOCK) ? "block" : (o->flags & OPT_FS) ? "fs" : NULL;
}

const char *const *option_choices(const struct option_desc *o)
{
	return o->type == OT_SWITCH ? switch_words : o->choices;
}

const char *switch_word(enum switch_state s)
{
	for (size_t i = 0; switch_words[i]; i++)
		if (switch_values[i] == s)
			return switch_words[i];
	return "";
}

enum switch_state switch_of(const char *word)
{
	for (size_t i = 0; switch_words[i]; i++)
		if (strcmp(switch_words[i], word) == 0)
			return switch_values[i];
	return SWITCH_LEAVE;
}
