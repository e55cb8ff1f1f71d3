#include <criterion/criterion.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "fixture.h"
#include "runner/fio/job.h"
#include "runner/fio/result.h"
#include "tools.h"

static int parse_fixture(const char *name, const char *job, struct fio_result *r, char *why,
			 size_t len)
{
	char path[256];
	char *text;
	int ret;

	snprintf(path, sizeof(path), FIXTURES "/fio/%s", name);
	text = slurp(path);
	cr_assert_not_null(text, "%s", path);
	ret = fio_result_parse(text, strlen(text), job, r, why, len);
	free(text);
	return ret;
}

/* Numbers as fio 3.33 wrote them for a read job after its prefill: only the measured job. */
Test(fio_result, the_measured_job_of_a_real_output)
{
	struct fio_result r;
	char why[256];

	cr_assert_eq(parse_fixture("seq-read.json", "seq-read", &r, why, sizeof(why)), 0, "%s",
		     why);
	cr_assert(r.read.have && !r.write.have);
	cr_assert_float_eq(r.read.bw, 40136880, 0.5);
	cr_assert_float_eq(r.read.iops, 9799.043062, 1e-6);
	cr_assert_float_eq(r.read.clat_p50, 134144e-9, 1e-12);
	cr_assert_float_eq(r.read.clat_p99, 1548288e-9, 1e-12);
	cr_assert_float_eq(r.read.clat_p999, 10944512e-9, 1e-12);
	cr_assert_float_eq(r.usr_cpu, 1.80072, 1e-9);
	cr_assert_float_eq(r.sys_cpu, 22.088836, 1e-9);
	/* read.runtime, 418 ms: 16 MiB over it is fio's bw_bytes. job_runtime (833) is not it. */
	cr_assert_float_eq(r.runtime, 0.418, 1e-9);
	cr_assert_float_eq(r.read.runtime, 0.418, 1e-9);
	cr_assert_float_eq(r.read.io_bytes / r.runtime, r.read.bw, r.read.bw * 1e-3);
	cr_assert_eq(r.error, 0);
	cr_assert_eq(parse_fixture("seq-read.json", "prefill", &r, why, sizeof(why)), 0, "%s", why);
	cr_assert(r.write.have && !r.read.have, "the prefill wrote and did not read");
}

Test(fio_result, a_mixed_job_reads_and_writes)
{
	struct fio_result r;
	char why[256];

	cr_assert_eq(parse_fixture("rand-rw.json", "rand-rw", &r, why, sizeof(why)), 0, "%s", why);
	cr_assert(r.read.have && r.write.have);
	cr_assert_float_eq(r.read.bw, 17855722, 0.5);
	cr_assert_float_eq(r.write.bw, 18458597, 0.5);
	cr_assert_float_eq(r.read.clat_p99, 3031040e-9, 1e-12);
}

Test(fio_result, what_is_not_fio_json_is_refused_with_a_reason)
{
	static const struct {
		const char *text;
		int err;
		const char *why;
	} cases[] = {
		{ "", -EINVAL, "not JSON" },
		{ "fio: some warning\n", -EINVAL, "not JSON" },
		{ "[1,2]", -EINVAL, "not JSON" },
		{ "{\"jobs\": []}", -ENOENT, "no job 'seq-read'" },
		{ "{\"jobs\": [{\"jobname\": \"seq-read\"}]}", -EINVAL, "lacks its numbers" },
		{ "{\"jobs\": [{\"jobname\": \"seq-read\", \"usr_cpu\": 1, \"sys_cpu\": 2, "
		  "\"read\": {\"io_bytes\": 1,"
		  " \"bw_bytes\": \"fast\", \"iops\": 1}, \"write\": {\"io_bytes\": 0, "
		  "\"bw_bytes\": 0, \"iops\": 0}}]}",
		  -EINVAL, "lacks its numbers" },
		{ "{\"jobs\": [{\"jobname\": \"seq-read\", \"usr_cpu\": 1, \"sys_cpu\": 2, "
		  "\"read\": {\"io_bytes\": 1,"
		  " \"bw_bytes\": -5, \"iops\": 1}, \"write\": {\"io_bytes\": 0, \"bw_bytes\": 0, "
		  "\"iops\": 0}}]}",
		  -EINVAL, "lacks its numbers" },
	};
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		struct fio_result r;
		char why[256] = "";
		cr_assert_eq(fio_result_parse(cases[i].text, strlen(cases[i].text), "seq-read", &r,
					      why, sizeof(why)),
			     cases[i].err, "case %zu", i);
		cr_assert(strstr(why, cases[i].why), "case %zu: %s", i, why);
	}
}

