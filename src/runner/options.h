/* The command line: one table drives getopt_long, --help and validation messages. */
#ifndef ZSB_OPTIONS_H
#define ZSB_OPTIONS_H
#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#define LIST_MAX 16

struct config {
	uint64_t limit, alloc, chunk;
	uint64_t swap_limit;          /* 0: none */
	uint64_t swap_size;           /* 0: big enough for alloc */
	const char *backends[LIST_MAX];
	size_t nbackends;
	const char *comps[LIST_MAX];  /* none: the kernel's default */
	size_t ncomps;
	unsigned trials, warmup;
	unsigned jobs;                /* workload processes in the cgroup */
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
	int no_seccomp;               /* run the hogger without its sandbox */
	int prefault;                 /* the hogger populates whole chunks (MADV_POPULATE_WRITE) */
	const char *user;             /* run the hogger as this user; NULL: as root */
	unsigned user_uid, user_gid;
	char lists[2][1024];          /* storage for the comma lists */
	char access_buf[32];          /* --reread N as an access mode */
	unsigned long long given;     /* which options were on the command line (1 << id) */
};

enum options_result { OPTIONS_RUN, OPTIONS_EXIT_OK, OPTIONS_USAGE };

/* OPTIONS_USAGE: msg holds the one-line error naming the option and its value. */
enum options_result options_parse(int argc, char **argv, struct config *cfg, char *msg, size_t len);
void options_defaults(struct config *cfg);

#endif
