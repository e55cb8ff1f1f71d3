#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "runner/cli/options.h"
#include "runner/commands/commands.h"
#include "runner/run/plan.h"

/* What a plan takes besides the config: fixed here, so every build is the same. */
static const struct plan_inputs inputs = { .pid = 4242, .seed = 0x5eed };

#define NARGS(...) (int)(sizeof((char *[]){ "zswapbench", __VA_ARGS__ }) / sizeof(char *))
/* cfg starts zeroed; what a parse before left in it is freed first. */
#define PLAN(p, cfg, ...)                                                                          \
	do {                                                                                       \
		char *argv_[] = { "zswapbench", __VA_ARGS__, NULL };                               \
		char msg_[512];                                                                    \
		config_free(cfg);                                                                  \
		cr_assert_eq(options_parse(command_of(NULL), NARGS(__VA_ARGS__), argv_, cfg, msg_, \
					   sizeof(msg_)),                                          \
			     OPTIONS_RUN, "%s", msg_);                                             \
		cr_assert_eq(plan_build(p, cfg, "/x/zswapbench-hogger", &inputs), 0);              \
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
	struct config cfg = { 0 };
	struct plan p;
	PLAN(&p, &cfg, "--swap", "disk,zram", "--comp", "lzo,lz4", "--jobs", "1,2", "--limit",
	     "32M,64M");
	/* disk: 1 x 2 jobs x 2 limits; zram: 2 comps x 2 x 2 */
	cr_assert_eq(p.ncells, 4 + 8);
	cr_assert_str_eq(p.cells[0].label, "disk jobs=1 limit=32M");
	cr_assert_null(p.cells[0].comp);
	cr_assert_str_eq(p.cells[4].label, "zram:lzo jobs=1 limit=32M");
	cr_assert_str_eq(p.cells[11].label, "zram:lz4 jobs=2 limit=64M");
	cr_assert_eq(p.cells[11].jobs, 2);
	cr_assert_eq(p.cells[11].limit, 64ULL << 20);
	plan_free(&p);
	config_free(&cfg);
}

Test(plan, labels_name_only_the_axes_that_vary)
{
	struct config cfg = { 0 };
	struct plan p;
	PLAN(&p, &cfg, "--swap", "zram", "--comp", "lz4");
	cr_assert_eq(p.ncells, 1);
	cr_assert_str_eq(p.cells[0].label, "zram:lz4");
	plan_free(&p);
	config_free(&cfg);
}

Test(plan, the_hogger_gets_its_share_in_whole_chunks)
{
	struct config cfg = { 0 };
	struct plan p;
	PLAN(&p, &cfg, "--swap", "zram", "--alloc", "100M", "--jobs", "3", "--chunk", "4M",
	     "--data", "random", "--access", "reread:2", "--threads", "2", "--no-seccomp");
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
	cr_assert_not(has_arg(&p.cells[0], "--madvise-hugepage"));
	cr_assert_eq(p.cells[0].workload.jobs, 3);
	cr_assert_not(p.cells[0].workload.command);
	plan_free(&p);
	config_free(&cfg);
}

Test(plan, madvise_hugepage_reaches_the_hogger)
{
	struct config cfg = { 0 };
	struct plan p;
	PLAN(&p, &cfg, "--swap", "zram", "--madvise-hugepage");
	cr_assert(has_arg(&p.cells[0], "--madvise-hugepage"));
	plan_free(&p);
	config_free(&cfg);
}

Test(plan, a_command_runs_as_given)
{
	struct config cfg = { 0 };
	struct plan p;
	PLAN(&p, &cfg, "--swap", "zram", "--", "sort", "-S", "1G");
	cr_assert(p.cells[0].workload.command);
	cr_assert_str_eq(p.cells[0].workload.argv[0], "sort");
	cr_assert_str_eq(p.cells[0].workload.argv[2], "1G");
	plan_free(&p);
	config_free(&cfg);
}

Test(plan, swap_size_holds_the_largest_allocation)
{
	struct config cfg = { 0 };
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
	/* --swap-fraction: each cell allocates limit / (1 - F); the default --alloc (300M) is
	 * nobody's allocation and must not size the swap. */
	PLAN(&p, &cfg, "--swap", "zram", "--limit", "64M", "--swap-fraction", "0.5");
	cr_assert_eq(p.cells[0].alloc, 128ULL << 20);
	cr_assert_eq(p.swap_size, 128ULL << 20, "the swap follows the allocation");
	plan_free(&p);
	PLAN(&p, &cfg, "--swap", "zram", "--limit", "32M,64M", "--swap-fraction", "0.75");
	cr_assert_eq(p.swap_size, 256ULL << 20, "the largest cell's");
	plan_free(&p);
	config_free(&cfg);
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
	struct config cfg = { 0 };
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
	config_free(&cfg);
}

Test(plan, shuffled_without_a_seed_takes_the_one_it_is_given)
{
	struct config cfg = { 0 };
	struct plan p;
	PLAN(&p, &cfg, "--swap", "disk,zram", "--order", "shuffled");
	cr_assert_eq(p.seed, inputs.seed, "recorded, so the run can be replayed");
	cr_assert_str_eq(p.swapfile, "/var/tmp/zswapbench-4242.swap",
			 "named by the PID it is given");
	plan_free(&p);
	config_free(&cfg);
}

