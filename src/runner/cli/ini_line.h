/* The INI files zswapbench reads through inih (config files, zram-generator.conf): inih cuts a
 * line at 200 bytes and reads the rest as the next line, so a value would be taken cut short.
 * Such a file is refused instead, by the number of its first long line. */
#ifndef ZSB_INI_LINE_H
#define ZSB_INI_LINE_H

#define CONFIG_LINE_MAX 199

/* The first line of path longer than CONFIG_LINE_MAX characters, or 0. */
int config_long_line(const char *path);

#endif
