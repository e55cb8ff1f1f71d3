#include "common/size.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

/* util-linux's rule: K, KiB = 1024; KB = 1000 (and so on up to T). */
static int unit_multiplier(const char *suffix, size_t len, uint64_t *mult)
{
	static const char letters[] = "KMGT";
	const char *at;

	if (len == 0 || (len == 1 && (suffix[0] == 'B' || suffix[0] == 'b'))) {
		*mult = 1;
		return 0;
	}
	at = strchr(letters, toupper((unsigned char)suffix[0]));
	if (!at || !suffix[0])
		return -EINVAL;
	unsigned power = (unsigned)(at - letters) + 1;
	int decimal = len == 2 && (suffix[1] == 'B' || suffix[1] == 'b');
	int binary = len == 1 ||
		(len == 3 && suffix[1] == 'i' && (suffix[2] == 'B' || suffix[2] == 'b'));
	if (!decimal && !binary)
		return -EINVAL;
	*mult = 1;
	for (unsigned i = 0; i < power; i++)
		*mult *= decimal ? 1000 : 1024;
	return 0;
}

/* "0.5G": a fraction of the unit, as util-linux's sizes take one, cut to whole bytes. Only
 * with a unit (a byte has no fraction), and at most 18 digits, which 128 bits multiply by
 * any unit exactly. */
static int fraction_bytes(const char *digits, size_t n, uint64_t mult, uint64_t *bytes)
{
	unsigned __int128 frac = 0, scale = 1;

	if (n == 0 || n > 18 || mult == 1)
		return -EINVAL;
	for (size_t i = 0; i < n; i++) {
		if (!isdigit((unsigned char)digits[i]))
			return -EINVAL;
		frac = frac * 10 + (unsigned)(digits[i] - '0');
		scale *= 10;
	}
	*bytes = (uint64_t)(frac * mult / scale);
	return 0;
}

int size_parse_n(const char *text, size_t len, uint64_t *bytes)
{
	uint64_t value = 0, mult, part = 0;
	size_t i = 0, dot = 0, ndot = 0;

	if (!text || len == 0 || !isdigit((unsigned char)text[0]))
		return -EINVAL; /* also rejects "-1", "+1", " 1" and "" */
	for (; i < len && isdigit((unsigned char)text[i]); i++) {
		unsigned digit = (unsigned)(text[i] - '0');
		if (value > (UINT64_MAX - digit) / 10)
			return -ERANGE;
		value = value * 10 + digit;
	}
	if (i < len && text[i] == '.') {
		dot = ++i;
		while (i < len && isdigit((unsigned char)text[i]))
			i++;
		ndot = i - dot;
	}
	if (unit_multiplier(text + i, len - i, &mult) < 0 || memchr(text + i, '\0', len - i))
		return -EINVAL;
	if (dot && fraction_bytes(text + dot, ndot, mult, &part))
		return -EINVAL;
	if (value > UINT64_MAX / mult || value * mult > UINT64_MAX - part)
		return -ERANGE;
	if (value * mult + part == 0)
		return -EINVAL;
	*bytes = value * mult + part;
	return 0;
}

int size_parse(const char *text, uint64_t *bytes)
{
	return text ? size_parse_n(text, strlen(text), bytes) : -EINVAL;
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
