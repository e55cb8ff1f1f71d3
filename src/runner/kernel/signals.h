/* Every signal sent to end the process but SIGKILL (INT, TERM, HUP, QUIT, USR1, USR2, ALRM,
 * XCPU, XFSZ, VTALRM, PROF, PWR, STKFLT, IO, the real-time ones; not the faults a bug raises,
 * SEGV, BUS, ILL, FPE, TRAP, SYS, ABRT, which leave the journal to cleanup): the handler
 * only records the signal and forwards it to the workload; the trial loop sees the flag, and
 * the journal restores the machine. */
#ifndef ZSB_SIGNALS_H
#define ZSB_SIGNALS_H
#include <sys/types.h>

int signals_install(void);
/* The signal that asked us to stop, or 0. */
int signals_pending(void);
/* Where to forward signals: a pid, a process group as -pgid, or 0 for none. */
void signals_set_child(pid_t pid);
/* Test hook: when $ZSWAPBENCH_TEST_PAUSE names this phase ("fill", or "fill:2" for its second
 * time), say so on stderr and wait for a
 * signal (or for the file $ZSWAPBENCH_TEST_RESUME to appear), so tests can interrupt each
 * phase deterministically. Returns at once otherwise. */
void signals_pause_point(const char *phase);

#endif
