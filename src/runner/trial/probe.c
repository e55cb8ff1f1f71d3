#include "runner/trial/probe.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/clock.h"

/* 8 MiB of fresh anonymous pages, each first written (a fault and a zeroed page each: the
 * kernel's side of a fill), and a fixed integer loop (the CPU's own speed): about 30 ms on a
 * 2020s x86 core, short beside a trial. */
#define PROBE_BYTES (8u << 20)
#define PROBE_ROUNDS 4000000u

static uint64_t spin(void)
{
	/* An LCG the compiler cannot fold: each step needs the last. */
	volatile uint64_t x = 88172645463325252ULL;
	for (unsigned i = 0; i < PROBE_ROUNDS; i++)
		x = x * 6364136223846793005ULL + 1442695040888963407ULL;
	return x;
}

static int fault_in(void)
{
	long page = sysconf(_SC_PAGESIZE);
	char *p =
		mmap(NULL, PROBE_BYTES, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		return -errno;
	for (size_t off = 0; off < PROBE_BYTES; off += (size_t)page)
		p[off] = 1;
	munmap(p, PROBE_BYTES);
	return 0;
}

/* The child times itself, so that neither fork nor the parent's wake-up is counted. */
static void probe_child(const cpu_set_t *cpus, int out)
{
	uint64_t t0;
	uint64_t ns;

	if (cpus)
		sched_setaffinity(0, sizeof(*cpus), cpus);
	t0 = clock_now_ns();
	if (fault_in() < 0)
		_exit(1);
	spin();
	ns = clock_now_ns() - t0;
	_exit(write(out, &ns, sizeof(ns)) == (ssize_t)sizeof(ns) ? 0 : 1);
}

double probe_reference(const cpu_set_t *cpus)
{
	int fds[2], status, ret = 0;
	uint64_t ns = 0;
	pid_t pid;

	if (pipe2(fds, O_CLOEXEC) < 0)
		return -errno;
	pid = fork();
	if (pid == 0)
		probe_child(cpus, fds[1]);
	close(fds[1]);
	if (pid < 0)
		ret = -errno;
	else if (read(fds[0], &ns, sizeof(ns)) != (ssize_t)sizeof(ns))
		ret = -EIO;
	close(fds[0]);
	while (pid > 0 && waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	return ret ? ret : ns_to_s(ns);
}
