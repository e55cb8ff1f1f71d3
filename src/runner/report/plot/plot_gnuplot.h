/* The gnuplot process: where it is, and running it on a script for the plots' folder. */
#ifndef ZSB_PLOT_GNUPLOT_H
#define ZSB_PLOT_GNUPLOT_H
#include <stddef.h>

/* gnuplot's path from PATH's absolute directories into path; -ENOENT. */
int gnuplot_find(char *path, size_t len);
/* A script for gnuplot, read from a descriptor, never by its name: whoever can write in the
 * plots' folder cannot put another script in its place between its writing and its drawing. */
struct gnuplot_script {
	int fd; /* the script, whole, open for reading */
	const char *name; /* NAME.gp: what the user's messages call it */
	int dirfd; /* the plots' folder, where the pictures go */
	const char *dir; /* its name, for messages */
};

/* Runs gnuplot on the script in a private folder made in the plots' one, its standard input
 * the script and its stdout /dev/null, then renames its pictures into the plots' folder. 0;
 * -EIO when gnuplot failed, why holding its last line ("\"x.gp\" line 3: ..."); another -errno
 * when it could not be run, why saying what and strerror. */
int gnuplot_run(const char *gnuplot, const struct gnuplot_script *s, char *why, size_t len);

#endif
