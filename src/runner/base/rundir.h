/*
 * The directory zswapbench keeps its state in between runs: the run lock, the undo journal,
 * calibration.json (/var/lib/zswapbench, or $ZSWAPBENCH_RUNDIR).
 */
#ifndef ZSB_RUNDIR_H
#define ZSB_RUNDIR_H
#include <stddef.h>

const char *rundir(void);
/* <rundir>/<name> into buf. */
char *rundir_file(const char *name, char *buf, size_t len);
/* mkdir -p dir (the last component private to root); 0 or -1 with errno. */
int rundir_make(const char *dir);
/* Is dir a real directory of ours (not a link) that nobody else can write? 0, or -errno with
 * the reason in why ("refusing to <use>"). */
int private_dir_check(const char *dir, const char *use, char *why, size_t len);
/* Is the run directory a real directory of ours that nobody else can write? 0, or -errno with
 * the reason in why. */
int rundir_check(char *why, size_t len);

#endif
