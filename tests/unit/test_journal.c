#include <criterion/criterion.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runner/kernel/sysfs.h"
#include "runner/undo/recover.h"
#include "runner/undo/journal.h"
#include "runner/undo/rewind.h"

static char dir[64];

static void make_dir(void)
{
	snprintf(dir, sizeof(dir), "/tmp/zsb-journal-XXXXXX");
	cr_assert_not_null(mkdtemp(dir));
	sysfs_set_root(dir);
}

static void remove_dir(void)
{
	char cmd[96];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (dir[0] && system(cmd) != 0)
		cr_log_warn("could not remove %s", dir);
	sysfs_set_root(NULL);
}

static void put(const char *name, const char *value)
{
	char path[128];
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	cr_assert_not_null(f);
	fputs(value, f);
	fclose(f);
}

static const char *get(const char *name)
{
	static char buf[64];
	char path[128];
	snprintf(path, sizeof(path), "/%s", name);
	cr_assert_geq(sysfs_read_line(path, buf, sizeof(buf)), 0);
	return buf;
}

/* A value written and journaled as zswapbench does it: announced, written, confirmed. */
static void set_param(struct journal *j, const char *name, const char *old, const char *value)
{
	char path[64];
	int idx;
	snprintf(path, sizeof(path), "/%s", name);
	idx = journal_intend(j, UNDO_WRITE, path, old, value);
	cr_assert_geq(idx, 0);
	put(name, value);
	cr_assert_eq(journal_confirm(j, idx, NULL, 0, 0), 0);
}

static char notes[2048];
static void note(const char *text)
{
	snprintf(notes + strlen(notes), sizeof(notes) - strlen(notes), "%s\n", text);
}

Test(journal, rewinds_newest_first_to_the_mark, .fini = remove_dir)
{
	struct journal j;
	size_t mark;
	journal_init(&j);
	make_dir();
	/* Two changes to one file: only newest-first replay ends at the original value. */
	set_param(&j, "param", "original", "changed-once");
	mark = journal_mark(&j);
	set_param(&j, "param", "changed-once", "changed-twice");
	cr_assert_eq(journal_rewind(&j, mark), 0);
	cr_assert_str_eq(get("param"), "changed-once");
	cr_assert_eq(journal_pending(&j), 1);
	cr_assert_eq(journal_rewind(&j, 0), 0);
	cr_assert_str_eq(get("param"), "original");
	journal_free(&j);
}

static int errors;
static void count_error(const struct undo *u, int err)
{
	(void)u;
	(void)err;
	errors++;
}

Test(journal, keeps_going_past_a_failed_undo, .fini = remove_dir)
{
	struct journal j;
	char sub[128];
	journal_init(&j);
	j.on_error = count_error;
	make_dir();
	snprintf(sub, sizeof(sub), "%s/zswapbench-1-0-1", dir);
	set_param(&j, "param", "restored", "x");
	journal_confirm(&j, journal_intend(&j, UNDO_RMDIR, "/zswapbench-1-0-1", NULL, NULL), NULL,
			0, 0);
	cr_assert_eq(mkdir(sub, 0755), 0);
	/* A parameter in a directory that is not there: this undo fails, the others still run. */
	journal_confirm(&j, journal_intend(&j, UNDO_WRITE, "/missing-dir/param", "y", ""), NULL, 0,
			0);
	journal_confirm(&j, journal_intend(&j, UNDO_CONTROLLER, "/missing-dir/control", "io", NULL),
			NULL, 0, 0);
	errors = 0;
	cr_assert_eq(journal_rewind(&j, 0), 0, "a file gone is nothing left to undo");
	cr_assert_eq(access(sub, F_OK), -1, "the cgroup directory must be gone");
	cr_assert_str_eq(get("param"), "restored");
	journal_free(&j);
}

