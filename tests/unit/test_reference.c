#include <criterion/criterion.h>
#include <string.h>

#include "runner/result/reference.h"

/* A file of one cell whose trials met the machine at these probe times. */
static void file_with(struct results *r, const double *probe, size_t n)
{
	struct result_cell *c;

	results_init(r);
	c = results_add_cell(r);
	cr_assert_not_null(c);
	for (size_t i = 0; i < n; i++) {
		struct trial *t = cell_add_trial(c);
		cr_assert_not_null(t);
		trial_set(t, M_REFERENCE_TIME, probe[i]);
	}
}

Test(reference, a_machine_a_quarter_slower_is_said_with_its_direction)
{
	const double fast[] = { 0.040, 0.041, 0.039, 0.040, 0.042 };
	const double slow[] = { 0.050, 0.051, 0.049, 0.052, 0.050 };
	struct results a, b;
	struct env_difference d;

	file_with(&a, fast, 5);
	file_with(&b, slow, 5);
	cr_assert_eq(reference_differs(&a, &b, &d), 1);
	cr_assert(d.condition);
	cr_assert_str_eq(d.base, "40.0 ms");
	cr_assert(strstr(d.now, "50.0 ms (+25%") == d.now, "%s", d.now);
	cr_assert(strstr(d.now, "ran slower"), "%s", d.now);
	cr_assert_eq(reference_differs(&b, &a, &d), 1);
	cr_assert(strstr(d.now, "ran faster"), "%s", d.now);
	results_free(&a);
	results_free(&b);
}

Test(reference, the_same_machine_or_too_few_trials_say_nothing)
{
	const double one[] = { 0.040, 0.041, 0.039, 0.040, 0.042 };
	const double same[] = { 0.041, 0.040, 0.040, 0.039, 0.041 };
	/* Apart, but by less than the probe's own noise. */
	const double near[] = { 0.0415, 0.0416, 0.0414, 0.0415, 0.0417 };
	struct results a, b, c, few;
	struct env_difference d;

	file_with(&a, one, 5);
	file_with(&b, same, 5);
	file_with(&c, near, 5);
	file_with(&few, (const double[]){ 0.080, 0.081 }, 2);
	cr_assert_eq(reference_differs(&a, &b, &d), 0);
	cr_assert_eq(reference_differs(&a, &c, &d), 0);
	cr_assert_eq(reference_differs(&a, &few, &d), 0, "two trials are too few");
	results_free(&a);
	results_free(&b);
	results_free(&c);
	results_free(&few);
}

Test(reference, a_base_of_two_probes_or_a_warmups_probe_says_nothing)
{
	double slow[20];
	const double fast[] = { 0.040, 0.041, 0.039, 0.040, 0.042 };
	struct results two, many, warm;
	struct env_difference d;

	for (size_t i = 0; i < 20; i++)
		slow[i] = 0.050 + 0.0001 * (double)i;
	file_with(&two, (const double[]){ 0.040, 0.041 }, 2);
	file_with(&many, slow, 20);
	cr_assert_eq(reference_differs(&two, &many, &d), 0, "two trials are too few");
	file_with(&warm, fast, 5);
	for (size_t i = 0; i < 5; i++) {
		struct trial *t = cell_add_trial(&warm.cells[0]);
		cr_assert_not_null(t);
		t->warmup = 1;
		trial_set(t, M_REFERENCE_TIME, 0.080);
	}
	cr_assert_eq(reference_differs(&warm, &many, &d), 1);
	cr_assert_str_eq(d.base, "40.0 ms", "the warmups' probes left out");
	results_free(&two);
	results_free(&many);
	results_free(&warm);
}
