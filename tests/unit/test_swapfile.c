/* The swapfile's checks and its creation (swap/swapfile.c) in a temporary folder of /var/tmp:
 * paths refused before anything is made, a file already there never reused or overwritten,
 * room kept on the filesystem, the file made fully allocated and journaled by its inode. No
 * swap area is made. */
#include <criterion/criterion.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "runner/swap/backend.h"
#include "runner/undo/journal.h"
#include "runner/undo/rewind.h"
#include "tools.h"

static char *dir;
static char file[512];
static struct swap_settings set = { .priority = 100 };
static struct swap_device dev;

static void fresh(void)
{
	dir = temp_dir("zsb-unit-swapfile");
	snprintf(file, sizeof(file), "%s/x.swap", dir);
	memset(&dev, 0, sizeof(dev));
	dev.backend = backend_find("disk");
	dev.params.settings = &set;
	dev.params.size = 1 << 20;
	dev.params.swapfile = file;
}

static void gone(void)
{
	remove_dir(dir);
}

TestSuite(swapfile, .init = fresh, .fini = gone);

Test(swapfile, a_new_file_in_a_folder_that_can_hold_it)
{
	cr_assert_eq(swapfile_check(&dev), 0, "%s", dev.why);
}

Test(swapfile, blanks_and_backslashes_refused)
{
	dev.params.swapfile = "/var/tmp/a b.swap";
	cr_assert_eq(swapfile_check(&dev), -EINVAL);
	dev.params.swapfile = "/var/tmp/a\\b.swap";
	cr_assert_eq(swapfile_check(&dev), -EINVAL);
	cr_assert_str_eq(dev.why,
			 "--swapfile '/var/tmp/a\\b.swap': needs a path without blanks "
			 "or backslashes");
}

Test(swapfile, a_file_or_link_already_there_is_not_ours)
{
	char target[600];

	snprintf(target, sizeof(target), "%s/gone", dir);
	cr_assert_eq(symlink(target, file), 0);
	cr_assert_eq(swapfile_check(&dev), -EINVAL, "a dangling link is there too");
	cr_assert(strstr(dev.why, "already exists"), "%s", dev.why);
}

Test(swapfile, a_folder_not_there_or_in_ram)
{
	dev.params.swapfile = "/nonexistent-zsb/x.swap";
	cr_assert_eq(swapfile_check(&dev), -EINVAL);
	cr_assert_str_eq(dev.why,
			 "--swapfile '/nonexistent-zsb/x.swap': directory "
			 "/nonexistent-zsb does not exist");
	dev.params.swapfile = "/dev/shm/zsb-unit-x.swap";
	cr_assert_eq(swapfile_check(&dev), -EINVAL);
	cr_assert(strstr(dev.why, "tmpfs"), "%s", dev.why);
}

/* 64M are kept free: a swapfile that would leave less is refused. */
Test(swapfile, room_kept_on_the_filesystem)
{
	struct statvfs vfs;
	uint64_t free_bytes;

	cr_assert_eq(statvfs(dir, &vfs), 0);
	free_bytes = (uint64_t)vfs.f_bavail * vfs.f_frsize;
	dev.params.size = free_bytes - (32 << 20);
	cr_assert_eq(swapfile_check(&dev), -ENOSPC, "32M would be left");
	dev.params.size = free_bytes - (256 << 20);
	cr_assert_eq(swapfile_check(&dev), 0, "%s", dev.why);
}

Test(swapfile, made_fully_allocated_and_journaled)
{
	struct journal j;
	struct stat st;
	char why[256];

	journal_init(&j);
	cr_assert_eq(file_create_journaled(file, 1 << 20, &j, why, sizeof(why)), 0, "%s", why);
	cr_assert_eq(stat(file, &st), 0);
	cr_assert_eq(st.st_size, 1 << 20);
	cr_assert_geq((uint64_t)st.st_blocks * 512, 1 << 20, "no holes");
	cr_assert_eq(journal_pending(&j), 1);
	cr_assert_eq(journal_rewind(&j, 0), 0);
	cr_assert_neq(stat(file, &st), 0, "the rewind removes it");
	journal_free(&j);
}

Test(swapfile, someone_else_s_file_is_left_alone)
{
	struct journal j;
	char why[256], *text;
	FILE *f = fopen(file, "w");

	cr_assert_not_null(f);
	fputs("theirs\n", f);
	fclose(f);
	journal_init(&j);
	cr_assert_eq(file_create_journaled(file, 1 << 20, &j, why, sizeof(why)), -EEXIST);
	cr_assert_eq(journal_pending(&j), 0, "nothing of it to undo");
	text = slurp(file);
	cr_assert_str_eq(text, "theirs\n");
	free(text);
	journal_free(&j);
}

Test(swapfile, the_dry_run_names_it_and_its_size)
{
	char buf[512];
	FILE *out = fmemopen(buf, sizeof(buf), "w");

	dev.params.swapfile = "/var/tmp/zswapbench-1.swap";
	dev.params.size = 300 << 20;
	swapfile_describe(&dev, out);
	fclose(out);
	cr_assert_str_eq(buf,
			 "  once: create /var/tmp/zswapbench-1.swap (300M, fully allocated); "
			 "removed at the end\n");
}
