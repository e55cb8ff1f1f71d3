/* An option's value read back out of a config: as typed, for messages, and as JSON, for the
 * result file's config object. */
#ifndef ZSB_OPTION_ECHO_H
#define ZSB_OPTION_ECHO_H
#include <stddef.h>

#include "runner/cli/config.h"

struct json_object;

/* The value of an option in cfg as it would be typed ("50M,100M"), for messages, by the id of
 * its row. */
const char *option_format(const struct config *cfg, int id, char *buf, size_t len);
/* The config object of the result file: option name -> typed value. */
struct json_object *options_to_json(const struct config *cfg);

#endif
