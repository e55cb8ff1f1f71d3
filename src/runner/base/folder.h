/*
 * Who can change what a folder holds. As root, zswapbench writes into folders a user names
 * (--output, --plot, results/ in the current directory): in a folder another user can write,
 * that user can swap a name between two of its steps, so such a folder is refused.
 */
#ifndef ZSB_FOLDER_H
#define ZSB_FOLDER_H
#include <stddef.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "runner/base/invoker.h"

/* Could a user other than root, euid and the one who ran sudo (inv) add, remove or rename the
 * names in the folder st: owned by another, or writable by its group or by everyone without
 * the sticky bit (which keeps each name to its owner)? */
int folder_shared(const struct stat *st, uid_t euid, const struct invoker *inv);
/* Can no user but euid and root change it at all: owned by one of them, writable by no group
 * and no other user (in a sticky folder, anyone may still add a name)? */
int folder_only_ours(const struct stat *st, uid_t euid);
/* A folder already at path that folder_open would refuse: -ENOTDIR or -EPERM with why saying
 * what it is, else 0 (also when nothing is there yet). Looked at without following a link. */
int folder_check(const char *path, char *why, size_t len);
/* The folder at path, made if missing (mode 0755, one level), opened without following a link
 * and checked not shared: its descriptor, every later name looked up in it, or -errno with why
 * ("plots: writable by other users (mode 777)"): -ENOTDIR for no folder, -EPERM for one
 * refused (a link, shared). */
int folder_open(const char *path, char *why, size_t len);
/* folder_open for a folder results go in, closed again and handed to the user who ran sudo
 * where it is in their folder: 0, or an exit status with the failure said: EXIT_USAGE for a
 * folder refused, EXIT_RUNTIME for one that could not be made. */
int folder_ready(const char *path);

#endif
