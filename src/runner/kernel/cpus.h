/*
 * Where work runs: CPU lists as the kernel writes them ("0-3,6"), the online CPUs, how many
 * device interrupts each CPU takes, and where a process last ran. A trial's time depends on
 * the CPU it lands on (on a VM by 45% between two vCPUs), so the run pins its workload to a
 * fixed set and records where each job ran.
 */
#ifndef ZSB_CPUS_H
#define ZSB_CPUS_H
#include <sched.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* "1", "0-3,6": -EINVAL for anything else (empty, reversed range, a CPU >= CPU_SETSIZE). */
int cpulist_parse(const char *text, cpu_set_t *set);
/* The same form back; "" for an empty set. */
void cpulist_format(const cpu_set_t *set, char *buf, size_t len);
/* The CPUs in /sys/devices/system/cpu/online. */
int cpus_online(cpu_set_t *set);
/* Device interrupts (the numbered lines of /proc/interrupts, not timers or IPIs) per CPU,
 * since boot, into counts[0..n); -errno when unreadable. */
int cpus_irq_counts(uint64_t *counts, size_t n);
/* The want CPUs of online taking the fewest device interrupts (ties: the lower number). */
void cpus_quietest(const cpu_set_t *online, const uint64_t *irqs, size_t nirqs, unsigned want,
		   cpu_set_t *out);
/* The n-th CPU of set (n modulo the set's size); -1 for an empty set. */
int cpus_nth(const cpu_set_t *set, unsigned n);
/* Where pid last ran (field 39 of /proc/PID/stat; readable while it is a zombie). */
int proc_last_cpu(pid_t pid, int *cpu);
/* How often the scheduler moved pid to another CPU (se.nr_migrations in /proc/PID/sched,
 * which needs CONFIG_SCHED_DEBUG): -ENOENT where the kernel has no such file. */
int proc_migrations(pid_t pid, uint64_t *count);

#endif