Test(journal, persisted_with_intents_confirmations_and_undos, .fini = remove_dir)
{
	struct journal j, later;
	char file[128];
	make_dir();
	snprintf(file, sizeof(file), "%s/journal", dir);
	journal_init(&j);
	cr_assert_eq(journal_create(&j, file), 0);
	set_param(&j, "a", "a0", "a1");
	set_param(&j, "b", "b0", "b1");
	/* A second run must refuse to start over a journal with entries. */
	journal_init(&later);
	cr_assert_eq(journal_create(&later, file), -EEXIST);
	journal_free(&later);
	/* As if killed: another process loads it and finds both entries, confirmed, in order. */
	journal_init(&later);
	cr_assert_eq(journal_load(&later, file), 0);
	cr_assert_eq(later.len, 2);
	cr_assert_eq(later.entries[1].state, UNDO_DONE);
	cr_assert_str_eq(later.entries[1].value, "b0");
	cr_assert_str_eq(later.boot_id, journal_this_boot());
	cr_assert_eq(journal_rewind(&later, 1), 0);
	cr_assert_str_eq(get("b"), "b0");
	journal_close(&later, file);
	journal_free(&later);
	/* The next load knows b is undone: only a is left. */
	journal_init(&later);
	cr_assert_eq(journal_load(&later, file), 0);
	cr_assert_eq(journal_pending(&later), 1);
	cr_assert_eq(journal_rewind(&later, 0), 0);
	cr_assert_str_eq(get("a"), "a0");
	journal_close(&later, file);
	cr_assert_eq(access(file, F_OK), -1, "a journal with nothing to undo is removed");
	close(j.fd);
	journal_free(&j);
	journal_free(&later);
}

Test(journal, an_unconfirmed_intent_looks_at_the_real_state, .fini = remove_dir)
{
	struct journal j;
	journal_init(&j);
	make_dir();
	put("never-written", "old");
	put("written", "new");
	/* Killed between the intent and the write: the old value is still there. */
	cr_assert_geq(journal_intend(&j, UNDO_WRITE, "/never-written", "old", "new"), 0);
	/* Killed between the write and the confirmation: ours stands, so it goes back. */
	cr_assert_geq(journal_intend(&j, UNDO_WRITE, "/written", "old", "new"), 0);
	cr_assert_eq(journal_rewind(&j, 0), 0);
	cr_assert_str_eq(get("never-written"), "old");
	cr_assert_str_eq(get("written"), "old");
	journal_free(&j);
}

Test(journal, nothing_is_undone_that_is_not_shown_to_be_ours, .fini = remove_dir)
{
	struct journal j;
	char other[128], file[128];
	struct stat st;
	journal_init(&j);
	j.on_note = note;
	notes[0] = '\0';
	make_dir();
	/* A value someone changed since: left as it is now. */
	set_param(&j, "swappiness", "60", "10");
	put("swappiness", "30");
	/* A cgroup zswapbench would never name so. */
	snprintf(other, sizeof(other), "%s/machine.slice", dir);
	cr_assert_eq(mkdir(other, 0755), 0);
	journal_confirm(&j, journal_intend(&j, UNDO_RMDIR, "/machine.slice", NULL, NULL), NULL, 0,
			0);
	/* A swapfile replaced by another file at the same path. */
	snprintf(file, sizeof(file), "%s/swap", dir);
	put("swap", "x");
	stat(file, &st);
	journal_confirm(&j, journal_intend(&j, UNDO_UNLINK, file, NULL, NULL), NULL,
			(uint64_t)st.st_ino + 1, (uint64_t)st.st_dev);
	cr_assert_eq(journal_rewind(&j, 0), 0);
	cr_assert_str_eq(get("swappiness"), "30");
	cr_assert_eq(access(other, F_OK), 0);
	cr_assert_eq(access(file, F_OK), 0);
	cr_assert(strstr(notes, "changed since zswapbench set it to '10'"), "%s", notes);
	cr_assert(strstr(notes, "not a cgroup zswapbench names"), "%s", notes);
	cr_assert(strstr(notes, "not the file zswapbench created"), "%s", notes);
	cr_assert_eq(journal_pending(&j), 0, "left alone is settled: no dead end");
	journal_free(&j);
}

Test(journal, a_swapfile_is_removed_when_it_is_the_file_created, .fini = remove_dir)
{
	struct journal j;
	char file[128];
	struct stat st;
	int idx;
	journal_init(&j);
	make_dir();
	snprintf(file, sizeof(file), "%s/swap", dir);
	idx = journal_intend(&j, UNDO_UNLINK, file, NULL, NULL);
	put("swap", "");
	/* Unconfirmed, but an empty file made after the intent at exactly that path. */
	cr_assert_eq(journal_rewind(&j, 0), 0);
	cr_assert_eq(access(file, F_OK), -1);
	(void)idx;
	idx = journal_intend(&j, UNDO_UNLINK, file, NULL, NULL);
	put("swap", "swap data");
	stat(file, &st);
	journal_confirm(&j, idx, NULL, (uint64_t)st.st_ino, (uint64_t)st.st_dev);
	cr_assert_eq(journal_rewind(&j, 0), 0);
	cr_assert_eq(access(file, F_OK), -1);
	journal_free(&j);
}

