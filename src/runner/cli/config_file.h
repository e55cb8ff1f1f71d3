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
/* Where the preset name lives: configs/NAME.conf beside the binary's source tree, in the
 * current directory, or in the installed share/zswapbench/configs. -ENOENT otherwise. */
int config_preset_path(const char *name, char *out, size_t len);
/* The installed presets beside the binary, from its directory: PREFIX/bin/../share/... */
#define CONFIG_PRESETS_BESIDE "../share/zswapbench/configs"
/* The directories presets are looked for in, in order; NULL-terminated. The second is
 * CONFIG_PRESETS_BESIDE from the running binary's directory. */
const char *const *config_preset_dirs(void);

#endif
