/* The hogger's command line, built in one place for the trials' jobs and the background hogger,
 * from the options the hogger defines (common/hogger_options.h). */
#ifndef ZSB_HOGGER_ARGV_H
#define ZSB_HOGGER_ARGV_H
#include <stdint.h>

struct hogger_args {
	const char *path;
	uint64_t alloc, chunk; /* chunk 0: the hogger's own */
	const char *data;
	const char *access; /* NULL: fill only */
	unsigned threads; /* 0: the hogger's own (1) */
	int no_seccomp, prefault;
	int madvise_hugepage; /* one region aligned to 2 MiB, MADV_HUGEPAGE */
	int hold; /* hold the memory until killed (--background) */
	int no_latency; /* leave the clock out of the fill and the access */
};

/* Owns the options and numbers argv points to (the path, data and access are the caller's);
 * argv is NULL-terminated. */
struct hogger_argv {
	char *argv[24];
	char text[256];
};

void hogger_argv_build(struct hogger_argv *out, const struct hogger_args *a);

#endif
