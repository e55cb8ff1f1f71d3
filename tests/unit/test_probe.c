/* The reference probe (trial/probe.c) in seconds, and a probe that could not map its pages
 * refused rather than timed. It only faults in pages of its own and spins: nothing of the
 * kernel's state changes. */
#include <criterion/criterion.h>
#include <errno.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "runner/trial/probe.h"

Test(probe, a_time_in_seconds)
{
	double s = probe_reference(NULL);

	/* About 30 ms on a 2020s core; a shared machine may take many times that. */
	cr_assert(s > 1e-4 && s < 30, "the probe took %g s", s);
}

/* The bytes of address space this process has now (VmSize). */
static unsigned long long vm_size(void)
{
	unsigned long long kib = 0;
	char line[256];
	FILE *f = fopen("/proc/self/status", "r");

	cr_assert_not_null(f);
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "VmSize: %llu kB", &kib) == 1)
			break;
	fclose(f);
	cr_assert_gt(kib, 0);
	return kib * 1024;
}

Test(probe, pages_it_could_not_map_are_an_error_not_a_time)
{
	int status;
	pid_t pid = fork();

	cr_assert_geq(pid, 0);
	if (pid == 0) {
		/* Room for the probe's fork, not for its 8 MiB. */
		struct rlimit as = { vm_size() + (2 << 20), vm_size() + (2 << 20) };
		double s;
		if (setrlimit(RLIMIT_AS, &as))
			_exit(3);
		s = probe_reference(NULL);
		_exit(s == -EIO ? 0 : s < 0 ? 1 : 2);
	}
	cr_assert_eq(waitpid(pid, &status, 0), pid);
	cr_assert(WIFEXITED(status));
	cr_assert_eq(WEXITSTATUS(status), 0, "status %d: 1 another error, 2 a time",
		     WEXITSTATUS(status));
}
