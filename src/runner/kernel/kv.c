#include "runner/kernel/kv.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "runner/kernel/sysfs.h"

int kv_find(const char *text, const char *key, uint64_t *value)
{
	size_t klen = strlen(key);

	for (const char *line = text; line && *line;
	     line = strchr(line, '\n'), line = line ? line + 1 : NULL) {
		const char *p = line + klen;
		char *end;

		if (strncmp(line, key, klen) != 0)
			continue;
		if (*p == ':')
			p++;
		if (*p != ' ' && *p != '\t')
			continue; /* "swap" must not match "swapcached" */
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p < '0' || *p > '9')
			return -EINVAL;
		errno = 0;
		*value = strtoull(p, &end, 10);
		if (errno)
			return -ERANGE; /* after a digit, strtoull fails only by overflow */
		end += strspn(end, " \t");
		if (strncmp(end, "kB", 2) == 0) {
			if (*value > UINT64_MAX / 1024)
				return -ERANGE;
			*value *= 1024;
			end += 2 + strspn(end + 2, " \t");
		}
		/* "12abc" is not 12. */
		return *end == '\n' || *end == '\0' ? 0 : -EINVAL;
	}
	return -ENOENT;
}

/* On the heap: a memory.stat or meminfo of a newer kernel must not outgrow a frame (16 KiB
 * at most, Makefile's FRAME_MAX). */
int kv_read(const char *path, const char *key, uint64_t *value)
{
	char *text;
	int ret = sysfs_read_alloc(path, &text);

	if (ret >= 0)
		ret = kv_find(text, key, value);
	free(text);
	return ret;
}

int words_contain(const char *list, const char *word, char sep)
{
	size_t n = strlen(word);
	if (!n)
		return 0;
	for (const char *p = list; (p = strstr(p, word)); p += n)
		if ((p == list || p[-1] == sep) && (p[n] == sep || p[n] == '\0' || p[n] == '\n'))
			return 1;
	return 0;
}
