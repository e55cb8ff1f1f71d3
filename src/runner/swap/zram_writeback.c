#include "runner/swap/zram_writeback.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "common/clock.h"
#include "common/size.h"
#include "runner/kernel/page.h"
#include "runner/kernel/sysfs.h"
#include "runner/swap/zram_state.h"

static int wants_wb(const struct zram_settings *set)
{
	return set->backing || set->writeback[0];
}

/* The device to ask: zram0 when there is one; else our own device is asked in prepare.
 * Writeback needs somewhere to write: a backing device. */
int zram_wb_check(struct swap_device *dev)
{
	const struct zram_settings *set = zram_settings_of(dev);

	if (set->writeback[0] && !set->backing) {
		snprintf(dev->why, sizeof(dev->why),
			 "--zram-writeback '%s': needs --zram-backing-dev SIZE to write to",
			 set->writeback);
		return -EINVAL;
	}
	if (!sysfs_exists("/sys/block/zram0"))
		return 0;
	if (wants_wb(set) && !sysfs_exists("/sys/block/zram0/backing_dev")) {
		snprintf(dev->why, sizeof(dev->why),
			 "--zram-%s: this kernel's zram has no backing device "
			 "(CONFIG_ZRAM_WRITEBACK)",
			 set->writeback[0] ? "writeback" : "backing-dev");
		return -ENOTSUP;
	}
	if (set->recomp[0] && !sysfs_exists("/sys/block/zram0/recomp_algorithm")) {
		snprintf(dev->why, sizeof(dev->why),
			 "--zram-recomp: this kernel's zram cannot recompress "
			 "(CONFIG_ZRAM_MULTI_COMP, 6.2+)");
		return -ENOTSUP;
	}
	if (wants_wb(set) && !sysfs_exists("/dev/loop-control")) {
		snprintf(dev->why, sizeof(dev->why),
			 "--zram-backing-dev: no loop devices here (modprobe loop)");
		return -ENOTSUP;
	}
	return 0;
}

int zram_wb_prepare(struct swap_device *dev, struct journal *j)
{
	struct zram_shared *sh = zram_of(dev)->shared;
	uint64_t size = zram_settings_of(dev)->backing;
	int ret;

	if (!size || sh->loop_n >= 0)
		return 0;
	snprintf(sh->backing, sizeof(sh->backing), "%s.zram-backing", dev->params.swapfile);
	ret = file_create_journaled(sh->backing, size, j, dev->failed, sizeof(dev->failed));
	if (!ret)
		ret = loop_attach_journaled(sh->backing, 0, j, &sh->loop_n, dev->failed,
					    sizeof(dev->failed));
	return ret;
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
	const struct zram_settings *set = zram_settings_of(dev);
	struct zram_state *z = zram_of(dev);
	const struct zram_shared *sh = z->shared;
	char value[160];
	int ret;

	if (sh->loop_n >= 0) {
		snprintf(value, sizeof(value), "/dev/loop%d", sh->loop_n);
		if ((ret = attr(dev, sys, "backing_dev", value)))
			return ret;
	}
	if (set->recomp[0]) {
		snprintf(value, sizeof(value), "algo=%.*s priority=1",
			 (int)strcspn(set->recomp, ":"), set->recomp);
		if ((ret = attr(dev, sys, "recomp_algorithm", value)))
			return ret;
	}
	z->have_bd = sh->loop_n >= 0 && zram_bd_stat_read(z->id, &z->bd_start) == 0;
	return 0;
}

/* The pages of the fill are all idle by the time it ends: "all" marks them, so "idle"
 * writeback and recompression take every one that is not in use. */
void zram_wb_after_fill(struct swap_device *dev)
{
	const struct zram_settings *set = zram_settings_of(dev);
	struct zram_state *z = zram_of(dev);
	const char *params = strchr(set->recomp, ':');
	char sys[64];
	uint64_t t0 = clock_now_ns();

	if (!set->writeback[0] && !set->recomp[0])
		return;
	snprintf(sys, sizeof(sys), "/sys/block/%s", dev->block);
	if (strcmp(set->writeback, "idle") == 0 || (params && strcmp(params + 1, "type=idle") == 0))
		attr(dev, sys, "idle", "all");
	if (set->writeback[0])
		attr(dev, sys, "writeback", set->writeback);
	if (set->recomp[0])
		attr(dev, sys, "recompress", params ? params + 1 : "type=huge");
	z->after_fill_s = seconds_since(t0);
	if (z->have_bd)
		z->have_bd = zram_bd_stat_read(z->id, &z->bd_filled) == 0;
	z->have_mm_after_fill = zram_mm_stat_read(z->id, &z->mm_after_fill) == 0;
}

void zram_wb_stop(struct swap_device *dev)
{
	struct zram_state *z = zram_of(dev);

	if (z->have_bd)
		z->have_bd = zram_bd_stat_read(z->id, &z->bd_end) == 0;
}

void zram_wb_record(const struct swap_device *dev, struct trial *t)
{
	const struct zram_state *z = zram_of(dev);
	double page = (double)page_bytes();

	if (z->after_fill_s >= 0)
		trial_set(t, M_ZRAM_AFTER_FILL_TIME, z->after_fill_s);
	if (z->have_bd) {
		trial_set(t, M_ZRAM_BD_WRITES,
			  (double)(z->bd_filled.writes - z->bd_start.writes) * page);
		trial_set(t, M_ZRAM_BD_READS,
			  (double)(z->bd_end.reads - z->bd_filled.reads) * page);
	}
	if (z->have_mm_after_fill && zram_settings_of(dev)->recomp[0])
		trial_set(t, M_ZRAM_COMPR_RECOMP, (double)z->mm_after_fill.compr_data_size);
}

void zram_wb_describe(const struct swap_device *dev, FILE *out)
{
	const struct zram_settings *set = zram_settings_of(dev);
	char size[32];

	if (set->backing)
		fprintf(out,
			"  once: create %s.zram-backing (%s) and a loop device over it; both "
			"removed at the end\n"
			"  each trial: backing_dev the loop device\n",
			dev->params.swapfile, size_format(set->backing, size, sizeof(size)));
	if (set->recomp[0])
		fprintf(out, "  each trial: recomp_algorithm algo=%.*s priority=1\n",
			(int)strcspn(set->recomp, ":"), set->recomp);
	if (set->writeback[0] || set->recomp[0])
		fprintf(out, "  after each fill: %s%s%s%s\n",
			strcmp(set->writeback, "idle") == 0 ? "idle all, " : "",
			set->writeback[0] ? "writeback " : "", set->writeback,
			set->recomp[0] ? ", recompress" : "");
}
