/* Each kind of undo against a fake /sys tree: what is shown to be ours goes, the rest stays;
 * a parameter's bracketed choice; what a reboot leaves. */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runner/kernel/sysfs.h"
#include "runner/undo/damaged.h"
#include "runner/undo/journal.h"
#include "runner/undo/param.h"
#include "runner/undo/recover.h"
#include "runner/undo/rewind.h"
#include "tools.h"

static char *dir;

static void make_dir(void)
{
	dir = temp_dir("zsb-rewind");
	sysfs_set_root(dir);
}

static void drop_dir(void)
{
	if (dir)
		remove_dir(dir);
	dir = NULL;
	sysfs_set_root(NULL);
}

static void in_dir(char *buf, size_t len, const char *name)
{
	snprintf(buf, len, "%s/%s", dir, name);
}

static void put(const char *name, const char *text)
{
	char path[256];
	FILE *f;

	in_dir(path, sizeof(path), name);
	f = fopen(path, "w");
	cr_assert_not_null(f, "%s", path);
	fputs(text, f);
	fclose(f);
}

static void make(const char *name)
{
	char path[256];

	in_dir(path, sizeof(path), name);
	cr_assert_eq(mkdir(path, 0755), 0, "%s", path);
}

static int exists(const char *name)
{
	char path[256];

	in_dir(path, sizeof(path), name);
	return access(path, F_OK) == 0;
}

/* The file's first line, without its newline. */
static const char *contents(const char *name)
{
	static char buf[256];
	char path[256];
	FILE *f;
	size_t n;

	in_dir(path, sizeof(path), name);
	f = fopen(path, "r");
	cr_assert_not_null(f, "%s", path);
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
	return buf;
}

static struct undo entry(enum undo_kind kind, enum undo_state state, const char *path,
			 const char *value)
{
	struct undo u = { .kind = kind, .state = state };

	snprintf(u.path, sizeof(u.path), "%s", path);
	snprintf(u.value, sizeof(u.value), "%s", value ? value : "");
	return u;
}

Test(param, the_bracketed_choice_is_the_value)
{
	char text[64] = "always [madvise] never";
	char plain[64] = "60";
	char open[64] = "a [b";

	param_normalize(text);
	cr_assert_str_eq(text, "madvise");
	param_normalize(plain);
	cr_assert_str_eq(plain, "60", "a value without brackets is kept");
	param_normalize(open);
	cr_assert_str_eq(open, "a [b", "an unclosed bracket is no choice");
}

/* The value already there: nothing written, nothing to undo. */
Test(param, a_value_already_set_is_not_journaled, .fini = drop_dir)
{
	struct journal j;
	char why[256];

	make_dir();
	put("thp", "always [madvise] never\n");
	journal_init(&j);
	cr_assert_eq(param_set(&j, "/thp", "madvise", why, sizeof(why)), 0);
	cr_assert_eq(j.len, 0, "no entry for a value that stands");
	cr_assert_str_eq(why, "/thp");
	cr_assert_eq(param_set(&j, "/thp", "never", why, sizeof(why)), 0);
	cr_assert_eq(j.len, 1);
	cr_assert_str_eq(j.entries[0].value, "madvise", "the old value is the choice");
	cr_assert_str_eq(why, "/thp 'never'");
	journal_free(&j);
}

/* A write the kernel refuses leaves no entry behind to undo: here a file size limit of 0
 * refuses every byte, root's too. */
Test(param, a_refused_write_is_cancelled, .fini = drop_dir)
{
	struct rlimit none = { 0, RLIM_INFINITY };
	struct journal j;
	char why[256];

	make_dir();
	put("p", "1\n");
	signal(SIGXFSZ, SIG_IGN);
	cr_assert_eq(setrlimit(RLIMIT_FSIZE, &none), 0);
	journal_init(&j);
	cr_assert_eq(param_set(&j, "/p", "2", why, sizeof(why)), -EFBIG);
	cr_assert_eq(journal_pending(&j), 0, "the refused write is cancelled");
	cr_assert_str_eq(why, "/p '2'");
	journal_free(&j);
}

/* What the kernel kept is recorded, when it is not what was written: /dev/null keeps
 * nothing, as MGLRU keeps only the capabilities a CPU has. */
