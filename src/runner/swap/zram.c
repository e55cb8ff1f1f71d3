/* zram: a device of our own from hot_add, initialised afresh for every trial. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "common/size.h"
#include "runner/base/log.h"
#include "runner/kernel/kv.h"
#include "runner/kernel/signals.h"
#include "runner/kernel/swaps.h"
#include "runner/kernel/sysfs.h"
#include "runner/swap/zram_state.h"
#include "runner/swap/zram_writeback.h"

static int comp_check(struct swap_device *dev, const char *list)
{
	if (!dev->params.comp || words_contain(list, dev->params.comp, ' '))
		return 0;
	snprintf(dev->why, sizeof(dev->why), "--comp '%s': this kernel's zram offers only: %s",
		 dev->params.comp, list);
	return -EINVAL;
}

/* Without hot_add the only device is zram0, and it is ours only while nobody uses it. */
static int zram0_free(void)
{
	uint64_t disksize = 1, used;
	if (sysfs_read_u64("/sys/block/zram0/disksize", &disksize) < 0)
		return 0;
	return disksize == 0 && swaps_area("/dev/zram0", &used, NULL) == -ENOENT;
}

/* Since 4.7 zram keeps a compression stream per CPU; max_comp_streams was kept as a no-op, then
 * removed. Where it is not obeyed, --zram-streams is said once to change nothing. */
static void zram_streams_check(struct swap_device *dev)
{
	static int said;

	if (!zram_settings_of(dev)->streams || said || !sysfs_exists("/sys/block/zram0"))
		return;
	if (!sysfs_exists("/sys/block/zram0/max_comp_streams") ||
	    (dev->params.kernel && dev->params.kernel >= 407)) {
		warn("--zram-streams: a no-op on this kernel (zram keeps a compression stream per "
		     "CPU since 4.7); recorded, not applied");
		said = 1;
	}
}

static int zram_check(struct swap_device *dev)
{
	char list[256];
	int ret;

	if (!zram_control_present() && !sysfs_exists("/sys/block/zram0")) {
		snprintf(dev->why, sizeof(dev->why),
			 "--swap zram: this kernel has no zram (load it with: modprobe zram)");
		return -ENOTSUP;
	}
	if (!zram_control_present() && !zram0_free()) {
		snprintf(dev->why, sizeof(dev->why),
			 "--swap zram: zram0 is in use and this kernel cannot add another device");
		return -ENOTSUP;
	}
	if (zram_settings_of(dev)->algo_params[0] && sysfs_exists("/sys/block/zram0") &&
	    !sysfs_exists("/sys/block/zram0/algorithm_params")) {
		snprintf(dev->why, sizeof(dev->why),
			 "--zram-algo-params: this kernel's zram has no algorithm_params (6.12 and "
			 "later)");
		return -ENOTSUP;
	}
	if ((ret = zram_wb_check(dev)))
		return ret;
	zram_streams_check(dev);
	/* With no device to ask, the algorithm is checked on our own device in prepare. */
	return zram_algorithms(list, sizeof(list)) == 0 ? comp_check(dev, list) : 0;
}

static int zram_offered(char *buf, size_t len, char *why, size_t why_len)
{
	int ret = zram_algorithms(buf, len);

	if (ret)
		snprintf(why, why_len,
			 "no zram device to ask which algorithms this kernel offers (modprobe "
			 "zram)");
	return ret;
}

/* The device hot_add will make is the lowest free number: the intent names it, so a cleanup
 * after a kill between the two knows which device it would be. */
static int hot_add(struct journal *j, int *id)
{
	char path[64], predicted[16], actual[16];
	int idx, ret, n = 0;

	do
		snprintf(path, sizeof(path), "/sys/block/zram%d", n);
	while (sysfs_exists(path) && ++n < 1 << 20);
	snprintf(predicted, sizeof(predicted), "%d", n);
	idx = journal_intend(j, UNDO_ZRAM_REMOVE, "/sys/class/zram-control/hot_remove", predicted,
			     NULL);
	if (idx < 0)
		return idx;
	ret = zram_hot_add(id);
	if (ret) {
		journal_cancel(j, idx);
		return ret;
	}
	signals_pause_point("zram-added");
	snprintf(actual, sizeof(actual), "%d", *id);
	return journal_confirm(j, idx, actual, 0, 0);
}

/* One device serves every zram cell of the run: each trial writes its own algorithm and size. */
static void zram_shared_init(void *state)
{
	struct zram_shared *shared = state;

	shared->id = -1;
	shared->loop_n = -1;
}

