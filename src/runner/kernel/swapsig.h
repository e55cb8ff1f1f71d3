/*
 * The swap signature mkswap writes at the start of a swap area, read back by util-linux's
 * libblkid: the type (it must be "swap"), the label and the UUID. zswapbench makes its
 * swapfiles with mkswap -L zswapbench, so the undo code can tell its own swapfile from
 * another file by what is written in it, not by its path.
 *
 * The path is a real file or block device (/var/tmp/zswapbench-1.swap, /dev/zram1), not a
 * /sys or /proc path: it is not under the sysfs root.
 */
#ifndef ZSB_SWAPSIG_H
#define ZSB_SWAPSIG_H

/* mkswap's label is at most 16 bytes; a UUID as text 36. */
struct swapsig {
	char label[17]; /* "" when mkswap was given none */
	char uuid[37]; /* "" when there is none */
};

/* The swap signature of path: 0 with label and uuid; -ENODATA when path holds no signature
 * at all; -EMEDIUMTYPE when it holds another one (a filesystem, a hibernation image:
 * "swsuspend") or more than one; -errno when it cannot be opened or read (-ENOENT: no such
 * file). */
int swapsig_read(const char *path, struct swapsig *sig);

#endif
