#include <criterion/criterion.h>
#include <string.h>

#include "runner/result/results.h"
#include "runner/run/progress.h"
#include "runner/trial/validity.h"

/* A workload that failed stopped before it swapped: "never swapped: the limit was not binding"
 * would send the user after the limit. The other flags, and other statuses, keep theirs. */
Test(validity, a_failed_trial_is_not_said_never_to_have_swapped)
{
	unsigned both = TRIAL_FLAG_NEVER_SWAPPED | TRIAL_FLAG_PRESSURE_BEFORE;

	cr_assert_eq(validity_after_status(both, TRIAL_FAILED), TRIAL_FLAG_PRESSURE_BEFORE);
	cr_assert_eq(validity_after_status(both, TRIAL_INTERRUPTED), TRIAL_FLAG_PRESSURE_BEFORE);
	cr_assert_eq(validity_after_status(both, TRIAL_OK), both);
	cr_assert_eq(validity_after_status(both, TRIAL_OOM), both,
		     "an OOM kill with no swap is what --swap none measures");
}

/* A failed command's last lines, printed when the run stops: the blank end is not a line. */
Test(validity, the_last_lines_of_a_commands_output)
{
	const char *out = "one\ntwo\nthree\nfour\n\n";

	cr_assert_str_eq(progress_last_lines(out, 2), "three\nfour\n\n");
	cr_assert_str_eq(progress_last_lines(out, 1), "four\n\n");
	cr_assert_str_eq(progress_last_lines(out, 10), out, "fewer lines than asked: all");
	cr_assert_str_eq(progress_last_lines("tar: unrecognized option", 3),
			 "tar: unrecognized option");
	cr_assert_str_eq(progress_last_lines("", 3), "");
}

/* Another cgroup swapping during the trial moves /proc/vmstat, not this cgroup's counter. */
Test(validity, never_swapped_is_the_cgroups_own_when_its_counter_is_known)
{
	struct validity_input in = { .own_swap_known = 1,
				     .swapped_vmstat = 4096 * 100,
				     .swapped_total = 4096 * 100,
				     .psi_before = -1 };

	cr_assert(validity_check(&in) & TRIAL_FLAG_NEVER_SWAPPED);
	in.swap_peak = 4096;
	cr_assert_not(validity_check(&in) & TRIAL_FLAG_NEVER_SWAPPED);
	in.own_swap_known = 0;
	in.swap_peak = 0;
	cr_assert_not(validity_check(&in) & TRIAL_FLAG_NEVER_SWAPPED,
		      "without the cgroup's counter, vmstat's swapping is taken as the trial's");
}
