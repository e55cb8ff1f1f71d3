#include "runner/swap/zram_writeback.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "common/clock.h"
#include "common/size.h"
#include "runner/kernel/loop.h"
#include "runner/kernel/page.h"
#include "runner/kernel/sysfs.h"

static int wants_wb(const struct config *cfg)
{
	return cfg->zram_backing || cfg->zram_writeback[0];
}

/* The device to ask: zram0 when there is one; else our own device is asked in prepare. */
int zram_wb_check(struct swap_device *dev)
{
	const struct config *cfg = dev->params.cfg;

	if (!sysfs_exists("/sys/block/zram0"))
		return 0;
	if (wants_wb(cfg) && !sysfs_exists("/sys/block/zram0/backing_dev")) {
		snprintf(dev->why, sizeof(dev->why), "--zram-%s: this kernel's zram has no backing device "
			 "(CONFIG_ZRAM_WRITEBACK)", cfg->zram_writeback[0] ? "writeback" : "backing-dev");
		return -ENOTSUP;
	}
	if (cfg->zram_recomp[0] && !sysfs_exists("/sys/block/zram0/recomp_algorithm")) {
		snprintf(dev->why, sizeof(dev->why), "--zram-recomp: this kernel's zram cannot recompress "
			 "(CONFIG_ZRAM_MULTI_COMP, 6.2+)");
		return -ENOTSUP;
	}
	if (wants_wb(cfg) && !sysfs_exists("/dev/loop-control")) {
		snprintf(dev->why, sizeof(dev->why), "--zram-backing-dev: no loop devices here (modprobe loop)");
		return -ENOTSUP;
	}
	return 0;
}

/* The loop device's number goes into the intent before the attach; one taken in between by
 * someone else is given up and another asked for. */
static int attach(struct swap_shared *sh, struct journal *j, char *failed, size_t len)
{
	for (int tries = 0; tries < 8; tries++) {
		char dev[32];
		int n = loop_free_number(), idx, ret;
		if (n < 0) {
			snprintf(failed, len, "/dev/loop-control");
			return n;
		}
		snprintf(dev, sizeof(dev), "/dev/loop%d", n);
		snprintf(failed, len, "%s (for %s)", dev, sh->backing);
		if ((idx = journal_intend(j, UNDO_LOOP_DETACH, dev, sh->backing, NULL)) < 0)
			return idx;
		ret = loop_attach(n, sh->backing);
		if (ret) {
			journal_cancel(j, idx);
			if (ret == -EBUSY)
				continue;
			return ret;
		}
		sh->loop_n = n;
		return journal_confirm(j, idx, NULL, 0, 0);
	}
	return -EBUSY;
}

int zram_wb_prepare(struct swap_device *dev, struct journal *j)
{
	struct swap_shared *sh = dev->params.shared;
	int ret;

	if (!dev->params.cfg->zram_backing || sh->loop_n >= 0)
		return 0;
	snprintf(sh->backing, sizeof(sh->backing), "%s.zram-backing", dev->params.swapfile);
	ret = file_create_journaled(sh->backing, dev->params.cfg->zram_backing, j, dev->failed, sizeof(dev->failed));
	return ret ? ret : attach(sh, j, dev->failed, sizeof(dev->failed));
}

static int attr(struct swap_device *dev, const char *sys, const char *name, const char *value)
{
	char path[96];

	snprintf(path, sizeof(path), "%s/%s", sys, name);
	snprintf(dev->failed, sizeof(dev->failed), "%s '%s'", path, value);
	return sysfs_write(path, value);
}

