/*
 * The floor for touching memory: mmap(MAP_POPULATE) of SIZE, then one write per page.
 * What no allocate-and-write loop can beat; `make bench` compares the hogger against it.
 * Prints its own time, then holds the memory until killed (the race harness times it too).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "common/clock.h"
#include "common/size.h"

int main(int argc, char **argv)
{
	uint64_t size, t0;
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	unsigned char *p;

	if (argc != 2 || size_parse(argv[1], &size) < 0) {
		fprintf(stderr, "usage: fill-floor SIZE\n");
		return 2;
	}
	t0 = clock_now_ns();
	p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
	if (p == MAP_FAILED) {
		perror("mmap");
		return 1;
	}
	for (uint64_t off = 0; off < size; off += page)
		p[off] = (unsigned char)off;
	printf("%.6f\n", (double)(clock_now_ns() - t0) / 1e9);
	fflush(stdout);
	for (;;)
		pause();
}
