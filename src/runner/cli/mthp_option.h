/*
 * --mthp SIZE:MODE,...: a mode for each multi-size THP folio size, for the run. A size given
 * with more than one mode (`--mthp 64K:always,64K:never,2M:never`) makes it an axis of the
 * sweep (knob_axes.h): a cell per combination of the modes given, each value the whole setting
 * ("64K:always,2M:never"), the config's field holding the first.
 */
#ifndef ZSB_MTHP_OPTION_H
#define ZSB_MTHP_OPTION_H
#include <stddef.h>

struct json_object;

/* The option row's callbacks; scope is the struct config. */
int mthp_option_parse(void *scope, const char *v, char *why, size_t len);
void mthp_option_format(const void *scope, char *buf, size_t len);
struct json_object *mthp_option_json(const void *scope);

#endif
