/* A device measured itself (trial/target.c): fio on the block device, or a command writing
 * into a filesystem on it, then what it holds read once the work is done. */
#include "runner/trial/drivers/driver.h"

#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/clock.h"
#include "runner/trial/target.h"

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
	.follow = driver_follow_jobs,
	.after = after_device_work,
	.record = record_fs,
};
