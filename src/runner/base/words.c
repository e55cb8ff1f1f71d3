#include "runner/base/words.h"

#include <stdio.h>

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
