/* zswap: a compressed cache in front of a swapfile of our own. Its parameters are set for each
 * trial and restored after it (journaled); swapoff of the file empties the pool between trials. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>

#include "runner/base/option_row.h"
#include "runner/kernel/kv.h"
#include "runner/kernel/page.h"
#include "runner/kernel/sysfs.h"
#include "runner/kernel/zswap.h"
#include "runner/swap/backend.h"
#include "runner/undo/param.h"

/* One cell's zswap: its counters around a trial, its last sample and the kept one. */
struct zswap_state {
	struct zswap_stats before, after, now, kept;
	int have_now, have_kept;
};

/* zswap's run-wide state: its debugfs counters made readable once. */
struct zswap_shared {
	int ready;
};

static struct zswap_state *zswap_of(const struct swap_device *dev)
{
	return dev->priv;
}

static const struct zswap_settings *zswap_settings_of(const struct swap_device *dev)
{
	return &dev->params.settings->zswap;
}

/* What its switches write: shrinker_enabled takes Y or N, memory.zswap.writeback 1 or 0 (-1:
 * left alone, as struct cgroup_limits has it). */
static const char *shrinker_value(enum switch_state s)
{
	return s == SWITCH_ON ? "Y" : "N";
}

static int writeback_value(enum switch_state s)
{
	return s == SWITCH_LEAVE ? -1 : s == SWITCH_ON;
}

/* Its switches per cgroup: v2 only, memory.zswap.writeback since 6.8. A fixture tree has no
 * kernel version to ask (0). */
static int check_cgroup_switches(struct swap_device *dev)
{
	const struct zswap_settings *set = zswap_settings_of(dev);

	if ((set->writeback != SWITCH_LEAVE || set->max) && !dev->params.cgroup_v2) {
		snprintf(dev->why, sizeof(dev->why),
			 "--%s: zswap is limited per cgroup only on cgroup v2 (this machine: %s)",
			 set->writeback != SWITCH_LEAVE ? "zswap-writeback" : "zswap-max",
			 dev->params.cgroup_mode);
		return -ENOTSUP;
	}
	if (set->writeback != SWITCH_LEAVE && dev->params.kernel && dev->params.kernel < 608) {
		snprintf(dev->why, sizeof(dev->why),
			 "--zswap-writeback: memory.zswap.writeback came with Linux 6.8");
		return -ENOTSUP;
	}
	return 0;
}

static int zswap_check(struct swap_device *dev)
{
	const struct zswap_settings *set = zswap_settings_of(dev);
	const char *zpool = set->zpool;
	char list[400];
	int ret;

	if (!zswap_present()) {
		snprintf(dev->why, sizeof(dev->why),
			 "--swap zswap: this kernel has no zswap (CONFIG_ZSWAP)");
		return -ENOTSUP;
	}
	if (dev->params.comp && zswap_compressors(list, sizeof(list)) == 0 &&
	    !words_contain(list, dev->params.comp, ' ')) {
		snprintf(dev->why, sizeof(dev->why),
			 "--comp '%s': this kernel's zswap can use only: %s", dev->params.comp,
			 list);
		return -EINVAL;
	}
	if (zpool[0] && !sysfs_exists(ZSWAP_PARAMS "/zpool")) {
		snprintf(dev->why, sizeof(dev->why),
			 "--zswap-zpool '%s': this kernel's zswap has no zpool choice (zsmalloc "
			 "only, 6.15+)",
			 zpool);
		return -ENOTSUP;
	}
	if (set->shrinker != SWITCH_LEAVE && !sysfs_exists(ZSWAP_PARAMS "/shrinker_enabled")) {
		snprintf(dev->why, sizeof(dev->why),
			 "--zswap-shrinker: this kernel's zswap has no shrinker (6.8+)");
		return -ENOTSUP;
	}
	if ((ret = check_cgroup_switches(dev)))
		return ret;
	return swapfile_check(dev);
}

/* The counters live in debugfs: mount it for the run where nobody has. */
static int zswap_prepare(struct swap_device *dev, struct journal *j)
{
	struct zswap_shared *shared = swap_shared_of(dev->params.shared, dev->backend);
	char mnt[4096];
	int idx, ret = shared ? swapfile_prepare(dev, j) : -ENOMEM;

	if (ret || shared->ready)
		return ret;
	shared->ready = 1;
	if (zswap_debugfs_mounted() || sysfs_exists(DEBUGFS "/zswap"))
		return 0;
	if (!sysfs_path(mnt, sizeof(mnt), DEBUGFS))
		return -ENAMETOOLONG;
	snprintf(dev->failed, sizeof(dev->failed), "mount debugfs on %s", mnt);
	idx = journal_intend(j, UNDO_UMOUNT, mnt, NULL, NULL);
	if (idx < 0)
		return idx;
	if (mount("debugfs", mnt, "debugfs", 0, NULL) < 0) {
		int err = errno;
		journal_cancel(j, idx);
		/* Counters from /proc/meminfo and /proc/vmstat still work. */
		return err == EBUSY ? 0 : -err;
	}
	return journal_confirm(j, idx, NULL, 0, 0);
}

