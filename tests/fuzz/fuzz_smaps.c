/* /proc/PID/smaps as the recorder reads it (profile/smaps.c): smaps_walk on any text. It returns
 * 0, -EINVAL with the line it refused named in one line, or what the callback returned; each
 * mapping handed over has its start before its end, four permissions, a name within its
 * buffer and a kind. And a mapping built from the input's first bytes, printed as the kernel
 * prints it (fs/proc/task_mmu.c), reads back to the same numbers. */
#include <errno.h>
#include <inttypes.h>

#include "runner/profile/smaps.h"
#include "fuzz.h"

static const char *const names[] = { "", "[heap]", "/memfd:x (deleted)", "/dev/shm/a b" };

struct walked {
	size_t n, stop_at; /* stop_at 0: never */
	struct smaps_vma first;
};

static int check(const struct smaps_vma *v, void *arg)
{
	struct walked *w = arg;
	enum region_kind k = smaps_kind(v);

	FUZZ_ASSERT(v->start <= v->end);
	FUZZ_ASSERT(strlen(v->perms) == 4);
	FUZZ_ASSERT(memchr(v->name, '\0', sizeof(v->name)) != NULL);
	FUZZ_ASSERT(k == REGION_ANON || k == REGION_FILE || k == REGION_SHMEM);
	if (w->n++ == 0)
		w->first = *v;
	return w->stop_at && w->n == w->stop_at ? 7 : 0;
}

static int same_vma(const struct smaps_vma *a, const struct smaps_vma *b)
{
	return a->start == b->start && a->end == b->end && a->inode == b->inode &&
		a->rss == b->rss && a->anonymous == b->anonymous &&
		a->referenced == b->referenced && a->swap == b->swap &&
		strcmp(a->perms, b->perms) == 0 && strcmp(a->name, b->name) == 0;
}

/* The kernel's own lines for one mapping, its numbers from n[]: every value in kB within what
 * 64 bits of bytes hold. */
static void as_the_kernel_prints(char *text, size_t len, const uint64_t n[8])
{
	uint64_t start = n[0] & 0x7fffffffffffULL, end = start + (n[1] & 0xffffffffULL);
	uint64_t kb[4] = { n[2] >> 10, n[3] >> 10, n[4] >> 10, n[5] >> 10 };
	static const char *const perms[] = { "rw-p", "r--s", "---p", "rwxs" };
	const char *name = names[n[6] & 3];

	snprintf(text, len,
		 "%08" PRIx64 "-%08" PRIx64 " %s %08" PRIx64 " fe:%02x %" PRIu64 "%s%*s%s\n"
		 "Size:           %8" PRIu64 " kB\nRss:            %8" PRIu64 " kB\n"
		 "Referenced:     %8" PRIu64 " kB\nAnonymous:      %8" PRIu64 " kB\n"
		 "SwapPss:        %8" PRIu64 " kB\nSwap:           %8" PRIu64 " kB\n"
		 "VmFlags: rd wr mr mw me ac \n",
		 start, end, perms[(n[6] >> 2) & 3], n[7] & 0xffffff, (unsigned)(n[7] >> 24) & 0xff,
		 n[7] >> 32, name[0] ? " " : "", name[0] ? (int)(n[6] >> 4 & 31) : 1, "", name,
		 (end - start) >> 10, kb[0], kb[1], kb[2], kb[0] + 1, kb[3]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_text(data, size), why[256], text[1024];
	struct walked w = { .n = 0 };
	uint64_t n[8] = { 0 };
	int ret;

	why[0] = '\0';
	ret = smaps_walk(s, check, &w, why, sizeof(why));
	FUZZ_ASSERT(ret == 0 || ret == -EINVAL);
	if (ret) {
		FUZZ_ASSERT(strncmp(why, "line ", 5) == 0 && !strchr(why, '\n'));
	} else if (w.n > 1) {
		/* Stopped at the second mapping: the callback's value, the first one the same. */
		struct walked again = { .n = 0, .stop_at = 2 };
		FUZZ_ASSERT(smaps_walk(s, check, &again, why, sizeof(why)) == 7);
		FUZZ_ASSERT(again.n == 2);
		FUZZ_ASSERT(same_vma(&again.first, &w.first));
	}
	free(s);

	memcpy(n, data, size < sizeof(n) ? size : sizeof(n));
	as_the_kernel_prints(text, sizeof(text), n);
	w = (struct walked){ .n = 0 };
	ret = smaps_walk(text, check, &w, why, sizeof(why));
	if (ret)
		fprintf(stderr, "%s\n%s\n", text, why);
	FUZZ_ASSERT(ret == 0 && w.n == 1);
	FUZZ_ASSERT(w.first.start == (n[0] & 0x7fffffffffffULL));
	FUZZ_ASSERT(w.first.end == w.first.start + (n[1] & 0xffffffffULL));
	FUZZ_ASSERT(w.first.inode == n[7] >> 32);
	FUZZ_ASSERT(w.first.rss == (n[2] >> 10) * 1024);
	FUZZ_ASSERT(w.first.referenced == (n[3] >> 10) * 1024);
	FUZZ_ASSERT(w.first.anonymous == (n[4] >> 10) * 1024);
	FUZZ_ASSERT(w.first.swap == (n[5] >> 10) * 1024);
	FUZZ_ASSERT(strcmp(w.first.name, names[n[6] & 3]) == 0);
	return 0;
}
