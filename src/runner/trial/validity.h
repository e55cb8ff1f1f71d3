/* Is a trial's number worth trusting? Checks that turn into warnings and result-file flags. */
#ifndef ZSB_VALIDITY_H
#define ZSB_VALIDITY_H
#include <stddef.h>
#include <stdint.h>

/* What one trial's checks look at, all from counters read during it. */
struct validity_input {
	int have_cgroup_swap;
	double cgroup_swap;        /* bytes in the cgroup's swap when filled */
	double swapped_vmstat;     /* (pswpout + swpout_zero + zswpout) x page, start to filled */
	double swapped_total;      /* the same over the whole trial (a workload killed early) */
	double swap_peak;          /* bytes */
	double device_used;        /* bytes of our device in use when filled (anyone's pages) */
	double device_size;        /* bytes; 0 unknown */
	double zram_mem_used, zram_mem_limit; /* bytes; limit 0: none */
	double psi_before;         /* percent of a quiet window before the trial stalled; < 0 unknown */
};

/* TRIAL_FLAG_* bits for the per-trial checks (not the per-cell ones below). */
unsigned validity_check(const struct validity_input *in);
/* Modified z-score of x against the median and MAD of values (Iglewicz and Hoaglin; hyperfine
 * flags |z| > 3.5 as an outlier); 0 when the MAD is 0. */
double validity_modified_z(const double *values, size_t n, double x);
/* Is the first of n values much slower than the median of the others (>= 1.5x, n >= 3)? */
int validity_slow_first(const double *values, size_t n);
/* "never-swapped", ... for the result file. */
const char *validity_flag_name(unsigned bit_index);
/* One sentence for the table. */
const char *validity_flag_text(unsigned bit_index);

#endif
