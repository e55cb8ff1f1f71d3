/* CPU lists, the online CPUs, device interrupts per CPU and where a process ran, on a fixture
 * tree: a machine whose CPU 1 is offline and whose CPU 2 takes the disk's interrupts. */
#include <criterion/criterion.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "common/util.h"
#include "runner/kernel/cpus.h"
#include "runner/kernel/sysfs.h"
#include "fixture.h"

static void round_trip(const char *text, const char *expect)
{
	cpu_set_t set;
	char back[64];

	cr_assert_eq(cpulist_parse(text, &set), 0, "%s", text);
	cpulist_format(&set, back, sizeof(back));
	cr_assert_str_eq(back, expect, "%s", text);
}

Test(cpus, lists_as_the_kernel_writes_them)
{
	cpu_set_t set;
	const char *bad[] = { "", ",", "1,", "-1", "3-1", "a", "1 2", "0-", "99999", "1,,2", "0x1" };

	round_trip("1", "1");
	round_trip("0-3,6", "0-3,6");
	round_trip("3,1,2", "1-3");
	round_trip("0,2-3", "0,2-3");
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++)
		cr_assert_eq(cpulist_parse(bad[i], &set), -EINVAL, "'%s'", bad[i]);
}

Test(cpus, online_and_interrupts_from_the_tree)
{
	cpu_set_t online, quiet;
	uint64_t irqs[8];
	char list[64];

	sysfs_set_root(FIXTURES "/cpus");
	cr_assert_eq(cpus_online(&online), 0);
	cpulist_format(&online, list, sizeof(list));
	cr_assert_str_eq(list, "0,2-3");
	cr_assert_eq(cpus_irq_counts(irqs, 8), 0);
	/* Columns are numbered by the header (CPU1 is offline); timers and NMIs do not count. */
	cr_assert_eq(irqs[0], 9);
	cr_assert_eq(irqs[1], 0);
	cr_assert_eq(irqs[2], 500000);
	cr_assert_eq(irqs[3], 12);
	cpus_quietest(&online, irqs, 8, 1, &quiet);
	cpulist_format(&quiet, list, sizeof(list));
	cr_assert_str_eq(list, "0");
	cpus_quietest(&online, irqs, 8, 2, &quiet);
	cpulist_format(&quiet, list, sizeof(list));
	cr_assert_str_eq(list, "0,3", "CPU 2 takes the disk's interrupts");
	cpus_quietest(&online, irqs, 8, 9, &quiet);
	cr_assert_eq(CPU_COUNT(&quiet), 3, "never more than online");
	cr_assert_eq(cpus_nth(&quiet, 0), 0);
	cr_assert_eq(cpus_nth(&quiet, 1), 2);
	cr_assert_eq(cpus_nth(&quiet, 4), 2, "modulo the set's size");
	sysfs_set_root(NULL);
}

Test(cpus, where_a_process_ran)
{
	int cpu = -1;
	uint64_t n = 0;

	sysfs_set_root(FIXTURES "/cpus");
	cr_assert_eq(proc_last_cpu(4242, &cpu), 0);
	cr_assert_eq(cpu, 3,
		     "fields count from the last ')' of a name with blanks and parentheses");
	cr_assert_eq(proc_migrations(4242, &n), 0);
	cr_assert_eq(n, 7);
	cr_assert_eq(proc_last_cpu(4243, &cpu), -EINVAL, "a cut line");
	cr_assert_eq(proc_last_cpu(1, &cpu), -ENOENT);
	cr_assert_eq(proc_migrations(4243, &n), -ENOENT, "no sched file: the kernel does not say");
	sysfs_set_root(NULL);
}

Test(cpus, this_process_runs_somewhere_online)
{
	int cpu = -1;
	cpu_set_t online;

	cr_assert_eq(proc_last_cpu(getpid(), &cpu), 0);
	cr_assert_eq(cpus_online(&online), 0);
	cr_assert(CPU_ISSET(cpu, &online));
}

/* The bounds of a list: CPU_SETSIZE - 1 is the last CPU a set holds, a range may be one CPU,
 * and two neighbours are a range as the kernel writes it. */
Test(cpus, the_last_cpu_a_set_holds_and_ranges_of_one_and_two)
{
	cpu_set_t set;
	char text[16];

	snprintf(text, sizeof(text), "%d", CPU_SETSIZE - 1);
	round_trip(text, text);
	snprintf(text, sizeof(text), "%d", CPU_SETSIZE);
	cr_assert_eq(cpulist_parse(text, &set), -EINVAL, "%s", text);
	round_trip("3-3", "3");
	round_trip("0-1", "0-1");
	round_trip("0-1,4-5", "0-1,4-5");
	cr_assert_eq(cpulist_parse("2-5", &set), 0);
	cr_assert_eq(CPU_COUNT(&set), 4);
	cr_assert(CPU_ISSET(5, &set));
}

/* Equal interrupt counts: the lower CPU first, so the choice is the same on every run. */
Test(cpus, a_tie_goes_to_the_lower_cpu)
{
	cpu_set_t online, quiet;
	uint64_t irqs[4] = { 50, 7, 7, 7 };
	char list[32];

	cr_assert_eq(cpulist_parse("0-3", &online), 0);
	cpus_quietest(&online, irqs, 4, 2, &quiet);
	cpulist_format(&quiet, list, sizeof(list));
	cr_assert_str_eq(list, "1-2");
	cr_assert_eq(cpus_nth(&quiet, 2), 1, "modulo 2");
	cr_assert_eq(cpus_nth(&quiet, 3), 2);
}
