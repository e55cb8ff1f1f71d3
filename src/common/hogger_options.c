#include "common/hogger_options.h"

#include <stddef.h>

const struct option hogger_options[] = {
	{ "alloc", required_argument, NULL, HOGGER_ALLOC },
	{ "chunk", required_argument, NULL, HOGGER_CHUNK },
	{ "data", required_argument, NULL, HOGGER_DATA },
	{ "access", required_argument, NULL, HOGGER_ACCESS },
	{ "threads", required_argument, NULL, HOGGER_THREADS },
	{ "no-seccomp", no_argument, NULL, HOGGER_NO_SECCOMP },
	{ "probe-sandbox", no_argument, NULL, HOGGER_PROBE_SANDBOX },
	{ "hold", no_argument, NULL, HOGGER_HOLD },
	{ "verify", no_argument, NULL, HOGGER_VERIFY },
	{ "prefault", no_argument, NULL, HOGGER_PREFAULT },
	{ "madvise-hugepage", no_argument, NULL, HOGGER_MADVISE_HUGEPAGE },
	{ "no-latency", no_argument, NULL, HOGGER_NO_LATENCY },
	{ "help", no_argument, NULL, HOGGER_HELP },
	{ NULL, 0, NULL, 0 },
};

const char *hogger_option_name(int id)
{
	for (const struct option *o = hogger_options; o->name; o++)
		if (o->val == id)
			return o->name;
	return NULL;
}
