/* `zswapbench sysinfo`: what this machine offers a swap benchmark and what would disturb one,
 * read without changing anything. */
#include <json.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "runner/base/escape.h"
#include "runner/cli/options.h"
#include "runner/commands/commands.h"
#include "runner/commands/files.h"
#include "runner/kernel/sysfs.h"
#include "runner/base/log.h"
#include "runner/report/formats/formats.h"
#include "runner/run/plan.h"
#include "runner/system/sysinfo.h"

/* The directory the run's swapfile would go to, whose filesystem and disk matter. */
static void swap_dir_of(const struct config *cfg, char *dir, size_t len)
{
	char file[PATH_MAX];

	plan_swapfile(cfg, getpid(), file, sizeof(file));
	snprintf(dir, len, "%s", dirname(file));
}

static int print_json(const struct sysinfo_facts *s, FILE *out)
{
	json_object *o = sysinfo_to_json(s);

	if (!o)
		return -1;
	fprintf(out, "%s\n",
		json_object_to_json_string_ext(
			o, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE));
	json_object_put(o);
	return 0;
}

/* A mount's path, a device's name, a host's name: a local user names some of them, so they
 * reach the terminal escaped. */
static int print_facts(const struct sysinfo_facts *s, const struct format_def *f)
{
	FILE *out = escape_open(stdout, f->escape);
	int ret = 0;

	if (!out)
		return -1;
	if (f->document)
		ret = print_json(s, out);
	else
		sysinfo_print(s, out);
	if (fclose(out) || fflush(stdout))
		ret = -1;
	return ret;
}

int sysinfo_run(const struct config *cfg)
{
	static struct sysinfo_facts facts; /* about 12 KiB: not on the stack */
	const struct format_def *f = format_def_of(cfg->view.format);
	char dir[PATH_MAX];

	if (!f->document && !f->aligned) {
		say("--format '%s': sysinfo prints a table or json", f->name);
		return EXIT_USAGE;
	}
	sysfs_set_root(cfg->sysroot[0] ? cfg->sysroot : NULL);
	swap_dir_of(cfg, dir, sizeof(dir));
	sysinfo_collect(&facts, dir);
	if (print_facts(&facts, f)) {
		say("sysinfo: cannot write the facts to stdout");
		return EXIT_RUNTIME;
	}
	return EXIT_OK;
}
