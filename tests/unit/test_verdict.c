/* The verdict's words, asserted: which setup is faster, which used less CPU, whose p99 latency
 * is longer, and what is said when the trials cannot tell. Swapping "faster" and "slower",
 * "less" and "more", "shorter" and "longer" in report/verdict.c fails a test here; so does a
 * sentence whose direction comes from a mean a single slow trial pulled. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/report/report.h"
#include "runner/result/results.h"
#include "tools.h"

struct side {
	const char *label;
	const double *elapsed, *cpu, *p99; /* p99: NULL for none */
	size_t n;
};

static void add_cell(struct results *r, const struct side *s)
{
	struct result_cell *c = results_add_cell(r);

	snprintf(c->label, sizeof(c->label), "%s", s->label);
	snprintf(c->backend, sizeof(c->backend), "%s", s->label);
	for (size_t i = 0; i < s->n; i++) {
		struct trial *t = cell_add_trial(c);
		t->index = (unsigned)i + 1;
		trial_set(t, M_ELAPSED, s->elapsed[i]);
		trial_set(t, M_CPU_TIME, s->cpu[i]);
		if (s->p99)
			trial_set(t, M_ACCESS_P99, s->p99[i]);
	}
	cell_update_stats(c);
}

/* The verdict of a run of two cells, base first: its text (to free). */
static char *verdict_of(const struct side *base, const struct side *cell)
{
	struct report_opts o = { .cmp = { .alpha = 0.05, .noise_pct = 2 } };
	struct results r;
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	results_init(&r);
	add_cell(&r, base);
	add_cell(&r, cell);
	cr_assert_eq(answer_verdict(&r, &o, f), 0);
	fclose(f);
	results_free(&r);
	return text;
}

static const double near_one[] = {
	1.00, 1.01, 0.99, 1.005, 0.995, 1.002, 0.998, 1.003, 0.997, 1.001
};
static const double near_1_10[] = { 1.10,  1.111, 1.089, 1.1055, 1.0945,
				    1.102, 1.098, 1.103, 1.097,	 1.101 };

/* The case: nine disk trials near 1.00 s and one at 10.0 s, against ten zram trials near
 * 1.10 s. zram was slower in 9 of 10: a mean would call it 1.7 times faster. */
Test(verdict, one_slow_outlier_never_turns_the_direction)
{
	double disk[10];
	struct side d = { "disk", disk, disk, NULL, 10 },
		    z = { "zram", near_1_10, near_1_10, NULL, 10 };
	char *text;

	memcpy(disk, near_one, sizeof(disk));
	disk[9] = 10.0;
	text = verdict_of(&d, &z);
	cr_expect(strstr(text, "disk ran 1.10 times faster than zram [") ||
			  strstr(text, "no significant difference in elapsed time"),
		  "%s", text);
	cr_expect_null(strstr(text, "zram ran"), "%s", text);
	cr_expect(strstr(text, "zram used more CPU time than disk") ||
			  !strstr(text, "CPU time than"),
		  "%s", text);
	cr_expect_null(strstr(text, "less CPU"), "%s", text);
	free(text);
}

Test(verdict, the_faster_setup_is_named_faster_both_ways)
{
	struct side slow = { "disk", near_1_10, near_1_10, NULL, 10 };
	struct side fast = { "zram", near_one, near_one, NULL, 10 };
	char *text = verdict_of(&slow, &fast);

	cr_expect(strstr(text, "zram ran 1.10 times faster than disk ["), "%s", text);
	cr_expect(strstr(text, "zram used less CPU time than disk (median -9."), "%s", text);
	free(text);
	slow.label = "zram";
	fast.label = "disk";
	text = verdict_of(&fast, &slow);
	cr_expect(strstr(text, "disk ran 1.10 times faster than zram ["), "%s", text);
	cr_expect(strstr(text, "zram used more CPU time than disk (median +10."), "%s", text);
	free(text);
}

/* The ratio and its interval are the median's: 1.10 with an interval inside [1.05, 1.15]. */
Test(verdict, the_ratio_and_its_interval_come_from_the_medians)
{
	struct side d = { "disk", near_one, near_one, NULL, 10 };
	struct side z = { "zram", near_1_10, near_1_10, NULL, 10 };
	char *text = verdict_of(&d, &z);
	double f, lo, hi;
	const char *at = strstr(text, "disk ran ");

	cr_assert_not_null(at, "%s", text);
	cr_assert_eq(sscanf(at, "disk ran %lf times faster than zram [%lf, %lf]", &f, &lo, &hi), 3);
	cr_expect(lo <= f && f <= hi && lo > 1.05 && hi < 1.15, "%s", text);
	cr_expect_null(strstr(text, "±"), "a spread never passes for an uncertainty: %s", text);
	cr_expect(strstr(text, "(primary: elapsed, tested at alpha 0.05; secondary"), "%s", text);
	free(text);
	/* The other way round the change is a drop, its factor inverted: 1 / 0.91 with the
	 * interval's ends swapped as they are inverted. */
	text = verdict_of(&z, &d);
	at = strstr(text, "disk ran ");
	cr_assert_not_null(at, "%s", text);
	cr_assert_eq(sscanf(at, "disk ran %lf times faster than zram [%lf, %lf]", &f, &lo, &hi), 3);
	cr_expect(lo <= f && f <= hi && lo > 1.05 && hi < 1.15, "%s", text);
	free(text);
}

