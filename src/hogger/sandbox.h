#ifndef ZSB_SANDBOX_H
#define ZSB_SANDBOX_H

/* Installs the hogger's seccomp allowlist: memory calls, reads from and writes to its report
 * socket, writes to stdout/stderr, positioned reads of its --data file, its own rusage, clocks,
 * signal return, exit. Anything else kills it with SIGSYS. Returns 0 or -errno. */
int sandbox_install(int report_fd, int data_fd);

#endif
