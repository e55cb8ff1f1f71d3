/* The undo journal a killed run left (`zswapbench cleanup`). Every line carries a CRC-32, so
 * random bytes rarely get past the check: the input is parsed as it is (journal_parse, and
 * journal_load on a file holding it), and again with a valid checksum appended to each of
 * its lines, which takes the fuzzer into the records. Then the input, split on NUL bytes into
 * kind, path, old value and value written, is journaled (journal_intend, journal_confirm) to a
 * memfd, which must read back entry for entry. Nothing else is called: journal_rewind and
 * undo_entry would act on this machine. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
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
		FUZZ_ASSERT(u->state == UNDO_INTENT || u->state == UNDO_DONE ||
			    u->state == UNDO_UNDONE);
		FUZZ_ASSERT(memchr(u->path, '\0', sizeof(u->path)) &&
			    memchr(u->value, '\0', sizeof(u->value)) &&
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

/* What journal_intend and journal_confirm write, journal_parse reads back: tabs, newlines
 * and backslashes in paths and values included. */
static void round_trip(const uint8_t *data, size_t size)
{
	char *s = fuzz_text(data, size), *f[64], *text;
	struct journal j, back;
	size_t nf = 0;
	off_t len;
	int fd = memfd_create("zsb-fuzz-journal-write", MFD_CLOEXEC);

	FUZZ_ASSERT(fd >= 0);
	for (size_t at = 0; at < size && nf < 64; at += strlen(s + at) + 1)
		f[nf++] = s + at;
	journal_init(&j);
	j.fd = fd;
	for (size_t i = 0; i + 3 < nf; i += 4) {
		enum undo_kind kind = (enum undo_kind)((unsigned char)f[i][0] % UNDO_KIND_COUNT);
		int idx;
		if (!f[i + 1][0] || strlen(f[i + 1]) >= PATH_MAX || strlen(f[i + 2]) >= 256 ||
		    strlen(f[i + 3]) >= 256)
			continue;
		idx = journal_intend(&j, kind, f[i + 1], f[i + 2], f[i + 3]);
		FUZZ_ASSERT(idx >= 0);
		if ((unsigned char)f[i][0] & 0x80)
			FUZZ_ASSERT(journal_confirm(&j, idx, f[i + 2], 7, 9) == 0);
	}
	len = lseek(fd, 0, SEEK_END);
	text = malloc((size_t)len + 1);
	FUZZ_ASSERT(text && pread(fd, text, (size_t)len, 0) == len);
	journal_init(&back);
	FUZZ_ASSERT(journal_parse(&back, text, (size_t)len) == 0);
	FUZZ_ASSERT(back.damaged == 0 && back.len == j.len);
	for (size_t i = 0; i < j.len; i++) {
		const struct undo *a = &j.entries[i], *b = &back.entries[i];
		FUZZ_ASSERT(a->id == b->id && a->kind == b->kind && a->state == b->state &&
			    a->when == b->when);
		FUZZ_ASSERT(strcmp(a->path, b->path) == 0 && strcmp(a->value, b->value) == 0 &&
			    strcmp(a->wrote, b->wrote) == 0);
		FUZZ_ASSERT(a->ino == b->ino && a->dev == b->dev);
	}
	journal_free(&j);
	journal_free(&back);
	free(text);
	close(fd);
	free(s);
}

static char dir[] = "/tmp/zsb-fuzz-journal.XXXXXX";

/* What a load left in the folder: the journal, or the copy a damaged one was moved aside to. */
static void empty_dir(void)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	if (!d)
		return;
	while ((e = readdir(d)))
		if (e->d_name[0] != '.')
			unlinkat(dirfd(d), e->d_name, 0);
	closedir(d);
}

static void remove_dir(void)
{
	empty_dir();
	rmdir(dir);
}

/* journal_load opens its path O_NOFOLLOW, as cleanup does, and moves a damaged journal aside:
 * a file of its own in a folder of this process's, not a memfd's /proc/self/fd link. */
static int input_file(char *path, size_t len, const uint8_t *data, size_t size)
{
	static int made;
	int fd;

	if (!made) {
		FUZZ_ASSERT(mkdtemp(dir) != NULL);
		atexit(remove_dir);
		made = 1;
	}
	empty_dir();
	snprintf(path, len, "%s/journal", dir);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	FUZZ_ASSERT(fd >= 0);
	FUZZ_ASSERT(size == 0 || write(fd, data, size) == (ssize_t)size);
	return fd;
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
	fd = input_file(path, sizeof(path), data, size);
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
		at += (size_t)sprintf(fixed + at, "\t#%08" PRIx32 "\n",
				      crc32_of((const char *)data + begin, i - begin));
		begin = i + 1;
	}
	parse(fixed, at);
	free(fixed);

	round_trip(data, size);
	return 0;
}
