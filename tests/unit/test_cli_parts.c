/* The command line's smaller parts, each where a slip would show: the checks between options,
 * a value echoed back, a config file's line length and flags, --help's columns, what a view
 * refuses, the lists and words the parsers split. */
#include <criterion/criterion.h>
#include <sys/stat.h>
#include <errno.h>
#include <json.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runner/cli/config_file.h"
#include "runner/cli/help.h"
#include "runner/base/ini_line.h"
#include "runner/cli/option_echo.h"
#include "runner/cli/option_parse.h"
#include "runner/cli/options.h"
#include "runner/cli/report_opts.h"
#include "runner/cli/view_checks.h"
#include "runner/commands/commands.h"

static char msg[1024];

static enum options_result parse_for(const char *word, struct config *cfg, int argc, char **argv)
{
	config_free(cfg);
	return options_parse(command_of(word), argc, argv, cfg, msg, sizeof(msg));
}

#define ARGV(...) ((char *[]){ "zswapbench", __VA_ARGS__, NULL })
#define ARGC(...) (int)(sizeof((char *[]){ "zswapbench", __VA_ARGS__ }) / sizeof(char *))
/* A run's command line: the status, msg holding the line exit 2 prints. */
#define RUN(cfg, ...) parse_for(NULL, cfg, ARGC(__VA_ARGS__), ARGV(__VA_ARGS__))

static char conf[64];

static void write_conf(const char *text)
{
	FILE *f;
	int fd;

	snprintf(conf, sizeof(conf), "/tmp/zsb-cliparts-XXXXXX");
	fd = mkstemp(conf);
	cr_assert_geq(fd, 0);
	f = fdopen(fd, "w");
	fputs(text, f);
	fclose(f);
}

static void remove_conf(void)
{
	if (conf[0])
		unlink(conf);
}

/* --chunk may be all of --alloc; each job needs a whole chunk of its share. */
Test(option_checks, a_chunk_fits_its_alloc_and_each_jobs_share)
{
	struct config cfg = { 0 };

	cr_assert_eq(RUN(&cfg, "--alloc", "1M", "--chunk", "1M"), OPTIONS_RUN, "%s", msg);
	cr_assert_eq(RUN(&cfg, "--alloc", "1M", "--chunk", "2M"), OPTIONS_USAGE);
	cr_assert_str_eq(msg, "--chunk '2M': larger than --alloc");
	cr_assert_eq(RUN(&cfg, "--alloc", "4M", "--jobs", "4"), OPTIONS_RUN, "%s", msg);
	cr_assert_eq(RUN(&cfg, "--alloc", "4M", "--jobs", "1,5"), OPTIONS_USAGE);
	cr_assert_str_eq(msg, "--jobs '5': each job would get less than one --chunk of --alloc");
	config_free(&cfg);
}

/* tabs:N is N processes: --jobs only as 1 or N. */
Test(option_checks, tabs_take_jobs_of_one_or_their_count)
{
	struct config cfg = { 0 };

	cr_assert_eq(RUN(&cfg, "--access", "tabs:4:10", "--jobs", "4"), OPTIONS_RUN, "%s", msg);
	cr_assert_eq(RUN(&cfg, "--access", "tabs:4:10", "--jobs", "1"), OPTIONS_RUN, "%s", msg);
	cr_assert_eq(RUN(&cfg, "--access", "tabs:4:10", "--jobs", "3"), OPTIONS_USAGE);
	cr_assert_str_eq(msg, "--jobs '3': tabs:N runs N processes, one per tab: leave --jobs out");
	config_free(&cfg);
}

/* One backend uses it: "uses", and that backend to add. */
Test(option_checks, an_option_of_one_backend_names_it)
{
	struct config cfg = { 0 };

	cr_assert_eq(RUN(&cfg, "--swap", "disk", "--zram-size", "1G"), OPTIONS_USAGE);
	cr_assert_str_eq(msg, "--zram-size '1G': only zram uses this option; add --swap zram");
	config_free(&cfg);
}