/* The compressor before enabling: one the crypto API lacks only fails at enable time. */
static int zswap_set_params(struct swap_device *dev, struct journal *j)
{
	const struct zswap_settings *set = zswap_settings_of(dev);
	char value[16];
	int ret = 0;

	if (dev->params.comp)
		ret = param_set(j, ZSWAP_PARAMS "/compressor", dev->params.comp, dev->failed,
				sizeof(dev->failed));
	if (!ret && set->zpool[0])
		ret = param_set(j, ZSWAP_PARAMS "/zpool", set->zpool, dev->failed,
				sizeof(dev->failed));
	if (!ret && set->pool) {
		snprintf(value, sizeof(value), "%u", set->pool);
		ret = param_set(j, ZSWAP_PARAMS "/max_pool_percent", value, dev->failed,
				sizeof(dev->failed));
	}
	if (!ret && set->shrinker != SWITCH_LEAVE)
		ret = param_set(j, ZSWAP_PARAMS "/shrinker_enabled", shrinker_value(set->shrinker),
				dev->failed, sizeof(dev->failed));
	return ret ? ret
		   : param_set(j, ZSWAP_PARAMS "/enabled", "Y", dev->failed, sizeof(dev->failed));
}

static int zswap_start(struct swap_device *dev, struct journal *j)
{
	int ret = zswap_set_params(dev, j);

	if (ret)
		return ret;
	snprintf(dev->failed, sizeof(dev->failed), ZSWAP_PARAMS "/compressor");
	ret = sysfs_read_line(ZSWAP_PARAMS "/compressor", dev->comp_used, sizeof(dev->comp_used));
	if (ret < 0)
		return ret;
	/* Which allocator holds the pages decides the ratio as much as the compressor does:
	 * zbud keeps at most two per page, z3fold three. */
	if (sysfs_read_line(ZSWAP_PARAMS "/zpool", dev->zpool_used, sizeof(dev->zpool_used)) < 0)
		snprintf(dev->zpool_used, sizeof(dev->zpool_used), "zsmalloc");
	ret = swapfile_start(dev, j);
	if (!ret)
		zswap_read_stats(&zswap_of(dev)->before);
	return ret;
}

static void zswap_sample(struct swap_device *dev, struct swap_sample *s, int keep)
{
	struct zswap_state *z = zswap_of(dev);

	z->have_now = zswap_read_stats(&z->now) == 0;
	if (keep) {
		z->kept = z->now;
		z->have_kept = z->have_now;
	}
	if (z->have_now && z->now.have_debugfs) {
		s->have_store = 1;
		s->ram_used = z->now.pool_total_size;
	}
}

static void zswap_series(const struct swap_device *dev, double *v, unsigned char *have)
{
	const struct zswap_state *z = zswap_of(dev);

	if (!z->have_now || !z->now.have_debugfs)
		return;
	v[S_ZSWAP_STORED] = (double)z->now.stored_pages;
	have[S_ZSWAP_STORED] = 1;
}

static void zswap_stop(struct swap_device *dev)
{
	zswap_read_stats(&zswap_of(dev)->after);
}

static void record_pool(const struct zswap_stats *z, struct trial *t)
{
	if (z->have_debugfs) {
		trial_set(t, M_ZSWAP_STORED, (double)z->stored_pages);
		trial_set(t, M_ZSWAP_POOL, (double)z->pool_total_size);
		trial_set(t, M_SWAP_STORED, (double)z->stored_pages * page_bytes());
		trial_set(t, M_SWAP_RAM, (double)z->pool_total_size);
		if (z->pool_total_size)
			trial_set(t, M_COMP_RATIO,
				  (double)z->stored_pages * page_bytes() /
					  (double)z->pool_total_size);
	}
	if (z->have_meminfo) {
		trial_set(t, M_ZSWAP_MEMINFO, (double)z->meminfo_zswapped);
		trial_set(t, M_ZSWAP_MEMINFO_POOL, (double)z->meminfo_zswap);
	}
}

static void zswap_record(const struct swap_device *dev, const struct swap_record_input *in,
			 struct trial *t)
{
	const struct zswap_state *z = zswap_of(dev);
	const struct vmstat_snap *b = in->before, *a = in->after;

	if (z->have_kept)
		record_pool(&z->kept, t);
	if (z->before.have_debugfs && z->after.have_debugfs) {
		trial_set(t, M_ZSWAP_WRITTEN_BACK,
			  (double)(z->after.written_back_pages - z->before.written_back_pages));
		trial_set(t, M_ZSWAP_REJECTED, (double)(z->after.rejected - z->before.rejected));
	}
	if (b->have_zswp && a->have_zswp) {
		trial_set(t, M_ZSWPOUT, (double)(a->zswpout - b->zswpout));
		trial_set(t, M_ZSWPIN, (double)(a->zswpin - b->zswpin));
		if (b->have_zswpwb && a->have_zswpwb)
			trial_set(t, M_ZSWPWB, (double)(a->zswpwb - b->zswpwb));
	}
}

