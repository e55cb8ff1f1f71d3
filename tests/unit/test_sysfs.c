/* The one way kernel files are read and written (kernel/sysfs.c), on a temporary root: a
 * file as long as the buffer holds, one byte longer, one past the first 16 KiB of an
 * allocated read; cgroup v2's "max"; a write that truncates. */
#include <criterion/criterion.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/kernel/sysfs.h"
#include "tools.h"

static char *root;

static void make_root(void)
{
	root = temp_dir("zsb-unit-sysfs");
	sysfs_set_root(root);
}

static void drop_root(void)
{
	sysfs_set_root(NULL);
	remove_dir(root);
}

/* /NAME under the root, holding n bytes of 'x' then tail. */
static void file_of(const char *name, size_t n, const char *tail)
{
	char path[PATH_MAX];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", root, name);
	f = fopen(path, "w");
	cr_assert_not_null(f, "%s", path);
	for (size_t i = 0; i < n; i++)
		fputc('x', f);
	fputs(tail, f);
	fclose(f);
}

TestSuite(sysfs_files, .init = make_root, .fini = drop_root);

Test(sysfs_files, a_root_of_slash_is_the_real_system)
{
	sysfs_set_root("/");
	cr_assert_str_eq(sysfs_root(), "");
	sysfs_set_root("/tmp/tree/");
	cr_assert_str_eq(sysfs_root(), "/tmp/tree");
	sysfs_set_root(root);
}

Test(sysfs_files, a_file_that_fills_the_buffer_fits_one_byte_more_does_not)
{
	char buf[16];

	file_of("fits", sizeof(buf) - 1, "");
	file_of("over", sizeof(buf), "");
	cr_assert_eq(sysfs_read("/fits", buf, sizeof(buf)), (int)sizeof(buf) - 1);
	cr_assert_eq(strlen(buf), sizeof(buf) - 1);
	cr_assert_eq(sysfs_read("/over", buf, sizeof(buf)), -EFBIG, "not cut silently");
	cr_assert_eq(sysfs_read("/absent", buf, sizeof(buf)), -ENOENT);
}

Test(sysfs_files, an_allocated_read_grows_past_16_kib)
{
	char *text;

	file_of("big", 40000, "end\n");
	cr_assert_eq(sysfs_read_alloc("/big", &text), 40004);
	cr_assert_eq(strlen(text), 40004);
	cr_assert_str_eq(text + 40000, "end\n");
	free(text);
	file_of("edge", 16383, "");
	cr_assert_eq(sysfs_read_alloc("/edge", &text), 16383, "one byte short of 16 KiB");
	free(text);
	cr_assert_eq(sysfs_read_alloc("/absent", &text), -ENOENT);
	cr_assert_null(text);
}

Test(sysfs_files, numbers_max_and_what_is_not_a_number)
{
	const char *bad[] = { "12abc\n", "12 34\n", "-1\n", "\n", "max2\n", " 5\n" };
	uint64_t v = 0;

	file_of("n", 0, "1073741824\n");
	cr_assert_eq(sysfs_read_u64("/n", &v), 0);
	cr_assert_eq(v, 1073741824);
	file_of("n", 0, "max\n");
	cr_assert_eq(sysfs_read_u64("/n", &v), 0);
	cr_assert_eq(v, UINT64_MAX, "cgroup v2's no limit");
	file_of("n", 0, "18446744073709551615\n");
	cr_assert_eq(sysfs_read_u64("/n", &v), 0);
	cr_assert_eq(v, UINT64_MAX);
	file_of("n", 0, "18446744073709551616\n");
	cr_assert_eq(sysfs_read_u64("/n", &v), -EINVAL, "past 64 bits");
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		v = 7;
		file_of("n", 0, bad[i]);
		cr_assert_eq(sysfs_read_u64("/n", &v), -EINVAL, "'%s'", bad[i]);
	}
}

Test(sysfs_files, a_line_is_its_first_line)
{
	char buf[64];

	file_of("l", 0, "[none] lz4\nsecond\n");
	cr_assert_eq(sysfs_read_line("/l", buf, sizeof(buf)), 10);
	cr_assert_str_eq(buf, "[none] lz4");
}

Test(sysfs_files, a_shorter_value_replaces_a_longer_one)
{
	char buf[64];

	file_of("w", 0, "1073741824\n");
	cr_assert_eq(sysfs_write("/w", "max"), 0);
	cr_assert_eq(sysfs_read("/w", buf, sizeof(buf)), 3);
	cr_assert_str_eq(buf, "max");
	cr_assert(sysfs_exists("/w"));
	cr_assert_not(sysfs_exists("/absent"));
	cr_assert_eq(sysfs_write("/absent/w", "1"), -ENOENT);
}
