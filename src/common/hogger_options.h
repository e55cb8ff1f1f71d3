/*
 * The hogger's command line, defined once for both ends: the runner writes it
 * (runner/trial/hogger_argv.c) and the hogger reads it with getopt_long (hogger/main.c).
 */
#ifndef ZSB_HOGGER_OPTIONS_H
#define ZSB_HOGGER_OPTIONS_H
#include <getopt.h>

/* The most threads one hogger runs (--threads T). */
#define HOGGER_THREADS_MAX 256

/* Each option by the value getopt_long returns for it: its short name, where it has one. */
enum hogger_option {
	HOGGER_ALLOC = 'a',
	HOGGER_CHUNK = 'c',
	HOGGER_DATA = 'd',
	HOGGER_ACCESS = 'A',
	HOGGER_THREADS = 'T',
	HOGGER_NO_SECCOMP = 'n',
	HOGGER_PROBE_SANDBOX = 'p',
	HOGGER_HOLD = 'H',
	HOGGER_VERIFY = 'v',
	HOGGER_PREFAULT = 'F',
	HOGGER_MADVISE_HUGEPAGE = 'M',
	HOGGER_NO_LATENCY = 'L',
	HOGGER_HELP = 'h',
};

/* The options that have a short name, for getopt ("a:" takes a value). */
#define HOGGER_SHORT_OPTIONS "a:c:d:A:T:h"

/* getopt_long's table of every option, NULL-terminated. */
extern const struct option hogger_options[];

/* An option's long name ("alloc"); NULL for a value that is none. */
const char *hogger_option_name(int id);

#endif