int zram_wb_init(struct swap_device *dev, const char *sys)
{
	const struct config *cfg = dev->params.cfg;
	const struct swap_shared *sh = dev->params.shared;
	char value[160];
	int ret;

	if (sh->loop_n >= 0) {
		snprintf(value, sizeof(value), "/dev/loop%d", sh->loop_n);
		if ((ret = attr(dev, sys, "backing_dev", value)))
			return ret;
	}
	if (cfg->zram_recomp[0]) {
		snprintf(value, sizeof(value), "algo=%.*s priority=1", (int)strcspn(cfg->zram_recomp, ":"), cfg->zram_recomp);
		if ((ret = attr(dev, sys, "recomp_algorithm", value)))
			return ret;
	}
	dev->have_bd = sh->loop_n >= 0 && zram_bd_stat_read(dev->zram_id, &dev->bd_start) == 0;
	return 0;
}

/* The pages of the fill are all idle by the time it ends: "all" marks them, so "idle"
 * writeback and recompression take every one that is not in use. */
void zram_wb_after_fill(struct swap_device *dev)
{
	const struct config *cfg = dev->params.cfg;
	const char *params = strchr(cfg->zram_recomp, ':');
	char sys[64];
	uint64_t t0 = clock_now_ns();

	if (!cfg->zram_writeback[0] && !cfg->zram_recomp[0])
		return;
	snprintf(sys, sizeof(sys), "/sys/block/zram%d", dev->zram_id);
	if (strcmp(cfg->zram_writeback, "idle") == 0 || (params && strcmp(params + 1, "type=idle") == 0))
		attr(dev, sys, "idle", "all");
	if (cfg->zram_writeback[0])
		attr(dev, sys, "writeback", cfg->zram_writeback);
	if (cfg->zram_recomp[0])
		attr(dev, sys, "recompress", params ? params + 1 : "type=huge");
	dev->after_fill_s = (double)(clock_now_ns() - t0) / 1e9;
	if (dev->have_bd)
		dev->have_bd = zram_bd_stat_read(dev->zram_id, &dev->bd_filled) == 0;
	dev->have_mm_after_fill = zram_mm_stat_read(dev->zram_id, &dev->mm_after_fill) == 0;
}

void zram_wb_stop(struct swap_device *dev)
{
	if (dev->have_bd)
		dev->have_bd = zram_bd_stat_read(dev->zram_id, &dev->bd_end) == 0;
}

void zram_wb_record(const struct swap_device *dev, struct trial *t)
{
	double page = (double)page_bytes();

	if (dev->after_fill_s >= 0)
		trial_set(t, M_ZRAM_AFTER_FILL_TIME, dev->after_fill_s);
	if (dev->have_bd) {
		trial_set(t, M_ZRAM_BD_WRITES, (double)(dev->bd_filled.writes - dev->bd_start.writes) * page);
		trial_set(t, M_ZRAM_BD_READS, (double)(dev->bd_end.reads - dev->bd_filled.reads) * page);
	}
	if (dev->have_mm_after_fill && dev->params.cfg->zram_recomp[0])
		trial_set(t, M_ZRAM_COMPR_RECOMP, (double)dev->mm_after_fill.compr_data_size);
}

void zram_wb_describe(const struct swap_device *dev, FILE *out)
{
	const struct config *cfg = dev->params.cfg;
	char size[32];

	if (cfg->zram_backing)
		fprintf(out, "  once: create %s.zram-backing (%s) and a loop device over it; both removed at the end\n"
			     "  each trial: backing_dev the loop device\n",
			dev->params.swapfile, size_format(cfg->zram_backing, size, sizeof(size)));
	if (cfg->zram_recomp[0])
		fprintf(out, "  each trial: recomp_algorithm algo=%.*s priority=1\n", (int)strcspn(cfg->zram_recomp, ":"),
			cfg->zram_recomp);
	if (cfg->zram_writeback[0] || cfg->zram_recomp[0])
		fprintf(out, "  after each fill: %s%s%s%s\n", strcmp(cfg->zram_writeback, "idle") == 0 ? "idle all, " : "",
			cfg->zram_writeback[0] ? "writeback " : "", cfg->zram_writeback,
			cfg->zram_recomp[0] ? ", recompress" : "");
}
