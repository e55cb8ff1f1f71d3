#include "runner/trial/validity.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "runner/trial/trial.h"

#define OUTLIER_Z 3.5
#define MISMATCH 0.05

static const struct { const char *name, *text; } flags[TRIAL_FLAG_COUNT] = {
	{ "never-swapped", "never swapped: the limit was not binding" },
	{ "swap-mismatch", "cgroup swap and /proc/vmstat disagree by more than 5% beyond other processes' pages" },
	{ "device-full", "the swap device filled up" },
	{ "pressure-before", "the machine was already under memory pressure (PSI) when it began" },
	{ "outlier", "an outlier (modified z-score of elapsed above 3.5)" },
	{ "slow-first", "the first trial is much slower than the rest: consider --warmup" },
};

const char *validity_flag_name(unsigned i)
{
	return i < TRIAL_FLAG_COUNT ? flags[i].name : "?";
}

const char *validity_flag_text(unsigned i)
{
	return i < TRIAL_FLAG_COUNT ? flags[i].text : "?";
}

unsigned validity_check(const struct validity_input *in)
{
	unsigned f = 0;

	if (in->swap_peak <= 0 && in->swapped_vmstat <= 0 && in->swapped_total <= 0)
		f |= TRIAL_FLAG_NEVER_SWAPPED;
	if (in->have_cgroup_swap && in->cgroup_swap > 0) {
		/* Swap is system-wide: pages of other processes on our device explain vmstat's excess. */
		double others = in->device_used > in->cgroup_swap ? in->device_used - in->cgroup_swap : 0;
		double excess = in->swapped_vmstat - in->cgroup_swap;
		if (excess > MISMATCH * in->cgroup_swap + others || -excess > MISMATCH * in->cgroup_swap)
			f |= TRIAL_FLAG_SWAP_MISMATCH;
	}
	if ((in->device_size > 0 && in->device_used >= 0.95 * in->device_size) ||
	    (in->zram_mem_limit > 0 && in->zram_mem_used >= 0.95 * in->zram_mem_limit))
		f |= TRIAL_FLAG_DEVICE_FULL;
	if (in->psi_before > 10.0)
		f |= TRIAL_FLAG_PRESSURE_BEFORE;
	return f;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double median(double *v, size_t n)
{
	qsort(v, n, sizeof(*v), cmp);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

double validity_modified_z(const double *values, size_t n, double x)
{
	double *tmp = malloc(n * sizeof(*tmp)), med, mad;

	if (!tmp || n < 3) {
		free(tmp);
		return 0;
	}
	memcpy(tmp, values, n * sizeof(*tmp));
	med = median(tmp, n);
	for (size_t i = 0; i < n; i++)
		tmp[i] = fabs(values[i] - med);
	mad = median(tmp, n);
	free(tmp);
	return mad > 0 ? 0.6745 * (x - med) / mad : 0;
}

int validity_slow_first(const double *values, size_t n)
{
	double *rest, med;

	if (n < 3)
		return 0;
	rest = malloc((n - 1) * sizeof(*rest));
	if (!rest)
		return 0;
	memcpy(rest, values + 1, (n - 1) * sizeof(*rest));
	med = median(rest, n - 1);
	free(rest);
	return med > 0 && values[0] >= 1.5 * med;
}