/* A warning fio prints before its JSON does not hide the JSON. */
Test(fio_result, a_line_before_the_json_is_skipped)
{
	const char *text =
		"fio: note: both iodepth >= 1 and synchronous I/O engine are selected\n"
		"{\"jobs\": [{\"jobname\": \"seq-write\", \"usr_cpu\": 1.5, \"sys_cpu\": 20, "
		"\"error\": 0,"
		" \"job_runtime\": 1000, \"read\": {\"io_bytes\": 0, \"bw_bytes\": 0, \"iops\": 0},"
		" \"write\": {\"io_bytes\": 1048576, \"bw_bytes\": 1048576, \"iops\": 256}}]}";
	struct fio_result r;
	char why[256];

	cr_assert_eq(fio_result_parse(text, strlen(text), "seq-write", &r, why, sizeof(why)), 0,
		     "%s", why);
	cr_assert(r.write.have && !r.read.have);
	cr_assert_float_eq(r.write.bw, 1048576, 0.5);
	cr_assert_lt(r.write.clat_p50, 0, "no percentiles given: none made up");
}

static void job_text(const struct fio_job *job, char *buf, size_t len)
{
	cr_assert_eq(fio_job_text(job, buf, len), 0);
}

/* The kit's template, one mode: a writing mode needs no prefill, a reading one has it
 * stonewalled before the measured job. */
Test(fio_job, the_kit_s_settings_and_a_prefill_for_reads)
{
	struct fio_job job = { .filename = "/dev/zram1",
			       .mode = FIO_SEQ_WRITE,
			       .numjobs = 3,
			       .loops = 2,
			       .bs = 4096,
			       .direct = 1,
			       .buffer = { .kind = FIO_BUF_PATTERN, .pattern = "0xbadc0ffee" } };
	char text[2048];

	job_text(&job, text, sizeof(text));
	cr_assert(strstr(text,
			 "filename=/dev/zram1\nioengine=sync\ndirect=1\nbs=4096\nsize=100%\n"),
		  "%s", text);
	cr_assert(strstr(text, "buffer_pattern=0xbadc0ffee\nscramble_buffers=0\n"), "%s", text);
	cr_assert(strstr(text, "\n[seq-write]\nrw=write\nnumjobs=3\nloops=2\n"), "%s", text);
	cr_assert_null(strstr(text, "[prefill]"), "%s", text);
	job.mode = FIO_RAND_READ;
	job.size = 8 << 20;
	job_text(&job, text, sizeof(text));
	cr_assert(strstr(text, "size=8388608\n"), "%s", text);
	cr_assert(strstr(text,
			 "[prefill]\nrw=write\nnumjobs=1\nloops=1\n\n[rand-read]\nstonewall\nnew_"
			 "group\nrw=randread\n"),
		  "%s", text);
	cr_assert_eq(fio_job_text(&job, text, 64), -ENOSPC);
}

