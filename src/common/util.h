/* Small things every file may need, named once: the length of an array, units of time and size. */
#ifndef ZSB_UTIL_H
#define ZSB_UTIL_H

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#define NSEC_PER_SEC 1000000000ULL
#define NSEC_PER_MSEC 1000000ULL
#define USEC_PER_SEC 1000000ULL
#define MIB_BYTES (1024.0 * 1024.0)
#define GIB_BYTES (1024.0 * 1024.0 * 1024.0)

#endif
