#ifndef ZSB_CLEANUP_H
#define ZSB_CLEANUP_H

/* `zswapbench cleanup`: replays the journal a killed run left; idempotent. Exit status. */
int cleanup_main(int argc, char **argv);

#endif
