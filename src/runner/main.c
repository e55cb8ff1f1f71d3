/* zswapbench: what swap setup should this machine run? Measured, not guessed. */
#include <gsl/gsl_errno.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "runner/cli/options.h"
#include "runner/base/log.h"
#include "runner/run/run.h"
#include "runner/commands/commands.h"

int main(int argc, char **argv)
{
	struct config cfg;
	char msg[PATH_MAX + 512];

	/* libsmartcols escapes non-ASCII unless the locale says the terminal takes UTF-8. */
	setlocale(LC_ALL, "");
	setlocale(LC_NUMERIC, "C");
	/* GSL aborts on a domain error by default; every caller checks what it returns. */
	gsl_set_error_handler_off();
	if (argc > 1 && strcmp(argv[1], "cleanup") == 0)
		return cleanup_main(argc - 1, argv + 1);
	if (argc > 1 && strcmp(argv[1], "show") == 0)
		return show_main(argc - 1, argv + 1);
	if (argc > 1 && strcmp(argv[1], "compare") == 0)
		return compare_main(argc - 1, argv + 1);
	if (argc > 1 && strcmp(argv[1], "plot") == 0)
		return plot_main(argc - 1, argv + 1);
	if (argc > 1 && strcmp(argv[1], "calibrate") == 0)
		return calibrate_main(argc - 1, argv + 1);
	if (argc > 1 && strcmp(argv[1], "report") == 0)
		return report_main(argc - 1, argv + 1);
	if (argc > 1 && strcmp(argv[1], "sysinfo") == 0)
		return sysinfo_main(argc - 1, argv + 1);
	if (argc > 1 && strcmp(argv[1], "list-configs") == 0)
		return list_configs_main(argc - 1, argv + 1);
	switch (options_parse(argc, argv, &cfg, msg, sizeof(msg))) {
	case OPTIONS_EXIT_OK:
		return EXIT_OK;
	case OPTIONS_USAGE:
		say("%s; try 'zswapbench --help'", msg);
		return EXIT_USAGE;
	case OPTIONS_RUN:
		break;
	}
	log_set_quiet(cfg.quiet);
	return run_main(&cfg);
}
