/* The command line: one table drives getopt_long, --help and validation messages. */
#ifndef ZSB_OPTIONS_H
#define ZSB_OPTIONS_H
#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#define LIST_MAX 16

enum run_order { ORDER_INTERLEAVED, ORDER_SEQUENTIAL, ORDER_SHUFFLED };
enum limit_mode { LIMIT_MAX, LIMIT_HIGH };

struct config {
	/* The sweep's axes: backends x compressors x jobs x limits, each cell with its trials. */
	uint64_t limits[LIST_MAX];    /* --limit LIST */
	size_t nlimits;
	unsigned jobs[LIST_MAX];      /* --jobs LIST or A-B: workload processes in the cgroup */
	size_t njobs;
	uint64_t alloc, chunk;
	uint64_t swap_limit;          /* 0: none */
	uint64_t swap_size;           /* 0: big enough for alloc */
	const char *backends[LIST_MAX];
	size_t nbackends;
	const char *comps[LIST_MAX];  /* none: the kernel's default */
	size_t ncomps;
	unsigned trials, warmup;
	unsigned threads;             /* threads in each hogger */
	uint64_t alloc_per_job;       /* 0: --alloc / --jobs */
	const char *access;           /* the hogger's access mode */
	uint64_t background;          /* memory held outside the cgroup for the whole run; 0: none */
	char **command;               /* after "--": run this instead of the hogger */
	int priority;
	unsigned sample_ms;
	const char *swapfile;         /* NULL: /var/tmp/zswapbench-<pid>.swap */
	const char *data;
	const char *output;           /* NULL: results/zswapbench-<date><suffix>.json */
	const char *suffix;
	const char *sysroot;
	const char *hogger;           /* NULL: beside our own executable */
	int json;
	enum run_order order;
	unsigned long seed;           /* --order shuffled:SEED */
	enum limit_mode limit_mode;
	int swappiness;               /* -1: leave it */
	int page_cluster;             /* -1: leave it */
	unsigned zswap_pool;          /* max_pool_percent; 0: leave it */
	const char *zswap_zpool;      /* zbud, z3fold, zsmalloc (kernels before 6.15 choose) */
	uint64_t zram_size;           /* 0: --swap-size */
	uint64_t zram_mem_limit;      /* 0: none */
	const char *zram_algo_params; /* written to algorithm_params, e.g. "level=3" */
	uint64_t throttle_read, throttle_write; /* --disk-throttle, bytes/s; 0: none */
	int settle;                   /* drop caches and compact memory before each trial */
	int extended;                 /* raw kernel files before and after each trial */
	unsigned timeout;             /* seconds a trial may take; 0: no limit */
	int no_seccomp;               /* run the hogger without its sandbox */
	int prefault;                 /* the hogger populates whole chunks (MADV_POPULATE_WRITE) */
	const char *user;             /* run the hogger as this user; NULL: as root */
	unsigned user_uid, user_gid;
	char lists[4][1024];          /* storage for the comma lists */
	char access_buf[32];          /* --reread N as an access mode */
	unsigned long long given;     /* which options were on the command line (1 << id) */
};

enum options_result { OPTIONS_RUN, OPTIONS_EXIT_OK, OPTIONS_USAGE };

/* OPTIONS_USAGE: msg holds the one-line error naming the option and its value. */
enum options_result options_parse(int argc, char **argv, struct config *cfg, char *msg, size_t len);
void options_defaults(struct config *cfg);

#endif