/* A value as it would be typed, and as the result file keeps it. */
Test(option_echo, values_echo_as_typed_and_as_json)
{
	struct config cfg = { 0 };
	char buf[256];
	json_object *j, *v;

	cr_assert_eq(RUN(&cfg, "--timeout", "30", "--limit", "32M,1536M", "--swappiness", "0"),
		     OPTIONS_RUN, "%s", msg);
	cr_assert_str_eq(option_format(&cfg, O_TIMEOUT, buf, sizeof(buf)), "30000ms");
	cr_assert_str_eq(option_format(&cfg, O_LIMIT, buf, sizeof(buf)), "32M,1.5G");
	cr_assert_str_eq(option_format(&cfg, O_SWAPPINESS, buf, sizeof(buf)), "0");
	j = options_to_json(&cfg);
	cr_assert(json_object_object_get_ex(j, "timeout", &v));
	cr_assert_float_eq(json_object_get_double(v), 30.0, 1e-9, "a duration in seconds");
	cr_assert(json_object_object_get_ex(j, "swappiness", &v));
	cr_assert_not_null(v, "a swappiness of 0 is a value");
	cr_assert_eq(json_object_get_int(v), 0);
	cr_assert(json_object_object_get_ex(j, "limit", &v));
	cr_assert_eq(json_object_get_uint64(json_object_array_get_idx(v, 1)), 1536ULL << 20);
	json_object_put(j);

	cr_assert_eq(RUN(&cfg, "--trials", "5"), OPTIONS_RUN, "%s", msg);
	j = options_to_json(&cfg);
	cr_assert(json_object_object_get_ex(j, "swappiness", &v));
	cr_assert_null(v, "not given: null, not -1");
	json_object_put(j);
	config_free(&cfg);
}

static int long_line_of(const char *path)
{
	FILE *f = NULL;
	int ret = config_open(path, &f);

	if (f)
		fclose(f);
	return ret;
}

/* A line of CONFIG_LINE_MAX characters is taken, its newline not counted; one more is not. */
Test(ini_line, the_longest_line_and_one_more, .fini = remove_conf)
{
	char text[1024], line[CONFIG_LINE_MAX + 2];

	memset(line, 'x', CONFIG_LINE_MAX);
	line[CONFIG_LINE_MAX] = '\0';
	snprintf(text, sizeof(text), "[run]\n%s\nx = 1\n", line);
	write_conf(text);
	cr_assert_eq(long_line_of(conf), 0);
	unlink(conf);
	snprintf(text, sizeof(text), "[run]\n# a\n%sy\n", line);
	write_conf(text);
	cr_assert_eq(long_line_of(conf), 3, "the line's number, counted from 1");
	cr_assert_eq(long_line_of("/nonexistent/zsb.conf"), -ENOENT);
}

/* yes and no in every documented spelling, in any case. */
Test(config_file, flags_take_every_spelling, .fini = remove_conf)
{
	static const char *const on[] = { "1", "yes", "true", "on", "ON", "Yes" };
	static const char *const off[] = { "0", "no", "false", "off", "OFF" };
	struct config cfg = { 0 };
	char text[64];

	for (size_t i = 0; i < sizeof(on) / sizeof(on[0]); i++) {
		snprintf(text, sizeof(text), "[run]\nsettle = %s\n", on[i]);
		write_conf(text);
		cr_assert_eq(RUN(&cfg, "--config", conf), OPTIONS_RUN, "%s: %s", on[i], msg);
		cr_assert_eq(cfg.settle, 1, "%s", on[i]);
		unlink(conf);
	}
	for (size_t i = 0; i < sizeof(off) / sizeof(off[0]); i++) {
		snprintf(text, sizeof(text), "[run]\nsettle = %s\n", off[i]);
		write_conf(text);
		cr_assert_eq(RUN(&cfg, "--config", conf), OPTIONS_RUN, "%s: %s", off[i], msg);
		cr_assert_eq(cfg.settle, 0, "%s", off[i]);
		unlink(conf);
	}
	config_free(&cfg);
}

Test(config_file, a_name_with_a_slash_or_conf_is_a_file)
{
	cr_assert(config_preset_is_file("a.conf"));
	cr_assert(config_preset_is_file("x/y"));
	cr_assert_not(config_preset_is_file("redis"));
	cr_assert_not(config_preset_is_file(".conf"), "a name, not a file of no name");
	cr_assert_not(config_preset_is_file("a.con"));
}

/* ${CONFIG_DIR} is the file's own folder, the rest of the word kept. */
Test(config_file, config_dir_is_the_files_folder, .fini = remove_conf)
{
	struct config cfg = { 0 };
	char want[PATH_MAX + 16], real[PATH_MAX];

	write_conf("[run]\ncommand = ${CONFIG_DIR}/x.sh --flag\n");
	cr_assert_eq(RUN(&cfg, "--config", conf), OPTIONS_RUN, "%s", msg);
	cr_assert_not_null(realpath("/tmp", real));
	snprintf(want, sizeof(want), "%s/x.sh", real);
	cr_assert_str_eq(cfg.command[0], want);
	cr_assert_str_eq(cfg.command[1], "--flag");
	cr_assert_null(cfg.command[2]);
	config_free(&cfg);
}

