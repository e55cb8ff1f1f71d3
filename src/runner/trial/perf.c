#include "runner/trial/perf.h"
#include "common/util.h"

#include <errno.h>
#include <linux/perf_event.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

/* The seeds' perfstat: software events and, where there is a PMU, the hardware ones. */
static const struct {
	enum metric_id metric;
	uint32_t type;
	uint64_t config;
} events[] = {
	{ M_PERF_TASK_CLOCK, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK },
	{ M_PERF_FAULTS, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS },
	{ M_PERF_MAJOR_FAULTS, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS_MAJ },
	{ M_PERF_CS, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES },
	{ M_PERF_MIGRATIONS, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS },
	{ M_PERF_INSTRUCTIONS, PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS },
	{ M_PERF_CYCLES, PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES },
	{ M_PERF_BRANCHES, PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_INSTRUCTIONS },
	{ M_PERF_BRANCH_MISSES, PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_MISSES },
	{ M_PERF_STALLED_FRONT, PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_FRONTEND },
	{ M_PERF_STALLED_BACK, PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_BACKEND },
};
#define NEVENTS (ARRAY_SIZE(events))

int perf_metric(enum metric_id m)
{
	for (size_t i = 0; i < NEVENTS; i++)
		if (events[i].metric == m)
			return 1;
	return 0;
}

void perf_open(struct perf_set *p, const pid_t *pids, unsigned npids)
{
	memset(p, 0, sizeof(*p));
	p->npids = npids > PERF_MAX_PIDS ? PERF_MAX_PIDS : npids;
	for (size_t e = 0; e < NEVENTS; e++) {
		enum metric_id m = events[e].metric;
		for (unsigned k = 0; k < PERF_MAX_PIDS; k++)
			p->fd[m][k] = -1;
		for (unsigned k = 0; k < p->npids; k++) {
			struct perf_event_attr attr = {
				.type = events[e].type,
				.size = sizeof(attr),
				.config = events[e].config,
				.disabled = 1,
				.enable_on_exec = 1, /* count the workload, not our fork and gate */
				.inherit = 1, /* its threads and children too */
				.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED |
					PERF_FORMAT_TOTAL_TIME_RUNNING,
			};
			int fd = (int)syscall(SYS_perf_event_open, &attr, pids[k], -1, -1,
					      PERF_FLAG_FD_CLOEXEC);
			if (fd < 0) {
				/* ENOENT, EOPNOTSUPP: no such counter here (a VM without a PMU). */
				p->unavailable[m] = 1;
				break;
			}
			p->fd[m][k] = fd;
			p->opened[m] = 1;
		}
	}
}

int perf_value(const struct perf_set *p, enum metric_id m, double *value)
{
	double sum = 0;

	if (p->unavailable[m] || !p->opened[m])
		return -ENOENT;
	for (unsigned k = 0; k < p->npids; k++) {
		uint64_t buf[3]; /* value, time enabled, time running */
		if (p->fd[m][k] < 0 || read(p->fd[m][k], buf, sizeof(buf)) != sizeof(buf))
			return -EIO;
		if (buf[2] == 0) {
			if (buf[1] == 0)
				continue; /* never ran: counted nothing */
			return -EAGAIN; /* enabled but never scheduled on a counter */
		}
		/* Multiplexed counters are scaled up to the whole time they were enabled. */
		sum += (double)buf[0] * ((double)buf[1] / (double)buf[2]);
	}
	*value = m == M_PERF_TASK_CLOCK ? sum / (double)NSEC_PER_SEC : sum;
	return 0;
}

void perf_close(struct perf_set *p)
{
	for (int m = 0; m < M_COUNT; m++)
		for (unsigned k = 0; k < p->npids; k++)
			if (p->opened[m] && p->fd[m][k] >= 0) {
				close(p->fd[m][k]);
				p->fd[m][k] = -1;
			}
}
