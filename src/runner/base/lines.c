#include "runner/base/lines.h"

const char *last_lines(const char *text, size_t len, unsigned n, size_t *out_len)
{
	const char *end = text + len, *from = text;

	while (end > text && (end[-1] == '\n' || end[-1] == ' '))
		end--;
	for (const char *p = end; p > text; p--)
		if (p[-1] == '\n' && n-- <= 1) {
			from = p;
			break;
		}
	*out_len = (size_t)(end - from);
	return from;
}
