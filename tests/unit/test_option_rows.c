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

#include "runner/cli/options.h"
#include "runner/commands/commands.h"
#include "runner/swap/backend.h"
#include "runner/swap/options.h"
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

/* Core rows keep their enum ids; the rows given are numbered from O_COUNT in the table's
 * order; every id is one row's, and a row's id finds it again. */
Test(option_rows, ids_of_core_and_given_rows)
{
	int given = id_named("swapfile"), seen[OPTION_ID_MAX] = { 0 };
	size_t swap_rows = 0;

	while (swap_option_row(swap_rows))
		swap_rows++;
	cr_assert_eq(option_count(), O_COUNT + swap_rows, "every row swap/ gives is in the table");
	cr_assert_leq(swap_rows, OPTION_CONTRIBUTED_MAX);
	cr_assert_eq(given, O_COUNT, "the first row given takes the first id after the core's");
	cr_assert_str_eq(option_row(O_PAGE_CLUSTER)->name, "page-cluster");
	cr_assert_str_eq(option_row(O_THP)->name, "thp");
	cr_assert_str_eq(option_row(O_VERSION)->name, "version");
	for (size_t pos = 0; pos < option_count(); pos++) {
		int id = option_at(pos);
		cr_assert(id >= 0 && id < OPTION_ID_MAX, "row %zu: id %d", pos, id);
		cr_assert_not(seen[id]++, "id %d twice", id);
		cr_assert_eq(option_id_of(option_row(id)), id, "--%s", option_row(id)->name);
		if (pos <= O_PAGE_CLUSTER)
			cr_assert_eq(id, (int)pos, "a core row before the rows given");
		else if (pos <= O_PAGE_CLUSTER + swap_rows)
			cr_assert_eq(id, O_COUNT + (int)(pos - O_PAGE_CLUSTER - 1), "a row given");
		else
			cr_assert_eq(id, (int)(pos - swap_rows), "a core row after the rows given");
	}
	for (size_t k = 0; k < swap_rows; k++)
		cr_assert_eq(option_row(O_COUNT + (int)k), swap_option_row(k), "row %zu given", k);
	cr_assert_null(option_row(-1));
	cr_assert_null(option_row(O_COUNT + (int)swap_rows), "no row past the last id");
	cr_assert_null(option_row(OPTION_ID_MAX));
	cr_assert_eq(option_id_of(NULL), -1);
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
