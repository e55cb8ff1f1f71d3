/* zswapbench: what swap setup should this machine run? Measured, not guessed. */
#include <locale.h>
#include <stdio.h>

#include <string.h>

#include "runner/undo/cleanup.h"
#include "runner/cli/options.h"
#include "runner/run/run.h"

int main(int argc, char **argv)
{
	struct config cfg;
	char msg[512];

	/* libsmartcols escapes non-ASCII unless the locale says the terminal takes UTF-8. */
	setlocale(LC_ALL, "");
	setlocale(LC_NUMERIC, "C");
	if (argc > 1 && strcmp(argv[1], "cleanup") == 0)
		return cleanup_main(argc - 1, argv + 1);
	switch (options_parse(argc, argv, &cfg, msg, sizeof(msg))) {
	case OPTIONS_EXIT_OK:
		return 0;
	case OPTIONS_USAGE:
		fprintf(stderr, "zswapbench: %s; try 'zswapbench --help'\n", msg);
		return 2;
	case OPTIONS_RUN:
		break;
	}
	return run_main(&cfg);
}
