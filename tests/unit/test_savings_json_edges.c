/* A savings answer at the edges of what a search writes: the most steps it takes, a count of
 * 0, a name of one byte too many, an element that is no object named without a dot. */
#include <criterion/criterion.h>
#include <errno.h>
#include <json.h>
#include <stdio.h>
#include <string.h>

#include "runner/result/savings.h"

#define HEADER                                                                                     \
	"{\"kind\": \"savings\", \"slowdown_pct\": 10, \"footprint\": 2, \"footprint_min\": 1, "   \
	"\"footprint_max\": 3, \"reference_file\": \"r.json\", \"trials\": 0, "
#define STEP                                                                                       \
	"{\"limit\": 1, \"slowdown_pct\": 1, \"slowdown_lo_pct\": 0, \"slowdown_hi_pct\": 2, "     \
	"\"verdict\": \"within\", \"file\": \"s.json\"}"

static int read_text(const char *json, struct savings_report *r, char *why, size_t len)
{
	json_object *doc = json_tokener_parse(json);
	int ret;

	cr_assert_not_null(doc, "%s", json);
	ret = savings_from_json(doc, r, why, len);
	json_object_put(doc);
	return ret;
}

static void with_backend(char *json, size_t len, const char *name, const char *steps)
{
	snprintf(json, len,
		 HEADER "\"backends\": [{\"backend\": \"%s\", \"metric\": null, \"limit\": 2, "
			"\"failed_limit\": 0, \"decided_by_median\": false, \"steps\": [%s]}]}",
		 name, steps);
}

Test(savings_json_edges, the_most_steps_and_counts_of_zero_read)
{
	static struct savings_report r;
	char steps[8192] = "", json[16384], why[256] = "";

	for (int k = 0; k < SAVINGS_STEPS_MAX; k++)
		snprintf(steps + strlen(steps), sizeof(steps) - strlen(steps), "%s%s",
			 k ? ", " : "", STEP);
	with_backend(json, sizeof(json), "b", steps);
	cr_assert_eq(read_text(json, &r, why, sizeof(why)), 0, "%s", why);
	cr_assert_eq(r.backends[0].nsteps, SAVINGS_STEPS_MAX);
	cr_assert_eq(r.backends[0].fail_limit, 0);
	cr_assert_eq(r.trials, 0);
}

Test(savings_json_edges, a_name_one_byte_too_long_is_refused_not_cut)
{
	static struct savings_report r;
	char json[4096], why[256] = "";

	with_backend(json, sizeof(json), "fifteen-bytes-a", "");
	cr_assert_eq(read_text(json, &r, why, sizeof(why)), 0, "%s", why);
	cr_assert_str_eq(r.names[0], "fifteen-bytes-a");
	with_backend(json, sizeof(json), "sixteen-bytes-ab", "");
	cr_assert_eq(read_text(json, &r, why, sizeof(why)), -EINVAL);
	cr_assert_str_eq(why, "backends[0].backend: longer than 15 bytes");
}

Test(savings_json_edges, an_element_that_is_no_object_named_without_a_dot)
{
	static struct savings_report r;
	char json[4096], why[256] = "";

	with_backend(json, sizeof(json), "b", STEP ", 7");
	cr_assert_eq(read_text(json, &r, why, sizeof(why)), -EINVAL);
	cr_assert_str_eq(why, "backends[0].steps[1]: not an object");
}
