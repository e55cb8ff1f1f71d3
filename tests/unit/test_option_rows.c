/* The option table as assembled: cli/'s core rows and the rows swap/ gives (the swap areas'
 * and each backend's), in one order, with their ids, found by name, and their values landing in
 * the config's swap settings. */
#include <criterion/criterion.h>
#include <errno.h>
#include <json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/util.h"
#include "runner/cli/options.h"
#include "runner/fio/job.h"
#include "runner/loadgen/loadgen.h"
#include "runner/commands/commands.h"
#include "runner/swap/backend.h"
#include "runner/swap/options.h"
#include "runner/trial/drivers/driver.h"
#include "runner/trial/drivers/options.h"
#include "fixture.h"

/* The order --help, the man page, the completions and the result's config object follow: the
 * rows swap/ gives after --page-cluster, the swap areas' first, then zram's and zswap's. */
static const char *const table_order[] = {
	"limit",
	"alloc",
	"swap",
	"comp",
	"jobs",
	"trials",
	"min-trials",
	"warmup",
	"order",
	"limit-mode",
	"pressure-target",
	"swap-limit",
	"swappiness",
	"page-cluster",
	"swapfile",
	"swap-size",
	"priority",
	"disk-throttle",
	"zram-size",
	"zram-mem-limit",
	"zram-algo-params",
	"zram-generator",
	"zram-backing-dev",
	"zram-writeback",
	"zram-recomp",
	"zram-streams",
	"zswap-pool",
	"zswap-zpool",
	"zswap-shrinker",
	"zswap-writeback",
	"zswap-max",
	"thp",
	"mthp",
	"mglru",
	"target",
	"modes",
	"bs",
	"io-size",
	"loops",
	"direct",
	"fio-rate",
	"read-back",
	"workload",
	"data",
	"access",
	"reread",
	"swap-fraction",
	"latency",
	"chunk",
	"alloc-per-job",
	"threads",
	"prefault",
	"madvise-hugepage",
	"background",
	"cpus",
	"user",
	"no-seccomp",
	"setup",
	"prepare",
	"cleanup",
	"load",
	"ready",
	"load-warmup",
	"load-format",
	"ready-timeout",
	"ignore-failure",
	"settle",
	"timeout",
	"interval",
	"extended",
	"output",
	"suffix",
	"plot",
	"report",
	"png",
	"output",
	"output",
	"output",
	"json",
	"format",
	"format",
	"columns",
	"raw",
	"noheadings",
	"bytes",
	"table-json",
	"output-all",
	"list-columns",
	"verbose",
	"all",
	"fail-on",
	"group-by",
	"match",
	"alpha",
	"noise-threshold",
	"config",
	"dry-run",
	"quiet",
	"runs",
	"slowdown",
	"steps",
	"pid",
	"duration",
	"heat-interval",
	"hogger",
	"sysroot",
	"help",
	"version",
};
#define NORDER (sizeof(table_order) / sizeof(table_order[0]))

static int id_named(const char *name)
{
	return option_id_of(option_find(name));
}

Test(option_rows, the_whole_table_in_its_order)
{
	cr_assert_eq(option_count(), NORDER, "%zu rows, %zu expected", option_count(), NORDER);
	for (size_t pos = 0; pos < NORDER; pos++)
		cr_assert_str_eq(option_row(option_at(pos))->name, table_order[pos], "row %zu",
				 pos);
	cr_assert_eq(option_at(NORDER), -1, "nothing past the last row");
}

static size_t swap_rows(void)
{
	size_t n = 0;

	while (swap_option_row(n))
		n++;
	return n;
}

static size_t driver_rows(enum option_group group)
{
	size_t n = 0;

	while (driver_option_row(group, n))
		n++;
	return n;
}

/* Core rows keep their enum ids, in order; the rows given are numbered from O_COUNT in the
 * table's order; every id is one row's, and a row's id finds it again. */
