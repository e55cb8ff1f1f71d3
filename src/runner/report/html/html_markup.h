/* Text into markup that an XML parser reads as well as a browser: escaped, invalid bytes
 * replaced, and the few elements every section writes. */
#ifndef ZSB_HTML_MARKUP_H
#define ZSB_HTML_MARKUP_H
#include <stdio.h>

/* Written as UTF-8 bytes: the page declares its charset, whatever the locale. */
#define HTML_PM " \xc2\xb1 "
#define HTML_ELLIPSIS " \xe2\x80\xa6 "

/* Text as text: markup characters as references, anything else unreadable as U+FFFD. */
void html_esc(FILE *f, const char *text);
__attribute__((format(printf, 2, 3))) void html_escf(FILE *f, const char *fmt, ...);
/* <pre class="cls">text</pre> */
void html_pre(FILE *f, const char *cls, const char *text);
/* <td class="cls">text</td>; cls NULL: no class. */
void html_td(FILE *f, const char *cls, const char *text);
/* <tr><th>key</th><td>value</td></tr> */
void html_kv_row(FILE *f, const char *key, const char *value);

#endif
