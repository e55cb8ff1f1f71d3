/* The kernel's table files that util-linux's libmount parses (the mount table, /proc/swaps):
 * mounts.c and swaps.c read them through here, under the sysfs root or from their text. */
#ifndef ZSB_MTAB_H
#define ZSB_MTAB_H

struct libmnt_table;

/* file under the sysfs root into a new table (*out, NULL on failure); swaps: file is in
 * /proc/swaps' format, else a mount table (either format). 0 or -errno. */
int mtab_read(const char *file, int swaps, struct libmnt_table **out);
/* The same from a file's text: libmount tells the format from its first line (/proc/swaps
 * by its "Filename" heading). */
int mtab_parse(const char *text, struct libmnt_table **out);

#endif
