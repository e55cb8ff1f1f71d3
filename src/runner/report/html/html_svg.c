/* A gnuplot SVG inlined: gnuplot names its canvas and point shapes alike in every picture, so
 * each picture's ids, and the references to them, get a prefix of their own. */
#include "runner/report/html/html_svg.h"

#include <errno.h>
#include <string.h>

#include "runner/report/html/html_markup.h"

/* gnuplot's title of every SVG; each inlined picture gets its plot's name instead. */
#define GNUPLOT_TITLE "<title>Gnuplot</title>"

/* Whether the attribute whose value opens with the quote at q is called name. */
static int attr_is(const char *tag, const char *q, const char *name)
{
	const char *p = q - 1, *end;
	size_t len = strlen(name);

	while (p > tag && (*p == ' ' || *p == '\t' || *p == '\n'))
		p--;
	if (p <= tag || *p != '=')
		return 0;
	for (p--; p > tag && (*p == ' ' || *p == '\t' || *p == '\n'); p--)
		;
	end = p + 1;
	while (p > tag &&
	       (strchr(":-_.", *p) || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		(*p >= '0' && *p <= '9')))
		p--;
	return (size_t)(end - (p + 1)) == len && strncmp(p + 1, name, len) == 0;
}

/* One tag, '<' to '>', with its id and its references to ids prefixed. */
static const char *put_tag(FILE *f, const char *s, const char *prefix)
{
	const char *tag = s;
	char quote = 0;

	for (; *s; s++) {
		if (!quote && *s == '>') {
			fputc('>', f);
			return s + 1;
		}
		if (quote && *s == quote) {
			quote = 0;
		} else if (!quote && (*s == '"' || *s == '\'')) {
			quote = *s;
			fputc(*s, f);
			if (attr_is(tag, s, "id"))
				fputs(prefix, f);
			else if ((attr_is(tag, s, "href") || attr_is(tag, s, "xlink:href")) &&
				 s[1] == '#') {
				fprintf(f, "#%s", prefix);
				s++;
			}
			continue;
		} else if (quote && strncmp(s, "url(#", 5) == 0) {
			fprintf(f, "url(#%s", prefix);
			s += 4;
			continue;
		}
		fputc(*s, f);
	}
	return s;
}

/* The SVG with every id prefixed, and every reference to one: gnuplot names its canvas and
 * point shapes alike in every picture ("gnuplot_canvas", "gpPt0"), and in one page a <use>
 * would draw the first picture's shape. Text between tags is gnuplot's, already escaped. */
static void put_svg_body(FILE *f, const char *s, const char *prefix)
{
	while (*s) {
		size_t len;
		if (strncmp(s, "<!--", 4) == 0) {
			const char *end = strstr(s, "-->");
			len = end ? (size_t)(end + 3 - s) : strlen(s);
		} else if (*s != '<') {
			len = strcspn(s, "<");
		} else {
			s = put_tag(f, s, prefix);
			continue;
		}
		fwrite(s, 1, len, f);
		s += len;
	}
}

int html_svg(FILE *f, char *svg, size_t k, const char *name)
{
	char *start = strstr(svg, "<svg"), *title, prefix[32];

	if (!start)
		return -EINVAL;
	snprintf(prefix, sizeof(prefix), "plot%zu-", k);
	title = strstr(start, GNUPLOT_TITLE);
	if (title)
		*title = '\0';
	put_svg_body(f, start, prefix);
	if (title) {
		fputs("<title>", f);
		html_esc(f, name);
		fputs("</title>", f);
		put_svg_body(f, title + strlen(GNUPLOT_TITLE), prefix);
	}
	fputc('\n', f);
	return 0;
}
