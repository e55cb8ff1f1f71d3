/*
 * Config files (INI, through inih): every option of a run is a key, with the same name and
 * value syntax as on the command line. [run] (or keys before any section) holds the run's
 * options; every other section is a group of cells with its own sweep axes (swap, comp, jobs,
 * limit), the axes it leaves out taken from [run]. The command line overrides the file, and a
 * sweep option on the command line replaces the file's sections.
 */
#ifndef ZSB_CONFIG_FILE_H
#define ZSB_CONFIG_FILE_H
#include <stddef.h>

#include "runner/cli/config.h"

/* Reads path (or a preset's name) into cfg. On error why is one line naming the file, the
 * line and the key: "configs/x.conf:7: zram-size: '12Q': not a size above zero". */
int config_file_load(struct config *cfg, const char *path, char *why, size_t len);
/* Is --config's value a file? With a '/' in it (./x.conf for this directory) or a name ending
 * in .conf, yes; otherwise it names a preset, looked for only in config_preset_dirs(). */
int config_preset_is_file(const char *name);
/* The file --config reads: name itself if config_preset_is_file, else NAME.conf in the first
 * of config_preset_dirs() that has it; never the current directory's configs/ (a root tool
 * run from another user's folder). -ENOENT otherwise. */
int config_preset_path(const char *name, char *out, size_t len);
/* The source tree's presets, from the directory of the binary built in it. */
#define CONFIG_PRESETS_TREE "configs"
/* The installed presets beside the binary, from its directory: PREFIX/bin/../share/... */
#define CONFIG_PRESETS_BESIDE "../share/zswapbench/configs"
/* The directories presets are looked for in, in order; NULL-terminated. The first two are
 * CONFIG_PRESETS_TREE and CONFIG_PRESETS_BESIDE from the running binary's directory. */
const char *const *config_preset_dirs(void);
/* The first two from bindir instead of the running binary's directory (the unit tests, whose
 * binary is elsewhere); NULL: neither (the installed folder stands in for them). */
void config_preset_dirs_from(const char *bindir);

#endif
