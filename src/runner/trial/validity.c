#include "runner/trial/validity.h"

#include "runner/result/results.h"

#define MISMATCH 0.05

unsigned validity_check(const struct validity_input *in)
{
	unsigned f = 0;

	/* /proc/vmstat counts every process's swapping: where the cgroup's own counter is known,
	 * another cgroup swapping meanwhile must not hide that this one never did. */
	if (in->own_swap_known
		    ? in->swap_peak <= 0 && in->cgroup_swap <= 0
		    : in->swap_peak <= 0 && in->swapped_vmstat <= 0 && in->swapped_total <= 0)
		f |= TRIAL_FLAG_NEVER_SWAPPED;
	if (in->have_cgroup_swap && in->cgroup_swap > 0) {
		/* Swap is system-wide: pages of other processes on our device explain vmstat's
		 * excess. */
		double others =
			in->device_used > in->cgroup_swap ? in->device_used - in->cgroup_swap : 0;
		double excess = in->swapped_vmstat - in->cgroup_swap;
		if (excess > MISMATCH * in->cgroup_swap + others ||
		    -excess > MISMATCH * in->cgroup_swap)
			f |= TRIAL_FLAG_SWAP_MISMATCH;
	}
	if ((in->device_size > 0 && in->device_used >= 0.95 * in->device_size) ||
	    (in->ram_limit > 0 && in->ram_used >= 0.95 * in->ram_limit))
		f |= TRIAL_FLAG_DEVICE_FULL;
	if (in->psi_before > 10.0)
		f |= TRIAL_FLAG_PRESSURE_BEFORE;
	return f;
}

unsigned validity_after_status(unsigned flags, int status)
{
	if (status == TRIAL_FAILED || status == TRIAL_INTERRUPTED)
		flags &= ~(unsigned)TRIAL_FLAG_NEVER_SWAPPED;
	return flags;
}
