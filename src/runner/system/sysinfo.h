/*
 * The facts about a machine that decide or disturb a swap benchmark (issues 13 and 17),
 * gathered without changing anything: every /proc and /sys read goes through sysfs.h, so the
 * same code reads a fixture tree in the unit tests.
 *
 * The struct is named sysinfo_facts, not sysinfo: glibc's <sys/sysinfo.h> (included by
 * run_results.c and json_write.c) already defines struct sysinfo.
 *
 * Unknown, never made up: a string is "" when unreadable, an int is SYSINFO_UNKNOWN (-1;
 * every int fact is >= 0 when known, and yes/no facts are 1/0), a byte count is
 * SYSINFO_U64_UNKNOWN, a double is NAN. The JSON writes each unknown as null.
 *
 * The JSON (sysinfo_to_json), the printed table (sysinfo_print) and what compare tells apart
 * between two files' machines come from one table of the facts, sysinfo_fact_table in
 * fact_table.c: each fact's key ("cpu/governor"), type, row and comparison. Every key is
 * always present; "warnings" (sysinfo_warnings' sentences) comes last.
 */
#ifndef ZSB_SYSINFO_H
#define ZSB_SYSINFO_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct json_object;

#define SYSINFO_UNKNOWN (-1)
#define SYSINFO_U64_UNKNOWN UINT64_MAX
#define SYSINFO_MAX_GOVERNORS 8
#define SYSINFO_MAX_SWAPS 32 /* MAX_SWAPFILES is at most 32 */
#define SYSINFO_WARNING_LEN 256
#define SYSINFO_MAX_WARNINGS 16 /* more than there are checks */

/* One governor and the cpufreq policies that use it. */
struct sysinfo_governor {
	char name[32];
	char policies[96]; /* "0-3,6" */
	int count;
};

struct sysinfo_swap_area {
	char name[256];
	char type[16]; /* partition, file */
	uint64_t size, used; /* bytes */
	int priority; /* may be negative: the kernel's own default priorities */
};

struct sysinfo_facts {
	struct {
		char release[128], version[256], arch[65], hostname[128];
		char cmdline[4096];
	} kernel;
	struct {
		char model[128];
		int online;
		int smt_active;
		char smt_control[24];
		int policies; /* cpufreq policies found; 0: no cpufreq */
		struct sysinfo_governor governors[SYSINFO_MAX_GOVERNORS];
		int ngovernors;
		int boost;
		char boost_source[64];
	} cpu;
	struct {
		uint64_t total, available;
		double load[3];
		double some_avg10, some_avg60, full_avg10, full_avg60;
		int psi_available;
	} mem;
	struct {
		char mode[8];
		char v1_controllers[256], v2_controllers[256]; /* space-separated */
	} cgroup;
	struct {
		int module, hot_add;
		char device[32];
		char algorithms[256];
		int writeback, recompression, algorithm_params;
	} zram;
	struct {
		int present, enabled, max_pool_percent, shrinker_enabled;
		char compressor[32], zpool[32];
		char crypto_compressors[256];
	} zswap;
	struct {
		struct sysinfo_swap_area areas[SYSINFO_MAX_SWAPS];
		int nareas; /* SYSINFO_UNKNOWN when /proc/swaps is unreadable */
		int swappiness, page_cluster, overcommit_memory;
	} swap;
	struct {
		char thp_enabled[24], thp_defrag[24], mglru[24];
		int mglru_enabled, aslr, ksm_running;
	} mm;
	struct {
		char events[24];
		char paranoid[8]; /* a string: -1 is a real value here */
	} perf;
	struct {
		char path[256], fs_type[32], device[24], disk[64], partition[64], model[128];
		int rotational;
	} swap_dir;
};

/* Reads every fact it can; what it cannot read stays unknown. swap_dir is where swapfiles
 * go (/var/tmp), for its filesystem and disk; NULL leaves those unknown. Returns 0, or
 * -EINVAL without s. */
int sysinfo_collect(struct sysinfo_facts *s, const char *swap_dir);
/* A new json-c object (the keys of fact_table.c); NULL when out of memory. */
struct json_object *sysinfo_to_json(const struct sysinfo_facts *s);
/* A readable table, one fact per line; a fact with a warning is marked '!', and the warnings
 * follow the table. */
void sysinfo_print(const struct sysinfo_facts *s, FILE *out);
/* Settings known to add noise to timings, one sentence each saying why; writes at most max
 * and returns how many it wrote. */
size_t sysinfo_warnings(const struct sysinfo_facts *s, char warnings[][SYSINFO_WARNING_LEN],
			size_t max);
/* Does the fact of key ("cpu/governor", as in fact_table.c) have a warning? */
int sysinfo_warned(const struct sysinfo_facts *s, const char *key);

#endif
