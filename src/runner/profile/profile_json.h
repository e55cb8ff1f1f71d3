/* A profile as its JSON file (docs/profile-format.md): written whole by record, read back by
 * show. */
#ifndef ZSB_PROFILE_JSON_H
#define ZSB_PROFILE_JSON_H
#include <stddef.h>

#include "runner/profile/profile.h"

/* The profile as a JSON text, to free; NULL when out of memory. */
char *profile_to_json(const struct profile *p);
/* A profile from text: -EINVAL with why filled (the member that does not read, or another
 * format or version). */
int profile_from_json(const char *text, struct profile *p, char *why, size_t len);
/* A profile's file at most: 4096 samples of 1024 regions' columns, and their histograms. */
#define PROFILE_FILE_MAX (256u << 20)

struct json_object;
/* A profile from a parsed document, as profile_from_json. */
int profile_from_json_object(struct json_object *doc, struct profile *p, char *why, size_t len);
/* A profile's file ("-": standard input) read under the JSON readers' memory bound
 * (result/json_read.h), then as profile_from_json: -EINVAL or -errno, why filled. */
int profile_read(const char *path, struct profile *p, char *why, size_t len);
/* Whether a parsed document is a profile's (its "format" member). */
int profile_json_object_is(struct json_object *doc);
/* Whether text is a profile's file (its "format" member), not a run's result. */
int profile_json_is_profile(const char *text);

#endif
