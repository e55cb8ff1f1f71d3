/* Result files named on the command line, read for show and compare. */
#ifndef ZSB_FILES_H
#define ZSB_FILES_H
#include <stddef.h>

#include "runner/result/results.h"

struct file_set {
	struct results *sets;
	const struct results **ptrs;   /* the same, as the renderers take them */
	const char **names;
	size_t n;
};

/* Reads every file; on the first bad one says "FILE: what is wrong" and returns -EINVAL. */
int file_set_read(struct file_set *fs, char **files, size_t n);
void file_set_free(struct file_set *fs);

/* `zswapbench show` and `zswapbench compare`: exit statuses. */
int show_main(int argc, char **argv);
int compare_main(int argc, char **argv);
int list_configs_main(int argc, char **argv);
int sysinfo_main(int argc, char **argv);
int plot_main(int argc, char **argv);
/* The plots of n sets into dir, what was drawn listed on stdout; an exit status, the failure
 * said (gnuplot missing: EXIT_UNSUPPORTED). For plot and for a run's --plot. */
int plot_sets(const struct results *const *sets, const char *const *names, size_t n, const char *dir, int png);
int report_main(int argc, char **argv);
int calibrate_main(int argc, char **argv);
/* The HTML report of n sets at path, its name on stdout; an exit status, the failure said. For
 * report and for a run's --report. */
struct report_opts;
int report_sets(const struct results *const *sets, const char *const *names, size_t n,
		const struct report_opts *o, const char *path);

#endif