Test(option_rows, ids_of_core_and_given_rows)
{
	size_t given = swap_rows() + driver_rows(G_DEVICE) + driver_rows(G_WORKLOAD);
	int seen[OPTION_ID_MAX] = { 0 }, next_core = 0, next_given = O_COUNT;

	cr_assert_eq(option_count(), O_COUNT + given, "every row given is in the table");
	cr_assert_leq(given, OPTION_CONTRIBUTED_MAX);
	cr_assert_eq(id_named("swapfile"), O_COUNT,
		     "the first row given takes the first id after "
		     "the core's");
	cr_assert_str_eq(option_row(O_PAGE_CLUSTER)->name, "page-cluster");
	cr_assert_str_eq(option_row(O_THP)->name, "thp");
	cr_assert_str_eq(option_row(O_VERSION)->name, "version");
	for (size_t pos = 0; pos < option_count(); pos++) {
		int id = option_at(pos);
		cr_assert(id >= 0 && id < OPTION_ID_MAX, "row %zu: id %d", pos, id);
		cr_assert_not(seen[id]++, "id %d twice", id);
		cr_assert_eq(option_id_of(option_row(id)), id, "--%s", option_row(id)->name);
		cr_assert_eq(id, id < O_COUNT ? next_core++ : next_given++, "row %zu", pos);
	}
	for (size_t k = 0; k < swap_rows(); k++)
		cr_assert_eq(option_row(O_COUNT + (int)k), swap_option_row(k), "row %zu given", k);
	cr_assert_null(option_row(-1));
	cr_assert_null(option_row(O_COUNT + (int)given), "no row past the last id");
	cr_assert_null(option_row(OPTION_ID_MAX));
	cr_assert_eq(option_id_of(NULL), -1);
	cr_assert_eq(option_id_named("no-such-option"), -1);
}

/* The place of an id in the table's order. */
static size_t pos_of(int id)
{
	size_t pos = 0;

	while (option_at(pos) != id)
		pos++;
	return pos;
}

/* A walk's rows are the table's from just after a core row on, in the walk's order, each with
 * its field in the config's driver settings. */
static void rows_after(int core, enum option_group group, const char *const *names, size_t n)
{
	cr_assert_eq(driver_rows(group), n, "the drivers' rows of group %d", group);
	for (size_t k = 0; k < n; k++) {
		const struct option_desc *o = driver_option_row(group, k);
		cr_assert_str_eq(o->name, names[k]);
		cr_assert_eq(o->scope, SCOPE_DRIVER, "--%s", o->name);
		cr_assert_eq(option_find(o->name), o, "--%s found by name", o->name);
		cr_assert_eq(option_at(pos_of(core) + 1 + k), option_id_of(o), "--%s after --%s",
			     o->name, option_row(core)->name);
	}
}

/* The drivers' rows land where --help lists them: what the device is used as after the
 * kernel's memory settings, a service's after the commands run around each trial; the shared
 * --target first, then each driver's in the order of the drivers' table. */
Test(option_rows, the_drivers_rows_by_their_group)
{
	static const char *const device[] = { "target", "modes",  "bs",	      "io-size",
					      "loops",	"direct", "fio-rate", "read-back" };
	static const char *const workload[] = { "load", "ready", "load-warmup", "load-format",
						"ready-timeout" };

	rows_after(O_MGLRU, G_DEVICE, device, ARRAY_SIZE(device));
	rows_after(O_CLEANUP, G_WORKLOAD, workload, ARRAY_SIZE(workload));
	cr_assert_null(driver_option_row(G_SWAP, 0), "no driver row of the swap devices'");
	cr_assert_eq(option_offset(option_find("target")),
		     offsetof(struct config, driver.device.target));
	cr_assert_eq(option_offset(option_find("read-back")),
		     offsetof(struct config, driver.device.read_back));
	cr_assert_eq(option_offset(option_find("ready-timeout")),
		     offsetof(struct config, driver.service.ready_timeout_ms));
	for (size_t i = 0; i < workload_driver_count; i++)
		for (const struct option_desc *r = workload_drivers[i]->option_rows; r && r->name;
		     r++)
			cr_assert_eq(option_find(r->name), r, "%s's --%s in the table",
				     workload_drivers[i]->name, r->name);
}

/* The words of --load-format and --target are loadgen's formats and the device's uses, in
 * their enums' order. */
Test(option_rows, the_drivers_words_are_their_enums)
{
	const char *const *formats = option_find("load-format")->choices;
	const char *const *targets = option_find("target")->choices;

	for (int f = 0; f < LOAD_FORMAT_COUNT; f++)
		cr_assert_str_eq(formats[f], load_format_name((enum load_format)f));
	cr_assert_null(formats[LOAD_FORMAT_COUNT]);
	for (int u = 0; u < USE_COUNT; u++)
		cr_assert_str_eq(targets[u], device_use_names[u]);
	cr_assert_null(targets[USE_COUNT]);
}

