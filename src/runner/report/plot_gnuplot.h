/* The gnuplot process: where it is, and running it on a script in the plots' folder. */
#ifndef ZSB_PLOT_GNUPLOT_H
#define ZSB_PLOT_GNUPLOT_H
#include <stddef.h>

/* gnuplot's path from PATH's absolute directories into path; -ENOENT. */
int gnuplot_find(char *path, size_t len);
/* Runs gnuplot on script, a file in dir, with dir as its working folder and its stdin and
 * stdout on /dev/null. 0; -EIO when gnuplot failed, why holding its last line ("\"x.gp\" line
 * 3: ..."); another -errno when it could not be run, why saying what and strerror. */
int gnuplot_run(const char *gnuplot, const char *dir, const char *script, char *why, size_t len);

#endif
