/*
 * fio's job file for one cell of a block-target run: the device, one I/O mode, the jobs, the
 * buffers' content, as the zram performance kit's templates set them (ioengine=sync, direct,
 * bs=4k, size=100%, group_reporting, threads). A mode that reads first has the device written
 * once by a job of its own ("prefill", stonewalled before the measured one), so every read
 * reads data written with the same buffers; only the measured job's numbers are taken.
 */
#ifndef ZSB_FIO_JOB_H
#define ZSB_FIO_JOB_H
#include <stddef.h>
#include <stdint.h>

enum fio_mode {
	FIO_SEQ_WRITE,
	FIO_RAND_WRITE,
	FIO_SEQ_READ,
	FIO_RAND_READ,
	FIO_SEQ_RW,
	FIO_RAND_RW,
	FIO_MODE_COUNT
};

struct fio_mode_desc {
	const char *name; /* ours, and the measured job's name: "seq-read" */
	const char *rw; /* fio's rw= */
	int reads, writes;
};
extern const struct fio_mode_desc fio_modes[FIO_MODE_COUNT];
/* The mode named name, or -1. */
int fio_mode_find(const char *name);
/* "seq-write, rand-write, ...", for --help and errors. */
const char *fio_mode_names(void);

/* What the written buffers hold: --data mapped onto fio's buffer options. */
enum fio_buffer_kind {
	FIO_BUF_COMPRESS,
	FIO_BUF_PATTERN,
	FIO_BUF_ZERO,
	FIO_BUF_RANDOM
};
struct fio_buffer {
	enum fio_buffer_kind kind;
	unsigned percent; /* FIO_BUF_COMPRESS: buffer_compress_percentage */
	char pattern[136]; /* FIO_BUF_PATTERN: "0xbadc0ffee" */
};
/* --data's spec as fio buffers: compressible:PCT, pattern:HEX, zero, random. Others (a file,
 * seq, mixed) have no fio equivalent: -EINVAL with why. */
int fio_buffer_from_data(const char *data, struct fio_buffer *out, char *why, size_t len);

struct fio_job {
	const char *filename; /* the block device */
	enum fio_mode mode;
	unsigned numjobs, loops;
	uint64_t bs; /* bytes, a multiple of 512 */
	uint64_t size; /* bytes each job does; 0: the whole device */
	int direct;
	uint64_t rate; /* bytes/s each job may do (fio's rate=); 0: as fast as it can */
	struct fio_buffer buffer;
};

/* The job file's text into buf; -ENOSPC when it does not fit. */
int fio_job_text(const struct fio_job *job, char *buf, size_t len);

#endif
