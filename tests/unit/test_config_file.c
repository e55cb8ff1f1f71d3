#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <limits.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/util.h"
#include "runner/cli/config_file.h"
#include "runner/cli/options.h"
#include "runner/commands/commands.h"
#include "runner/run/plan.h"

static char path[64];

static void write_conf(const char *text)
{
	int fd;
	snprintf(path, sizeof(path), "/tmp/zsb-conf-XXXXXX");
	fd = mkstemp(path);
	cr_assert_geq(fd, 0);
	cr_assert_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
}

static void remove_conf(void)
{
	unlink(path);
}

/* Parses "zswapbench -c FILE ARGS..." into cfg (zeroed, or of a parse before: freed first). */
static enum options_result parse(struct config *cfg, char *why, size_t len, int argc, char **args)
{
	char *argv[16] = { "zswapbench", "--config", path };
	for (int i = 0; i < argc; i++)
		argv[3 + i] = args[i];
	argv[3 + argc] = NULL;
	config_free(cfg);
	return options_parse(command_of(NULL), 3 + argc, argv, cfg, why, len);
}

Test(config_file, run_keys_are_options, .fini = remove_conf)
{
	struct config cfg = { 0 };
	char msg[512];
	write_conf("# a comment\n[run]\nlimit = 32M,64M\nalloc = 128M\nswap = zram\ncomp = "
		   "lz4\nsettle = yes\n"
		   "interval = 10ms\n");
	cr_assert_eq(parse(&cfg, msg, sizeof(msg), 0, NULL), OPTIONS_RUN, "%s", msg);
	cr_assert_eq(cfg.limit.n, 2);
	cr_assert_eq(cfg.alloc, 128ULL << 20);
	cr_assert_str_eq(cfg.comp.v[0], "lz4");
	cr_assert_eq(cfg.settle, 1);
	cr_assert_eq(cfg.interval_ms, 10);
	cr_assert(cfg.given[O_ALLOC]);
	config_free(&cfg);
}

Test(config_file, the_command_line_overrides_the_file, .fini = remove_conf)
{
	struct config cfg = { 0 };
	char msg[512];
	char *args[] = { "--alloc", "64M", "--settle" };
	write_conf("alloc = 128M\nsettle = no\ntrials = 7\n");
	cr_assert_eq(parse(&cfg, msg, sizeof(msg), 3, args), OPTIONS_RUN, "%s", msg);
	cr_assert_eq(cfg.alloc, 64ULL << 20);
	cr_assert_eq(cfg.settle, 1);
	cr_assert_eq(cfg.trials, 7, "what the command line leaves, the file keeps");
	config_free(&cfg);
}

Test(config_file, sections_are_groups_of_cells, .fini = remove_conf)
{
	struct config cfg = { 0 };
	struct plan p;
	char msg[512];
	write_conf("[run]\nlimit = 32M\nalloc = 96M\n\n[slow-disk]\nswap = disk\n\n[zram]\nswap = "
		   "zram\ncomp = lzo,lz4\n"
		   "\n[zram-jobs]\nswap = zram\njobs = 1,2\n");
	cr_assert_eq(parse(&cfg, msg, sizeof(msg), 0, NULL), OPTIONS_RUN, "%s", msg);
	cr_assert_eq(cfg.nsections, 3);
	cr_assert_eq(
		plan_build(&p, &cfg, "/x/hogger", &(struct plan_inputs){ .pid = 1, .seed = 1 }), 0);
	cr_assert_eq(p.ncells, 1 + 2 + 2);
	cr_assert_str_eq(p.cells[0].label, "slow-disk");
	cr_assert_str_eq(p.cells[1].label, "zram zram:lzo");
	cr_assert_str_eq(p.cells[2].label, "zram zram:lz4");
	cr_assert_str_eq(p.cells[4].label, "zram-jobs zram jobs=2");
	cr_assert_eq(p.cells[4].limit, 32ULL << 20,
		     "an axis a section leaves out comes from [run]");
	plan_free(&p);
	config_free(&cfg);
}

Test(config_file, a_sweep_option_on_the_command_line_replaces_the_sections, .fini = remove_conf)
{
	struct config cfg = { 0 };
	char msg[512];
	char *args[] = { "--swap", "disk" };
	write_conf("[a]\nswap = zram\n[b]\nswap = zswap\n");
	cr_assert_eq(parse(&cfg, msg, sizeof(msg), 2, args), OPTIONS_RUN, "%s", msg);
	cr_assert_eq(cfg.nsections, 0);
	cr_assert_eq(cfg.swap.n, 1);
	config_free(&cfg);
}

/* Every error names the file, the line and the key. */
Test(config_file, errors_name_file_line_and_key, .fini = remove_conf)
{
	static const struct {
		const char *text, *want;
	} cases[] = {
		{ "[run]\nlimit = 50M\n\n# c\nswap = zram\nzram-size = 12Q\n",
		  ":6: zram-size: '12Q': not a size" },
		{ "[run]\nfrobnicate = 1\n", ":2: frobnicate: not an option of a run" },
		{ "[a]\nalloc = 1G\n",
		  ":2: alloc: only swap, comp, jobs, limit and the settings that take a list "
		  "(options.md) can differ per section ([a]); put it in [run]" },
		{ "garbage line\n", ":1: not a key = value line" },
		{ "[run]\nsettle = maybe\n", ":2: settle: 'maybe': not yes or no" },
		{ "[run]\nhelp = 1\n", ":2: help: not an option of a run" },
		{ "[run]\ntrials = 0\ntrials = x\n", ":2: trials: '0': not a number of trials" },
		{ "[d]\nswap = disk\ncomp = lz4\n",
		  ": [d]: comp: none of its backends uses a compressor" },
	};
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		struct config cfg = { 0 };
		char msg[512], want[256];
		write_conf(cases[i].text);
		cr_assert_eq(parse(&cfg, msg, sizeof(msg), 0, NULL), OPTIONS_USAGE, "accepted: %s",
			     cases[i].text);
		snprintf(want, sizeof(want), "%s%s", path, cases[i].want);
		cr_assert(strncmp(msg, want, strlen(want)) == 0, "'%s' does not start with '%s'",
			  msg, want);
		cr_assert_null(strchr(msg, '\n'));
		unlink(path);
		config_free(&cfg);
	}
}

