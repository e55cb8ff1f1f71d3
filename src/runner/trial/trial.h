/* One trial: fresh swap and cgroup, the workload inside it, counters around it, all undone
 * after. */
#ifndef ZSB_TRIAL_H
#define ZSB_TRIAL_H
#include <stddef.h>
#include <stdint.h>

#include "runner/result/results.h"
#include "runner/trial/setup.h"

/* Returns 0 when the trial ran (whatever its status), -EINTR when a signal came before the
 * workload started, -errno when the setup failed; why then names what (a path, and the
 * value written), for the message. The journal is rewound to where it was on every path. */
int trial_run(const struct trial_setup *setup, struct trial *t, char *why, size_t why_len);

#endif
