/* html_svg: a gnuplot SVG inlined with ids of its own, byte for byte. */
#include <criterion/criterion.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/report/html/html_svg.h"

/* What html_svg writes of svg as picture k named name; its return in *ret. */
static char *inlined(const char *svg, size_t k, const char *name, int *ret)
{
	char *copy = strdup(svg), *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);

	cr_assert(copy && f);
	*ret = html_svg(f, copy, k, name);
	fclose(f);
	free(copy);
	return out;
}

Test(html_svg, ids_and_references_get_the_pictures_prefix)
{
	int ret;
	char *out = inlined("<?xml version=\"1.0\"?>\n<svg width=\"600\"><title>Gnuplot</title>"
			    "<defs><path id=\"gpPt0\" d=\"M0\"/></defs>"
			    "<use xlink:href=\"#gpPt0\" x=\"1\"/><use href='#gpPt0'/>"
			    "<g clip-path=\"url(#gpClip)\" style=\"fill:url(#gpFill)\"/></svg>",
			    3, "trials-elapsed.svg", &ret);

	cr_assert_eq(ret, 0);
	cr_assert_str_eq(out,
			 "<svg width=\"600\"><title>trials-elapsed.svg</title>"
			 "<defs><path id=\"plot3-gpPt0\" d=\"M0\"/></defs>"
			 "<use xlink:href=\"#plot3-gpPt0\" x=\"1\"/><use href='#plot3-gpPt0'/>"
			 "<g clip-path=\"url(#plot3-gpClip)\" style=\"fill:url(#plot3-gpFill)\"/>"
			 "</svg>\n");
	free(out);
}

/* Only an attribute called id (not data-id, not grid) names an element; a link to another
 * document is no reference; text and comments are gnuplot's, copied as they are. */
Test(html_svg, only_ids_and_references_change)
{
	int ret;
	char *out = inlined("<svg><g data-id=\"a\" grid = \"b\" id = \"c\"><a href=\"x.svg\"/>"
			    "<text>id=\"d\" url(#e)</text><!-- <g id=\"f\"> --></g></svg>",
			    12, "x", &ret);

	cr_assert_eq(ret, 0);
	cr_assert_str_eq(out,
			 "<svg><g data-id=\"a\" grid = \"b\" id = \"plot12-c\"><a href=\"x.svg\"/>"
			 "<text>id=\"d\" url(#e)</text><!-- <g id=\"f\"> --></g></svg>\n");
	free(out);
}

/* A picture's name is text of the page, escaped; without gnuplot's title none is added. */
Test(html_svg, the_name_is_escaped_and_no_title_added)
{
	int ret;
	char *out = inlined("<svg><title>Gnuplot</title></svg>", 1, "<a&b>.svg", &ret);

	cr_assert_str_eq(out, "<svg><title>&lt;a&amp;b&gt;.svg</title></svg>\n");
	free(out);
	out = inlined("<svg><rect id=\"r\"/></svg>", 2, "n", &ret);
	cr_assert_str_eq(out, "<svg><rect id=\"plot2-r\"/></svg>\n");
	free(out);
}

Test(html_svg, a_file_with_no_svg_is_refused)
{
	int ret;
	char *out = inlined("<html>not a picture</html>", 1, "n", &ret);

	cr_assert_eq(ret, -EINVAL);
	cr_assert_str_eq(out, "");
	free(out);
}