Test(param, what_the_kernel_kept_instead_is_recorded, .fini = drop_dir)
{
	struct journal j;
	char why[256], path[256];

	make_dir();
	in_dir(path, sizeof(path), "null");
	cr_assert_eq(symlink("/dev/null", path), 0);
	journal_init(&j);
	cr_assert_eq(param_set(&j, "/null", "y", why, sizeof(why)), 0);
	cr_assert_eq(j.len, 1);
	cr_assert_str_eq(j.entries[0].value, "");
	cr_assert_str_eq(j.entries[0].wrote, "", "the kernel kept nothing of 'y'");
	journal_free(&j);
}

/* A controller goes off where only zswapbench's cgroups are below; another child keeps it. */
Test(rewind, a_controller_goes_off_unless_another_cgroup_is_below, .fini = drop_dir)
{
	struct journal j;
	struct undo u;
	char why[256] = "";

	make_dir();
	journal_init(&j);
	make("cg");
	make("cg/zswapbench-1-0-1");
	put("cg/cgroup.subtree_control", "cpu io memory\n");
	u = entry(UNDO_CONTROLLER, UNDO_DONE, "/cg/cgroup.subtree_control", "io");
	cr_assert_eq(undo_entry(&j, &u, why, sizeof(why)), 0, "%s", why);
	cr_assert_str_eq(contents("cg/cgroup.subtree_control"), "-io");

	put("cg/cgroup.subtree_control", "cpu memory\n");
	cr_assert_eq(undo_entry(&j, &u, why, sizeof(why)), 0);
	cr_assert_str_eq(contents("cg/cgroup.subtree_control"), "cpu memory",
			 "a controller already off: nothing written");

	put("cg/cgroup.subtree_control", "cpu io memory\n");
	make("cg/machine.slice");
	cr_assert_eq(undo_entry(&j, &u, why, sizeof(why)), 1);
	cr_assert_str_eq(why,
			 "left io on in /cg/cgroup.subtree_control: another cgroup below it "
			 "may use it");
	cr_assert_str_eq(contents("cg/cgroup.subtree_control"), "cpu io memory");
	journal_free(&j);
}

/* Only a cgroup named zswapbench-*: zswapbench.slice is not one. */
Test(rewind, a_cgroup_goes_only_by_its_full_prefix, .fini = drop_dir)
{
	struct journal j;
	struct undo u;
	char why[256] = "";

	make_dir();
	journal_init(&j);
	make("zswapbench.slice");
	u = entry(UNDO_RMDIR, UNDO_DONE, "/zswapbench.slice", NULL);
	cr_assert_eq(undo_entry(&j, &u, why, sizeof(why)), 1);
	cr_assert_str_eq(why, "left /zswapbench.slice alone: not a cgroup zswapbench names");
	cr_assert(exists("zswapbench.slice"));
	make("zswapbench-7-0-1");
	u = entry(UNDO_RMDIR, UNDO_DONE, "/zswapbench-7-0-1", NULL);
	cr_assert_eq(undo_entry(&j, &u, why, sizeof(why)), 0, "%s", why);
	cr_assert_not(exists("zswapbench-7-0-1"));
	journal_free(&j);
}

/* A confirmed work directory goes with what is in it, but only the inode recorded. */
Test(rewind, a_work_directory_goes_by_its_inode, .fini = drop_dir)
{
	struct journal j;
	struct undo u;
	struct stat st;
	char path[256], why[256] = "";

	make_dir();
	journal_init(&j);
	make("zswapbench-9.d");
	make("zswapbench-9.d/sub");
	put("zswapbench-9.d/sub/out", "x");
	in_dir(path, sizeof(path), "zswapbench-9.d");
	cr_assert_eq(stat(path, &st), 0);
	u = entry(UNDO_RMTREE, UNDO_DONE, path, NULL);
	u.ino = (uint64_t)st.st_ino + 1;
	u.dev = (uint64_t)st.st_dev;
	cr_assert_eq(undo_entry(&j, &u, why, sizeof(why)), 1, "another inode on the same device");
	cr_assert(strstr(why, "not the work directory zswapbench made"), "%s", why);
	cr_assert(exists("zswapbench-9.d/sub/out"));
	u.ino = (uint64_t)st.st_ino;
	u.dev = (uint64_t)st.st_dev + 1;
	cr_assert_eq(undo_entry(&j, &u, why, sizeof(why)), 1, "the same inode on another device");
	u.dev = (uint64_t)st.st_dev;
	cr_assert_eq(undo_entry(&j, &u, why, sizeof(why)), 0, "%s", why);
	cr_assert_not(exists("zswapbench-9.d"));
	journal_free(&j);
}

