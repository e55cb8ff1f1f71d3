#include "common/size.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

static int unit_shift(const char *suffix, unsigned *shift)
{
	static const struct { const char *names[4]; unsigned shift; } units[] = {
		{ { "", "B", NULL, NULL }, 0 },
		{ { "K", "KB", "KiB", NULL }, 10 },
		{ { "M", "MB", "MiB", NULL }, 20 },
		{ { "G", "GB", "GiB", NULL }, 30 },
		{ { "T", "TB", "TiB", NULL }, 40 },
	};
	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		for (size_t j = 0; j < 4 && units[i].names[j]; j++)
			if (strcasecmp(suffix, units[i].names[j]) == 0) {
				*shift = units[i].shift;
				return 0;
			}
	return -EINVAL;
}

int size_parse(const char *text, uint64_t *bytes)
{
	const char *p = text;
	uint64_t value = 0;
	unsigned shift;

	if (!text || !isdigit((unsigned char)*p))
		return -EINVAL; /* also rejects "-1", "+1", " 1" and "" */
	for (; isdigit((unsigned char)*p); p++) {
		unsigned digit = (unsigned)(*p - '0');
		if (value > (UINT64_MAX - digit) / 10)
			return -ERANGE;
		value = value * 10 + digit;
	}
	if (unit_shift(p, &shift) < 0)
		return -EINVAL;
	if (value == 0)
		return -EINVAL;
	if (shift && value > (UINT64_MAX >> shift))
		return -ERANGE;
	*bytes = value << shift;
	return 0;
}

char *size_format(uint64_t bytes, char *buf, size_t len)
{
	static const char units[] = "BKMGT";
	double v = (double)bytes;
	size_t u = 0;

	while (v >= 1024.0 && u < sizeof(units) - 2) {
		v /= 1024.0;
		u++;
	}
	if (u == 0)
		snprintf(buf, len, "%llu", (unsigned long long)bytes);
	else if (v == (double)(uint64_t)v)
		snprintf(buf, len, "%llu%c", (unsigned long long)v, units[u]);
	else
		snprintf(buf, len, "%.1f%c", v, units[u]);
	return buf;
}
