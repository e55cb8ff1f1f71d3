/* Is a trial's number worth trusting? Checks on one trial's counters that become warnings in
 * the table and flags in the result file (the flags that compare a trial with the rest of its
 * cell are computed with the cell's statistics, in result/results.c). */
#ifndef ZSB_VALIDITY_H
#define ZSB_VALIDITY_H

/* What one trial's checks look at, all from counters read during it. */
struct validity_input {
	int have_cgroup_swap;
	double cgroup_swap; /* bytes in the cgroup's swap when filled */
	double swapped_vmstat; /* (pswpout + swpout_zero + zswpout) x page, start to filled */
	double swapped_total; /* the same over the whole trial (a workload killed early) */
	double swap_peak; /* bytes: the cgroup's own, sampled */
	int own_swap_known; /* the cgroup's swap counter was read: swap_peak is the workload's */
	double device_used; /* bytes of our device in use when filled (anyone's pages) */
	double device_size; /* bytes; 0 unknown */
	double ram_used, ram_limit; /* what a compressed store uses, and its cap (0: none) */
	double psi_before; /* percent of a quiet window before the trial stalled; < 0 unknown */
};

/* TRIAL_FLAG_* bits for the checks on this trial alone. */
unsigned validity_check(const struct validity_input *in);
/* The flags that still hold once the trial's status is known (an enum trial_status): a workload
 * that failed stopped before it could swap, and "never swapped" would blame the limit. */
unsigned validity_after_status(unsigned flags, int status);

#endif