Test(fio_job, data_patterns_map_onto_fio_s_buffers)
{
	static const struct {
		const char *data;
		int ok;
		const char *line;
	} cases[] = {
		{ "compressible:11", 1,
		  "buffer_compress_percentage=11\nrefill_buffers\nscramble_buffers=0\n" },
		{ "pattern:0xbadc0ffee", 1, "buffer_pattern=0xbadc0ffee\n" },
		{ "pattern:ff00", 1, "buffer_pattern=0xff00\n" },
		{ "zero", 1, "zero_buffers\n" },
		{ "random", 1, "refill_buffers\n" },
		{ "seq", 0, NULL },
		{ "mixed", 0, NULL },
		{ "file:/etc/passwd", 0, NULL },
		{ "compressible:", 0, NULL },
	};
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		struct fio_job job = { .filename = "/dev/zram1",
				       .mode = FIO_SEQ_WRITE,
				       .numjobs = 1,
				       .loops = 1,
				       .bs = 4096 };
		char why[256] = "", text[2048];
		int ret = fio_buffer_from_data(cases[i].data, &job.buffer, why, sizeof(why));
		cr_assert_eq(ret == 0, cases[i].ok, "%s: %s", cases[i].data, why);
		if (!cases[i].ok) {
			cr_assert(strstr(why, cases[i].data), "the message names the value: %s",
				  why);
			continue;
		}
		job_text(&job, text, sizeof(text));
		cr_assert(strstr(text, cases[i].line), "%s:\n%s", cases[i].data, text);
	}
}

Test(fio_job, modes_by_name_writes_first)
{
	cr_assert_eq(fio_mode_find("seq-read"), FIO_SEQ_READ);
	cr_assert_eq(fio_mode_find("rand-rw"), FIO_RAND_RW);
	cr_assert_eq(fio_mode_find("randrw"), -1, "fio's own spelling is not ours");
	cr_assert_str_eq(fio_mode_names(),
			 "seq-write, rand-write, seq-read, rand-read, seq-rw, rand-rw");
	for (int m = 0; m < FIO_MODE_COUNT; m++)
		cr_assert(fio_modes[m].reads || fio_modes[m].writes);
}

/* fio's JSON cut short (fio killed mid-write, a full disk): never numbers, always "not JSON",
 * at every byte before the root's closing brace. */
Test(fio_result, a_cut_output_is_not_json)
{
	char path[256], why[256];
	struct fio_result r;
	char *text;
	size_t end;

	snprintf(path, sizeof(path), FIXTURES "/fio/seq-read.json");
	text = slurp(path);
	cr_assert_not_null(text);
	end = (size_t)(strrchr(text, '}') - text);
	for (size_t n = 0; n <= end; n++) {
		cr_assert_eq(fio_result_parse(text, n, "seq-read", &r, why, sizeof(why)), -EINVAL,
			     "cut at %zu", n);
		cr_assert_str_eq(why, "fio's output is not JSON", "cut at %zu", n);
		cr_assert_not(r.read.have, "cut at %zu", n);
	}
	cr_assert_eq(fio_result_parse(text, end + 1, "seq-read", &r, why, sizeof(why)), 0, "%s",
		     why);
	cr_assert_float_eq(r.read.bw, 40136880, 0.5);
	free(text);
}

/* Every mode that reads has its prefill before it, every mode that only writes none. */
Test(fio_job, each_reading_mode_is_prefilled)
{
	for (int m = 0; m < FIO_MODE_COUNT; m++) {
		struct fio_job job = { .filename = "/dev/zram1",
				       .mode = (enum fio_mode)m,
				       .numjobs = 1,
				       .loops = 1,
				       .bs = 4096 };
		char text[2048];

		job_text(&job, text, sizeof(text));
		cr_assert_eq(strstr(text, "[prefill]") != NULL, fio_modes[m].reads, "%s:\n%s",
			     fio_modes[m].name, text);
		cr_assert_eq(fio_modes[m].reads,
			     m == FIO_SEQ_READ || m == FIO_RAND_READ || m == FIO_SEQ_RW ||
				     m == FIO_RAND_RW,
			     "%s", fio_modes[m].name);
	}
}
