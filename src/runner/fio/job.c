#include "runner/fio/job.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "common/pattern.h"
#include "common/util.h"

/* Writes first in the table: the order cells run in, so a reader of the list meets them as the
 * kit's template ran them. */
const struct fio_mode_desc fio_modes[FIO_MODE_COUNT] = {
	[FIO_SEQ_WRITE] = { "seq-write", "write", 0, 1 },
	[FIO_RAND_WRITE] = { "rand-write", "randwrite", 0, 1 },
	[FIO_SEQ_READ] = { "seq-read", "read", 1, 0 },
	[FIO_RAND_READ] = { "rand-read", "randread", 1, 0 },
	[FIO_SEQ_RW] = { "seq-rw", "rw", 1, 1 },
	[FIO_RAND_RW] = { "rand-rw", "randrw", 1, 1 },
};

int fio_mode_find(const char *name)
{
	for (int m = 0; m < FIO_MODE_COUNT; m++)
		if (strcmp(fio_modes[m].name, name) == 0)
			return m;
	return -1;
}

const char *fio_mode_names(void)
{
	static char names[128];

	if (!names[0])
		for (int m = 0; m < FIO_MODE_COUNT; m++)
			snprintf(names + strlen(names), sizeof(names) - strlen(names), "%s%s",
				 m ? ", " : "", fio_modes[m].name);
	return names;
}

int fio_buffer_from_data(const char *data, struct fio_buffer *out, char *why, size_t len)
{
	struct pattern p;
	const char *colon = strchr(data, ':');

	memset(out, 0, sizeof(*out));
	if (pattern_parse(data, &p)) {
		snprintf(why, len, "--data '%s': not a pattern", data);
		return -EINVAL;
	}
	if (strncmp(data, "compressible:", 13) == 0) {
		out->kind = FIO_BUF_COMPRESS;
		out->percent = p.percent;
	} else if (strncmp(data, "pattern:", 8) == 0 &&
		   strlen(colon + 1) < sizeof(out->pattern) - 2) {
		out->kind = FIO_BUF_PATTERN;
		snprintf(out->pattern, sizeof(out->pattern), "%s%s",
			 strncmp(colon + 1, "0x", 2) ? "0x" : "", colon + 1);
	} else if (strcmp(data, "zero") == 0) {
		out->kind = FIO_BUF_ZERO;
	} else if (strcmp(data, "random") == 0) {
		out->kind = FIO_BUF_RANDOM;
	} else {
		snprintf(why, len,
			 "--data '%s': fio cannot write it; the block target takes "
			 "compressible:PCT, "
			 "pattern:HEX, zero or random",
			 data);
		return -EINVAL;
	}
	return 0;
}

/* scramble_buffers=0: fio would otherwise change every buffer a little against dedupe, which
 * changes what zram's compressor sees (the per-CPU streams review turned it off). */
static int buffer_lines(const struct fio_buffer *b, char *buf, size_t len)
{
	switch (b->kind) {
	case FIO_BUF_COMPRESS:
		return snprintf(
			buf, len,
			"buffer_compress_percentage=%u\nrefill_buffers\nscramble_buffers=0\n",
			b->percent);
	case FIO_BUF_PATTERN:
		return snprintf(buf, len, "buffer_pattern=%s\nscramble_buffers=0\n", b->pattern);
	case FIO_BUF_ZERO:
		return snprintf(buf, len, "zero_buffers\nscramble_buffers=0\n");
	case FIO_BUF_RANDOM:
		return snprintf(buf, len, "refill_buffers\n");
	}
	return snprintf(buf, len, "%s", "");
}

int fio_job_text(const struct fio_job *job, char *buf, size_t len)
{
	const struct fio_mode_desc *m = &fio_modes[job->mode];
	char size[32], buffers[256];
	size_t at = 0;

	if (job->size)
		snprintf(size, sizeof(size), "%" PRIu64, job->size);
	else
		snprintf(size, sizeof(size), "100%%");
	buffer_lines(&job->buffer, buffers, sizeof(buffers));
	at += (size_t)snprintf(buf + at, len - at,
			       "[global]\nfilename=%s\nioengine=sync\ndirect=%d\nbs=%" PRIu64
			       "\nsize=%s\n"
			       "thread\ngroup_reporting\npercentile_list=50:99:99.9\n%s",
			       job->filename, job->direct ? 1 : 0, job->bs, size, buffers);
	if (m->reads && at < len)
		at += (size_t)snprintf(buf + at, len - at,
				       "\n[prefill]\nrw=write\nnumjobs=1\nloops=1\n");
	if (at < len)
		at += (size_t)snprintf(buf + at, len - at,
				       "\n[%s]\n%srw=%s\nnumjobs=%u\nloops=%u\n", m->name,
				       m->reads ? "stonewall\nnew_group\n" : "", m->rw,
				       job->numjobs, job->loops);
	if (job->rate && at < len)
		at += (size_t)snprintf(buf + at, len - at, "rate=%" PRIu64 "\n", job->rate);
	return at < len ? 0 : -ENOSPC;
}
