#include "runner/kernel/mthp.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "common/size.h"
#include "common/util.h"
#include "runner/base/sizes.h"
#include "runner/kernel/sysfs.h"

/* A size's folder, by its size in KiB as the kernel prints it. */
#define MTHP_DIR "/sys/kernel/mm/transparent_hugepage/hugepages-%ukB"

const unsigned mthp_sizes_kb[MTHP_SIZES] = { 8, 16, 32, 64, 128, 256, 512, 1024, 2048 };

const char *const mthp_counter_names[MTHP_COUNTERS] = {
	[MTHP_ANON_FAULT_ALLOC] = "anon_fault_alloc",
	[MTHP_ANON_FAULT_FALLBACK] = "anon_fault_fallback",
	[MTHP_ANON_FAULT_FALLBACK_CHARGE] = "anon_fault_fallback_charge",
	[MTHP_SWPOUT] = "swpout",
	[MTHP_SWPOUT_FALLBACK] = "swpout_fallback",
	[MTHP_ZSWPOUT] = "zswpout",
	[MTHP_SWPIN] = "swpin",
	[MTHP_SWPIN_FALLBACK] = "swpin_fallback",
	[MTHP_SWPIN_FALLBACK_CHARGE] = "swpin_fallback_charge",
};

static const char *const modes[] = { "always", "inherit", "madvise", "never" };

int mthp_size_index(unsigned kb)
{
	for (size_t i = 0; i < MTHP_SIZES; i++)
		if (mthp_sizes_kb[i] == kb)
			return (int)i;
	return -1;
}

/* "64kB" (or "hugepages-64kB"): the kernel's kB is 1024 bytes, where a size elsewhere takes KB
 * for 1000, so its spelling is read first. */
static int kernel_spelling(const char *text, size_t len, uint64_t *bytes)
{
	uint64_t kb = 0;
	size_t i = 0;

	if (len > 10 && strncmp(text, "hugepages-", 10) == 0)
		text += 10, len -= 10;
	if (len < 3 || strncmp(text + len - 2, "kB", 2) != 0)
		return -ENOENT;
	for (; i < len - 2; i++) {
		if (text[i] < '0' || text[i] > '9' || kb > UINT32_MAX)
			return -EINVAL;
		kb = kb * 10 + (unsigned)(text[i] - '0');
	}
	*bytes = kb * 1024;
	return 0;
}

int mthp_size_parse(const char *text, size_t len, unsigned *kb)
{
	uint64_t bytes = 0, k;
	int ret = kernel_spelling(text, len, &bytes);

	if (ret == -ENOENT)
		ret = size_parse_n(text, len, &bytes);
	if (ret < 0 || bytes % 1024)
		return -EINVAL;
	k = bytes / 1024;
	/* A folio is a power of two pages, of two pages at least. */
	if (k < 8 || k > UINT32_MAX || (k & (k - 1)))
		return -EINVAL;
	*kb = (unsigned)k;
	return 0;
}

char *mthp_size_name(unsigned kb, char *buf, size_t len)
{
	if (kb >= 1024 && kb % 1024 == 0)
		snprintf(buf, len, "%uM", kb / 1024);
	else
		snprintf(buf, len, "%uK", kb);
	return buf;
}

int mthp_mode_known(const char *mode)
{
	for (size_t i = 0; i < ARRAY_SIZE(modes); i++)
		if (strcmp(mode, modes[i]) == 0)
			return 1;
	return 0;
}

int mthp_enabled_path(unsigned kb, char *buf, size_t len)
{
	int n = snprintf(buf, len, MTHP_DIR "/enabled", kb);

	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

int mthp_offers(const char *choices, const char *mode)
{
	size_t mlen = strlen(mode);

	for (const char *w = choices; *w;) {
		const char *word;
		size_t n;

		w += strspn(w, " \t\n");
		n = strcspn(w, " \t\n");
		word = w;
		w += n;
		/* "[never]" is the word never, selected. */
		if (n >= 2 && word[0] == '[' && word[n - 1] == ']')
			word++, n -= 2;
		if (n == mlen && mlen && strncmp(word, mode, mlen) == 0)
			return 1;
	}
	return 0;
}

int mthp_choices(unsigned kb, char *buf, size_t len)
{
	char path[PATH_LEN];
	int ret = mthp_enabled_path(kb, path, sizeof(path));

	if (!ret)
		ret = sysfs_read_line(path, buf, len);
	return ret < 0 ? ret : 0;
}

char *mthp_choice_words(const char *choices, char *buf, size_t len)
{
	size_t at = 0;

	if (!len)
		return buf;
	for (const char *c = choices; *c && at + 1 < len; c++)
		if (*c != '[' && *c != ']')
			buf[at++] = *c;
	buf[at] = '\0';
	return buf;
}

size_t mthp_sizes_offered(char *buf, size_t len)
{
	char path[PATH_LEN], name[16];
	size_t n = 0, at = 0;

	if (len)
		buf[0] = '\0';
	for (size_t i = 0; i < MTHP_SIZES; i++) {
		if (mthp_enabled_path(mthp_sizes_kb[i], path, sizeof(path)) || !sysfs_exists(path))
			continue;
		if (at < len)
			at += (size_t)snprintf(buf + at, len - at, "%s%s", n ? ", " : "",
					       mthp_size_name(mthp_sizes_kb[i], name,
							      sizeof(name)));
		n++;
	}
	return n;
}

int mthp_count_parse(const char *text, uint64_t *value)
{
	uint64_t v = 0;
	size_t i = 0;

	if (!text[0])
		return -ENODATA;
	for (; text[i] >= '0' && text[i] <= '9'; i++) {
		unsigned digit = (unsigned)(text[i] - '0');
		if (v > (UINT64_MAX - digit) / 10)
			return -ERANGE;
		v = v * 10 + digit;
	}
	if (i == 0 || (text[i] && strcmp(text + i, "\n") != 0))
		return -EINVAL;
	*value = v;
	return 0;
}

/* One counter of one size; -errno where the file is not there or holds no number. */
static int read_counter(unsigned kb, const char *name, uint64_t *value)
{
	char path[PATH_LEN], text[32];
	int ret = snprintf(path, sizeof(path), MTHP_DIR "/stats/%s", kb, name);

	if (ret < 0 || (size_t)ret >= sizeof(path))
		return -ENAMETOOLONG;
	ret = sysfs_read(path, text, sizeof(text));
	return ret < 0 ? ret : mthp_count_parse(text, value);
}

size_t mthp_snapshot(struct mthp_snap *s)
{
	size_t n = 0;

	memset(s, 0, sizeof(*s));
	for (size_t i = 0; i < MTHP_SIZES; i++)
		for (size_t c = 0; c < MTHP_COUNTERS; c++) {
			s->have[i][c] = read_counter(mthp_sizes_kb[i], mthp_counter_names[c],
						     &s->v[i][c]) == 0;
			n += s->have[i][c];
		}
	return n;
}

int mthp_delta(const struct mthp_snap *before, const struct mthp_snap *after, size_t size,
	       enum mthp_counter c, uint64_t *delta)
{
	if (size >= MTHP_SIZES || (unsigned)c >= MTHP_COUNTERS || !before->have[size][c] ||
	    !after->have[size][c] || after->v[size][c] < before->v[size][c])
		return -ENODATA;
	*delta = after->v[size][c] - before->v[size][c];
	return 0;
}