/* A folder with a blank and a quote in its name is still one word of the command. */
static char odd_dir[64];

static void remove_odd_dir(void)
{
	char path[128];

	snprintf(path, sizeof(path), "%s/x.conf", odd_dir);
	unlink(path);
	rmdir(odd_dir);
}

/* A folder of this name holding x.conf with this text: the path of x.conf into conf_path. */
static void odd_conf(const char *dir, const char *text, char *conf_path, size_t len)
{
	FILE *f;

	snprintf(odd_dir, sizeof(odd_dir), "%s", dir);
	rmdir(odd_dir);
	cr_assert_eq(mkdir(odd_dir, 0755), 0);
	snprintf(conf_path, len, "%s/x.conf", odd_dir);
	cr_assert_not_null(f = fopen(conf_path, "w"));
	fputs(text, f);
	fclose(f);
}

Test(config_file, config_dir_with_blanks_and_quotes_is_one_word, .fini = remove_odd_dir)
{
	struct config cfg = { 0 };
	char path[128], want[160];

	odd_conf("/tmp/zsb it's a dir",
		 "[run]\ncommand = ${CONFIG_DIR}/x.sh --flag\nsetup = ${CONFIG_DIR}/y.sh 2\n", path,
		 sizeof(path));
	cr_assert_eq(RUN(&cfg, "--config", path), OPTIONS_RUN, "%s", msg);
	snprintf(want, sizeof(want), "%s/x.sh", odd_dir);
	cr_assert_str_eq(cfg.command[0], want);
	cr_assert_str_eq(cfg.command[1], "--flag");
	cr_assert_null(cfg.command[2]);
	cr_assert_str_eq(cfg.setup, "'/tmp/zsb it'\\''s a dir'/y.sh 2", "as it will be split");
	config_free(&cfg);
	remove_odd_dir();
	/* A blank alone is enough to need the quotes. */
	odd_conf("/tmp/zsb a dir", "[run]\ncommand = ${CONFIG_DIR}/x.sh\n", path, sizeof(path));
	cr_assert_eq(RUN(&cfg, "--config", path), OPTIONS_RUN, "%s", msg);
	cr_assert_str_eq(cfg.command[0], "/tmp/zsb a dir/x.sh");
	cr_assert_null(cfg.command[1]);
	config_free(&cfg);
}

/* --limit on the command line replaces a file's sections, as the other axes do. */
Test(options, a_limit_on_the_command_line_replaces_the_sections, .fini = remove_conf)
{
	struct config cfg = { 0 };

	write_conf("[a]\nlimit = 32M\n[b]\nlimit = 64M\n");
	cr_assert_eq(RUN(&cfg, "--config", conf), OPTIONS_RUN, "%s", msg);
	cr_assert_eq(cfg.nsections, 2);
	cr_assert_eq(RUN(&cfg, "--config", conf, "--limit", "128M"), OPTIONS_RUN, "%s", msg);
	cr_assert_eq(cfg.nsections, 0);
	cr_assert_eq(cfg.limit.v[0], 128ULL << 20);
	config_free(&cfg);
}

Test(options, a_separator_needs_a_command)
{
	struct config cfg = { 0 };

	cr_assert_eq(RUN(&cfg, "--"), OPTIONS_USAGE);
	cr_assert_str_eq(msg, "'--' must be followed by a command to run");
	cr_assert_eq(RUN(&cfg, "--", "true"), OPTIONS_RUN, "%s", msg);
	cr_assert_str_eq(cfg.command[0], "true");
	config_free(&cfg);
}

/* show takes one file or more, compare two or more. */
Test(options, result_files_are_counted)
{
	struct config cfg = { 0 };

	cr_assert_eq(parse_for("show", &cfg, 1, (char *[]){ "show", NULL }), OPTIONS_USAGE);
	cr_assert_str_eq(msg, "show needs a result file");
	cr_assert_eq(parse_for("show", &cfg, 2, (char *[]){ "show", "a.json", NULL }), OPTIONS_RUN,
		     "%s", msg);
	cr_assert_eq(cfg.view.nfiles, 1);
	cr_assert_eq(parse_for("compare", &cfg, 2, (char *[]){ "compare", "a.json", NULL }),
		     OPTIONS_USAGE);
	cr_assert(strncmp(msg, "compare needs two result files or more: ", 40) == 0, "%s", msg);
	cr_assert_eq(parse_for("compare", &cfg, 3,
			       (char *[]){ "compare", "a.json", "b.json", NULL }),
		     OPTIONS_RUN, "%s", msg);
	cr_assert_eq(cfg.view.nfiles, 2);
	config_free(&cfg);
}

