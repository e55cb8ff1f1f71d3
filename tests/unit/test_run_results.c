/* A run's results as they start (run/run_results.c), from a plan made of a command line on the
 * fixture v2 machine: a result cell per plan cell with what it is, the plan's derived values,
 * the config echoing the seed used, a run id of 32 hex digits. */
#include <criterion/criterion.h>
#include <ctype.h>
#include <json.h>
#include <string.h>

#include "runner/cli/options.h"
#include "runner/commands/commands.h"
#include "runner/kernel/sysfs.h"
#include "runner/run/run.h"
#include "fixture.h"

static const struct plan_inputs inputs = { .pid = 4242, .seed = 0x5eed };
static struct config cfg;
static struct run run;

#define NARGS(...) (int)(sizeof((char *[]){ "zswapbench", __VA_ARGS__ }) / sizeof(char *))
#define START(...)                                                                                 \
	do {                                                                                       \
		char *argv_[] = { "zswapbench", __VA_ARGS__, NULL };                               \
		start(NARGS(__VA_ARGS__), argv_);                                                  \
	} while (0)

static void start(int argc, char **argv)
{
	char msg[512];

	cr_assert_eq(options_parse(command_of(NULL), argc, argv, &cfg, msg, sizeof(msg)),
		     OPTIONS_RUN, "%s", msg);
	run.cfg = &cfg;
	sysfs_set_root(FIXTURES "/v2");
	cr_assert_eq(cgroup_env_detect(&run.host.env), 0);
	cr_assert_eq(plan_build(&run.plan, &cfg, "/x/zswapbench-hogger", &inputs), 0);
	cr_assert_eq(run_results_init(&run), 0);
}

static void gone(void)
{
	results_free(&run.results);
	plan_free(&run.plan);
	config_free(&cfg);
	sysfs_set_root(NULL);
}

TestSuite(run_results, .fini = gone);

static int plan_has(const char *key)
{
	return json_object_object_get_ex(run.results.plan, key, NULL);
}

static json_object *plan_key(const char *key)
{
	json_object *v = NULL;

	cr_assert(json_object_object_get_ex(run.results.plan, key, &v), "no %s", key);
	return v;
}

Test(run_results, a_cell_per_plan_cell_with_what_it_is)
{
	START("--swap", "zram,disk", "--comp", "lz4", "--limit", "100M", "--alloc", "300M",
	      "--jobs", "2");
	cr_assert_eq(run.results.ncells, 2);
	cr_assert_str_eq(run.results.cells[0].label, run.plan.cells[0].label);
	cr_assert_str_eq(run.results.cells[0].backend, "zram");
	cr_assert_str_eq(run.results.cells[0].comp, "lz4");
	cr_assert_str_eq(run.results.cells[1].comp, "", "disk takes no compressor");
	cr_assert_eq(run.results.cells[0].limit, 100ULL << 20);
	cr_assert_eq(run.results.cells[0].jobs, 2);
	cr_assert_eq(run.results.cells[0].alloc, run.plan.cells[0].alloc);
	cr_assert_str_eq(run.results.cells[0].mode, "");
	cr_assert_null(plan_key("seed"), "an interleaved run has no seed");
	cr_assert_eq(json_object_get_uint64(plan_key("swap_size")), run.plan.swap_size);
	cr_assert_not(plan_has("disk_throttle_note"));
}

/* A cell's own settings (knob axes) are its knobs, by the option's name, in the axes' order. */
Test(run_results, a_cells_own_settings_are_its_knobs)
{
	START("--swap", "zram", "--swappiness", "10,60", "--thp", "never,always");
	cr_assert_eq(run.results.ncells, 4);
	for (size_t i = 0; i < 4; i++) {
		const struct result_cell *c = &run.results.cells[i];
		cr_assert_eq(c->nknobs, 2);
		cr_assert_str_eq(c->knobs[0].name, "swappiness");
		cr_assert_str_eq(c->knobs[0].value, i < 2 ? "10" : "60");
		cr_assert_str_eq(c->knobs[1].name, "thp");
		cr_assert_str_eq(c->knobs[1].value, i % 2 ? "always" : "never");
	}
	gone();
	START("--swap", "zram", "--swappiness", "10");
	cr_assert_eq(run.results.cells[0].nknobs, 0, "one value is the run's, no cell's own");
}

Test(run_results, a_run_id_of_32_hex_digits)
{
	START("--swap", "zram");
	cr_assert_eq(strlen(run.results.run_id), 32, "%s", run.results.run_id);
	for (size_t i = 0; i < 32; i++)
		cr_assert(isxdigit((unsigned char)run.results.run_id[i]));
}

Test(run_results, a_shuffled_run_records_the_seed_it_used)
{
	json_object *order;

	START("--swap", "zram", "--order", "shuffled");
	cr_assert_eq(json_object_get_uint64(plan_key("seed")), 0x5eed);
	cr_assert(json_object_object_get_ex(run.results.config, "order", &order));
	cr_assert_str_eq(json_object_get_string(order), "shuffled:24301",
			 "the config replays the order");
}

Test(run_results, a_block_device_s_cells_name_their_mode)
{
	START("--target", "block", "--swap", "zram", "--modes", "seq-write,seq-read", "--swap-size",
	      "32M");
	cr_assert_str_eq(run.results.cells[0].mode, "seq-write");
	cr_assert_str_eq(run.results.cells[1].mode, "seq-read");
}

Test(run_results, v1_s_throttle_is_explained)
{
	START("--swap", "zram");
	results_free(&run.results);
	snprintf(run.host.throttle_dev, sizeof(run.host.throttle_dev), "8:0");
	run.host.env.memory_v2 = 0;
	cr_assert_eq(run_results_init(&run), 0);
	cr_assert_str_eq(json_object_get_string(plan_key("disk_throttle_device")), "8:0");
	cr_assert(plan_has("disk_throttle_note"));
	results_free(&run.results);
	run.host.env.memory_v2 = 1;
	cr_assert_eq(run_results_init(&run), 0);
	cr_assert_not(plan_has("disk_throttle_note"));
}
