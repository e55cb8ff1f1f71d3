/* A gnuplot SVG inlined into the page. */
#ifndef ZSB_HTML_SVG_H
#define ZSB_HTML_SVG_H
#include <stddef.h>
#include <stdio.h>

/* The picture without its XML declaration, titled name, its ids and references to them
 * prefixed "plotK-" so that pictures in one page keep apart; -EINVAL when svg has no <svg. */
int html_svg(FILE *f, char *svg, size_t k, const char *name);

#endif
