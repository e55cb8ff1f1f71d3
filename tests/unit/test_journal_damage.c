/* The journal where a crash or a reboot leaves it: cut at any byte, blocks zeroed, a device
 * number changed, a value the kernel would not take whole. */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runner/kernel/sysfs.h"
#include "runner/undo/journal.h"
#include "runner/undo/param.h"
#include "runner/undo/rewind.h"
#include "tools.h"

static char *dir;

static void make_dir(void)
{
	dir = temp_dir("zsb-jdamage");
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

static void write_bytes(const char *path, const char *text, size_t len, mode_t mode)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, mode);
	cr_assert_geq(fd, 0);
	cr_assert_eq(write(fd, text, len), (ssize_t)len);
	fchmod(fd, mode);
	close(fd);
}

static size_t read_bytes(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY);
	ssize_t n;
	cr_assert_geq(fd, 0);
	n = read(fd, buf, len - 1);
	cr_assert_geq(n, 0);
	buf[n] = '\0';
	close(fd);
	return (size_t)n;
}

/* A journal as a run writes it: parameters, a file created, one change cancelled. */
static size_t real_journal(char *text, size_t len)
{
	char path[128], file[128];
	struct journal j;
	int idx;

	in_dir(path, sizeof(path), "journal");
	in_dir(file, sizeof(file), "swapfile");
	journal_init(&j);
	cr_assert_eq(journal_create(&j, path), 0);
	idx = journal_intend(&j, UNDO_WRITE, "/p1", "old one", "new one");
	cr_assert_eq(journal_confirm(&j, idx, NULL, 0, 0), 0);
	idx = journal_intend(&j, UNDO_UNLINK, file, "7d2a5f0e-1c4b-4f0e-9a51-3b1d6c2e8f00", NULL);
	cr_assert_eq(journal_confirm(&j, idx, NULL, 12345, 2049), 0);
	idx = journal_intend(&j, UNDO_RMDIR, "/sys/fs/cgroup/zswapbench-1", NULL, NULL);
	cr_assert_eq(journal_cancel(&j, idx), 0);
	idx = journal_intend(&j, UNDO_WRITE, "/p2", "0x0000", "0x0007");
	cr_assert_eq(journal_confirm(&j, idx, NULL, 0, 0), 0);
	cr_assert_eq(journal_confirm_wrote(&j, idx, "0x0003"), 0);
	close(j.fd);
	journal_free(&j);
	return read_bytes(path, text, len);
}

/* The entries a prefix of the text holds, read from its whole lines. */
static void entries_of(const char *text, size_t len, struct journal *out)
{
	size_t whole = len;
	while (whole > 0 && text[whole - 1] != '\n')
		whole--;
	journal_init(out);
	journal_parse(out, text, whole);
}

static void same_entries(const struct journal *a, const struct journal *b, size_t cut)
{
	cr_assert_eq(a->len, b->len, "cut at %zu", cut);
	for (size_t i = 0; i < a->len; i++) {
		cr_assert_eq(a->entries[i].state, b->entries[i].state, "cut at %zu", cut);
		cr_assert_str_eq(a->entries[i].path, b->entries[i].path, "cut at %zu", cut);
		cr_assert_str_eq(a->entries[i].wrote, b->entries[i].wrote, "cut at %zu", cut);
	}
}

/* Cut at every byte: every whole record is kept, the next record appended after the cut is
 * read back whole, and no cut is a dead end. */
Test(journal_damage, cut_at_every_byte_loses_no_whole_record, .fini = drop_dir)
{
	char text[8192], path[128];
	size_t len;

	make_dir();
	len = real_journal(text, sizeof(text));
	in_dir(path, sizeof(path), "journal");
	for (size_t cut = 1; cut <= len; cut++) {
		struct journal want, j;
		entries_of(text, cut, &want);
		write_bytes(path, text, cut, 0600);
		journal_init(&j);
		cr_assert_eq(journal_load(&j, path), 0, "cut at %zu", cut);
		same_entries(&j, &want, cut);
		if (j.fd >= 0) {
			cr_assert_geq(journal_intend(&j, UNDO_WRITE, "/after", "a", "b"), 0);
			close(j.fd);
			journal_free(&j);
			journal_init(&j);
			cr_assert_eq(journal_load(&j, path), 0);
			cr_assert_eq(j.damaged, 0, "cut at %zu: the appended record was glued",
				     cut);
			cr_assert_eq(j.len, want.len + 1, "cut at %zu", cut);
			cr_assert_str_eq(j.entries[j.len - 1].path, "/after");
			close(j.fd);
		}
		journal_free(&j);
		journal_free(&want);
		unlink(path);
	}
}

