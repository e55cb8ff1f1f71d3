/*
 * fio's JSON output (--output-format=json), read back: the measured job's bandwidth, IOPS,
 * completion-latency percentiles per direction and its CPU, as fio itself measured them.
 */
#ifndef ZSB_FIO_RESULT_H
#define ZSB_FIO_RESULT_H
#include <stddef.h>
#include <stdint.h>

struct fio_direction {
	int have; /* the job did I/O this way */
	double bw; /* bytes/s: io_bytes over runtime */
	double runtime; /* seconds this direction moved data (fio's ms) */
	double iops;
	uint64_t io_bytes;
	double clat_p50, clat_p99, clat_p999; /* seconds; negative where fio gave none */
};

struct fio_result {
	struct fio_direction read, write;
	double usr_cpu, sys_cpu; /* percent of one CPU over the job's runtime, as fio reports */
	/* seconds the job moved data: its longer direction's runtime. (fio's job_runtime is not
	 * it: it adds up a mixed job's directions and a group's clones.) */
	double runtime;
	int error; /* the job's error (an errno), 0 when it ran */
};

/* The job named jobname in fio's JSON text. -EINVAL with why when the text is not fio's JSON
 * or lacks what is needed; -ENOENT when no job has that name. */
int fio_result_parse(const char *text, size_t len, const char *jobname, struct fio_result *out,
		     char *why, size_t why_len);

#endif
