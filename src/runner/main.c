/* zswapbench: what swap setup should this machine run? Measured, not guessed. */
#include <gsl/gsl_errno.h>
#include <locale.h>

#include "runner/commands/command_options.h"
#include "runner/commands/commands.h"

int main(int argc, char **argv)
{
	const struct command_info *c = command_of(argc > 1 ? argv[1] : NULL);

	/* libsmartcols escapes non-ASCII unless the locale says the terminal takes UTF-8. */
	setlocale(LC_ALL, "");
	setlocale(LC_NUMERIC, "C");
	/* GSL aborts on a domain error by default; every caller checks what it returns. */
	gsl_set_error_handler_off();
	/* A command word is its own argv[0]; the run takes the whole command line. */
	return c->implicit ? command_main(c, argc, argv) : command_main(c, argc - 1, argv + 1);
}