Test(config_file, a_preset_by_name)
{
	struct config cfg = { 0 };
	char msg[512], root[PATH_MAX];
	char *argv[] = { "zswapbench", "-c", "disk-vs-zram", NULL };
	if (access("configs/disk-vs-zram.conf", R_OK))
		cr_skip_test("run from the source tree, where configs/ is");
	/* As the binary at the tree's root finds them: beside itself. */
	cr_assert_not_null(getcwd(root, sizeof(root)));
	config_preset_dirs_from(root);
	cr_assert_eq(options_parse(command_of(NULL), 3, argv, &cfg, msg, sizeof(msg)), OPTIONS_RUN,
		     "%s", msg);
	cr_assert_eq(cfg.nsections, 2);
	config_free(&cfg);
	argv[2] = "no-such-preset";
	cr_assert_eq(options_parse(command_of(NULL), 3, argv, &cfg, msg, sizeof(msg)),
		     OPTIONS_USAGE);
	cr_assert(strstr(msg, "--config 'no-such-preset': no preset of that name"), "%s", msg);
	config_free(&cfg);
}

/* A preset's name is never looked for where zswapbench runs: under sudo, a folder others can
 * write in would give root their command. Named as a file, it is read. */
Test(config_file, a_name_is_not_looked_for_in_the_current_directory)
{
	struct config cfg = { 0 };
	char msg[512], dir[] = "/tmp/zsb-cwd-XXXXXX", file[64];
	char *argv[] = { "zswapbench", "-c", "planted", NULL };
	FILE *f;

	cr_assert_not_null(mkdtemp(dir));
	snprintf(file, sizeof(file), "%s/configs", dir);
	cr_assert_eq(mkdir(file, 0755), 0);
	snprintf(file, sizeof(file), "%s/configs/planted.conf", dir);
	cr_assert_not_null(f = fopen(file, "w"));
	fputs("[run]\ncommand = touch /tmp/zsb-planted-ran\nswap = zram\n", f);
	fclose(f);
	cr_assert_eq(chdir(dir), 0);
	config_preset_dirs_from("/nonexistent/bin");
	cr_assert_eq(options_parse(command_of(NULL), 3, argv, &cfg, msg, sizeof(msg)),
		     OPTIONS_USAGE);
	cr_assert(strstr(msg, "no preset of that name"), "%s", msg);
	cr_assert_null(cfg.command, "the planted command was read");
	config_free(&cfg);
	argv[2] = "./configs/planted.conf";
	cr_assert_eq(options_parse(command_of(NULL), 3, argv, &cfg, msg, sizeof(msg)), OPTIONS_RUN,
		     "%s", msg);
	cr_assert_str_eq(cfg.command[0], "touch");
	config_free(&cfg);
	unlink(file);
	snprintf(file, sizeof(file), "%s/configs", dir);
	rmdir(file);
	rmdir(dir);
}

/* The preset folders come from the binary's folder, in this order, and none is relative. */
Test(config_file, preset_folders_are_found_from_the_binary)
{
	const char *const *d;

	config_preset_dirs_from("/opt/zsb/bin");
	d = config_preset_dirs();
	cr_assert_str_eq(d[0], "/opt/zsb/bin/configs");
	cr_assert_str_eq(d[1], "/opt/zsb/bin/../share/zswapbench/configs");
	config_preset_dirs_from(NULL);
	for (d = config_preset_dirs(); *d; d++)
		cr_assert_eq((*d)[0], '/', "'%s' is relative", *d);
	cr_assert(config_preset_is_file("./x") && config_preset_is_file("my.conf"));
	cr_assert(!config_preset_is_file("disk-vs-zram") && !config_preset_is_file(".conf"));
}

/* A file's command is cut into words of the config's own: a copy of the config keeps them. */
Test(config_file, the_command_is_the_configs_own, .fini = remove_conf)
{
	struct config cfg = { 0 }, copy;
	char msg[512];
	write_conf("[run]\ncommand = sort -S 1G /tmp/x\nsetup = true ${CONFIG_DIR}/y\n");
	cr_assert_eq(parse(&cfg, msg, sizeof(msg), 0, NULL), OPTIONS_RUN, "%s", msg);
	cr_assert_eq(config_copy(&copy, &cfg), 0);
	config_free(&cfg);
	cr_assert_str_eq(copy.command[0], "sort");
	cr_assert_str_eq(copy.command[3], "/tmp/x");
	cr_assert_null(copy.command[4]);
	cr_assert_str_eq(copy.setup, "true /tmp/y");
	cr_assert_str_eq(copy.config_file, path);
	config_free(&copy);
}
