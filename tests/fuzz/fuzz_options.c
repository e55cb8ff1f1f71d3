/* A whole command line: the input split on NUL bytes into argv (after "zswapbench"), through
 * options_parse (getopt, the table's parsers, option_checks) for the command its first word
 * names, or the run, as main() dispatches; then the config echoed back as typed and as JSON.
 * --user looks the name up (getpwnam), --data file: stats the path. */
#include <json.h>

#include "runner/cli/options.h"
#include "runner/commands/commands.h"
#include "fuzz.h"

#define MAX_ARGS 64

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct config cfg;
	char *s = fuzz_text(data, size), *argv[MAX_ARGS + 2], msg[512] = "", buf[PATH_MAX + 64];
	const struct command_info *c;
	int argc = 0;
	enum options_result res;

	argv[argc++] = "zswapbench";
	/* A trailing NUL ends the last argument rather than starting an empty one. */
	for (size_t at = 0; at < size && argc <= MAX_ARGS; at += strlen(s + at) + 1)
		argv[argc++] = s + at;
	argv[argc] = NULL;

	c = command_of(argv[1]);
	if (!c->options) { /* cleanup, list-configs: no option of the table */
		free(s);
		return 0;
	}
	res = c->implicit ? options_parse(c, argc, argv, &cfg, msg, sizeof(msg))
			  : options_parse(c, argc - 1, argv + 1, &cfg, msg, sizeof(msg));
	FUZZ_ASSERT(res == OPTIONS_RUN || res == OPTIONS_HELP || res == OPTIONS_VERSION ||
		    res == OPTIONS_USAGE);
	if (res == OPTIONS_USAGE)
		FUZZ_ASSERT(msg[0] != '\0'); /* the one-line error */
	if (res == OPTIONS_RUN && c->files)
		for (int i = 0; i < cfg.view.nfiles; i++)
			FUZZ_ASSERT(cfg.view.files[i] != NULL);
	if (res == OPTIONS_RUN && (c->options & CMD_EXPERIMENT)) {
		/* What the plan relies on: every sweep axis has a value, jobs divide --alloc. */
		FUZZ_ASSERT(cfg.limit.n >= 1 && cfg.limit.n <= LIST_MAX);
		FUZZ_ASSERT(cfg.swap.n >= 1 && cfg.swap.n <= LIST_MAX);
		FUZZ_ASSERT(cfg.comp.n <= LIST_MAX);
		FUZZ_ASSERT(cfg.jobs.n >= 1 && cfg.jobs.n <= LIST_MAX);
		for (size_t i = 0; i < cfg.jobs.n; i++)
			FUZZ_ASSERT(cfg.jobs.v[i] >= 1 && cfg.jobs.v[i] <= JOBS_MAX);
		FUZZ_ASSERT(cfg.trials >= 1);
		for (size_t pos = 0; pos < option_count(); pos++)
			option_format(&cfg, option_at(pos), buf, sizeof(buf));
		json_object *j = options_to_json(&cfg);
		FUZZ_ASSERT(json_object_to_json_string(j) != NULL);
		json_object_put(j);
	}
	/* Whatever it returned, what the config owns is freed: a leak is a finding too. */
	config_free(&cfg);
	free(s);
	return 0;
}