static void write_file(const char *path, const char *text, size_t len)
{
	FILE *f = fopen(path, "w");
	cr_assert_not_null(f);
	fwrite(text, 1, len, f);
	fclose(f);
}

static size_t read_file(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	size_t n;
	cr_assert_not_null(f);
	n = fread(buf, 1, len - 1, f);
	buf[n] = '\0';
	fclose(f);
	return n;
}

/* A damaged line is named by number and skipped; the lines after it are kept. */
Test(journal, damaged_lines_are_skipped_not_the_rest, .fini = remove_dir)
{
	struct journal j;
	char file[128], text[4096];
	size_t n;
	make_dir();
	snprintf(file, sizeof(file), "%s/journal", dir);
	journal_init(&j);
	cr_assert_eq(journal_create(&j, file), 0);
	set_param(&j, "a", "a0", "a1");
	set_param(&j, "b", "b0", "b1");
	set_param(&j, "c", "c0", "c1");
	close(j.fd);
	journal_free(&j);
	n = read_file(file, text, sizeof(text));
	/* Line 2 (a's intent): one byte flipped. Line 4 (b's intent): a NUL in it. */
	char *line2 = strchr(text, '\n') + 1, *line4 = strchr(strchr(line2, '\n') + 1, '\n') + 1;
	line2[2] ^= 1;
	line4[3] = '\0';
	write_file(file, text, n);
	journal_init(&j);
	j.on_note = note;
	notes[0] = '\0';
	cr_assert_eq(journal_load(&j, file), 0);
	/* Lines 3 and 5 confirm the entries whose intents were lost: skipped as well. */
	cr_assert_eq(j.damaged, 4);
	cr_assert(strstr(notes, "journal line 2 is damaged"), "%s", notes);
	cr_assert(strstr(notes, "journal line 4 is damaged"), "%s", notes);
	cr_assert_null(strstr(notes, "journal line 6 is damaged"), "%s", notes);
	cr_assert_eq(journal_pending(&j), 1, "c, after the damage, is kept");
	cr_assert_str_eq(j.entries[j.len - 1].value, "c0");
	close(j.fd);
	journal_free(&j);
}

Test(journal, a_line_cut_by_a_crash_is_ignored, .fini = remove_dir)
{
	struct journal j;
	char file[128], text[4096];
	size_t n;
	make_dir();
	snprintf(file, sizeof(file), "%s/journal", dir);
	journal_init(&j);
	cr_assert_eq(journal_create(&j, file), 0);
	set_param(&j, "a", "a0", "a1");
	close(j.fd);
	journal_free(&j);
	n = read_file(file, text, sizeof(text));
	strcat(text, "I\t9\tswapoff\t1\t/dev/zra");
	write_file(file, text, n + strlen("I\t9\tswapoff\t1\t/dev/zra"));
	journal_init(&j);
	cr_assert_eq(journal_load(&j, file), 0);
	cr_assert_eq(j.len, 1);
	cr_assert_eq(j.damaged, 0, "a cut last line is a crash mid-write, not damage");
	close(j.fd);
	journal_free(&j);
}

/* A zero-filled block after a crash: moved aside with a message, never a dead end. */
Test(journal, an_unreadable_journal_is_moved_aside, .fini = remove_dir)
{
	struct journal j;
	char file[128], zeros[4096] = { 0 }, cmd[256];
	make_dir();
	snprintf(file, sizeof(file), "%s/journal", dir);
	zeros[sizeof(zeros) - 1] = '\n';
	write_file(file, zeros, sizeof(zeros));
	journal_init(&j);
	j.on_note = note;
	notes[0] = '\0';
	cr_assert_eq(journal_load(&j, file), 0);
	cr_assert_eq(journal_pending(&j), 0);
	cr_assert(strstr(notes, "held no readable line: moved aside to"), "%s", notes);
	cr_assert_eq(access(file, F_OK), -1);
	snprintf(cmd, sizeof(cmd), "ls %s/journal.damaged-* >/dev/null", dir);
	cr_assert_eq(system(cmd), 0);
	journal_free(&j);
	journal_init(&j);
	cr_assert_eq(journal_create(&j, file), 0, "a new run starts");
	close(j.fd);
	journal_free(&j);
}

