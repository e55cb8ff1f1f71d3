/* The savings answer in words and its steps' table, word for word. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/report/savings_view.h"
#include "runner/result/savings.h"
#include "fixture.h"

static char *printed(const struct savings_report *r)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	savings_print(r, f);
	fclose(f);
	if (getenv("ZSB_DUMP"))
		fputs(text, stderr);
	return text;
}

static void has_line(const char *text, const char *line)
{
	const char *at = strstr(text, line);

	cr_assert(at && (at == text || at[-1] == '\n') && at[strlen(line)] == '\n',
		  "no line '%s' in\n%s", line, text);
}

Test(savings_view, the_answer_of_a_search_word_for_word)
{
	struct savings_report r;
	char why[256], *text;

	cr_assert_eq(savings_json_read(FIXTURES "/savings/hot25-zram.json", &r, why, sizeof(why)),
		     0, "%s", why);
	text = printed(&r);
	/* Its sentences wrapped within 100 columns (base/wrap.h), the next lines indented. */
	has_line(text,
		 "memory saved at <= 100% slowdown of elapsed, against the workload with no "
		 "limit and no swap\n"
		 "  (footprint 65.0M, 65.0M to 65M over its trials):");
	has_line(text,
		 "  zram: 69% less memory [51%, 75%] at <= 100% slowdown: 20M held it, 16M "
		 "did not (4 steps; a step\n"
		 "    decided by its median, not told from the target: the answer's interval spans "
		 "the steps that\n"
		 "    settled)");
	has_line(text,
		 "  BACKEND       LIMIT  SLOWDOWN         95% INTERVAL TRIALS        P  VERDICT");
	/* Written before steps said their test and trials: "-", not 0. */
	has_line(text,
		 "  zram            32M    +48.0%     [+44.6%, +57.8%]      -        -  within");
	has_line(text,
		 "  zram            16M         -                    -      -        -  beyond: "
		 "hogger "
		 "killed after the --timeout");
	has_line(text,
		 "  zram            24M    +63.2%    [+33.0%, +146.6%]      -        -  within (by "
		 "its "
		 "median)");
	has_line(text,
		 "  27 trials. A step is within the slowdown when its trials are significantly "
		 "within it, beyond it\n"
		 "    when they are significantly beyond it (P: a Mann-Whitney test of the "
		 "backend's trials against\n"
		 "    the reference's moved by the slowdown); from its first look on, a step's run "
		 "ends as soon as it\n"
		 "    is one or the other. The interval of the memory saved spans the smallest "
		 "limit that held to the\n"
		 "    largest that did not, over the footprint's spread.");
	free(text);
}

/* A step's row is the table's: kept on its line whatever its reason's length, where the
 * sentences around it are wrapped. */
Test(savings_view, a_step_s_long_reason_keeps_its_row_whole)
{
	static struct savings_report r;
	const char *why = "hogger killed after the --timeout, its last words: out of memory "
			  "in the cgroup of the trial";
	char row[256], *text;

	r.footprint = r.footprint_lo = r.footprint_hi = 64 << 20;
	r.target_pct = 10;
	r.trials = 3;
	r.nbackends = 1;
	snprintf(r.names[0], sizeof(r.names[0]), "zram");
	savings_init(&r.backends[0], r.footprint, r.footprint_lo, r.footprint_hi, 10, 4);
	r.backends[0].steps[0] = (struct savings_step){ .limit = 16 << 20,
							.verdict = STEP_FAIL,
							.slowdown_pct = NAN,
							.lo_pct = NAN,
							.hi_pct = NAN,
							.p_target = NAN };
	snprintf(r.backends[0].steps[0].note, sizeof(r.backends[0].steps[0].note), "%s", why);
	r.backends[0].nsteps = 1;
	r.backends[0].fail_limit = 16 << 20;
	r.backends[0].metric = M_ELAPSED;
	text = printed(&r);
	snprintf(row, sizeof(row),
		 "  zram            16M         -                    -      -        -  beyond: %s",
		 why);
	cr_assert_gt(strlen(row), 100);
	has_line(text, row);
	has_line(text,
		 "  BACKEND       LIMIT  SLOWDOWN         95% INTERVAL TRIALS        P  VERDICT");
	free(text);
}

Test(savings_view, one_step_that_held_and_none_at_all)
{
	static struct savings_report r;
	char *text;

	r.footprint = r.footprint_lo = r.footprint_hi = 64 << 20;
	r.target_pct = 10;
	r.trials = 9;
	r.nbackends = 2;
	snprintf(r.names[0], sizeof(r.names[0]), "zswap");
	snprintf(r.names[1], sizeof(r.names[1]), "disk");
	savings_init(&r.backends[0], r.footprint, r.footprint_lo, r.footprint_hi, 10, 4);
	savings_init(&r.backends[1], r.footprint, r.footprint_lo, r.footprint_hi, 10, 4);
	r.backends[0].steps[0] = (struct savings_step){ .limit = 32 << 20,
							.verdict = STEP_PASS,
							.slowdown_pct = 4,
							.lo_pct = 1,
							.hi_pct = 8,
							.p_target = 0.0032,
							.trials = 6 };
	/* Killed at its third trial: what it took, and no test (p "-", not "nan"). */
	r.backends[0].steps[1] = (struct savings_step){ .limit = 16 << 20,
							.verdict = STEP_FAIL,
							.slowdown_pct = NAN,
							.lo_pct = NAN,
							.hi_pct = NAN,
							.p_target = NAN,
							.trials = 3 };
	snprintf(r.backends[0].steps[1].note, sizeof(r.backends[0].steps[1].note),
		 "hogger killed after the --timeout");
	r.backends[0].nsteps = 2;
	r.backends[0].fail_limit = 16 << 20;
	r.backends[0].pass_limit = 32 << 20;
	r.backends[0].metric = M_ELAPSED;
	text = printed(&r);
	has_line(text,
		 "  zswap: 50% less memory [50%, 75%] at <= 10% slowdown: 32M held it, 16M did "
		 "not (2 steps)");
	has_line(text,
		 "  zswap           16M         -                    -      3        -  beyond: "
		 "hogger killed after the --timeout");
	has_line(text,
		 "  disk: 0% less memory [0%, 100%] at <= 10% slowdown: 64M (the footprint "
		 "itself) (0 steps)");
	has_line(text,
		 "  zswap           32M     +4.0%       [+1.0%, +8.0%]      6   0.0032  within");
	free(text);
}
