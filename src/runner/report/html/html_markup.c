/* Text into markup: what XML and HTML both take as text, escaped. */
#include "runner/report/html/html_markup.h"

#include <stdarg.h>
#include <stdlib.h>

/* The length of the character at s if XML and HTML both take it as text, else 0: valid UTF-8
 * without the control characters either refuses. A label is the user's bytes, and one stray
 * byte would make the whole page unreadable to an XML parser. */
static size_t text_char(const unsigned char *s)
{
	size_t len = s[0] < 0x80 ? 1
		: s[0] < 0xc2	 ? 0
		: s[0] < 0xe0	 ? 2
		: s[0] < 0xf0	 ? 3
		: s[0] < 0xf5	 ? 4
				 : 0;

	if (s[0] < 0x20)
		return s[0] == '\t' || s[0] == '\n' || s[0] == '\r' ? 1 : 0;
	/* DEL and C1 controls, overlong forms, UTF-16 surrogates, above U+10FFFF. */
	if (s[0] == 0x7f || (s[0] == 0xc2 && s[1] < 0xa0) || (s[0] == 0xe0 && s[1] < 0xa0) ||
	    (s[0] == 0xed && s[1] >= 0xa0) || (s[0] == 0xf0 && s[1] < 0x90) ||
	    (s[0] == 0xf4 && s[1] >= 0x90))
		return 0;
	for (size_t i = 1; i < len; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	/* U+FFFE and U+FFFF are no characters to XML. */
	if (len == 3 && s[0] == 0xef && s[1] == 0xbf && s[2] >= 0xbe)
		return 0;
	return len;
}

/* Text as text: markup characters as references, anything else unreadable as U+FFFD. */
void html_esc(FILE *f, const char *text)
{
	const unsigned char *s = (const unsigned char *)text;

	while (*s) {
		size_t len = text_char(s);
		if (!len) {
			fputs("&#xFFFD;", f);
			s++;
			continue;
		}
		if (*s == '&')
			fputs("&amp;", f);
		else if (*s == '<')
			fputs("&lt;", f);
		else if (*s == '>')
			fputs("&gt;", f);
		else if (*s == '"')
			fputs("&quot;", f);
		else if (*s == '\'')
			fputs("&#39;", f);
		else
			fwrite(s, 1, len, f);
		s += len;
	}
}

void html_escf(FILE *f, const char *fmt, ...)
{
	char *text = NULL;
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = vasprintf(&text, fmt, ap);
	va_end(ap);
	if (ret >= 0)
		html_esc(f, text);
	free(text);
}

void html_pre(FILE *f, const char *cls, const char *text)
{
	fprintf(f, "<pre class=\"%s\">", cls);
	html_esc(f, text);
	fputs("</pre>\n", f);
}

void html_td(FILE *f, const char *cls, const char *text)
{
	fputs(cls ? "<td class=\"" : "<td", f);
	if (cls)
		fprintf(f, "%s\"", cls);
	fputc('>', f);
	html_esc(f, text);
	fputs("</td>", f);
}

void html_kv_row(FILE *f, const char *key, const char *value)
{
	fputs("<tr><th>", f);
	html_esc(f, key);
	fputs("</th>", f);
	html_td(f, NULL, value);
	fputs("</tr>\n", f);
}
