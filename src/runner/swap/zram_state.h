/* The zram backend's own state, shared by zram.c and zram_writeback.c and by nothing else, and
 * the rows of its options (zram_options.c). */
#ifndef ZSB_ZRAM_STATE_H
#define ZSB_ZRAM_STATE_H
#include <limits.h>

#include "runner/base/option_row.h"
#include "runner/base/sizes.h"
#include "runner/kernel/zram.h"
#include "runner/swap/backend.h"

/* What the zram cells of a run share: one hot-added device, one backing loop device. */
struct zram_shared {
	int id; /* our device, -1 until hot-added */
	int loop_n; /* the backing loop device, -1 until attached */
	char backing[PATH_LEN]; /* the file it serves */
};

/* One cell's zram. */
struct zram_state {
	int id;
	struct zram_shared *shared;
	struct zram_mm_stat now, kept; /* the last sample, and the one record reads */
	int have_now, have_kept;
	/* after the fill: writeback to the backing device and recompression */
	double after_fill_s; /* how long it took; -1: not run */
	struct zram_bd_stat bd_start, bd_filled,
		bd_end; /* bd_stat at the start, after the fill, at the end */
	int have_bd;
	struct zram_mm_stat mm_after_fill; /* mm_stat once writeback and recompression are done */
	int have_mm_after_fill;
};

/* zram's rows of the option table, ended by a row without a name (swap/options.h). */
extern const struct option_desc zram_option_rows[];

static inline struct zram_state *zram_of(const struct swap_device *dev)
{
	return dev->priv;
}

static inline const struct zram_settings *zram_settings_of(const struct swap_device *dev)
{
	return &dev->params.settings->zram;
}

#endif
