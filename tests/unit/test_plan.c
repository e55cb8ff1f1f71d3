#include <criterion/criterion.h>
#include <string.h>

#include "runner/cli/options.h"
#include "runner/run/plan.h"

#define NARGS(...) (int)(sizeof((char *[]){ "zswapbench", __VA_ARGS__ }) / sizeof(char *))
/* argv is static: a command after "--" stays pointed into it. */
#define PLAN(p, cfg, ...)                                                                              \
	do {                                                                                           \
		static char *argv_[] = { "zswapbench", __VA_ARGS__, NULL };                            \
		char msg_[512];                                                                        \
		cr_assert_eq(options_parse(NARGS(__VA_ARGS__), argv_, cfg, msg_, sizeof(msg_)), OPTIONS_RUN, \
			     "%s", msg_);                                                              \
		cr_assert_eq(plan_build(p, cfg, "/x/zswapbench-hogger"), 0);                           \
	} while (0)

static const char *arg_after(const struct plan_cell *c, const char *flag)
{
	for (size_t i = 0; c->hogger.argv[i]; i++)
		if (strcmp(c->hogger.argv[i], flag) == 0)
			return c->hogger.argv[i + 1];
	return NULL;
}

static int has_arg(const struct plan_cell *c, const char *flag)
{
	for (size_t i = 0; c->hogger.argv[i]; i++)
		if (strcmp(c->hogger.argv[i], flag) == 0)
			return 1;
	return 0;
}

Test(plan, the_sweep_is_a_cross_product_and_comp_only_where_used)
{
	struct config cfg;
	struct plan p;
	PLAN(&p, &cfg, "--swap", "disk,zram", "--comp", "lzo,lz4", "--jobs", "1,2", "--limit", "32M,64M");
	/* disk: 1 x 2 jobs x 2 limits; zram: 2 comps x 2 x 2 */
	cr_assert_eq(p.ncells, 4 + 8);
	cr_assert_str_eq(p.cells[0].label, "disk jobs=1 limit=32M");
	cr_assert_null(p.cells[0].comp);
	cr_assert_str_eq(p.cells[4].label, "zram:lzo jobs=1 limit=32M");
	cr_assert_str_eq(p.cells[11].label, "zram:lz4 jobs=2 limit=64M");
	cr_assert_eq(p.cells[11].jobs, 2);
	cr_assert_eq(p.cells[11].limit, 64ULL << 20);
	plan_free(&p);
}

Test(plan, labels_name_only_the_axes_that_vary)
{
	struct config cfg;
	struct plan p;
	PLAN(&p, &cfg, "--swap", "zram", "--comp", "lz4");
	cr_assert_eq(p.ncells, 1);
	cr_assert_str_eq(p.cells[0].label, "zram:lz4");
	plan_free(&p);
}

Test(plan, the_hogger_gets_its_share_in_whole_chunks)
{
	struct config cfg;
	struct plan p;
	PLAN(&p, &cfg, "--swap", "zram", "--alloc", "100M", "--jobs", "3", "--chunk", "4M", "--data", "random",
	     "--access", "reread:2", "--threads", "2", "--no-seccomp");
	/* 100M / 3 = 33.3M, rounded up to 36M per job: 108M in all. */
	cr_assert_eq(p.cells[0].alloc, 3 * (36ULL << 20));
	cr_assert_str_eq(p.cells[0].hogger.argv[0], "/x/zswapbench-hogger");
	cr_assert_str_eq(arg_after(&p.cells[0], "--alloc"), "37748736", "36M each");
	cr_assert_str_eq(arg_after(&p.cells[0], "--chunk"), "4194304");
	cr_assert_str_eq(arg_after(&p.cells[0], "--data"), "random");
	cr_assert_str_eq(arg_after(&p.cells[0], "--access"), "reread:2");
	cr_assert_str_eq(arg_after(&p.cells[0], "--threads"), "2");
	cr_assert(has_arg(&p.cells[0], "--no-seccomp"));
	cr_assert_not(has_arg(&p.cells[0], "--prefault"));
	cr_assert_eq(p.cells[0].workload.jobs, 3);
	cr_assert_not(p.cells[0].workload.command);
	plan_free(&p);
}