/* A block of zeros (what a power loss can leave) at several places: the load never fails,
 * and every entry it keeps is one the journal really holds, in its real state or older. */
Test(journal_damage, zeroed_blocks_never_invent_an_entry, .fini = drop_dir)
{
	char text[8192], copy[8192], path[128];
	size_t len;
	struct journal whole;

	make_dir();
	len = real_journal(text, sizeof(text));
	entries_of(text, len, &whole);
	in_dir(path, sizeof(path), "journal");
	for (size_t at = 0; at < len; at += 37) {
		struct journal j;
		size_t n = len - at < 64 ? len - at : 64;
		memcpy(copy, text, len);
		memset(copy + at, 0, n);
		write_bytes(path, copy, len, 0600);
		journal_init(&j);
		cr_assert_eq(journal_load(&j, path), 0, "zeros at %zu", at);
		for (size_t i = 0; i < j.len; i++) {
			size_t k = 0;
			while (k < whole.len && whole.entries[k].id != j.entries[i].id)
				k++;
			cr_assert_lt(k, whole.len, "zeros at %zu: an entry the run never wrote",
				     at);
			cr_assert_str_eq(j.entries[i].path, whole.entries[k].path);
		}
		if (j.fd >= 0)
			close(j.fd);
		journal_free(&j);
		unlink(path);
	}
	journal_free(&whole);
}

/* MGLRU on a CPU without every capability keeps 0x0003 of 0x0007: what the kernel kept is
 * the value that is ours, and it is undone. */
Test(journal_damage, the_value_the_kernel_kept_is_ours, .fini = drop_dir)
{
	char path[128], why[256], text[8192];
	struct journal j;

	make_dir();
	in_dir(path, sizeof(path), "journal");
	real_journal(text, sizeof(text));
	journal_init(&j);
	cr_assert_eq(journal_load(&j, path), 0);
	cr_assert_str_eq(j.entries[3].wrote, "0x0003", "the W record is read back");
	in_dir(path, sizeof(path), "p2");
	write_bytes(path, "0x0003\n", 7, 0644);
	cr_assert_eq(undo_entry(&j, &j.entries[3], why, sizeof(why)), 0, "%s", why);
	read_bytes(path, text, sizeof(text));
	cr_assert_str_eq(text, "0x0000");
	close(j.fd);
	journal_free(&j);
}

/* param_set records what the kernel kept when it differs from what was written. */
Test(journal_damage, param_set_records_what_the_kernel_kept, .fini = drop_dir)
{
	char path[128], why[256];
	struct journal j;

	make_dir();
	in_dir(path, sizeof(path), "lru");
	write_bytes(path, "0x0000\n", 7, 0644);
	journal_init(&j);
	cr_assert_eq(param_set(&j, "/lru", "y", why, sizeof(why)), 0);
	cr_assert_str_eq(j.entries[0].wrote, "y", "a file keeps what is written");
	journal_free(&j);
}

static void mkswap_file(const char *path, const char *uuid)
{
	char cmd[512];
	write_bytes(path, "", 0, 0600);
	cr_assert_eq(truncate(path, 1 << 20), 0);
	snprintf(cmd, sizeof(cmd), "mkswap -q -L zswapbench %s%s %s >/dev/null 2>&1",
		 uuid ? "-U " : "", uuid ? uuid : "", path);
	cr_assert_eq(system(cmd), 0);
}

static struct undo confirmed_file(const char *path, const char *uuid, uint64_t dev_shift)
{
	struct undo u = { .kind = UNDO_UNLINK, .state = UNDO_DONE };
	struct stat st;
	cr_assert_eq(stat(path, &st), 0);
	snprintf(u.path, sizeof(u.path), "%s", path);
	snprintf(u.value, sizeof(u.value), "%s", uuid);
	u.ino = (uint64_t)st.st_ino;
	u.dev = (uint64_t)st.st_dev + dev_shift;
	return u;
}