/* A row swap/ gives is found by its name as a core row is, with its field in the swap
 * settings, and a backend's own rows are among the options it says it takes. */
Test(option_rows, a_given_row_by_name)
{
	const struct option_desc *o = option_find("zram-size");
	char users[64];

	cr_assert_not_null(o);
	cr_assert_eq(o->scope, SCOPE_SWAP);
	cr_assert_geq(id_named("zram-size"), O_COUNT);
	cr_assert_eq(option_row(id_named("zram-size")), o);
	cr_assert_eq(option_offset(o), offsetof(struct config, backend.zram.size));
	cr_assert_eq(option_offset(option_find("priority")),
		     offsetof(struct config, backend.priority));
	cr_assert_eq(option_offset(option_row(O_ALLOC)), offsetof(struct config, alloc));
	cr_assert_null(option_find("zram"), "a prefix is no name");
	cr_assert_str_eq(option_find("output")->name, "output");
	cr_assert_eq(option_find("output"), option_row(O_OUTPUT), "the first row of a name");
	for (size_t i = 0; backend_at(i); i++)
		for (const struct option_desc *r = backend_at(i)->option_rows; r && r->name; r++) {
			cr_assert_eq(r->scope, SCOPE_SWAP, "--%s", r->name);
			cr_assert(strstr(backends_of_option(r->name, users, sizeof(users)),
					 backend_at(i)->name),
				  "--%s is %s's but not in its .options", r->name,
				  backend_at(i)->name);
			cr_assert_eq(option_find(r->name), r, "--%s in the table", r->name);
		}
	cr_assert_null(backend_at(4), "four backends");
}

static void set_ok(struct config *cfg, const char *name, const char *value)
{
	char msg[512];
	int id = id_named(name);

	cr_assert_eq(option_apply(cfg, id, value, msg, sizeof(msg)), 0, "--%s %s: %s", name, value,
		     msg);
	cr_assert(cfg->given[id], "--%s given", name);
}

/* Each row swap/ gives writes its own field of cfg->backend, and reads it back as typed and as
 * the result file writes it. */
Test(option_rows, given_values_land_in_the_swap_settings)
{
	struct config cfg;
	char buf[64];
	json_object *j;

	options_defaults(&cfg);
	cr_assert_eq(cfg.backend.priority, 100, "the default of a row given");
	set_ok(&cfg, "zram-size", "64M");
	set_ok(&cfg, "swap-size", "32M");
	set_ok(&cfg, "priority", "7");
	set_ok(&cfg, "disk-throttle", "10M,20M");
	set_ok(&cfg, "zswap-shrinker", "off");
	set_ok(&cfg, "zram-writeback", "huge");
	set_ok(&cfg, "swapfile", "/var/tmp/x.swap");
	cr_assert_eq(cfg.backend.zram.size, 64ULL << 20);
	cr_assert_eq(cfg.backend.size, 32ULL << 20);
	cr_assert_eq(cfg.backend.priority, 7);
	cr_assert_eq(cfg.backend.disk.throttle_read, 10ULL << 20);
	cr_assert_eq(cfg.backend.disk.throttle_write, 20ULL << 20);
	cr_assert_eq(cfg.backend.zswap.shrinker, SWITCH_OFF);
	cr_assert_str_eq(cfg.backend.zram.writeback, "huge");
	cr_assert_str_eq(cfg.backend.disk.swapfile, "/var/tmp/x.swap");
	cr_assert_eq(cfg.alloc, 300ULL << 20, "a core row's field left alone");
	cr_assert_str_eq(option_format(&cfg, id_named("disk-throttle"), buf, sizeof(buf)),
			 "10M,20M");
	cr_assert_str_eq(option_format(&cfg, id_named("zram-size"), buf, sizeof(buf)), "64M");
	set_ok(&cfg, "disk-throttle", "5M");
	cr_assert_eq(cfg.backend.disk.throttle_write, 0, "a read limit alone");
	cr_assert_str_eq(option_format(&cfg, id_named("disk-throttle"), buf, sizeof(buf)), "5M");
	j = options_to_json(&cfg);
	cr_assert_eq(json_object_get_uint64(json_object_object_get(
			     json_object_object_get(j, "disk-throttle"), "read")),
		     5ULL << 20);
	cr_assert_eq(json_object_get_int(json_object_object_get(j, "priority")), 7);
	cr_assert_eq(json_object_get_uint64(json_object_object_get(j, "swap-size")), 32ULL << 20);
	json_object_put(j);
	config_free(&cfg);
	cr_assert_str_eq(cfg.backend.disk.swapfile, "", "a swap setting's text is the config's");
}

