/* What gnuplot reads inline: literals that expand nothing, numbers, and datablocks. */
#include "runner/report/plot/plot_data.h"

#include <math.h>

/* The length of the valid UTF-8 sequence at s, 0 when it is none: gnuplot copies bytes into
 * the SVG as they are, and one stray byte makes the whole file invalid XML. */
static size_t utf8_seq(const unsigned char *s)
{
	size_t len = s[0] < 0x80 ? 1
		: s[0] < 0xc2	 ? 0
		: s[0] < 0xe0	 ? 2
		: s[0] < 0xf0	 ? 3
		: s[0] < 0xf5	 ? 4
				 : 0;

	/* Overlong forms, UTF-16 surrogates and code points above U+10FFFF. */
	if ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] >= 0xa0) ||
	    (s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] >= 0x90))
		return 0;
	for (size_t i = 1; i < len; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	return len;
}

/* A gnuplot string in single quotes, where only a doubled quote is special: no backslash
 * escapes, no `command` or @macro substitution. Control characters become spaces. */
void gp_text(FILE *f, const char *text)
{
	const unsigned char *s = (const unsigned char *)text;

	fputc('\'', f);
	while (*s) {
		size_t len = utf8_seq(s);
		if (*s == '\'')
			fputs("''", f);
		else if (*s < 0x20 || !len)
			fputc(*s < 0x20 ? ' ' : '?', f);
		else
			fwrite(s, 1, len, f);
		s += len ? len : 1;
	}
	fputc('\'', f);
}

void gp_num(FILE *f, double v)
{
	if (isfinite(v))
		fprintf(f, " %.10g", v);
	else
		fputs(" NaN", f);
}
