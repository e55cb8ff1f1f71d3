/* A trial whose device cannot be made (trial/trial.c), with a backend of the test's own whose
 * start fails: the trial stops there, before any cgroup, failed and saying what failed, with
 * the reference probe it took first. Nothing of the kernel's state is changed. */
#include <criterion/criterion.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "runner/trial/drivers/driver.h"
#include "runner/trial/trial.h"
#include "runner/undo/journal.h"

static int starts;

static int start_fails(struct swap_device *dev, struct journal *j)
{
	(void)j;
	starts++;
	snprintf(dev->failed, sizeof(dev->failed), "/sys/block/zram9/disksize '1G'");
	return -EBUSY;
}

static const struct backend failing = { .name = "failing", .start = start_fails };

Test(trial, a_device_that_cannot_be_made_fails_the_trial_before_its_cgroup)
{
	struct journal j;
	struct swap_device dev;
	struct workload_spec spec = { 0 };
	struct target_spec target = { .use = USE_SWAP };
	struct trial_setup s = { .dev = &dev,
				 .journal = &j,
				 .cgroup_name = "zsb-unit-never-made",
				 .workload = &spec,
				 .driver = &driver_hogger,
				 .target = &target };
	struct trial t;
	char why[256] = "";

	journal_init(&j);
	memset(&dev, 0, sizeof(dev));
	dev.backend = &failing;
	memset(&t, 0, sizeof(t));
	trial_set(&t, M_THROUGHPUT, 5); /* the last trial's, in the same struct */
	cr_assert_eq(trial_run(&s, &t, why, sizeof(why)), -EBUSY);
	cr_assert_eq(starts, 1);
	cr_assert_str_eq(why, "/sys/block/zram9/disksize '1G'");
	cr_assert_eq(t.status, TRIAL_FAILED);
	cr_assert(t.have[M_REFERENCE_TIME], "the probe ran before the device");
	cr_assert_gt(t.value[M_REFERENCE_TIME], 0);
	cr_assert_null(t.jobs);
	cr_assert_not(t.have[M_THROUGHPUT], "nothing of the last trial is kept");
	journal_free(&j);
}