static int zram_prepare(struct swap_device *dev, struct journal *j)
{
	struct zram_state *z = zram_of(dev);
	struct zram_shared *shared = swap_shared_of(dev->params.shared, dev->backend);
	char list[256];
	int ret;

	if (!shared)
		return -ENOMEM;
	z->shared = shared;
	z->after_fill_s = -1;
	if (shared->id < 0) {
		snprintf(dev->failed, sizeof(dev->failed), "/sys/class/zram-control/hot_add");
		if (zram_control_present())
			ret = hot_add(j, &shared->id);
		else
			ret = 0, shared->id = 0;
		if (ret)
			return ret;
	}
	z->id = shared->id;
	snprintf(dev->device, sizeof(dev->device), "/dev/zram%d", z->id);
	snprintf(dev->block, sizeof(dev->block), "zram%d", z->id);
	if ((ret = zram_wb_prepare(dev, j)))
		return ret;
	snprintf(dev->failed, sizeof(dev->failed), "/sys/block/zram%d/comp_algorithm", z->id);
	ret = zram_device_algorithms(z->id, list, sizeof(list));
	return ret ? ret : comp_check(dev, list);
}

/* devtmpfs creates the node asynchronously after hot_add. */
static int wait_for_node(const char *node)
{
	struct timespec pause = { 0, 10 * 1000 * 1000 };
	for (int i = 0; i < 300; i++) {
		if (access(node, F_OK) == 0)
			return 0;
		nanosleep(&pause, NULL);
	}
	return -ENOENT;
}

/* Writes one attribute of our device, naming it and the value if that fails. */
static int zram_attr(struct swap_device *dev, const char *sys, const char *name, const char *value)
{
	char path[96];
	snprintf(path, sizeof(path), "%s/%s", sys, name);
	snprintf(dev->failed, sizeof(dev->failed), "%s '%s'", path, value);
	return sysfs_write(path, value);
}

/* comp_algorithm and algorithm_params must precede disksize: the kernel refuses them once the
 * device is initialised. "algo=NAME" ties the parameters to this trial's algorithm. */
static int zram_set_algorithm(struct swap_device *dev, const char *sys)
{
	const char *params = zram_settings_of(dev)->algo_params;
	char value[300];
	int ret;

	if (dev->params.comp && (ret = zram_attr(dev, sys, "comp_algorithm", dev->params.comp)))
		return ret;
	if (!params[0])
		return 0;
	if (dev->params.comp)
		snprintf(value, sizeof(value), "algo=%s %s", dev->params.comp, params);
	else
		snprintf(value, sizeof(value), "priority=0 %s", params);
	return zram_attr(dev, sys, "algorithm_params", value);
}

static int zram_start(struct swap_device *dev, struct journal *j)
{
	const struct zram_settings *set = zram_settings_of(dev);
	struct zram_state *z = zram_of(dev);
	char sys[64], value[32], path[96];
	int ret, idx;

	if ((ret = swap_keep_zswap_out(dev, j)))
		return ret;
	snprintf(sys, sizeof(sys), "/sys/block/%s", dev->block);
	/* The first write to the device is announced: a reset undoes all of them. */
	idx = journal_intend(j, UNDO_ZRAM_RESET, sys, NULL, NULL);
	if (idx < 0)
		return idx;
	if ((ret = zram_set_algorithm(dev, sys)) || (ret = zram_wb_init(dev, sys)))
		return ret;
	snprintf(path, sizeof(path), "%s/max_comp_streams", sys);
	if (set->streams && sysfs_exists(path)) {
		snprintf(value, sizeof(value), "%u", set->streams);
		if ((ret = zram_attr(dev, sys, "max_comp_streams", value)))
			return ret;
	}
	snprintf(value, sizeof(value), "%" PRIu64, set->size ? set->size : dev->params.size);
	if ((ret = zram_attr(dev, sys, "disksize", value)) ||
	    (ret = journal_confirm(j, idx, NULL, 0, 0)))
		return ret;
	if (set->mem_limit) {
		/* mem_limit caps the memory zram itself uses: the device fills before RAM does. */
		snprintf(value, sizeof(value), "%" PRIu64, set->mem_limit);
		if ((ret = zram_attr(dev, sys, "mem_limit", value)))
			return ret;
	}
	snprintf(dev->failed, sizeof(dev->failed), "%s/comp_algorithm", sys);
	ret = zram_current_algorithm(z->id, dev->comp_used, sizeof(dev->comp_used));
	if (ret)
		return ret;
	snprintf(dev->failed, sizeof(dev->failed), "%s", dev->device);
	ret = wait_for_node(dev->device);
	/* As a block device or a filesystem it is measured as it is: never swapon'd. */
	return ret || dev->params.use != USE_SWAP ? ret : swap_enable(dev, j);
}