#define UUID_A "0b6f3a52-7c1e-4d2a-8f43-2a9e5c7d1b10"
#define UUID_B "5e8d2c41-9a3b-4e7f-b1c6-7f0a2d4e6c21"

/* After a reboot the filesystem's device number may differ: the inode and the signature
 * zswapbench wrote still name the swapfile; another file's signature does not. */
Test(journal_damage, a_swapfile_is_known_by_its_signature_after_a_reboot, .fini = drop_dir)
{
	char path[128], why[256];
	struct journal j;
	struct undo u;

	make_dir();
	journal_init(&j);
	in_dir(path, sizeof(path), "a.swap");
	mkswap_file(path, UUID_A);
	u = confirmed_file(path, UUID_A, 1);
	cr_assert_eq(undo_entry(&j, &u, why, sizeof(why)), 0, "%s", why);
	cr_assert_eq(access(path, F_OK), -1, "ours by its UUID: removed");

	mkswap_file(path, UUID_B);
	u = confirmed_file(path, UUID_A, 1);
	cr_assert_eq(undo_entry(&j, &u, why, sizeof(why)), 1);
	cr_assert(strstr(why, "not the file zswapbench created"), "%s", why);
	cr_assert_eq(access(path, F_OK), 0, "another UUID: left alone");

	/* Killed before its first mkswap: a root-only file without a signature. */
	write_bytes(path, "", 0, 0600);
	cr_assert_eq(truncate(path, 1 << 20), 0);
	u = confirmed_file(path, UUID_A, 1);
	cr_assert_eq(undo_entry(&j, &u, why, sizeof(why)), 0, "%s", why);
	cr_assert_eq(access(path, F_OK), -1);

	/* The same, but readable by others: not a file zswapbench makes. */
	write_bytes(path, "", 0, 0644);
	cr_assert_eq(truncate(path, 1 << 20), 0);
	u = confirmed_file(path, UUID_A, 1);
	cr_assert_eq(undo_entry(&j, &u, why, sizeof(why)), 1);
	cr_assert_eq(access(path, F_OK), 0);
	journal_free(&j);
}

/* An unconfirmed work directory was killed between mkdir and its confirmation: removed only
 * while it is empty. */
Test(journal_damage, an_unconfirmed_work_directory_goes_only_when_empty, .fini = drop_dir)
{
	char path[128], inner[160], why[256];
	struct journal j;
	struct undo u = { .kind = UNDO_RMTREE, .state = UNDO_INTENT };

	make_dir();
	journal_init(&j);
	in_dir(path, sizeof(path), "zswapbench-42.d");
	snprintf(u.path, sizeof(u.path), "%s", path);
	cr_assert_eq(mkdir(path, 0700), 0);
	snprintf(inner, sizeof(inner), "%s/someone-elses", path);
	write_bytes(inner, "x", 1, 0644);
	cr_assert_eq(undo_entry(&j, &u, why, sizeof(why)), 1);
	cr_assert_eq(access(inner, F_OK), 0, "a directory with something in it is left");
	unlink(inner);
	cr_assert_eq(undo_entry(&j, &u, why, sizeof(why)), 0, "%s", why);
	cr_assert_eq(access(path, F_OK), -1);
	journal_free(&j);
}

/* A kind past the table's end (a journal of a newer version, a damaged line) is refused, never
 * called through. */
Test(journal_damage, an_unknown_kind_is_refused)
{
	char why[256] = "";
	struct journal j;
	struct undo u = { .kind = UNDO_KIND_COUNT, .state = UNDO_DONE };

	journal_init(&j);
	cr_assert_eq(undo_entry(&j, &u, why, sizeof(why)), -EINVAL);
	u.kind = (enum undo_kind) - 1;
	cr_assert_eq(undo_entry(&j, &u, why, sizeof(why)), -EINVAL, "a negative kind too");
	u.kind = UNDO_RMTREE;
	snprintf(u.path, sizeof(u.path), "/nonexistent-zsb/zswapbench-1.d");
	cr_assert_geq(undo_entry(&j, &u, why, sizeof(why)), 0, "the last kind is in the table");
	journal_free(&j);
}