/* A command can leave a tree of any depth (issue 33: 70 levels jammed recovery for good); it
 * goes whole, with a handful of descriptors, not one a level (rmtree's tests go to 10,000). */
Test(rewind, a_work_directory_of_any_depth_goes, .fini = drop_dir)
{
	struct rlimit few = { 16, 16 };
	struct journal j;
	struct undo u;
	struct stat st;
	char path[256], why[256] = "";
	int fd, ret;

	make_dir();
	journal_init(&j);
	make("zswapbench-3.d");
	in_dir(path, sizeof(path), "zswapbench-3.d");
	cr_assert_eq(stat(path, &st), 0);
	fd = open(path, O_RDONLY | O_DIRECTORY);
	for (int i = 0; i < 100 && fd >= 0; i++) {
		int next = mkdirat(fd, "a", 0755) == 0 ? openat(fd, "a", O_RDONLY) : -1;
		close(fd);
		fd = next;
	}
	cr_assert_geq(fd, 0, "the tree is made: %s", strerror(errno));
	close(fd);
	u = entry(UNDO_RMTREE, UNDO_DONE, path, NULL);
	u.ino = (uint64_t)st.st_ino;
	u.dev = (uint64_t)st.st_dev;
	cr_assert_eq(setrlimit(RLIMIT_NOFILE, &few), 0);
	ret = undo_entry(&j, &u, why, sizeof(why));
	cr_assert_eq(ret, 0, "%s%s", ret < 0 ? strerror(-ret) : "", why);
	cr_assert_not(exists("zswapbench-3.d"));
	journal_free(&j);
}

/* An unconfirmed swapfile is ours when made in the second of the intent, not one before. */
Test(rewind, an_unconfirmed_file_of_the_intents_second_is_ours, .fini = drop_dir)
{
	struct journal j;
	struct undo u;
	struct stat st;
	char path[256], why[256] = "";

	make_dir();
	journal_init(&j);
	put("s.swap", "");
	in_dir(path, sizeof(path), "s.swap");
	cr_assert_eq(stat(path, &st), 0);
	u = entry(UNDO_UNLINK, UNDO_INTENT, path, NULL);
	u.when = (int64_t)st.st_ctime + 1;
	cr_assert_eq(undo_entry(&j, &u, why, sizeof(why)), 1, "made before the intent");
	cr_assert(exists("s.swap"));
	u.when = (int64_t)st.st_ctime;
	cr_assert_eq(undo_entry(&j, &u, why, sizeof(why)), 0, "%s", why);
	cr_assert_not(exists("s.swap"));
	journal_free(&j);
}

/* Newest first, down to the mark and no further: the mark's own entry stays. */
Test(rewind, stops_at_the_mark, .fini = drop_dir)
{
	struct journal j;
	int idx;

	make_dir();
	journal_init(&j);
	put("a", "a1\n");
	put("b", "b1\n");
	idx = journal_intend(&j, UNDO_WRITE, "/a", "a0", "a1");
	cr_assert_eq(journal_confirm(&j, idx, NULL, 0, 0), 0);
	idx = journal_intend(&j, UNDO_WRITE, "/b", "b0", "b1");
	cr_assert_eq(journal_confirm(&j, idx, NULL, 0, 0), 0);
	cr_assert_eq(journal_rewind(&j, 1), 0);
	cr_assert_str_eq(contents("b"), "b0");
	cr_assert_str_eq(contents("a"), "a1");
	cr_assert_eq(j.len, 1);
	journal_free(&j);
}

#define THIS_BOOT "6c1f0c1e-5a55-4c1a-9d1e-000000000001"

static void boot_id(const char *id)
{
	make("proc");
	make("proc/sys");
	make("proc/sys/kernel");
	make("proc/sys/kernel/random");
	put("proc/sys/kernel/random/boot_id", id);
}

/* A reboot undoes swap, zram and parameters, but not the work directory: it is still
 * removed. */
