/* stress-ng's YAML metrics (loadgen/stress_ng.c), from a real run's output (stress-ng 0.15.06,
 * its log lines and the YAML on one pipe, as the runner reads them) and from cut and forged
 * ones: exact numbers, or a refusal saying what is missing. */
#include <criterion/criterion.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "runner/loadgen/stress_ng.h"
#include "tools.h"

static int parse(const char *text, const char *stressor, struct stress_ng_metrics *m, char *why)
{
	return stress_ng_metrics_parse(text, strlen(text), stressor, m, why, 256);
}

Test(stress_ng, a_real_runs_output_gives_its_three_numbers)
{
	char *text = slurp("tests/fixtures/stress-ng/vm-output.txt"), why[256] = "";
	struct stress_ng_metrics m;

	cr_assert_eq(parse(text, "vm", &m, why), 0, "%s", why);
	cr_expect_eq(m.bogo_ops, 2254);
	cr_expect_eq(m.ops_per_s, 2241.805654);
	cr_expect_eq(m.wall_s, 1.005440);
	free(text);
	text = slurp("tests/fixtures/stress-ng/vm-0.15.yaml");
	cr_assert_eq(parse(text, "vm", &m, why), 0, "%s", why);
	cr_expect_eq(m.bogo_ops, 41197);
	cr_expect_eq(m.wall_s, 2.014151);
	free(text);
}

Test(stress_ng, the_length_bounds_the_read)
{
	char *text = slurp("tests/fixtures/stress-ng/vm-output.txt"), why[256] = "";
	const char *wall = strstr(text, "      wall-clock-time:");
	struct stress_ng_metrics m;

	cr_assert_not_null(wall);
	cr_expect_eq(stress_ng_metrics_parse(text, (size_t)(wall - text), "vm", &m, why,
					     sizeof(why)),
		     -EINVAL);
	cr_expect_str_eq(why, "stress-ng's metrics of vm lack wall-clock-time");
	cr_expect_eq(stress_ng_metrics_parse(text, (size_t)(strstr(text, "metrics:") - text), "vm",
					     &m, why, sizeof(why)),
		     -ENOENT);
	cr_expect_str_eq(why, "stress-ng wrote no metrics of vm");
	free(text);
}

Test(stress_ng, another_stressors_entry_is_not_taken)
{
	static const char text[] = "metrics:\n"
				   "    - stressor: vmx\n"
				   "      bogo-ops: 9\n"
				   "      bogo-ops-per-second-real-time: 9\n"
				   "      wall-clock-time: 1\n"
				   "    - stressor: vm\r\n"
				   "      bogo-ops: 20\r\n"
				   "      bogo-ops-per-second-real-time: 10.5\r\n"
				   "      wall-clock-time: 2\r\n"
				   "    - stressor: vm\n"
				   "      bogo-ops: 99\n"
				   "...\n";
	struct stress_ng_metrics m;
	char why[256] = "";

	cr_assert_eq(parse(text, "vm", &m, why), 0, "%s", why);
	cr_expect_eq(m.bogo_ops, 20, "the first vm entry, not vmx's nor a second one");
	cr_expect_eq(m.ops_per_s, 10.5);
	cr_expect_eq(m.wall_s, 2);
	cr_expect_eq(parse(text, "v", &m, why), -ENOENT);
}

/* Keys outside "metrics:" (system-info has none such, a forged file might) are not read. */
Test(stress_ng, only_the_metrics_list_is_read)
{
	static const char text[] = "system-info:\n"
				   "    - stressor: vm\n"
				   "      bogo-ops: 5\n"
				   "      bogo-ops-per-second-real-time: 5\n"
				   "      wall-clock-time: 1\n"
				   "other:\n"
				   "metrics:\n"
				   "    - stressor: vm\n"
				   "      bogo-ops: 7\n"
				   "      bogo-ops-per-second-real-time: 3.5\n"
				   "      wall-clock-time: 2\n";
	static const char after[] = "metrics:\n"
				    "    - stressor: vm\n"
				    "      bogo-ops: 7\n"
				    "after:\n"
				    "      bogo-ops-per-second-real-time: 3.5\n"
				    "      wall-clock-time: 2\n";
	struct stress_ng_metrics m;
	char why[256] = "";

	static const char blank[] = "metrics:\n"
				    "\n"
				    "    - stressor: vm\n"
				    "      bogo-ops: 8\n"
				    "\n"
				    "      bogo-ops-per-second-real-time: 4\n"
				    "      wall-clock-time: 2\n";
	cr_assert_eq(parse(text, "vm", &m, why), 0, "%s", why);
	cr_expect_eq(m.bogo_ops, 7);
	cr_expect_eq(parse(after, "vm", &m, why), -EINVAL, "a top-level key ends the list");
	cr_expect_eq(parse(blank, "vm", &m, why), 0, "a blank line does not: %s", why);
	cr_expect_eq(m.ops_per_s, 4);
	cr_expect_str_eq(why, "stress-ng's metrics of vm lack bogo-ops-per-second-real-time");
}

Test(stress_ng, a_value_that_is_no_number_is_refused_by_name)
{
	static const char text[] = "metrics:\n"
				   "    - stressor: vm\n"
				   "      bogo-ops: 12x\n";
	static const char negative[] = "metrics:\n"
				       "    - stressor: vm\n"
				       "      bogo-ops: 1\n"
				       "      bogo-ops-per-second-real-time: 1\n"
				       "      wall-clock-time: -1\n";
	struct stress_ng_metrics m;
	char why[256] = "";

	cr_expect_eq(parse(text, "vm", &m, why), -EINVAL);
	cr_expect_str_eq(why, "stress-ng's vm bogo-ops: '12x' is not a number");
	cr_expect_eq(parse(negative, "vm", &m, why), -EINVAL);
	cr_expect_not_null(strstr(why, "wall-clock-time: '-1' is not a number"), "%s", why);
}