/* A +1.0% change with every trial apart: real, and within the 2% noise threshold. */
Test(verdict, a_real_change_within_the_noise_says_so)
{
	double up[10];
	struct side d = { "disk", near_one, near_one, NULL, 10 },
		    z = { "zram", up, near_one, NULL, 10 };
	char *text;

	for (size_t i = 0; i < 10; i++)
		up[i] = 1.01 * near_one[i];
	text = verdict_of(&d, &z);
	cr_expect(strstr(text, "zram ran slower than disk, median elapsed +1.0% ["), "%s", text);
	cr_expect(strstr(text, "a real change, within the 2% noise threshold"), "%s", text);
	cr_expect_null(strstr(text, "no significant difference in elapsed"), "%s", text);
	free(text);
	for (size_t i = 0; i < 10; i++)
		up[i] = 0.99 * near_one[i];
	text = verdict_of(&d, &z);
	cr_expect(strstr(text, "zram ran faster than disk, median elapsed -1.0% ["), "%s", text);
	cr_expect(strstr(text, "a real change, within the 2% noise threshold"), "%s", text);
	free(text);
	/* -2.0%, its interval across -2%: real, not shown to be beyond the threshold, and not
	 * within it either. */
	for (size_t i = 0; i < 10; i++)
		up[i] = 0.98 * near_one[i];
	text = verdict_of(&d, &z);
	cr_expect(strstr(text, "zram ran faster than disk, median elapsed -2.0% ["), "%s", text);
	cr_expect(strstr(text, "a real change, not shown to exceed the 2% noise threshold"), "%s",
		  text);
	free(text);
}

/* One trial against one: no interval, no "± 0.00", no "times faster". */
Test(verdict, one_trial_each_is_too_few_to_tell)
{
	struct side d = { "disk", near_one, near_one, NULL, 1 };
	struct side z = { "zram", near_1_10, near_1_10, NULL, 1 };
	char *text = verdict_of(&d, &z);

	cr_expect(strstr(text,
			 "zram and disk: 1 vs 1 trials are too few to tell elapsed times "
			 "apart (median +10.0%; the ranges do not overlap, as they do not "
			 "for 100% of identical pairs"),
		  "%s", text);
	cr_expect_null(strstr(text, "times faster"), "%s", text);
	cr_expect_null(strstr(text, "±"), "%s", text);
	cr_expect_null(strstr(text, "["), "%s", text);
	free(text);
}

/* 3 against 3 with the ranges apart: by chance 1 time in 10; never "ran X times faster". */
Test(verdict, below_the_testable_count_the_ranges_prove_nothing)
{
	struct side d = { "disk", near_one, near_one, NULL, 3 };
	struct side z = { "zram", near_1_10, near_1_10, NULL, 3 };
	char *text = verdict_of(&d, &z);

	cr_expect(strstr(text, "3 vs 3 trials are too few to tell elapsed times apart"), "%s",
		  text);
	cr_expect(strstr(text, "for 10% of identical pairs at these sizes"), "%s", text);
	cr_expect_null(strstr(text, "times faster"), "%s", text);
	free(text);
}

Test(verdict, the_longer_p99_latency_is_named_longer)
{
	static const double short_p99[] = { 10, 11, 10.5, 9.5, 10.2, 9.8, 10.1, 10.3, 9.9, 10 };
	static const double long_p99[] = { 20, 21, 20.5, 19.5, 20.2, 19.8, 20.1, 20.3, 19.9, 20 };
	struct side d = { "disk", near_one, near_one, short_p99, 10 };
	struct side z = { "zram", near_one, near_one, long_p99, 10 };
	char *text = verdict_of(&d, &z);

	cr_expect(strstr(text,
			 "p99 access latency: zram longer than disk, 20 us against 10 us (median "
			 "+99."),
		  "%s", text);
	free(text);
	z.p99 = short_p99;
	d.p99 = long_p99;
	text = verdict_of(&d, &z);
	cr_expect(strstr(text, "p99 access latency: zram shorter than disk"), "%s", text);
	free(text);
}

Test(verdict, no_difference_is_said_with_its_interval_and_p)
{
	struct side d = { "disk", near_one, near_one, NULL, 10 };
	struct side z = { "zram", near_one, near_one, NULL, 10 };
	char *text = verdict_of(&d, &z);

	cr_expect(strstr(text,
			 "zram and disk: no significant difference in elapsed time (median "
			 "+0.0% ["),
		  "%s", text);
	cr_expect(strstr(text, "], p = 1.000)"), "%s", text);
	cr_expect_null(strstr(text, "CPU time than"), "no CPU line without a change: %s", text);
	free(text);
}
