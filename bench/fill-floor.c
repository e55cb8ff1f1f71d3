/*
 * The floor for touching memory: mmap SIZE, write one byte per page, exit. What no allocate-
 * and-write loop can beat; `make bench` times the hogger against it, each as a whole process.
 * --populate maps with MAP_POPULATE first (the pages are charged before they are written).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "common/size.h"

int main(int argc, char **argv)
{
	int populate = argc == 3 && strcmp(argv[1], "--populate") == 0;
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	unsigned char *p;
	uint64_t size;

	if (argc != 2 + populate || size_parse(argv[argc - 1], &size) < 0) {
		fprintf(stderr, "usage: fill-floor [--populate] SIZE\n");
		return 2;
	}
	p = mmap(NULL, size, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | (populate ? MAP_POPULATE : 0), -1, 0);
	if (p == MAP_FAILED) {
		perror("mmap");
		return 1;
	}
	for (uint64_t off = 0; off < size; off += page)
		p[off] = (unsigned char)(off / page) | 1;
	return 0;
}
