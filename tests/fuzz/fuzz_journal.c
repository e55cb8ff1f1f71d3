/* The undo journal a killed run left (`zswapbench cleanup`). Every line carries a CRC-32, so
 * random bytes rarely get past the check: the input is parsed as it is (journal_parse, and
 * journal_load on a memfd holding it), and again with a valid checksum appended to each of
 * its lines, which takes the fuzzer into the records. Only what reads the entries is called:
 * journal_rewind and undo_entry would act on this machine. */
#include <errno.h>
#include <inttypes.h>
#include <sys/mman.h>
#include <unistd.h>

#include "runner/undo/journal.h"
#include "fuzz.h"

/* CRC-32 (IEEE), as journal.c checks it. */
static uint32_t crc32_of(const char *s, size_t n)
{
	uint32_t crc = 0xffffffffu;
	for (size_t i = 0; i < n; i++) {
		crc ^= (unsigned char)s[i];
		for (int k = 0; k < 8; k++)
			crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1)));
	}
	return ~crc;
}

static void check(const struct journal *j)
{
	char text[3 * PATH_MAX];

	FUZZ_ASSERT(j->len <= j->cap);
	FUZZ_ASSERT(journal_pending(j) <= j->len);
	for (size_t i = 0; i < j->len; i++) {
		const struct undo *u = &j->entries[i];
		FUZZ_ASSERT(u->kind < UNDO_KIND_COUNT);
		FUZZ_ASSERT(u->state == UNDO_INTENT || u->state == UNDO_DONE || u->state == UNDO_UNDONE);
		FUZZ_ASSERT(memchr(u->path, '\0', sizeof(u->path)) && memchr(u->value, '\0', sizeof(u->value)) &&
			    memchr(u->wrote, '\0', sizeof(u->wrote)));
		undo_describe(u, text, sizeof(text));
		FUZZ_ASSERT(strcmp(undo_kind_name(u->kind), "?") != 0);
	}
	journal_owns_device(j, "/dev/zram1");
	journal_owns_device(j, "/var/tmp/zswapbench-1.swap");
}

static void parse(const char *text, size_t len)
{
	struct journal j;
	int ret;

	journal_init(&j);
	ret = journal_parse(&j, text, len);
	FUZZ_ASSERT(ret == 0 || ret == -EBADMSG || ret == -ENOMEM);
	check(&j);
	journal_free(&j);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct journal j;
	char path[64], *fixed;
	size_t at = 0;
	int fd, ret;

	/* As it is: the bytes themselves, not a copy with a terminator. */
	parse((const char *)data, size);

	/* From a file, as cleanup reads it. */
	fd = memfd_create("zsb-fuzz-journal", MFD_CLOEXEC);
	FUZZ_ASSERT(fd >= 0);
	FUZZ_ASSERT(size == 0 || write(fd, data, size) == (ssize_t)size);
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	journal_init(&j);
	ret = journal_load(&j, path);
	FUZZ_ASSERT(ret == 0 || ret == -ENOMEM);
	check(&j);
	if (j.fd >= 0)
		close(j.fd);
	journal_free(&j);
	close(fd);

	/* Each line with its checksum, as journal.c writes it: "body\t#crc32\n". */
	fixed = malloc(size + 11 * (size + 1) + 1);
	FUZZ_ASSERT(fixed != NULL);
	for (size_t i = 0, begin = 0; i <= size; i++) {
		if (i < size && data[i] != '\n')
			continue;
		if (i == size && begin == size)
			break;
		memcpy(fixed + at, data + begin, i - begin);
		at += i - begin;
		at += (size_t)sprintf(fixed + at, "\t#%08" PRIx32 "\n", crc32_of((const char *)data + begin, i - begin));
		begin = i + 1;
	}
	parse(fixed, at);
	free(fixed);
	return 0;
}