Test(recover, the_work_directory_outlives_a_reboot, .fini = drop_dir)
{
	struct journal j;
	struct stat st;
	char path[256];
	int idx;

	make_dir();
	boot_id(THIS_BOOT "\n");
	make("zswapbench-5.d");
	in_dir(path, sizeof(path), "zswapbench-5.d");
	cr_assert_eq(stat(path, &st), 0);
	put("p", "ours\n");
	journal_init(&j);
	idx = journal_intend(&j, UNDO_RMTREE, path, NULL, NULL);
	cr_assert_eq(journal_confirm(&j, idx, NULL, (uint64_t)st.st_ino, (uint64_t)st.st_dev), 0);
	idx = journal_intend(&j, UNDO_WRITE, "/p", "old", "ours");
	cr_assert_eq(journal_confirm(&j, idx, NULL, 0, 0), 0);
	snprintf(j.boot_id, sizeof(j.boot_id), "%s", "6c1f0c1e-5a55-4c1a-9d1e-000000000000");
	cr_assert(journal_from_earlier_boot(&j));
	cr_assert_eq(journal_recover(&j), 0);
	cr_assert_not(exists("zswapbench-5.d"), "the work directory is removed");
	cr_assert_str_eq(contents("p"), "ours", "a parameter is not written after a reboot");
	journal_free(&j);
}

/* A journal without a boot id (damaged, or older) is never taken for an earlier boot's. */
Test(recover, an_unknown_boot_is_not_an_earlier_one, .fini = drop_dir)
{
	struct journal j;

	make_dir();
	boot_id(THIS_BOOT "\n");
	journal_init(&j);
	cr_assert_not(journal_from_earlier_boot(&j));
	snprintf(j.boot_id, sizeof(j.boot_id), "%s", THIS_BOOT);
	cr_assert_not(journal_from_earlier_boot(&j));
	journal_free(&j);
}

static size_t count_of(const char *text, const char *needle)
{
	size_t n = 0;

	for (const char *at = text; (at = strstr(at, needle)); at++)
		n++;
	return n;
}

/* A journal moved aside: what it still names is listed, what was undone is not; one file is
 * "it", several "them". */
Test(damaged, journals_moved_aside_are_listed, .fini = drop_dir)
{
	struct journal j;
	char path[256], *text = NULL;
	size_t len = 0;
	FILE *out;
	int idx;

	make_dir();
	out = open_memstream(&text, &len);
	journal_list_damaged(dir, out);
	fclose(out);
	cr_assert_str_eq(text, "", "none: nothing said");
	free(text);

	in_dir(path, sizeof(path), "journal.damaged-1");
	journal_init(&j);
	cr_assert_eq(journal_create(&j, path), 0);
	idx = journal_intend(&j, UNDO_WRITE, "/proc/sys/vm/swappiness", "60", "10");
	cr_assert_eq(journal_confirm(&j, idx, NULL, 0, 0), 0);
	idx = journal_intend(&j, UNDO_RMDIR, "/sys/fs/cgroup/zswapbench-1", NULL, NULL);
	cr_assert_eq(journal_cancel(&j, idx), 0);
	close(j.fd);
	journal_free(&j);
	out = open_memstream(&text, &len);
	journal_list_damaged(dir, out);
	fclose(out);
	cr_assert_not_null(strstr(text,
				  "journal.damaged-1: a journal moved aside with no readable "
				  "line ("),
			   "%s", text);
	cr_assert_not_null(strstr(text, "; it still names:\n  not done: "), "%s", text);
	cr_assert_eq(count_of(text, "  not done: "), 1, "the undone one is not listed: %s", text);
	cr_assert_not_null(strstr(text, "/proc/sys/vm/swappiness"), "%s", text);
	cr_assert_not_null(strstr(text, "zswapbench: remove it once you have looked at it\n"), "%s",
			   text);
	free(text);

	put("journal.damaged-2", "garbage\n");
	out = open_memstream(&text, &len);
	journal_list_damaged(dir, out);
	fclose(out);
	cr_assert_not_null(strstr(text,
				  "journal.damaged-2: a journal moved aside with no readable "
				  "line (8 bytes); it names nothing to undo\n"),
			   "%s", text);
	cr_assert_not_null(strstr(text, "zswapbench: remove them once you have looked at them\n"),
			   "%s", text);
	free(text);
}