/* Only a whole option name in a command's words, with or without =VALUE. */
Test(options, an_option_in_the_command_is_its_whole_name)
{
	const struct command_info *run = command_of(NULL);

	cr_assert_null(options_in_command(run, (char *[]){ "sh", "--lim", NULL }));
	cr_assert_null(options_in_command(run, (char *[]){ "sh", "-", "--", NULL }));
	cr_assert_str_eq(options_in_command(run, (char *[]){ "sh", "--limit=5", NULL }),
			 "--limit=5");
	cr_assert_str_eq(options_in_command(run, (char *[]){ "--trials", NULL }), "--trials");
}

static char *help_of(const char *word)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	cr_assert_not_null(out);
	options_help(out, command_of(word), commands, ncommands);
	fclose(out);
	return text;
}

/* Each option's text starts in column 30 and its wrapped lines under it; short names shown
 * where the command owns them; a duration's default with its unit. */
Test(help, options_line_up_under_their_text)
{
	char *text = help_of(NULL), *save = NULL;
	int continued = 0;

	cr_assert_not_null(strstr(text, "\n  -t, --trials N "), "%s", text);
	cr_assert_not_null(strstr(text, "(default 600s)"), "--timeout's default in seconds");
	cr_assert_not_null(strstr(text, "(default 10ms)"), "--interval's default in ms");
	cr_assert_not_null(strstr(text, "Exit status: 0 ok"));
	for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		size_t lead = strspn(line, " ");
		if (lead > 6 && strncmp(line, "       zswapbench", 17) != 0 && lead != 7) {
			cr_assert_eq(lead, 29, "a wrapped line not under its text: '%s'", line);
			continued++;
		}
		if (strncmp(line, "  -", 3) == 0 && strlen(line) > 29 && line[28] == ' ')
			cr_assert_neq(line[29], ' ', "'%s'", line);
	}
	cr_assert_gt(continued, 10);
	free(text);
	text = help_of("show");
	cr_assert_null(strstr(text, "Exit status"), "the run's footer is the run's");
	free(text);
}

/* What a view refuses, named with the command and the option. */
Test(view_checks, what_each_format_refuses)
{
	struct config cfg = { 0 };
	char why[256] = "";

	options_defaults(&cfg);
	cfg.given[O_RAW] = 1;
	cfg.view.format = FORMAT_TABLE;
	cr_assert_eq(options_view_check(&cfg, "show", why, sizeof(why)), 0);
	cfg.view.format = FORMAT_MARKDOWN;
	cr_assert_eq(options_view_check(&cfg, "show", why, sizeof(why)), -EINVAL);
	cr_assert_str_eq(why,
			 "show: --raw needs --format table: csv and markdown are never aligned");
	cfg.view.format = FORMAT_CSV;
	cr_assert_eq(options_view_check(&cfg, NULL, why, sizeof(why)), -EINVAL);
	cr_assert_str_eq(why, "--raw needs --format table: csv and markdown are never aligned");
	cfg.given[O_RAW] = 0;
	cfg.given[O_NOHEADINGS] = 1;
	cr_assert_eq(options_view_check(&cfg, "show", why, sizeof(why)), 0, "csv can drop it");
	cfg.view.format = FORMAT_MARKDOWN;
	cr_assert_eq(options_view_check(&cfg, "show", why, sizeof(why)), -EINVAL);
	cr_assert_str_eq(why,
			 "show: --noheadings cannot drop a markdown table's heading: markdown "
			 "needs it");
	cfg.view.format = FORMAT_TABLE;
	cfg.view.quiet = 1;
	cr_assert_eq(options_view_check(&cfg, "show", why, sizeof(why)), -EINVAL);
	cr_assert(strstr(why, "--quiet prints the verdict's words alone"), "%s", why);
	config_free(&cfg);
}