/* CRC-32 (IEEE 802.3, reflected), written apart from journal.c's so a journal line the test
 * builds is checked against the standard, not against the code under test. */
static uint32_t standard_crc32(const char *s)
{
	uint32_t crc = 0xffffffffu;

	for (; *s; s++) {
		crc ^= (uint8_t)*s;
		for (int bit = 0; bit < 8; bit++)
			crc = crc & 1 ? (crc >> 1) ^ 0xedb88320u : crc >> 1;
	}
	return crc ^ 0xffffffffu;
}

#define THIS_BOOT "6c1f0c1e-5a55-4c1a-9d1e-000000000001"
#define EARLIER_BOOT "6c1f0c1e-5a55-4c1a-9d1e-000000000000"

/* The boot id is read under the fixture root, as every /proc file is: without one there the
 * journal cannot tell this boot from another. */
static void boot_id_file(const char *id)
{
	static const char *const dirs[] = { "proc", "proc/sys", "proc/sys/kernel",
					    "proc/sys/kernel/random" };
	char path[128];

	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, dirs[i]);
		cr_assert_eq(mkdir(path, 0755), 0, "%s", path);
	}
	put("proc/sys/kernel/random/boot_id", id);
}

Test(journal, the_standard_crc32)
{
	cr_assert_eq(standard_crc32("123456789"), 0xcbf43926u, "the check value of CRC-32");
}

/* After a reboot only files outlive the run: the rest is said and settled. */
Test(journal, a_journal_from_an_earlier_boot, .fini = remove_dir)
{
	struct journal j;
	char file[128], swapfile[128], buf[4096], header[160], *rest;
	struct stat st;
	size_t n;
	make_dir();
	boot_id_file(THIS_BOOT "\n");
	cr_assert_str_eq(journal_this_boot(), THIS_BOOT);
	snprintf(file, sizeof(file), "%s/journal", dir);
	snprintf(swapfile, sizeof(swapfile), "%s/old.swap", dir);
	put("old.swap", "swap");
	put("param", "default-after-reboot");
	stat(swapfile, &st);
	journal_init(&j);
	cr_assert_eq(journal_create(&j, file), 0);
	journal_confirm(&j, journal_intend(&j, UNDO_UNLINK, swapfile, NULL, NULL), NULL,
			(uint64_t)st.st_ino, (uint64_t)st.st_dev);
	journal_confirm(&j, journal_intend(&j, UNDO_WRITE, "/param", "old", "ours"), NULL, 0, 0);
	close(j.fd);
	journal_free(&j);
	n = read_file(file, buf, sizeof(buf));
	snprintf(header, sizeof(header), "H\tzswapbench-journal\t2\t%s\t", THIS_BOOT);
	cr_assert(strncmp(buf, header, strlen(header)) == 0, "the header: %s", buf);
	rest = strchr(buf, '\n') + 1;

	/* This boot's own journal: every change is undone as in the run. */
	journal_init(&j);
	cr_assert_eq(journal_load(&j, file), 0);
	cr_assert_str_eq(j.boot_id, THIS_BOOT);
	cr_assert_not(journal_from_earlier_boot(&j));
	close(j.fd);
	journal_free(&j);

	/* One character of the id changed: the checksum no longer matches, the header is damaged,
	 * so the boot is unknown, and an unknown boot is never taken for an earlier one. */
	buf[strlen(header) - 2] ^= 1;
	write_file(file, buf, n);
	journal_init(&j);
	cr_assert_eq(journal_load(&j, file), 0);
	cr_assert_eq(j.boot_id[0], '\0', "a damaged header leaves the boot unknown");
	cr_assert_eq(j.damaged, 1);
	cr_assert_not(journal_from_earlier_boot(&j));
	close(j.fd);
	journal_free(&j);

	/* A whole header of another boot, its checksum right. */
	{
		char body[160], text[4096];
		snprintf(body, sizeof(body), "H\tzswapbench-journal\t2\t%s\t4242", EARLIER_BOOT);
		snprintf(text, sizeof(text), "%s\t#%08x\n%s", body, standard_crc32(body), rest);
		write_file(file, text, strlen(text));
	}
	journal_init(&j);
	cr_assert_eq(journal_load(&j, file), 0);
	cr_assert_eq(j.damaged, 0);
	cr_assert_str_eq(j.boot_id, EARLIER_BOOT);
	cr_assert_eq(journal_pending(&j), 2);
	cr_assert(journal_from_earlier_boot(&j));
	cr_assert_eq(journal_recover(&j), 0);
	cr_assert_eq(access(swapfile, F_OK), -1, "the swapfile it created is removed");
	cr_assert_str_eq(get("param"), "default-after-reboot",
			 "a parameter is not written back after a reboot");
	close(j.fd);
	journal_free(&j);
}

