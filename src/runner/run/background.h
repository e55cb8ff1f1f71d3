#ifndef ZSB_BACKGROUND_H
#define ZSB_BACKGROUND_H
#include "runner/run/run.h"

/* A hogger in zswapbench's own cgroup fills --background and holds it until stop. */
int start_background(struct run *run);
/* -ECHILD, with the run's failure set, once it has died. */
int check_background(struct run *run);
void stop_background(struct run *run);

#endif
