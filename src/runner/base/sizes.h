/* The sizes of text buffers, named by what they hold, instead of PATH_MAX plus a guess. */
#ifndef ZSB_SIZES_H
#define ZSB_SIZES_H
#include <limits.h>

/* A path with a few names appended (a cgroup's file, a device's attribute, a temporary file). */
#define PATH_LEN (PATH_MAX + 256)
/* A message naming a path, a value written and why: what failed, for the user. */
#define MSG_LEN (PATH_MAX + 1280)
/* A path under the --sysroot prefix: the prefix and the path, each up to PATH_MAX. */
#define ROOTED_PATH_LEN (2 * PATH_MAX)

#endif
