/* More of the plan (run/plan.c): a shuffled round puts any cell anywhere, a block device
 * without --modes has every mode, and --latency off reaches the hogger's words. */
#include <criterion/criterion.h>
#include <string.h>

#include "runner/cli/options.h"
#include "runner/commands/commands.h"
#include "runner/run/plan.h"

static const struct plan_inputs inputs = { .pid = 4242, .seed = 0x5eed };
static struct config cfg;
static struct plan p;

#define NARGS(...) (int)(sizeof((char *[]){ "zswapbench", __VA_ARGS__ }) / sizeof(char *))
#define PLAN(...)                                                                                  \
	do {                                                                                       \
		char *argv_[] = { "zswapbench", __VA_ARGS__, NULL };                               \
		char msg_[512];                                                                    \
		plan_free(&p);                                                                     \
		config_free(&cfg);                                                                 \
		cr_assert_eq(options_parse(command_of(NULL), NARGS(__VA_ARGS__), argv_, &cfg,      \
					   msg_, sizeof(msg_)),                                    \
			     OPTIONS_RUN, "%s", msg_);                                             \
		cr_assert_eq(plan_build(&p, &cfg, "/x/zswapbench-hogger", &inputs), 0);            \
	} while (0)

static void gone(void)
{
	plan_free(&p);
	config_free(&cfg);
}

TestSuite(plan_more, .fini = gone);

Test(plan_more, a_shuffled_round_puts_any_cell_in_any_place)
{
	unsigned seen[3][3] = { { 0 } };

	PLAN("--swap", "disk,zram,zswap", "--trials", "60", "--order", "shuffled:42");
	cr_assert_eq(p.nschedule, 180);
	for (size_t i = 0; i < p.nschedule; i++)
		seen[p.schedule[i].cell][i % 3]++;
	for (unsigned c = 0; c < 3; c++)
		for (unsigned at = 0; at < 3; at++)
			cr_assert_gt(seen[c][at], 5, "cell %u at place %u of a round: %u times", c,
				     at, seen[c][at]);
}

Test(plan_more, a_block_device_without_modes_has_every_mode)
{
	PLAN("--target", "block", "--swap", "zram", "--swap-size", "32M");
	cr_assert_eq(p.ncells, 6);
}

static int has_word(const struct plan_cell *c, const char *word)
{
	for (size_t i = 0; c->hogger.argv[i]; i++)
		if (strcmp(c->hogger.argv[i], word) == 0)
			return 1;
	return 0;
}

Test(plan_more, latency_off_reaches_the_hogger)
{
	PLAN("--swap", "zram");
	cr_assert_not(has_word(&p.cells[0], "--no-latency"));
	PLAN("--swap", "zram", "--latency", "off");
	cr_assert(has_word(&p.cells[0], "--no-latency"));
}
