/* The undo journal a killed run left: journal_load on a memfd holding the input. Only what
 * reads the entries is called: journal_rewind would act on this machine. */
#include <errno.h>
#include <sys/mman.h>
#include <unistd.h>

#include "runner/undo/journal.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct journal j;
	char path[64], text[PATH_MAX + 512];
	int fd = memfd_create("zsb-fuzz-journal", MFD_CLOEXEC), ret;

	FUZZ_ASSERT(fd >= 0);
	FUZZ_ASSERT(size == 0 || write(fd, data, size) == (ssize_t)size);
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);

	journal_init(&j);
	ret = journal_load(&j, path);
	FUZZ_ASSERT(ret == 0 || ret == -ENOMEM);
	for (size_t i = 0; i < j.len; i++) {
		const struct undo *u = &j.entries[i];
		FUZZ_ASSERT(u->at >= 0 && (size_t)u->at < size);
		FUZZ_ASSERT(i == 0 || u->at > j.entries[i - 1].at);
		FUZZ_ASSERT(strlen(u->path) < sizeof(u->path) && strlen(u->value) < sizeof(u->value));
		/* Its line starts where the entry says, with its kind. */
		FUZZ_ASSERT(strncmp((const char *)data + u->at, undo_kind_name(u->kind),
				    strlen(undo_kind_name(u->kind))) == 0);
		undo_describe(u, text, sizeof(text));
	}
	if (j.fd >= 0)
		close(j.fd);
	journal_free(&j);
	close(fd);
	return 0;
}
