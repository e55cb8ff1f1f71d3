#ifndef ZSB_SANDBOX_H
#define ZSB_SANDBOX_H

/* Installs the hogger's seccomp allowlist: memory calls, reads from and writes to its report
 * socket and stdout/stderr, clocks, signal return, exit. Anything else kills it with SIGSYS.
 * Returns 0 or -errno. */
int sandbox_install(int report_fd);

#endif
