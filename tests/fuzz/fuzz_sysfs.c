/* The readers under the sysfs root, on a memfd holding the input (opened through
 * /proc/self/fd with an empty root): sysfs_read, sysfs_read_line, sysfs_read_u64,
 * sysfs_read_alloc, and kv_read and psi_read on top of them. */
#include <errno.h>
#include <sys/mman.h>
#include <unistd.h>

#include "runner/kernel/kv.h"
#include "runner/kernel/psi.h"
#include "runner/kernel/sysfs.h"
#include "fuzz.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	sysfs_set_root("");
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[64], small[16], line[64], *all;
	int fd = memfd_create("zsb-fuzz-sysfs", MFD_CLOEXEC), ret;
	uint64_t v;
	struct psi p;

	FUZZ_ASSERT(fd >= 0);
	FUZZ_ASSERT(size == 0 || write(fd, data, size) == (ssize_t)size);
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);

	/* A file that fits (with its terminator) is read whole; a longer one is -EFBIG. */
	ret = sysfs_read(path, small, sizeof(small));
	if (size < sizeof(small)) {
		FUZZ_ASSERT(ret == (int)size);
		FUZZ_ASSERT(memcmp(small, data, size) == 0 && small[size] == '\0');
	} else {
		FUZZ_ASSERT(ret == -EFBIG);
	}
	ret = sysfs_read_line(path, line, sizeof(line));
	FUZZ_ASSERT(ret < 0 || (size_t)ret == strlen(line));
	if (ret >= 0)
		FUZZ_ASSERT(!strchr(line, '\n'));
	ret = sysfs_read_u64(path, &v);
	FUZZ_ASSERT(ret == 0 || ret == -EINVAL || ret == -EFBIG);
	ret = sysfs_read_alloc(path, &all);
	FUZZ_ASSERT(ret == (int)size && memcmp(all, data, size) == 0 && all[size] == '\0');
	free(all);
	kv_read(path, "swap", &v);
	psi_read(path, &p);
	close(fd);
	return 0;
}