/* The report's options: which were given, and how each kind of value prints. */
Test(report_opts, given_and_value_kinds)
{
	struct config cfg = { 0 };
	struct report_opts o;

	cr_assert_eq(RUN(&cfg, "--alpha", "0.01"), OPTIONS_RUN, "%s", msg);
	o = report_opts_of(&cfg);
	cr_assert(o.alpha_given);
	cr_assert_not(o.noise_given);
	cr_assert_float_eq(o.cmp.alpha, 0.01, 1e-12);
	cr_assert_eq(RUN(&cfg, "--noise-threshold", "5%"), OPTIONS_RUN, "%s", msg);
	o = report_opts_of(&cfg);
	cr_assert_not(o.alpha_given);
	cr_assert(o.noise_given);
	cr_assert_eq(o.value_kind("alloc"), VALUE_SIZE);
	cr_assert_eq(o.value_kind("limit"), VALUE_SIZE, "a list of sizes");
	cr_assert_eq(o.value_kind("timeout"), VALUE_DURATION);
	cr_assert_eq(o.value_kind("trials"), VALUE_PLAIN);
	cr_assert_eq(o.value_kind("from-a-newer-version"), VALUE_PLAIN);
	config_free(&cfg);
}

Test(option_parse, lists_words_and_paths)
{
	char path[16];

	cr_assert(list_well_formed("a,b"));
	cr_assert_not(list_well_formed("a,,b"));
	cr_assert_not(list_well_formed(",a"));
	cr_assert_not(list_well_formed(""));
	snprintf(path, sizeof(path), "/");
	path_trim_slashes(path);
	cr_assert_str_eq(path, "/", "the root stays the root");
	snprintf(path, sizeof(path), "/a//");
	path_trim_slashes(path);
	cr_assert_str_eq(path, "/a");
}

/* A shuffled order's seed from 1; a --jobs range from 1; a mode named once. */
Test(option_table, seeds_ranges_and_modes)
{
	struct config cfg = { 0 };

	options_defaults(&cfg);
	cr_assert_eq(option_apply(&cfg, O_ORDER, "shuffled:1", msg, sizeof(msg)), 0, "%s", msg);
	cr_assert_eq(cfg.seed, 1);
	cr_assert_neq(option_apply(&cfg, O_ORDER, "shuffled:0", msg, sizeof(msg)), 0);
	cr_assert_neq(option_apply(&cfg, O_JOBS, "0-3", msg, sizeof(msg)), 0);
	cr_assert_eq(option_apply(&cfg, O_JOBS, "1-3", msg, sizeof(msg)), 0, "%s", msg);
	cr_assert_eq(cfg.jobs.n, 3);
	cr_assert_eq(cfg.jobs.v[2], 3);
	cr_assert_neq(option_apply(&cfg, option_id_named("modes"), "seq-read,seq-read", msg,
				   sizeof(msg)),
		      0);
	cr_assert_eq(option_apply(&cfg, option_id_named("modes"), "seq-read", msg, sizeof(msg)), 0,
		     "%s", msg);
	config_free(&cfg);
}

/* Sixteen sections, not one more; a copy keeps every text, the last one too. */
Test(config, sections_up_to_their_max_and_copies_whole)
{
	struct config cfg, copy;

	config_init(&cfg);
	for (int i = 0; i < SECTION_MAX; i++)
		cr_assert_not_null(config_add_section(&cfg), "section %d", i + 1);
	cr_assert_null(config_add_section(&cfg));
	cr_assert_eq(cfg.nsections, SECTION_MAX);
	cr_assert_eq(config_set_text(&cfg.driver.service.load_warmup, "warm up"), 0);
	cr_assert_eq(config_set_text(&cfg.driver.service.ready, "ready?"), 0);
	cr_assert_eq(config_set_text(&cfg.driver.service.load, "load it"), 0);
	cr_assert_eq(config_set_text(&cfg.workload, "stress-ng:vm"), 0);
	cr_assert_eq(config_copy(&copy, &cfg), 0);
	cr_assert_str_eq(copy.workload, "stress-ng:vm");
	cr_assert_str_eq(copy.driver.service.load_warmup, "warm up", "the last of the owned texts");
	cr_assert_str_eq(copy.driver.service.ready, "ready?");
	cr_assert_str_eq(copy.driver.service.load, "load it");
	cr_assert_neq(copy.driver.service.load_warmup, cfg.driver.service.load_warmup,
		      "its own copy");
	cr_assert_eq(copy.nsections, SECTION_MAX);
	config_free(&cfg);
	cr_assert_str_eq(copy.driver.service.load_warmup, "warm up", "outlives its source");
	config_free(&copy);
}
