#ifndef ZSB_SPAWN_H
#define ZSB_SPAWN_H
#include <stddef.h>

/* Runs argv[0] from PATH without a shell and waits. Returns -errno when it could not be
 * started, else its exit status (128 + signal when killed). */
int spawn_wait(char *const argv[]);
/* The same with its output kept from the terminal; said gets the last line it wrote, for a
 * message when it failed. */
int spawn_wait_said(char *const argv[], char *said, size_t len);

#endif
