/* The kernel itself: release, command line, cgroup mode and controllers, perf events. */
#include <errno.h>
#include <limits.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "runner/kernel/cgroup.h"
#include "runner/base/sizes.h"
#include "runner/kernel/mounts.h"
#include "runner/kernel/sysfs.h"
#include "runner/system/facts.h"
#include "runner/system/facts_util.h"

/* Syscalls describe the machine we run on, not a fixture tree: only under the real root. */
static int real_root(void)
{
	return sysfs_root()[0] == '\0';
}

static void uname_fallback(struct sysinfo_facts *s)
{
	struct utsname u;

	if (!real_root() || uname(&u) != 0)
		return;
	if (!s->kernel.release[0])
		snprintf(s->kernel.release, sizeof(s->kernel.release), "%s", u.release);
	if (!s->kernel.version[0])
		snprintf(s->kernel.version, sizeof(s->kernel.version), "%s", u.version);
	if (!s->kernel.arch[0])
		snprintf(s->kernel.arch, sizeof(s->kernel.arch), "%s", u.machine);
	if (!s->kernel.hostname[0])
		snprintf(s->kernel.hostname, sizeof(s->kernel.hostname), "%s", u.nodename);
}

void facts_kernel(struct sysinfo_facts *s)
{
	char *cmdline;

	facts_line("/proc/sys/kernel/osrelease", s->kernel.release, sizeof(s->kernel.release));
	facts_line("/proc/sys/kernel/version", s->kernel.version, sizeof(s->kernel.version));
	/* /proc/sys/kernel/arch is recent (6.1); uname has it everywhere. */
	facts_line("/proc/sys/kernel/arch", s->kernel.arch, sizeof(s->kernel.arch));
	facts_line("/proc/sys/kernel/hostname", s->kernel.hostname, sizeof(s->kernel.hostname));
	uname_fallback(s);
	/* Up to 4096 bytes on some architectures: read it whole, keep what fits. */
	if (sysfs_read_alloc("/proc/cmdline", &cmdline) >= 0) {
		cmdline[strcspn(cmdline, "\n")] = '\0';
		snprintf(s->kernel.cmdline, sizeof(s->kernel.cmdline), "%s", cmdline);
		free(cmdline);
	}
}

/* v1: the controllers bound to a mounted v1 hierarchy (/proc/cgroups: hierarchy id > 0 and
 * enabled). Named hierarchies (name=systemd) hold no controller and are not listed there. */
static void v1_controllers(char *buf, size_t len)
{
	char *text, *save = NULL;

	if (sysfs_read_alloc("/proc/cgroups", &text) < 0)
		return;
	for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char name[64];
		unsigned hierarchy, ncgroups, enabled;
		if (line[0] == '#' ||
		    sscanf(line, "%63s %u %u %u", name, &hierarchy, &ncgroups, &enabled) != 4)
			continue;
		if (hierarchy > 0 && enabled)
			facts_append(buf, len, name);
	}
	free(text);
}

/* The mode and each hierarchy's controllers, env the room to detect them in. */
static void cgroup_facts(struct sysinfo_facts *s, struct cgroup_env *env)
{
	char path[PATH_LEN];
	int ret;

	/* -ENOENT: read, but no memory controller; the mode is still known. */
	ret = cgroup_env_detect(env);
	if (ret < 0 && ret != -ENOENT)
		return;
	snprintf(s->cgroup.mode, sizeof(s->cgroup.mode), "%s", cgroup_mode_name(env->mode));
	if (env->mode == CGROUP_MODE_V1 || env->mode == CGROUP_MODE_HYBRID)
		v1_controllers(s->cgroup.v1_controllers, sizeof(s->cgroup.v1_controllers));
	if (env->unified_root[0]) {
		snprintf(path, sizeof(path), "%s/cgroup.controllers", env->unified_root);
		facts_line(path, s->cgroup.v2_controllers, sizeof(s->cgroup.v2_controllers));
	}
}

void facts_cgroup(struct sysinfo_facts *s)
{
	struct cgroup_env *env;

	/* cgroup_env_detect says -ENOENT for "no memory controller" too: ask the file first. */
	if (!sysfs_exists(MOUNTS))
		return;
	/* Its mount points are 16 KiB: on the heap, past the 16 KiB frame limit. Out of memory,
	 * the facts stay unknown, as for a file that cannot be read. */
	if (!(env = malloc(sizeof(*env))))
		return;
	cgroup_facts(s, env);
	free(env);
}

/* Opens one counter on this process, disabled, and closes it at once: can it be counted? */
static int perf_can_open(uint32_t type, uint64_t config)
{
	/* The same attributes as trial/perf.c, so the answer holds for the trial's counters. */
	struct perf_event_attr attr = {
		.type = type,
		.size = sizeof(attr),
		.config = config,
		.disabled = 1,
		.inherit = 1,
	};
	int fd = (int)syscall(SYS_perf_event_open, &attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);

	if (fd < 0)
		return 0;
	close(fd);
	return 1;
}

void facts_perf(struct sysinfo_facts *s)
{
	facts_line("/proc/sys/kernel/perf_event_paranoid", s->perf.paranoid,
		   sizeof(s->perf.paranoid));
	if (!real_root())
		return;
	if (!perf_can_open(PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK))
		snprintf(s->perf.events, sizeof(s->perf.events), "none");
	else if (perf_can_open(PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS))
		snprintf(s->perf.events, sizeof(s->perf.events), "software+hardware");
	else
		snprintf(s->perf.events, sizeof(s->perf.events), "software");
}
