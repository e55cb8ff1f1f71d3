/* What a device is used as beyond swap (trial/target.c), without a device: fio's numbers from
 * a real output into the trial in MiB/s and microseconds, each direction into its own metrics,
 * the job file naming the device, and the dry run's words. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fixture.h"
#include "runner/trial/target.h"
#include "tools.h"

Test(target, a_mixed_job_s_directions_in_their_own_metrics)
{
	struct target_spec t = { .use = USE_BLOCK,
				 .fio = { .mode = FIO_RAND_RW },
				 .fio_output = FIXTURES "/fio/rand-rw.json" };
	struct trial tr;
	char why[256] = "";

	memset(&tr, 0, sizeof(tr));
	cr_assert_eq(target_record_fio(&t, &tr, why, sizeof(why)), 0, "%s", why);
	cr_assert_float_eq(tr.value[M_READ_BW], 17855722.0 / 1048576, 1e-9);
	cr_assert_float_eq(tr.value[M_WRITE_BW], 18458597.0 / 1048576, 1e-9);
	cr_assert_float_eq(tr.value[M_READ_IOPS], 4359.307359, 1e-6);
	cr_assert_float_eq(tr.value[M_WRITE_IOPS], 4506.493506, 1e-6);
	cr_assert_float_eq(tr.value[M_READ_CLAT_P50], 129.536, 1e-6);
	cr_assert_float_eq(tr.value[M_READ_CLAT_P99], 3031.040, 1e-6);
	cr_assert_float_eq(tr.value[M_READ_CLAT_P999], 7700.480, 1e-6);
	cr_assert_float_eq(tr.value[M_WRITE_CLAT_P50], 132.096, 1e-6);
	cr_assert_float_eq(tr.value[M_WRITE_CLAT_P99], 2801.664, 1e-6);
	cr_assert_float_eq(tr.value[M_WRITE_CLAT_P999], 7634.944, 1e-6);
	cr_assert_float_eq(tr.value[M_FIO_USR], 2.857143, 1e-9);
	cr_assert_float_eq(tr.value[M_FIO_SYS], 16.703297, 1e-9);
	/* both directions' runtime 231 ms, in seconds (not job_runtime's 455, their sum): the
	 * denominator a test checks the bandwidth by */
	cr_assert_float_eq(tr.value[M_FIO_RUNTIME], 0.231, 1e-12);
	cr_assert(tr.have[M_FIO_RUNTIME]);
}

Test(target, a_read_job_has_no_write_metrics)
{
	struct target_spec t = { .use = USE_BLOCK,
				 .fio = { .mode = FIO_SEQ_READ },
				 .fio_output = FIXTURES "/fio/seq-read.json" };
	struct trial tr;
	char why[256] = "";

	memset(&tr, 0, sizeof(tr));
	cr_assert_eq(target_record_fio(&t, &tr, why, sizeof(why)), 0, "%s", why);
	cr_assert(tr.have[M_READ_BW]);
	cr_assert_not(tr.have[M_WRITE_BW], "the prefill's writes are not the measured job's");
	cr_assert_not(tr.have[M_WRITE_IOPS]);
}

Test(target, no_output_is_an_error_naming_the_file)
{
	struct target_spec t = { .use = USE_BLOCK, .fio_output = "/nonexistent/fio.json" };
	struct trial tr;
	char why[256] = "";

	memset(&tr, 0, sizeof(tr));
	cr_assert_lt(target_record_fio(&t, &tr, why, sizeof(why)), 0);
	cr_assert(strstr(why, "/nonexistent/fio.json"), "%s", why);
}

Test(target, the_job_file_names_the_device)
{
	char *dir = temp_dir("zsb-unit-target");
	char job_file[512], failed[256] = "", *text;
	struct target_spec t = {
		.use = USE_BLOCK,
		.fio = { .mode = FIO_SEQ_WRITE, .numjobs = 1, .loops = 1, .bs = 4096 },
		.job_file = job_file
	};
	struct swap_device dev;

	memset(&dev, 0, sizeof(dev));
	snprintf(dev.device, sizeof(dev.device), "/dev/zram7");
	snprintf(job_file, sizeof(job_file), "%s/cell.fio", dir);
	cr_assert_eq(target_start(&t, &dev, NULL, failed, sizeof(failed)), 0, "%s", failed);
	text = slurp(job_file);
	cr_assert_not_null(text);
	cr_assert(strstr(text, "filename=/dev/zram7\n"), "%s", text);
	cr_assert(strstr(text, "[seq-write]\n"), "%s", text);
	free(text);
	remove_dir(dir);
}

static void described(const struct target_spec *t, char *buf, size_t len)
{
	FILE *f;

	memset(buf, 0, len);
	f = fmemopen(buf, len, "w");
	cr_assert_not_null(f);
	target_describe(t, f);
	fclose(f);
}

Test(target, the_dry_run_says_what_each_trial_does)
{
	char *const read_back[] = { "cat", NULL };
	struct target_spec t = { .use = USE_BLOCK, .fio = { .mode = FIO_SEQ_READ } };
	char buf[512];

	described(&t, buf, sizeof(buf));
	cr_assert_str_eq(buf,
			 "  each trial: fio seq-read on the device (never swapon'd), written once "
			 "first\n");
	t.fio.mode = FIO_RAND_WRITE;
	described(&t, buf, sizeof(buf));
	cr_assert_str_eq(buf, "  each trial: fio rand-write on the device (never swapon'd)\n");
	t.use = USE_FS;
	t.mount_dir = "/w/mnt";
	described(&t, buf, sizeof(buf));
	cr_assert_str_eq(buf,
			 "  each trial: mkfs.ext4 on the device, mounted at /w/mnt (unmounted "
			 "after), the command run there\n");
	t.read_back = read_back;
	t.mount_dir = NULL;
	described(&t, buf, sizeof(buf));
	cr_assert_str_eq(buf,
			 "  each trial: mkfs.ext4 on the device, mounted at mnt in the work "
			 "directory (unmounted after), the command run there; sync, drop_caches, "
			 "then the read-back command\n");
	t.use = USE_SWAP;
	described(&t, buf, sizeof(buf));
	cr_assert_str_eq(buf, "");
}
