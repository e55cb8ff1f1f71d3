#ifndef ZSB_SANDBOX_H
#define ZSB_SANDBOX_H

/* The advice madvise may give besides MADV_DONTNEED, which glibc gives itself (a thread's
 * stack at its end, memory freed in a thread's arena): each only where the hogger was asked
 * for it. */
enum sandbox_advice {
	SANDBOX_POPULATE_WRITE = 1 << 0, /* --prefault */
	SANDBOX_HUGEPAGE = 1 << 1, /* --madvise-hugepage */
};

/* Installs the hogger's seccomp allowlist: memory calls (madvise with MADV_DONTNEED and the
 * advice given, a set of enum sandbox_advice), reads from and writes to its report socket,
 * writes to stdout/stderr, positioned reads of its --data file, its own rusage, clocks, signal
 * return, exit. Anything else kills it with SIGSYS. Returns 0 or -errno. */
int sandbox_install(int report_fd, int data_fd, unsigned advice);

#endif
