/*
 * What the user asked for, as plain data: the command line (and a config file) lands here
 * through the option table (option_table.h), and everything downstream reads it. Nothing here
 * points into the run. Lists and short names are held in place; paths, long texts, the
 * command's words and the config file's sections are owned by the config (a text not given is
 * "", never NULL). config_init makes an empty one, config_copy a copy that owns its own,
 * config_free frees what one owns.
 */
#ifndef ZSB_CONFIG_H
#define ZSB_CONFIG_H
#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#include "runner/base/option_row.h"
#include "runner/base/command_words.h"
#include "runner/cli/knob_axes.h"
#include "runner/kernel/mthp.h"
#include "runner/report/render.h"
#include "runner/swap/settings.h"
#include "runner/trial/drivers/settings.h"

#define LIST_MAX 16
#define NAME_LEN 32
#define JOBS_MAX 256 /* --jobs: workload processes in a cell */

/* One per core row of the option table (option_table.c), in the order of the table (and of
 * --help). The rows other layers give (swap/options.h, trial/drivers/options.h) take the ids
 * from O_COUNT on, as the table is walked, at most OPTION_CONTRIBUTED_MAX of them:
 * option_table.h. */
enum option_id {
	O_LIMIT,
	O_ALLOC,
	O_SWAP,
	O_COMP,
	O_JOBS,
	O_TRIALS,
	O_MIN_TRIALS,
	O_WARMUP,
	O_ORDER,
	O_LIMIT_MODE,
	O_PRESSURE_TARGET,
	O_SWAP_LIMIT,
	O_SWAPPINESS,
	O_PAGE_CLUSTER,
	O_THP,
	O_MTHP,
	O_MGLRU,
	O_WORKLOAD,
	O_DATA,
	O_ACCESS,
	O_REREAD,
	O_SWAP_FRACTION,
	O_LATENCY,
	O_CHUNK,
	O_ALLOC_PER_JOB,
	O_THREADS,
	O_PREFAULT,
	O_MADVISE_HUGEPAGE,
	O_BACKGROUND,
	O_CPUS,
	O_USER,
	O_NO_SECCOMP,
	O_SETUP,
	O_PREPARE,
	O_CLEANUP,
	O_IGNORE_FAILURE,
	O_SETTLE,
	O_TIMEOUT,
	O_INTERVAL,
	O_EXTENDED,
	O_OUTPUT,
	O_SUFFIX,
	O_PLOT,
	O_REPORT,
	O_PNG,
	O_PLOT_OUTPUT,
	O_REPORT_OUTPUT,
	O_VIEW_OUTPUT,
	O_JSON,
	O_FORMAT,
	O_SYSINFO_FORMAT,
	O_COLUMNS,
	O_RAW,
	O_NOHEADINGS,
	O_BYTES,
	O_TABLE_JSON,
	O_OUTPUT_ALL,
	O_LIST_COLUMNS,
	O_VERBOSE,
	O_ALL,
	O_FAIL_ON,
	O_GROUP_BY,
	O_MATCH,
	O_ALPHA,
	O_NOISE,
	O_CONFIG,
	O_DRY_RUN,
	O_QUIET,
	O_RUNS,
	O_SLOWDOWN,
	O_STEPS,
	O_PID,
	O_DURATION,
	O_HEAT_INTERVAL,
	O_HOGGER,
	O_SYSROOT,
	O_HELP,
	O_VERSION,
	O_COUNT
};
/* Room for the ids of the rows other layers give, after the core rows': given[] is indexed by
 * every id. 30 are given (swap/'s 17, the drivers' 13): room for a backend or a driver more. */
#define OPTION_CONTRIBUTED_MAX 48
#define OPTION_ID_MAX (O_COUNT + OPTION_CONTRIBUTED_MAX)

