#ifndef ZSB_SPAWN_H
#define ZSB_SPAWN_H

/* Runs argv[0] from PATH without a shell and waits. Returns -errno when it could not be
 * started, else its exit status (128 + signal when killed). */
int spawn_wait(char *const argv[]);

#endif
