/* The command words of zswapbench (zswapbench WORD ...): each an entry point with an exit status. */
#ifndef ZSB_COMMANDS_H
#define ZSB_COMMANDS_H

int show_main(int argc, char **argv);
int compare_main(int argc, char **argv);
int list_configs_main(int argc, char **argv);
int sysinfo_main(int argc, char **argv);
int plot_main(int argc, char **argv);
int report_main(int argc, char **argv);
int calibrate_main(int argc, char **argv);
int cleanup_main(int argc, char **argv);

#endif