static void same_cell(const struct plan_cell *a, const struct plan_cell *b)
{
	cr_assert_str_eq(a->label, b->label);
	cr_assert_eq(a->backend, b->backend);
	cr_assert_eq(a->comp, b->comp, "both point into the one config");
	cr_assert_eq(a->limit, b->limit);
	cr_assert_eq(a->jobs, b->jobs);
	cr_assert_eq(a->alloc, b->alloc);
	cr_assert_eq(a->workload.jobs, b->workload.jobs);
	cr_assert_eq(a->workload.tab_seed, b->workload.tab_seed);
	for (size_t k = 0; a->hogger.argv[k] || b->hogger.argv[k]; k++)
		cr_assert_str_eq(a->hogger.argv[k] ? a->hogger.argv[k] : "(end)",
				 b->hogger.argv[k] ? b->hogger.argv[k] : "(end)");
}

/* The plan reads no clock and no process: built twice from one config and the same inputs, it
 * is the same plan, to the last trial of its shuffled schedule. */
Test(plan, the_same_inputs_make_the_same_plan)
{
	struct config cfg = { 0 };
	struct plan p, q;

	PLAN(&p, &cfg, "--swap", "disk,zram,zswap", "--comp", "lzo,lz4", "--jobs", "1,2", "--order",
	     "shuffled", "--trials", "4", "--warmup", "1", "--access", "reread:2", "--latency",
	     "off");
	cr_assert_eq(plan_build(&q, &cfg, "/x/zswapbench-hogger", &inputs), 0);
	cr_assert_eq(p.ncells, q.ncells);
	for (size_t i = 0; i < p.ncells; i++)
		same_cell(&p.cells[i], &q.cells[i]);
	cr_assert_eq(p.nschedule, q.nschedule);
	for (size_t i = 0; i < p.nschedule; i++) {
		cr_assert_eq(p.schedule[i].cell, q.schedule[i].cell);
		cr_assert_eq(p.schedule[i].trial, q.schedule[i].trial);
	}
	cr_assert_eq(p.seed, q.seed);
	cr_assert_eq(p.swap_size, q.swap_size);
	cr_assert_str_eq(p.swapfile, q.swapfile);
	plan_free(&p);
	plan_free(&q);
	config_free(&cfg);
}

Test(plan, a_block_device_has_a_cell_per_fio_mode_writes_first_and_fio_as_its_one_process)
{
	struct config cfg = { 0 };
	struct plan p;
	PLAN(&p, &cfg, "--target", "block", "--swap", "zram", "--jobs", "1,3", "--modes",
	     "seq-read,seq-write", "--io-size", "8M", "--swap-size", "32M");
	cr_assert_eq(p.ncells, 4);
	/* Given reads first, run writes first: a read reads data written the same way. */
	cr_assert_str_eq(p.cells[0].label, "zram jobs=1 seq-write");
	cr_assert_str_eq(p.cells[1].label, "zram jobs=1 seq-read");
	cr_assert_str_eq(p.cells[3].label, "zram jobs=3 seq-read");
	cr_assert_eq(p.cells[3].target.use, USE_BLOCK);
	cr_assert_eq(p.cells[3].target.fio.numjobs, 3);
	cr_assert_eq(p.cells[3].workload.jobs, 1, "fio starts the jobs itself");
	cr_assert_eq(p.cells[3].target.fio.size, 8ULL << 20);
	/* 3 jobs x 8M, and the 32M device written once before the read. */
	cr_assert_eq(p.cells[3].alloc, (3ULL * 8 + 32) << 20);
	cr_assert_eq(p.cells[0].alloc, 8ULL << 20);
	plan_place(&p, "/var/tmp/zswapbench-1.d");
	cr_assert_str_eq(p.cells[1].workload.argv[0], "fio");
	cr_assert_str_eq(p.cells[1].target.job_file, "/var/tmp/zswapbench-1.d/cell1.fio");
	cr_assert_str_eq(p.cells[1].workload.argv[4], p.cells[1].target.job_file);
	cr_assert_str_eq(p.cells[1].target.fio_output, "/var/tmp/zswapbench-1.d/cell1.json");
	cr_assert_null(p.cells[1].workload.argv[5]);
	plan_free(&p);
	config_free(&cfg);
}

Test(plan, data_becomes_fios_buffers)
{
	struct config cfg = { 0 };
	struct plan p;
	PLAN(&p, &cfg, "--target", "block", "--swap", "zram", "--modes", "seq-write", "--data",
	     "pattern:0xbadc0ffee");
	cr_assert_eq(p.cells[0].target.fio.buffer.kind, FIO_BUF_PATTERN);
	cr_assert_str_eq(p.cells[0].target.fio.buffer.pattern, "0xbadc0ffee");
	plan_free(&p);
	PLAN(&p, &cfg, "--target", "block", "--swap", "zram", "--modes", "seq-write");
	cr_assert_eq(p.cells[0].target.fio.buffer.kind, FIO_BUF_COMPRESS);
	cr_assert_eq(p.cells[0].target.fio.buffer.percent, 50, "the default --data");
	cr_assert(p.cells[0].target.fio.direct, "direct I/O unless --direct off");
	plan_free(&p);
	config_free(&cfg);
}