/* The drivers' rows write the config's driver settings, and read them back as typed and as the
 * result file writes them; a command text may be as long as its row says, not longer. */
Test(option_rows, driver_values_land_in_the_driver_settings)
{
	struct config cfg, copy;
	char buf[64], msg[2 * COMMAND_TEXT_MAX], text[COMMAND_TEXT_MAX + 2];
	json_object *j;

	options_defaults(&cfg);
	cr_assert_eq(cfg.driver.device.fio_bs, 4096, "the default of a driver's row");
	cr_assert_eq(cfg.driver.service.ready_timeout_ms, 120000);
	set_ok(&cfg, "modes", "seq-read,rand-write");
	set_ok(&cfg, "bs", "3K");
	set_ok(&cfg, "load-format", "pgbench");
	set_ok(&cfg, "read-back", "tar -cf /dev/null .");
	cr_assert_eq(cfg.driver.device.modes, (1u << FIO_SEQ_READ) | (1u << FIO_RAND_WRITE));
	cr_assert_eq(cfg.driver.service.load_format, LOAD_PGBENCH);
	cr_assert_str_eq(option_format(&cfg, id_named("modes"), buf, sizeof(buf)),
			 "rand-write,seq-read", "fio's order, writes first");
	j = options_to_json(&cfg);
	cr_assert_eq(json_object_array_length(json_object_object_get(j, "modes")), 2);
	cr_assert_str_eq(json_object_get_string(json_object_object_get(j, "read-back")),
			 "tar -cf /dev/null .");
	json_object_put(j);
	for (const char *const *bad = (const char *const[]){ "seq-read,", ",seq-read", "", NULL };
	     *bad; bad++)
		cr_assert_neq(option_apply(&cfg, id_named("modes"), *bad, msg, sizeof(msg)), 0,
			      "--modes '%s'", *bad);
	memset(text, 'x', COMMAND_TEXT_MAX);
	text[COMMAND_TEXT_MAX] = '\0';
	set_ok(&cfg, "load", text);
	cr_assert_eq(strlen(cfg.driver.service.load), COMMAND_TEXT_MAX, "the longest text taken");
	strcat(text, "x");
	cr_assert_neq(option_apply(&cfg, id_named("load"), text, msg, sizeof(msg)), 0);
	cr_assert(strstr(msg, "': too long (at most 1023 characters)"), "%s", msg);
	cr_assert_eq(config_copy(&copy, &cfg), 0);
	config_free(&cfg);
	cr_assert_str_eq(copy.driver.device.read_back, "tar -cf /dev/null .", "the copy's own");
	cr_assert_eq(strlen(copy.driver.service.load), COMMAND_TEXT_MAX);
	config_free(&copy);
	cr_assert_str_eq(copy.driver.service.load, "", "a driver setting's text is the config's");
}

/* --zram-generator picks the run's backend and algorithm (not as given on the command line),
 * and its path is a text the config owns: a copy keeps its own. */
Test(option_rows, the_generator_sets_the_cell_and_its_path_is_owned)
{
	struct config cfg, copy;
	char msg[512];
	char *argv[] = {
		"zswapbench", "--swap", "disk", "--zram-generator", FIXTURES "/zram-generator.conf",
		NULL
	};

	cr_assert_eq(options_parse(command_of(NULL), 5, argv, &cfg, msg, sizeof(msg)), OPTIONS_RUN,
		     "%s", msg);
	cr_assert_eq(cfg.swap.n, 1);
	cr_assert_str_eq(cfg.swap.v[0], "zram");
	cr_assert_eq(cfg.comp.n, 1);
	cr_assert_str_eq(cfg.comp.v[0], "lz4");
	cr_assert(cfg.given[O_SWAP], "--swap was given before it");
	cr_assert_not(cfg.given[O_COMP], "the file's algorithm is not --comp given");
	cr_assert_eq(cfg.backend.size, cfg.backend.zram.size, "the run's swap is the device's");
	cr_assert(config_owns_text(offsetof(struct config, backend.zram.generator)));
	cr_assert_eq(config_copy(&copy, &cfg), 0);
	config_free(&cfg);
	cr_assert_str_eq(copy.backend.zram.generator, FIXTURES "/zram-generator.conf");
	config_free(&copy);
}