enum run_order {
	ORDER_INTERLEAVED,
	ORDER_SEQUENTIAL,
	ORDER_SHUFFLED
};
/* compare --fail-on: what makes its exit status EXIT_REGRESSION. */
enum fail_on {
	FAIL_ON_NONE,
	FAIL_ON_REGRESSION, /* a comparison the answer calls a regression */
	FAIL_ON_CHANGE /* any significant finding, either way */
};

enum limit_mode {
	LIMIT_MAX,
	LIMIT_HIGH
};

struct size_list {
	uint64_t v[LIST_MAX];
	size_t n;
};

struct count_list {
	unsigned v[LIST_MAX];
	size_t n;
};

struct name_list {
	char v[LIST_MAX][NAME_LEN];
	size_t n;
};

/* A named section of a config file: one group of cells with its own sweep axes; an axis it
 * does not set comes from [run] (or the command line). */
#define SECTION_MAX 16
enum section_axis {
	AXIS_SWAP,
	AXIS_COMP,
	AXIS_JOBS,
	AXIS_LIMIT,
	AXIS_COUNT
};
struct cell_section {
	char name[NAME_LEN];
	struct name_list swap, comp;
	struct count_list jobs;
	struct size_list limit;
	unsigned char set[AXIS_COUNT];
	struct knob_axes knobs; /* its own settings, one value or a list each, over [run]'s */
};

struct user_id {
	char name[64]; /* empty: run as the runner (root) */
	unsigned uid, gid;
};

/* How results are printed and what is read: all that show, compare, plot and report take, and
 * what a run needs to print its own answer. The rest of struct config is the experiment. */
struct view_config {
	enum output_format format;
	int json; /* --json: the same as --format json */
	struct column_list columns; /* -C: the table columns to show; empty: the table's own */
	int raw, noheadings;
	int bytes; /* --bytes: sizes in whole bytes */
	int table_json; /* -J: each table as JSON, nothing around them */
	int output_all; /* --output-all: every column a table has */
	int verbose; /* every metric, not only the short answer */
	int quiet; /* only the verdict and errors */
	char *plot_dir; /* --plot, or plot's --output: the folder for the plots; empty: none */
	char *report_file; /* --report, or report's --output: the HTML report ("-": stdout); empty:
			    * none */
	int png; /* plots as PNG instead of SVG */
	int all; /* compare: rows that did not change too */
	enum fail_on fail_on; /* compare: the gate of its exit status */
	char group_by[16]; /* compare: file, host, kernel or host,kernel */
	unsigned match_keys; /* compare --match: the cell_key bits cells match on; 0: all */
	char **files; /* show, compare, plot, report: the result files (argv's) */
	int nfiles;
};