Test(plan, a_command_runs_as_given)
{
	struct config cfg;
	struct plan p;
	PLAN(&p, &cfg, "--swap", "zram", "--", "sort", "-S", "1G");
	cr_assert(p.cells[0].workload.command);
	cr_assert_str_eq(p.cells[0].workload.argv[0], "sort");
	cr_assert_str_eq(p.cells[0].workload.argv[2], "1G");
	plan_free(&p);
}

Test(plan, swap_size_holds_the_largest_allocation)
{
	struct config cfg;
	struct plan p;
	PLAN(&p, &cfg, "--swap", "zram", "--alloc-per-job", "10M", "--jobs", "1,4");
	cr_assert_eq(p.swap_size, 40ULL << 20);
	plan_free(&p);
	PLAN(&p, &cfg, "--swap", "zram", "--alloc", "1500K");
	cr_assert_eq(p.swap_size, 2ULL << 20, "rounded up to whole MiB");
	plan_free(&p);
	PLAN(&p, &cfg, "--swap", "zram", "--swap-size", "64M");
	cr_assert_eq(p.swap_size, 64ULL << 20);
	plan_free(&p);
}

/* Every round runs each cell once, and trials count up within a cell. */
static void check_rounds(const struct plan *p, unsigned rounds)
{
	cr_assert_eq(p->nschedule, p->ncells * rounds);
	for (unsigned r = 0; r < rounds; r++) {
		unsigned seen = 0;
		for (size_t i = 0; i < p->ncells; i++) {
			const struct schedule_entry *e = &p->schedule[r * p->ncells + i];
			cr_assert_eq(e->trial, r + 1);
			seen |= 1u << e->cell;
		}
		cr_assert_eq(seen, (1u << p->ncells) - 1);
	}
}

Test(plan, interleaved_sequential_and_shuffled_orders)
{
	struct config cfg;
	struct plan p, q;
	char a[64] = "", b[64] = "";

	PLAN(&p, &cfg, "--swap", "disk,zram,zswap", "--trials", "3", "--warmup", "1");
	check_rounds(&p, 4);
	cr_assert_eq(p.schedule[1].cell, 1, "interleaved: round 1 visits every cell in turn");
	plan_free(&p);
	PLAN(&p, &cfg, "--swap", "disk,zram,zswap", "--trials", "3", "--order", "sequential");
	cr_assert_eq(p.schedule[0].cell, 0);
	cr_assert_eq(p.schedule[2].cell, 0);
	cr_assert_eq(p.schedule[2].trial, 3);
	cr_assert_eq(p.schedule[3].cell, 1);
	plan_free(&p);
	PLAN(&p, &cfg, "--swap", "disk,zram,zswap", "--trials", "8", "--order", "shuffled:42");
	PLAN(&q, &cfg, "--swap", "disk,zram,zswap", "--trials", "8", "--order", "shuffled:42");
	check_rounds(&p, 8);
	cr_assert_eq(p.seed, 42);
	for (size_t i = 0; i < p.nschedule; i++) {
		a[i] = (char)('0' + p.schedule[i].cell);
		b[i] = (char)('0' + q.schedule[i].cell);
	}
	cr_assert_str_eq(a, b, "the same seed, the same order");
	cr_assert_str_neq(a, "012012012012012012012012", "shuffled is not interleaved");
	plan_free(&p);
	plan_free(&q);
}

Test(plan, shuffled_without_a_seed_draws_one)
{
	struct config cfg;
	struct plan p;
	PLAN(&p, &cfg, "--swap", "disk,zram", "--order", "shuffled");
	cr_assert_neq(p.seed, 0, "a drawn seed is recorded so the run can be replayed");
	plan_free(&p);
}
