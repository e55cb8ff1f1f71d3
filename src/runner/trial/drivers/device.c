/* A device measured itself (trial/target.c): fio on the block device, or a command writing
 * into a filesystem on it, then what it holds read once the work is done; and each one's
 * options, its rows of the option table. */
#include "runner/trial/drivers/driver.h"

#include <errno.h>
#include <json.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/clock.h"
#include "runner/base/command_words.h"
#include "runner/base/words.h"
#include "runner/fio/job.h"
#include "runner/trial/drivers/settings.h"
#include "runner/trial/target.h"

#define DEVICE(f) OPTION_FIELD(struct driver_settings, device.f)
#define MiB (1ULL << 20)
#define TiB (1ULL << 40)

/* "seq-read,rand-write": fio's modes, a bit each; "all" (the default) is every one. */
static int parse_modes(void *scope, const char *v, char *why, size_t len)
{
	struct device_settings *d = &((struct driver_settings *)scope)->device;
	char name[32];

	snprintf(why, len, "not a list of modes (all, or of %s)", fio_mode_names());
	d->modes = 0;
	if (strcmp(v, "all") == 0)
		return 0;
	for (struct list_item it = list_first(v); it.ok; it = list_next(v, it)) {
		int m;

		snprintf(name, sizeof(name), "%.*s", (int)it.len, it.text);
		if (it.len >= sizeof(name) || (m = fio_mode_find(name)) < 0 ||
		    (d->modes & (1u << m)))
			return -EINVAL;
		d->modes |= 1u << m;
	}
	return list_well_formed(v) && d->modes ? 0 : -EINVAL;
}

static json_object *modes_json(const void *scope)
{
	const struct device_settings *d = &((const struct driver_settings *)scope)->device;
	json_object *a = json_object_new_array();
	for (int m = 0; m < FIO_MODE_COUNT; m++)
		if (!d->modes || (d->modes & (1u << m)))
			json_object_array_add(a, json_object_new_string(fio_modes[m].name));
	return a;
}

static void modes_format(const void *scope, char *buf, size_t len)
{
	const struct device_settings *d = &((const struct driver_settings *)scope)->device;
	size_t at = 0;

	buf[0] = '\0';
	for (int m = 0; m < FIO_MODE_COUNT && at < len; m++)
		if (!d->modes || (d->modes & (1u << m)))
			at += (size_t)snprintf(buf + at, len - at, "%s%s", at ? "," : "",
					       fio_modes[m].name);
}

/* fio's bs: the device's sectors are 512 bytes. */
static int check_bs(void *scope, const char *v, char *why, size_t len)
{
	const struct device_settings *d = &((const struct driver_settings *)scope)->device;

	(void)v;
	if (d->fio_bs % 512) {
		snprintf(why, len, "not a multiple of 512 bytes");
		return -EINVAL;
	}
	return 0;
}

/* fio's job: --modes is a sweep axis, a cell per mode. */
static const struct option_desc block_rows[] = {
	{ "modes", 0, OT_CUSTOM, DEVICE(modes), 0, 0, "all", NULL, "LIST", NULL,
	  .flags = OPT_BLOCK | OPT_SWEEP, .parse = parse_modes, .to_json = modes_json,
	  .format = modes_format, .example = "seq-write,seq-read",
	  .help = "fio's modes, writes before reads: seq-write, rand-write, seq-read, "
		  "rand-read, seq-rw, rand-rw",
	  .group = G_DEVICE, .scope = SCOPE_DRIVER },
	{ "bs", 0, OT_SIZE, DEVICE(fio_bs), 512, 64 * MiB, "4K", NULL, "SIZE", NULL,
	  .flags = OPT_BLOCK, .parse = check_bs, .example = "64K",
	  .help = "fio's block size, a multiple of 512", .group = G_DEVICE, .scope = SCOPE_DRIVER },
	{ "io-size", 0, OT_SIZE, DEVICE(io_size), 4096, TiB, NULL, "the device", "SIZE", NULL,
	  .flags = OPT_BLOCK, .example = "256M", .help = "bytes each fio job does per loop",
	  .group = G_DEVICE, .scope = SCOPE_DRIVER },
	{ "loops", 0, OT_COUNT, DEVICE(loops), 1, 1000, "1", NULL, "N", "loops", .flags = OPT_BLOCK,
	  .example = "10", .help = "fio's loops over the I/O size", .group = G_DEVICE,
	  .scope = SCOPE_DRIVER },
	{ "direct", 0, OT_SWITCH, DEVICE(direct), 0, 0, "on", NULL, "on|off", NULL,
	  .flags = OPT_BLOCK, .example = "off",
	  .help = "fio's direct I/O (O_DIRECT), past the page cache", .group = G_DEVICE,
	  .scope = SCOPE_DRIVER },
	{ "fio-rate", 0, OT_SIZE, DEVICE(fio_rate), 4096, TiB, NULL, "unlimited", "SIZE", NULL,
	  .flags = OPT_BLOCK | OPT_HIDDEN, .example = "100M",
	  .help = "fio's rate= per job, bytes/s (a known-rate check)", .group = G_DEVICE,
	  .scope = SCOPE_DRIVER },
	{ 0 }
};

