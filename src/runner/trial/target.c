#include "runner/trial/target.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/util.h"
#include "runner/base/fileio.h"
#include "runner/fio/result.h"
#include "runner/kernel/signals.h"
#include "runner/kernel/spawn.h"
#include "runner/kernel/caches.h"

static int write_job_file(const struct target_spec *t, const struct swap_device *dev, char *why,
			  size_t len)
{
	struct fio_job job = t->fio;
	char text[4096];
	int ret;

	job.filename = dev->device;
	snprintf(why, len, "%s", t->job_file);
	ret = fio_job_text(&job, text, sizeof(text));
	return ret ? ret : write_file_atomic(t->job_file, text, strlen(text), 0);
}

/* The compressor test's filesystem: no journal, no extended attributes, small inodes, nothing
 * reserved, so what is measured is the data the command writes. */
static int make_fs(const char *device, char *why, size_t len)
{
	char *argv[] = { "mkfs.ext4",	 "-q", "-F",
			 "-m",		 "0",  "-I",
			 "128",		 "-O", "^has_journal,^ext_attr",
			 (char *)device, NULL };
	char said[256];
	/* mke2fs warns about 128-byte inodes even with -q: the seed's choice, kept off the
	 * terminal, and its last line said when it fails. */
	int ret = spawn_wait_said(argv, said, sizeof(said));

	snprintf(why, len, "mkfs.ext4 %s%s%s", device, ret > 0 ? ": " : "", ret > 0 ? said : "");
	return ret > 0 ? -EIO : ret;
}

static int mount_fs(const char *device, const char *dir, struct journal *j, char *why, size_t len)
{
	int idx, ret;

	snprintf(why, len, "mount %s on %s", device, dir);
	if (mkdir(dir, 0755) < 0 && errno != EEXIST)
		return -errno;
	/* The intent names the device: the undo unmounts only a mount of that device there. */
	if ((idx = journal_intend(j, UNDO_UMOUNT, dir, device, NULL)) < 0)
		return idx;
	signals_pause_point("mount-announced");
	if (mount(device, dir, "ext4", MS_NOATIME, "discard") < 0) {
		ret = -errno;
		journal_cancel(j, idx);
		return ret;
	}
	return journal_confirm(j, idx, NULL, 0, 0);
}

int target_start(const struct target_spec *t, const struct swap_device *dev, struct journal *j,
		 char *failed, size_t len)
{
	int ret;

	switch (t->use) {
	case USE_BLOCK:
		return write_job_file(t, dev, failed, len);
	case USE_FS:
		ret = make_fs(dev->device, failed, len);
		return ret ? ret : mount_fs(dev->device, t->mount_dir, j, failed, len);
	default:
		return 0;
	}
}

static double us(double seconds)
{
	return seconds * (double)USEC_PER_SEC;
}

static void record_direction(struct trial *tr, const struct fio_direction *d, enum metric_id bw,
			     enum metric_id iops, enum metric_id p50)
{
	if (!d->have)
		return;
	trial_set(tr, bw, d->bw / MIB_BYTES);
	trial_set(tr, iops, d->iops);
	if (d->clat_p50 >= 0)
		trial_set(tr, p50, us(d->clat_p50));
	if (d->clat_p99 >= 0)
		trial_set(tr, p50 + 1, us(d->clat_p99));
	if (d->clat_p999 >= 0)
		trial_set(tr, p50 + 2, us(d->clat_p999));
}

int target_record_fio(const struct target_spec *t, struct trial *tr, char *why, size_t len)
{
	struct fio_result r;
	char *text;
	size_t n;
	/* fio's JSON for one job is a few KiB; 16 MiB is a runaway, not fio. */
	int ret = read_file(t->fio_output, 16 << 20, &text, &n);

	if (ret) {
		snprintf(why, len, "%s: %s", t->fio_output, strerror(-ret));
		return ret;
	}
	ret = fio_result_parse(text, n, fio_modes[t->fio.mode].name, &r, why, len);
	free(text);
	if (ret)
		return ret;
	if (r.error) {
		snprintf(why, len, "fio's job %s: %s", fio_modes[t->fio.mode].name,
			 strerror(r.error));
		return -r.error;
	}
	record_direction(tr, &r.read, M_READ_BW, M_READ_IOPS, M_READ_CLAT_P50);
	record_direction(tr, &r.write, M_WRITE_BW, M_WRITE_IOPS, M_WRITE_CLAT_P50);
	trial_set(tr, M_FIO_USR, r.usr_cpu);
	trial_set(tr, M_FIO_SYS, r.sys_cpu);
	if (r.runtime > 0)
		trial_set(tr, M_FIO_RUNTIME, r.runtime);
	return 0;
}

void target_flush(const struct target_spec *t)
{
	if (t->use != USE_FS)
		return;
	caches_drop();
}

void target_describe(const struct target_spec *t, FILE *out)
{
	switch (t->use) {
	case USE_BLOCK:
		fprintf(out, "  each trial: fio %s on the device (never swapon'd)%s\n",
			fio_modes[t->fio.mode].name,
			fio_modes[t->fio.mode].reads ? ", written once first" : "");
		break;
	case USE_FS:
		fprintf(out,
			"  each trial: mkfs.ext4 on the device, mounted at %s (unmounted "
			"after), the command run there%s\n",
			t->mount_dir ? t->mount_dir : "mnt in the work directory",
			t->read_back ? "; sync, drop_caches, then the read-back command" : "");
		break;
	default:
		break;
	}
}
