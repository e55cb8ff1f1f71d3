/* /proc/PID/{smaps,clear_refs,comm,pagemap,mem} (proc_pid.h), under the sysfs root so that a
 * fixture tree can stand in for /proc. */
#include "runner/kernel/proc_pid.h"

#include <fcntl.h>
#include <stdio.h>
#include <string.h>

#include "runner/kernel/sysfs.h"

static const char *pid_path(char *buf, size_t len, int pid, const char *file)
{
	snprintf(buf, len, "/proc/%d/%s", pid, file);
	return buf;
}

int proc_pid_smaps(int pid, char **text)
{
	char path[64];

	return sysfs_read_alloc(pid_path(path, sizeof(path), pid, "smaps"), text);
}

int proc_pid_clear_refs(int pid)
{
	char path[64];

	return sysfs_write(pid_path(path, sizeof(path), pid, "clear_refs"), "1");
}

int proc_pid_comm(int pid, char *buf, size_t len)
{
	char path[64];

	return sysfs_read_line(pid_path(path, sizeof(path), pid, "comm"), buf, len);
}

int proc_pid_open_pagemap(int pid)
{
	char path[64];

	return sysfs_open(pid_path(path, sizeof(path), pid, "pagemap"), O_RDONLY);
}

int proc_pid_open_mem(int pid)
{
	char path[64];

	return sysfs_open(pid_path(path, sizeof(path), pid, "mem"), O_RDONLY);
}