/* Each record as the format says, checksum computed apart: what the loader must take. */
Test(journal, records_written_by_hand_are_read, .fini = remove_dir)
{
	static const char *const bodies[] = {
		"H\tzswapbench-journal\t2\t" THIS_BOOT "\t17",
		"I\t1\twrite\t1700000000\t/sys/x\told\\tvalue\tnew",
		"C\t1\told\\tvalue\t0\t0",
		"I\t2\tunlink\t1700000001\t/var/tmp/a\\\\b.swap\t\t",
		"C\t2\t\t1234\t56",
		"I\t3\tzram-remove\t1700000002\t/sys/class/zram-control/hot_remove\t3\t",
		"U\t3",
		"I\t7\tswapoff\t1700000003\t/dev/zram3\t\t",
		"I\t8\trmdir\t1700000004\t/sys/fs/cgroup/zswapbench-1-0-1\t\t",
	};
	char text[4096] = "";
	struct journal j;

	make_dir();
	for (size_t i = 0; i < sizeof(bodies) / sizeof(bodies[0]); i++)
		snprintf(text + strlen(text), sizeof(text) - strlen(text), "%s\t#%08x\n", bodies[i],
			 standard_crc32(bodies[i]));
	journal_init(&j);
	cr_assert_eq(journal_parse(&j, text, strlen(text)), 0);
	cr_assert_eq(j.damaged, 0);
	cr_assert_str_eq(j.boot_id, THIS_BOOT);
	cr_assert_eq(j.len, 5);
	cr_assert_eq(j.entries[0].kind, UNDO_WRITE);
	cr_assert_eq(j.entries[0].state, UNDO_DONE);
	cr_assert_str_eq(j.entries[0].path, "/sys/x");
	cr_assert_str_eq(j.entries[0].value, "old\tvalue");
	cr_assert_str_eq(j.entries[0].wrote, "new");
	cr_assert_eq(j.entries[0].when, 1700000000);
	cr_assert_eq(j.entries[1].kind, UNDO_UNLINK);
	cr_assert_str_eq(j.entries[1].path, "/var/tmp/a\\b.swap");
	cr_assert_eq(j.entries[1].ino, 1234);
	cr_assert_eq(j.entries[1].dev, 56);
	cr_assert_eq(j.entries[2].state, UNDO_UNDONE);
	cr_assert_str_eq(j.entries[2].value, "3");
	cr_assert_eq(j.entries[3].id, 7);
	cr_assert_eq(j.entries[3].kind, UNDO_SWAPOFF);
	cr_assert_eq(j.entries[3].state, UNDO_INTENT);
	cr_assert_eq(j.entries[4].kind, UNDO_RMDIR);
	cr_assert_eq(j.next_id, 9, "ids go on after the highest read");
	cr_assert_eq(journal_pending(&j), 4);
	journal_free(&j);
}

/* Escaping keeps a field with tabs and newlines on one line. */
Test(journal, fields_with_tabs_and_newlines_round_trip, .fini = remove_dir)
{
	struct journal j, back;
	char file[128];
	make_dir();
	snprintf(file, sizeof(file), "%s/journal", dir);
	journal_init(&j);
	cr_assert_eq(journal_create(&j, file), 0);
	cr_assert_geq(journal_intend(&j, UNDO_WRITE, "/p", "a\tb\nc\\d", "x"), 0);
	journal_init(&back);
	cr_assert_eq(journal_load(&back, file), 0);
	cr_assert_eq(back.len, 1);
	cr_assert_str_eq(back.entries[0].value, "a\tb\nc\\d");
	close(j.fd);
	close(back.fd);
	journal_free(&j);
	journal_free(&back);
}