struct config {
	/* The sweep's axes: backends x compressors x jobs x limits, each cell with its trials. */
	struct size_list limit;
	struct name_list swap;
	struct name_list comp; /* empty: the kernel's default */
	struct count_list jobs;
	/* ... and any setting given a list (OPT_KNOB), each field holding its first value */
	struct knob_axes knobs;
	uint64_t alloc;
	unsigned trials, warmup;
	unsigned min_trials; /* 0: every trial runs; else stop when decided, from this many on */
	/* savings' steps, not an option: a look decides when the backend's trials are told from
	 * the reference's moved by slowdown_pct (result/savings.h), not from the reference's */
	int settle_at_slowdown;
	enum run_order order;
	unsigned long seed; /* shuffled:SEED; 0: draw one at plan time */
	enum limit_mode limit_mode;
	uint64_t swap_limit; /* 0: none */
	int swappiness; /* -1: leave the kernel's */
	int page_cluster; /* -1: leave the kernel's */
	/* the swap areas' options (their size and priority) and each backend's own */
	struct swap_settings backend;
	char thp[NAME_LEN]; /* transparent_hugepage/enabled for the run; empty: leave it */
	/* hugepages-<N>kB/enabled of each size given, for the run; none: leave them */
	struct mthp_settings mthp;
	enum switch_state mglru; /* lru_gen/enabled for the run */
	/* the workload drivers' options: a device target's (fio's job, the read phase) and a
	 * service's */
	struct driver_settings driver;
	char *workload; /* --workload NAME[:ARGS], a driver chosen by name; empty: the hogger */
	char *data; /* the pages' pattern: compressible:50, file:PATH, profile:FILE ... */
	/* profile:FILE[:ALGO]: the hogger's pages: pattern made of the profile; "": none */
	char *data_pages;
	char access[64];
	double swap_fraction; /* 0: --alloc decides; else alloc = limit / (1 - F) per cell */
	enum switch_state latency; /* the hogger's histograms (the table's default: on) */
	uint64_t chunk;
	uint64_t alloc_per_job; /* 0: --alloc / --jobs */
	unsigned threads;
	int prefault;
	int madvise_hugepage; /* the hogger's memory 2 MiB aligned, with MADV_HUGEPAGE */
	uint64_t background; /* 0: none */
	char cpus[128]; /* --cpus: a CPU list, "all" (not pinned); empty: chosen */
	struct user_id user;
	int no_seccomp;
	int settle;
	int ignore_failure; /* -i: a failed trial of COMMAND does not stop the run */
	uint64_t timeout_ms; /* 0: none */
	uint64_t interval_ms; /* 0: no time series */
	int extended;
	char *output; /* a run: empty: results/zswapbench-<date><suffix>.json; show and compare:
		       * where their text goes, empty or "-": stdout */
	char suffix[64];
	struct view_config view;
	int dry_run; /* the plan and the changes it would make; nothing runs */
	unsigned calibrate_runs; /* calibrate: independent runs of the configuration */
	double pressure_target_pct; /* v2: memory.high held at this PSI some; 0: not */
	double slowdown_pct; /* savings: the slowdown accepted of the run without a limit */
	unsigned savings_steps; /* savings: steps of the search per backend */
	unsigned pid; /* record: the process recorded */
	uint64_t duration_ms, heat_interval_ms; /* record: for how long, how often */
	double alpha; /* a change is significant only at p < alpha ... */
	double noise_pct; /* ... and with its whole interval beyond +-noise_pct */
	char *hogger; /* empty: beside zswapbench, or where it is installed */
	char *sysroot; /* empty: the real /sys and /proc */
	char **command; /* after "--" (or a config file's command): run this instead of
				       * the hogger; its own words, NULL-terminated; NULL: the
				       * hogger */
	char *setup; /* --setup: run once before the first trial, outside the cgroup */
	char *prepare, *cleanup; /* run before and after every trial, as the setup */
	char *config_file; /* --config: the file read before the command line */
	/* its named sections: the run's cells, at most SECTION_MAX */
	struct cell_section *sections;
	size_t nsections;
	unsigned char given[OPTION_ID_MAX]; /* by id: set on the command line (not a default) */
};

static inline int config_given(const struct config *cfg, int id)
{
	return cfg->given[id];
}

/* An empty config: zeroes, every text "", no section, no command. */
void config_init(struct config *cfg);
/* Frees what cfg owns and leaves it as config_init does: freeing twice is harmless. */
void config_free(struct config *cfg);
/* dst (not initialised) becomes a copy of src that owns its own texts, words and sections;
 * -ENOMEM leaves dst empty. */
int config_copy(struct config *dst, const struct config *src);
/* *text, one of cfg's owned texts, becomes a copy of value; -ENOMEM leaves it as it was. */
int config_set_text(char **text, const char *value);
/* The command becomes a copy of words (NULL-terminated); -ENOMEM leaves it as it was. */
int config_set_command(struct config *cfg, char *const *words);
/* A new empty section, or NULL when SECTION_MAX are there (or memory is out). */
struct cell_section *config_add_section(struct config *cfg);
/* Is the field at this offset one of the texts a config owns (a char *, never NULL)? */
int config_owns_text(size_t offset);

#endif
