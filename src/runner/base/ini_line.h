/* The INI files zswapbench reads through inih (config files, zram-generator.conf): inih cuts a
 * line at 200 bytes and reads the rest as the next line, so a value would be taken cut short.
 * Such a file is refused instead, by the number of its first long line. And only a regular
 * file is read: a FIFO, /dev/zero or a terminal given as one would be read forever. */
#ifndef ZSB_INI_LINE_H
#define ZSB_INI_LINE_H
#include <stdio.h>

#define CONFIG_LINE_MAX 199
#define CONFIG_FILE_MAX (1 << 20)

/* path opened once, for reading: 0 and *out; the number of its first line longer than
 * CONFIG_LINE_MAX characters (nothing open); -EINVAL for a file that is not regular, -EFBIG
 * for one larger than CONFIG_FILE_MAX, another -errno when it cannot be opened. */
int config_open(const char *path, FILE **out);
/* What config_open's negative result means, for a message. */
const char *config_open_error(int err);

#endif