Test(plan, a_filesystem_runs_the_command_in_its_mount_and_splits_the_read_back)
{
	struct config cfg = { 0 };
	struct plan p;
	PLAN(&p, &cfg, "--target", "fs", "--swap", "zram", "--read-back", "cp -r . ../out", "--",
	     "tar", "xf", "../p.tar");
	cr_assert_eq(p.ncells, 1);
	cr_assert_eq(p.cells[0].mode, -1);
	cr_assert_str_eq(p.cells[0].target.read_back[0], "cp");
	cr_assert_str_eq(p.cells[0].target.read_back[3], "../out");
	cr_assert_null(p.cells[0].target.read_back[4]);
	plan_place(&p, "/w");
	cr_assert_str_eq(p.cells[0].workload.workdir, "/w/mnt");
	cr_assert_str_eq(p.cells[0].workload.argv[0], "tar");
	plan_free(&p);
	config_free(&cfg);
}

Test(plan, comp_all_is_every_algorithm_the_kernels_zram_offers)
{
	struct config cfg = { 0 };
	struct plan_inputs in = inputs;
	struct plan p;
	char *argv[] = { "zswapbench", "--swap", "zram", "--comp", "all", NULL };
	char msg[512];

	snprintf(in.algorithms.v[0], NAME_LEN, "lzo-rle");
	snprintf(in.algorithms.v[1], NAME_LEN, "zstd");
	in.algorithms.n = 2;
	cr_assert_eq(options_parse(command_of(NULL), 5, argv, &cfg, msg, sizeof(msg)), OPTIONS_RUN,
		     "%s", msg);
	cr_assert_eq(plan_build(&p, &cfg, "/x/zswapbench-hogger", &in), 0);
	cr_assert_eq(p.ncells, 2);
	cr_assert_str_eq(p.cells[0].label, "zram:lzo-rle");
	cr_assert_str_eq(p.cells[1].comp, "zstd");
	plan_free(&p);
	config_free(&cfg);
}

/* Each cell's driver, from the options that choose it: a device target's before a server's,
 * a server's before a command's, a command's before --workload's name, else the hogger. */
Test(plan, each_cell_is_driven_by_what_the_options_choose)
{
	struct config cfg = { 0 };
	struct plan p;
	const char *args;

	PLAN(&p, &cfg, "--swap", "zram");
	cr_expect_eq(p.cells[0].driver, &driver_hogger);
	cr_expect_str_eq(p.cells[0].driver_args, "");
	plan_free(&p);
	PLAN(&p, &cfg, "--target", "block", "--modes", "seq-read");
	cr_expect_eq(p.cells[0].driver, &driver_block);
	plan_free(&p);
	PLAN(&p, &cfg, "--target", "fs", "--", "true");
	cr_expect_eq(p.cells[0].driver, &driver_fs);
	plan_free(&p);
	PLAN(&p, &cfg, "--load", "true", "--", "sleep", "9");
	cr_expect_eq(p.cells[0].driver, &driver_service);
	plan_free(&p);
	PLAN(&p, &cfg, "--", "true");
	cr_expect_eq(p.cells[0].driver, &driver_command);
	cr_expect_eq(plan_driver(&cfg, &args), &driver_command);
	cr_expect_str_eq(args, "");
	plan_free(&p);
	PLAN(&p, &cfg, "--workload", "hogger");
	cr_expect_eq(p.cells[0].driver, &driver_hogger);
	plan_free(&p);
	config_free(&cfg);
}

/* stress-ng starts its workers itself: one process, its command line the cell's own. */
Test(plan, a_named_driver_builds_its_cells_command_line)
{
	struct config cfg = { 0 };
	struct plan p;

	PLAN(&p, &cfg, "--workload", "stress-ng:vm:3s", "--swap", "disk,zram", "--jobs", "2",
	     "--alloc", "64M");
	cr_assert_eq(p.ncells, 2);
	for (size_t i = 0; i < p.ncells; i++) {
		const struct plan_cell *c = &p.cells[i];
		cr_expect_eq(c->driver, &driver_stress_ng);
		cr_expect_str_eq(c->driver_args, "vm:3s");
		cr_expect_eq(c->workload.jobs, 1);
		cr_expect(c->workload.command);
		cr_expect_eq(c->workload.argv, c->driver_cell.argv);
		cr_expect_str_eq(c->workload.argv[0], "stress-ng");
		cr_expect_str_eq(c->workload.argv[2], "2");
		cr_expect_eq(strtoull(c->workload.argv[4], NULL, 10), c->alloc);
		cr_expect_str_eq(c->workload.argv[8], "3s");
		cr_expect_eq(c->jobs, 2);
	}
	cr_expect_eq(p.cells[0].alloc, 64ULL << 20);
	plan_free(&p);
	config_free(&cfg);
}