/* A parameter and what it holds now, so the user sees what will change and come back. */
static void describe_param(const char *name, const char *value, FILE *out)
{
	char path[128], now[64] = "?";
	snprintf(path, sizeof(path), ZSWAP_PARAMS "/%s", name);
	sysfs_read_line(path, now, sizeof(now));
	fprintf(out, "  each trial: %s %s (now %s), restored after\n", path, value, now);
}

static void zswap_describe(const struct swap_device *dev, FILE *out)
{
	const struct zswap_settings *set = zswap_settings_of(dev);
	char pct[16];

	swapfile_describe(dev, out);
	if (!zswap_debugfs_mounted() && !sysfs_exists(DEBUGFS "/zswap"))
		fprintf(out,
			"  once: mount debugfs on %s for zswap's counters; unmounted at the end\n",
			DEBUGFS);
	if (dev->params.comp)
		describe_param("compressor", dev->params.comp, out);
	if (set->zpool[0])
		describe_param("zpool", set->zpool, out);
	if (set->pool) {
		snprintf(pct, sizeof(pct), "%u", set->pool);
		describe_param("max_pool_percent", pct, out);
	}
	if (set->shrinker != SWITCH_LEAVE)
		describe_param("shrinker_enabled", shrinker_value(set->shrinker), out);
	if (set->writeback != SWITCH_LEAVE)
		fprintf(out, "  each trial: the cgroup's memory.zswap.writeback %d\n",
			writeback_value(set->writeback));
	if (set->max)
		fprintf(out, "  each trial: the cgroup's memory.zswap.max %" PRIu64 "\n", set->max);
	describe_param("enabled", "Y", out);
}

/* memory.zswap.max and memory.zswap.writeback of the trial's cgroup (v2). */
static void zswap_cgroup_limits(const struct swap_device *dev, struct cgroup_limits *l)
{
	const struct zswap_settings *set = zswap_settings_of(dev);

	l->zswap_max = set->max;
	l->zswap_writeback = writeback_value(set->writeback);
}

#define FIELD(f) OPTION_FIELD(struct swap_settings, f)

static const char *const zpools[] = { "zsmalloc", "z3fold", "zbud", NULL };

/* Its rows of the option table (swap/options.h). */
static const struct option_desc zswap_option_rows[] = {
	{ "zswap-pool", 0, OT_PERCENT, FIELD(zswap.pool), 1, 100, NULL, "the kernel's", "PCT", NULL,
	  .example = "20", .help = "zswap max_pool_percent", .flags = OPT_KNOB, .group = G_SWAP,
	  .scope = SCOPE_SWAP },
	{ "zswap-zpool", 0, OT_CHOICE, FIELD(zswap.zpool), 0, 0, NULL, "the kernel's", "NAME", NULL,
	  .choices = zpools, .example = "zsmalloc",
	  .help = "zswap allocator where the kernel has a choice (before 6.15)", .flags = OPT_KNOB,
	  .group = G_SWAP, .scope = SCOPE_SWAP },
	{ "zswap-shrinker", 0, OT_SWITCH, FIELD(zswap.shrinker), 0, 0, NULL, "the kernel's",
	  "on|off", NULL, .example = "off",
	  .help = "zswap's shrinker, which writes cold pool pages back to the swapfile (6.8+)",
	  .flags = OPT_KNOB, .group = G_SWAP, .scope = SCOPE_SWAP },
	{ "zswap-writeback", 0, OT_SWITCH, FIELD(zswap.writeback), 0, 0, NULL, "the kernel's",
	  "on|off", NULL, .example = "off",
	  .help = "the trial cgroup's memory.zswap.writeback: may zswap write its pages to the "
		  "swapfile (v2, 6.8+)",
	  .flags = OPT_KNOB, .group = G_SWAP, .scope = SCOPE_SWAP },
	{ "zswap-max", 0, OT_SIZE, FIELD(zswap.max), 4096, 0, NULL, "no limit", "SIZE", NULL,
	  .example = "16M", .help = "the trial cgroup's memory.zswap.max (v2)", .flags = OPT_KNOB,
	  .group = G_SWAP, .scope = SCOPE_SWAP },
	{ 0 }
};

const struct backend backend_zswap = {
	.name = "zswap",
	.help = "zswap in front of a swapfile of its own (--comp, --zswap-pool)",
	.flags = BACKEND_COMP | BACKEND_DEVICE | BACKEND_SWAPFILE | BACKEND_POOL_CHARGED_V2,
	.trial_s = 0.03,
	.options = (const char *const[]){ "comp", "swapfile", "disk-throttle", "zswap-pool",
					  "zswap-zpool", "zswap-shrinker", "zswap-writeback",
					  "zswap-max", NULL },
	.option_rows = zswap_option_rows,
	.priv_size = sizeof(struct zswap_state),
	.shared_size = sizeof(struct zswap_shared),
	.check = zswap_check,
	.prepare = zswap_prepare,
	.start = zswap_start,
	.sample = zswap_sample,
	.series = zswap_series,
	.stop = zswap_stop,
	.record = zswap_record,
	.describe = zswap_describe,
	.cgroup_limits = zswap_cgroup_limits,
};