static void write_journal_of_version(const char *path, const char *version)
{
	char header[128], intent[128];
	FILE *f = fopen(path, "w");

	snprintf(header, sizeof(header), "H\tzswapbench-journal\t%s\t" THIS_BOOT "\t17", version);
	snprintf(intent, sizeof(intent), "I\t1\twrite\t1700000000\t/sys/x\told\tnew");
	cr_assert_not_null(f);
	fprintf(f, "%s\t#%08x\n%s\t#%08x\nI\t2\tcut by a cra", header, standard_crc32(header),
		intent, standard_crc32(intent));
	fclose(f);
}

static char *contents_of(const char *path)
{
	static char buf[4096];
	FILE *f = fopen(path, "r");
	size_t n;

	cr_assert_not_null(f);
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

/* An older binary would drop a newer journal's lines it cannot read and truncate the file. */
Test(journal, a_newer_version_is_refused_and_left_untouched, .fini = remove_dir)
{
	char path[128], before[4096], why[512];
	struct journal j;

	make_dir();
	snprintf(path, sizeof(path), "%s/journal", dir);
	write_journal_of_version(path, "3");
	snprintf(before, sizeof(before), "%s", contents_of(path));
	journal_init(&j);
	cr_assert_eq(journal_load(&j, path), -EPROTONOSUPPORT);
	cr_assert_eq(j.version, 3);
	cr_assert_eq(j.fd, -1, "not kept open");
	cr_assert_eq(j.len, 0, "none of its lines taken");
	cr_assert_str_eq(contents_of(path), before, "its cut line not dropped");
	journal_free(&j);

	journal_init(&j);
	cr_assert_eq(journal_create(&j, path), -EPROTONOSUPPORT);
	cr_assert_str_eq(contents_of(path), before, "not truncated by a new run");
	journal_error(&j, path, -EPROTONOSUPPORT, why, sizeof(why));
	cr_assert_not_null(strstr(why, "journal version 3; this one reads 2"), "%s", why);
	cr_assert_eq(strncmp(why, path, strlen(path)), 0, "%s", why);
	journal_free(&j);
}

Test(journal, this_version_and_older_ones_are_read, .fini = remove_dir)
{
	static const char *const versions[] = { "1", "2" };
	char path[128];
	struct journal j;

	make_dir();
	snprintf(path, sizeof(path), "%s/journal", dir);
	for (size_t i = 0; i < 2; i++) {
		write_journal_of_version(path, versions[i]);
		journal_init(&j);
		cr_assert_eq(journal_load(&j, path), 0, "version %s", versions[i]);
		cr_assert_eq(j.version, (unsigned)atoi(versions[i]));
		cr_assert_eq(journal_pending(&j), 1);
		cr_assert_str_eq(j.boot_id, THIS_BOOT);
		close(j.fd);
		journal_free(&j);
	}
}

Test(journal, a_header_without_a_version_number_is_a_damaged_line)
{
	static const char *const bad[] = { "", "x", "2x", "0" };
	char text[512], header[128];
	const char *intent = "I\t1\twrite\t1700000000\t/sys/x\told\tnew";
	struct journal j;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(header, sizeof(header), "H\tzswapbench-journal\t%s\t" THIS_BOOT "\t1",
			 bad[i]);
		snprintf(text, sizeof(text), "%s\t#%08x\n%s\t#%08x\n", header,
			 standard_crc32(header), intent, standard_crc32(intent));
		journal_init(&j);
		cr_assert_eq(journal_parse(&j, text, strlen(text)), 0, "version '%s'", bad[i]);
		cr_assert_eq(j.damaged, 1, "version '%s'", bad[i]);
		cr_assert_eq(j.len, 1, "the lines after it kept");
		journal_free(&j);
	}
}

Test(journal, an_error_that_is_not_a_version_is_the_system_s)
{
	struct journal j;
	char why[256];

	journal_init(&j);
	cr_assert_str_eq(journal_error(&j, "/x/journal", -EACCES, why, sizeof(why)),
			 "/x/journal: Permission denied");
}
