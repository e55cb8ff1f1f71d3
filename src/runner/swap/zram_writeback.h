/*
 * zram's second tier: writeback of pages to a backing device (CONFIG_ZRAM_WRITEBACK; the
 * device is a loop device over a file of ours, both journaled) and recompression with a
 * second algorithm (CONFIG_ZRAM_MULTI_COMP). Both act after the fill, before the access phase,
 * inside the pause that elapsed leaves out; bd_stat and mm_stat say what they did.
 */
#ifndef ZSB_ZRAM_WRITEBACK_H
#define ZSB_ZRAM_WRITEBACK_H

#include "runner/swap/backend.h"

/* -ENOTSUP with why where this kernel's zram lacks what the options ask. */
int zram_wb_check(struct swap_device *dev);
/* Once per run: the backing file and its loop device. */
int zram_wb_prepare(struct swap_device *dev, struct journal *j);
/* Each trial, before disksize: backing_dev and recomp_algorithm. */
int zram_wb_init(struct swap_device *dev, const char *sys);
/* After the fill: mark every page idle, write back, recompress; timed. */
void zram_wb_after_fill(struct swap_device *dev);
/* bd_stat at the end of the trial (pages read back during the access phase). */
void zram_wb_stop(struct swap_device *dev);
void zram_wb_record(const struct swap_device *dev, struct trial *t);
void zram_wb_describe(const struct swap_device *dev, FILE *out);

#endif
