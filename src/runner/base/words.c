#include "runner/base/words.h"

#include <stdio.h>
#include <string.h>

char *words_or(const char *const *words, size_t n, char *buf, size_t len)
{
	size_t at = 0;

	if (len)
		buf[0] = '\0';
	for (size_t i = 0; i < n && at < len; i++)
		at += (size_t)snprintf(buf + at, len - at, "%s%s",
				       i == 0		    ? ""
					       : i + 1 == n ? " or "
							    : ", ",
				       words[i]);
	return buf;
}

struct list_item list_first(const char *list)
{
	struct list_item it = { .text = list, .len = strcspn(list, ","), .ok = 1 };
	return it;
}

struct list_item list_next(const char *list, struct list_item prev)
{
	const char *end = prev.text + prev.len;
	struct list_item it = { 0 };

	(void)list;
	if (*end != ',')
		return it;
	it.text = end + 1;
	it.len = strcspn(it.text, ",");
	it.ok = 1;
	return it;
}

int list_well_formed(const char *list)
{
	size_t n = strlen(list);
	return n && list[0] != ',' && list[n - 1] != ',' && !strstr(list, ",,");
}