/* The filesystem's read phase. */
static const struct option_desc fs_rows[] = {
	{ "read-back", 0, OT_TEXT, DEVICE(read_back), 0, COMMAND_TEXT_MAX, NULL, "none",
	  "'CMD ARGS'", NULL, .flags = OPT_FS, .parse = command_text_check,
	  .example = "tar -cf /dev/null .",
	  .help = "fs: after the command, with caches dropped, run this in the mount and time it "
		  "(the read phase)",
	  .group = G_DEVICE, .scope = SCOPE_DRIVER },
	{ 0 }
};

/* fs: the read phase, after the write phase's data is out of the page cache: one command in
 * the same cgroup, in the mount, timed from its release to its exit. */
static void read_phase(struct driver_run *r, struct trial *t)
{
	struct workload_spec spec = *r->s->workload;
	struct workload w = { 0 };
	int dir = bench_cgroup_open_dir(r->cg), ret, code;

	spec.argv = r->s->target->read_back;
	spec.jobs = 1;
	ret = workload_spawn(&w, &spec, dir);
	if (dir >= 0)
		close(dir);
	if (!ret)
		ret = workload_attach(&w, r->cg);
	if (!ret)
		ret = workload_release(&w);
	if (!ret)
		ret = workload_follow(&w, 0, r->s->timeout_ms, NULL);
	code = ret			      ? -1
		: WIFEXITED(w.jobs[0].status) ? WEXITSTATUS(w.jobs[0].status)
					      : 128 + WTERMSIG(w.jobs[0].status);
	if (code == 0)
		trial_set(t, M_FS_READ_TIME, ns_to_s(w.jobs[0].exit_ns - w.release_ns));
	else if (ret)
		snprintf(r->note, sizeof(r->note), "the read-back command could not run: %s",
			 strerror(-ret));
	else
		snprintf(r->note, sizeof(r->note), "the read-back command exited with status %d",
			 code);
	workload_destroy(&w);
}

/* What the device holds, read once the work is done (fs: written out and dropped from the
 * page cache first), then the read phase. */
static void after_device_work(struct driver_run *r)
{
	const struct trial_setup *s = r->s;
	struct watch *wt = r->wt;
	int written = 1;
	uint64_t t0 = clock_now_ns();

	target_flush(s->target);
	if (s->target->use == USE_FS)
		trial_set(wt->t, M_FS_FLUSH_TIME, seconds_since(t0));
	swap_device_sample(s->dev, &wt->dev, 1);
	wt->sampled = 1;
	for (unsigned i = 0; i < wt->w->n; i++)
		written &= WIFEXITED(wt->w->jobs[i].status) &&
			WEXITSTATUS(wt->w->jobs[i].status) == 0;
	if (s->target->use == USE_FS && s->target->read_back && written)
		read_phase(r, wt->t);
}

static void record_fio(struct driver_run *r, struct trial *t)
{
	if (t->status == TRIAL_OK && target_record_fio(r->s->target, t, t->note, sizeof(t->note)))
		t->status = TRIAL_FAILED;
}

/* The filesystem's total: the command's writes, their flush, the read-back; all or none. */
static void record_fs(struct driver_run *r, struct trial *t)
{
	(void)r;
	if (t->have[M_ELAPSED] && t->have[M_FS_FLUSH_TIME] && t->have[M_FS_READ_TIME])
		trial_set(t, M_FS_TOTAL_TIME,
			  t->value[M_ELAPSED] + t->value[M_FS_FLUSH_TIME] +
				  t->value[M_FS_READ_TIME]);
}

const struct workload_driver driver_block = {
	.name = "block",
	.help = "fio on the device as a block device (--target block), its bandwidth",
	.program = "fio",
	.package = "fio",
	.chosen_by = "--target block",
	.option_rows = block_rows,
	.follow = driver_follow_jobs,
	.after = after_device_work,
	.record = record_fio,
};

const struct workload_driver driver_fs = {
	.name = "fs",
	.help = "a command writing into a filesystem on the device (--target fs), then "
		"--read-back",
	.program = "mkfs.ext4",
	.package = "e2fsprogs",
	.chosen_by = "--target fs",
	.option_rows = fs_rows,
	.follow = driver_follow_jobs,
	.after = after_device_work,
	.record = record_fs,
};