static void zram_sample(struct swap_device *dev, struct swap_sample *s, int keep)
{
	struct zram_state *z = zram_of(dev);

	z->have_now = zram_mm_stat_read(z->id, &z->now) == 0;
	if (keep) {
		z->kept = z->now;
		z->have_kept = z->have_now;
	}
	if (!z->have_now)
		return;
	s->have_store = 1;
	s->ram_used = z->now.mem_used_total;
	s->ram_limit = z->now.mem_limit;
}

static void zram_series(const struct swap_device *dev, double *v, unsigned char *have)
{
	const struct zram_state *z = zram_of(dev);

	if (!z->have_now)
		return;
	v[S_ZRAM_ORIG] = (double)z->now.orig_data_size;
	v[S_ZRAM_COMPR] = (double)z->now.compr_data_size;
	have[S_ZRAM_ORIG] = have[S_ZRAM_COMPR] = 1;
}

static void zram_record(const struct swap_device *dev, const struct swap_record_input *in,
			struct trial *t)
{
	const struct zram_state *z = zram_of(dev);
	const struct zram_mm_stat *mm = &z->kept;

	(void)in;
	if (!z->have_kept)
		return;
	trial_set(t, M_ZRAM_ORIG, (double)mm->orig_data_size);
	trial_set(t, M_ZRAM_COMPR, (double)mm->compr_data_size);
	trial_set(t, M_ZRAM_MEM, (double)mm->mem_used_total);
	trial_set(t, M_ZRAM_SAME, (double)mm->same_pages);
	trial_set(t, M_ZRAM_HUGE, (double)mm->huge_pages);
	trial_set(t, M_SWAP_STORED, (double)mm->orig_data_size);
	trial_set(t, M_SWAP_RAM, (double)mm->mem_used_total);
	if (mm->compr_data_size)
		trial_set(t, M_COMP_RATIO,
			  (double)mm->orig_data_size / (double)mm->compr_data_size);
	zram_wb_record(dev, t);
}

/* RAM a zram cell costs outside the cgroup: what spills past the limit, at the data's
 * expected ratio, at most the device, at most its mem_limit. */
static uint64_t zram_uncharged_ram(const struct swap_device *dev, uint64_t spill, double ratio)
{
	const struct zram_settings *set = zram_settings_of(dev);
	uint64_t disk = set->size ? set->size : dev->params.size;
	double bytes = (double)(spill < disk ? spill : disk) / ratio;
	/* 2^64 and beyond has no uint64_t: the most there is, which preflight refuses. */
	uint64_t need = bytes < 0x1p64 ? (uint64_t)bytes : UINT64_MAX;

	return set->mem_limit && set->mem_limit < need ? set->mem_limit : need;
}

static void zram_describe(const struct swap_device *dev, FILE *out)
{
	const struct zram_settings *set = zram_settings_of(dev);
	char size[32], limit[32];

	fprintf(out, "  once: %s (hot_add); removed at the end (hot_remove)\n",
		zram_control_present() ? "a zram device of its own" : "zram0, which is unused");
	fprintf(out, "  each trial: comp_algorithm %s%s%s, disksize %s%s%s; reset after\n",
		dev->params.comp ? dev->params.comp : "(the kernel's)",
		set->algo_params[0] ? ", algorithm_params " : "", set->algo_params,
		size_format(set->size ? set->size : dev->params.size, size, sizeof(size)),
		set->mem_limit ? ", mem_limit " : "",
		set->mem_limit ? size_format(set->mem_limit, limit, sizeof(limit)) : "");
	zram_wb_describe(dev, out);
	swap_describe_zswap_out(out);
}

const struct backend backend_zram = {
	.name = "zram",
	.help = "a zram device of its own, swapon at --priority (--comp, --swap-size)",
	.flags = BACKEND_COMP | BACKEND_DEVICE | BACKEND_BLOCK,
	.trial_s = 0.07,
	.options = (const char *const[]){ "comp", "zram-size", "zram-mem-limit", "zram-algo-params",
					  "zram-generator", "zram-backing-dev", "zram-writeback",
					  "zram-recomp", "zram-streams", NULL },
	.option_rows = zram_option_rows,
	.priv_size = sizeof(struct zram_state),
	.shared_size = sizeof(struct zram_shared),
	.shared_init = zram_shared_init,
	.check = zram_check,
	.prepare = zram_prepare,
	.start = zram_start,
	.after_fill = zram_wb_after_fill,
	.stop = zram_wb_stop,
	.sample = zram_sample,
	.series = zram_series,
	.record = zram_record,
	.describe = zram_describe,
	.uncharged_ram = zram_uncharged_ram,
	.algorithms = zram_offered,
	.ram_outside = "zram's compressed pages included",
	.ram_cap_option = " with --zram-mem-limit",
};