/* A file without an algorithm leaves the kernel's, and the generator's priority -1 is its
 * default, 100. */
Test(option_rows, the_generator_without_algorithm_or_priority)
{
	char path[] = "/tmp/zsb-rows-XXXXXX", msg[512];
	int fd = mkstemp(path);
	struct config cfg;
	char *argv[] = { "zswapbench", "--comp", "lzo", "--zram-generator", path, NULL };
	static const char text[] = "[zram0]\nzram-size = 64\nswap-priority = -1\n";

	cr_assert_geq(fd, 0);
	cr_assert_eq(write(fd, text, sizeof(text) - 1), (ssize_t)sizeof(text) - 1);
	close(fd);
	cr_assert_eq(options_parse(command_of(NULL), 5, argv, &cfg, msg, sizeof(msg)), OPTIONS_RUN,
		     "%s", msg);
	unlink(path);
	cr_assert_eq(cfg.comp.n, 0, "the kernel's algorithm, not --comp's before it");
	cr_assert_eq(cfg.backend.priority, 100);
	cr_assert_eq(cfg.backend.zram.size, 64ULL << 20);
	config_free(&cfg);
}

/* Rows standing in for another layer's: what the assembly does with them. */
static const struct option_desc fake_rows[] = {
	{ "fake-a", .scope = SCOPE_SWAP },
	{ "fake-b", .scope = SCOPE_SWAP },
	{ "fake-c", .scope = SCOPE_SWAP },
};

static const struct option_desc *two_rows(size_t k)
{
	return k < 2 ? &fake_rows[k] : NULL;
}

static const struct option_desc *one_row(size_t k)
{
	return k < 1 ? &fake_rows[2] : NULL;
}

static const struct option_desc *endless(size_t k)
{
	(void)k;
	return &fake_rows[0];
}

Test(option_rows, the_assembly_of_core_and_given_rows)
{
	static struct option_list t;
	const struct option_desc *core = option_row(0);
	struct option_contribution two[] = { { O_LIMIT, two_rows }, { O_VERSION, one_row } };
	struct option_contribution backwards[] = { { O_VERSION, one_row }, { O_LIMIT, two_rows } };
	struct option_contribution one_place[] = { { O_LIMIT, two_rows }, { O_LIMIT, one_row } };
	struct option_contribution too_many[] = { { O_ALLOC, endless } };

	cr_assert_eq(option_list_build(&t, core, two, 2), 0);
	cr_assert_eq(t.n, O_COUNT + 3);
	cr_assert_eq(t.id[0], O_LIMIT);
	cr_assert_eq(t.id[1], O_COUNT, "the first row given after its core row");
	cr_assert_eq(t.id[2], O_COUNT + 1);
	cr_assert_eq(t.id[3], O_ALLOC);
	cr_assert_eq(t.id[O_COUNT + 1], O_VERSION);
	cr_assert_eq(t.id[O_COUNT + 2], O_COUNT + 2, "a row given after the last core row");
	cr_assert_eq(t.row[O_COUNT], &fake_rows[0]);
	cr_assert_eq(t.row[O_COUNT + 2], &fake_rows[2]);
	cr_assert_eq(t.row[O_ALLOC], &core[O_ALLOC]);
	cr_assert_null(t.row[O_COUNT + 3]);
	cr_assert_eq(option_list_build(&t, core, backwards, 2), -EINVAL);
	cr_assert_eq(option_list_build(&t, core, one_place, 2), -EINVAL, "two after one row");
	cr_assert_eq(option_list_build(&t, core, too_many, 1), -E2BIG);
	cr_assert_eq(t.n, OPTION_ID_MAX, "as many as there is room for, and every core row");
	cr_assert_eq(t.id[1], O_ALLOC);
	cr_assert_eq(t.id[2 + OPTION_CONTRIBUTED_MAX], O_SWAP,
		     "the core rows after the rows given");
	cr_assert_eq(t.row[OPTION_ID_MAX - 1], &fake_rows[0]);
	cr_assert_eq(option_list_build(&t, core, NULL, 0), 0);
	cr_assert_eq(t.n, O_COUNT, "the core rows alone");
}
