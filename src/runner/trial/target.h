/*
 * What the cell's device is used as, beyond swap: a block device fio measures (the zram kit's
 * experiment) or a filesystem a command writes into and a second command reads back out of
 * (the compressor test). The backend makes the device; the target writes fio's job file for it,
 * or makes the filesystem and mounts it (journaled), and turns what ran into metrics.
 */
#ifndef ZSB_TARGET_H
#define ZSB_TARGET_H
#include <stddef.h>

#include "runner/fio/job.h"
#include "runner/result/results.h"
#include "runner/swap/backend.h"
#include "runner/undo/journal.h"

struct target_spec {
	enum device_use use;
	/* block: the job (its filename is the device, set at each trial), its file and fio's
	 * output */
	struct fio_job fio;
	const char *job_file, *fio_output;
	/* fs: where the filesystem is mounted, and the read phase's command (NULL: none) */
	const char *mount_dir;
	char *const *read_back;
};

/* After the backend's start, before the workload: block: the job file naming the device; fs:
 * mkfs.ext4 with the compressor test's options, mounted noatime,discard at mount_dir (the
 * mount journaled, so the trial's rewind unmounts it before the device is reset). */
int target_start(const struct target_spec *t, const struct swap_device *dev, struct journal *j,
		 char *failed, size_t len);
/* block: fio's numbers for the measured job into the trial. -errno with why when fio's output
 * cannot be read (the trial then failed). */
int target_record_fio(const struct target_spec *t, struct trial *tr, char *why, size_t len);
/* fs, between the write phase and the read phase: written out and dropped from the page cache,
 * so the read phase reads from the device. */
void target_flush(const struct target_spec *t);
/* --dry-run: what the target adds to each trial. */
void target_describe(const struct target_spec *t, FILE *out);

#endif
