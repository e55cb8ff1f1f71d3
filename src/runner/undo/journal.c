#include "runner/undo/journal.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "runner/base/fileio.h"
#include "runner/base/sizes.h"
#include "runner/kernel/kv.h"
#include "runner/kernel/sysfs.h"

#define JOURNAL_MAGIC "zswapbench-journal"

static const char *const kind_names[UNDO_KIND_COUNT] = {
	[UNDO_RMDIR] = "rmdir",
	[UNDO_UNLINK] = "unlink",
	[UNDO_SWAPOFF] = "swapoff",
	[UNDO_ZRAM_RESET] = "zram-reset",
	[UNDO_ZRAM_REMOVE] = "zram-remove",
	[UNDO_WRITE] = "write",
	[UNDO_UMOUNT] = "umount",
	[UNDO_CONTROLLER] = "controller",
	[UNDO_LOOP_DETACH] = "loop-detach",
	[UNDO_RMTREE] = "rmtree",
};

const char *undo_kind_name(enum undo_kind kind)
{
	return kind < UNDO_KIND_COUNT ? kind_names[kind] : "?";
}

void undo_describe(const struct undo *u, char *buf, size_t len)
{
	switch (u->kind) {
	case UNDO_RMDIR:
		snprintf(buf, len, "removed cgroup %s", u->path);
		break;
	case UNDO_UNLINK:
		snprintf(buf, len, "removed swapfile %s", u->path);
		break;
	case UNDO_SWAPOFF:
		snprintf(buf, len, "swapped off %s", u->path);
		break;
	case UNDO_ZRAM_RESET:
		snprintf(buf, len, "reset %s", u->path);
		break;
	case UNDO_ZRAM_REMOVE:
		snprintf(buf, len, "removed zram%s", u->value);
		break;
	case UNDO_WRITE:
		snprintf(buf, len, "restored %s to '%s'", u->path, u->value);
		break;
	case UNDO_UMOUNT:
		snprintf(buf, len, "unmounted %s", u->path);
		break;
	case UNDO_LOOP_DETACH:
		snprintf(buf, len, "detached %s from %s", u->path, u->value);
		break;
	case UNDO_RMTREE:
		snprintf(buf, len, "removed work directory %s", u->path);
		break;
	default:
		snprintf(buf, len, "removed controller %s from %s", u->value, u->path);
	}
}

const char *journal_this_boot(void)
{
	static char id[40];
	if (!id[0] && sysfs_read_line("/proc/sys/kernel/random/boot_id", id, sizeof(id)) < 0)
		id[0] = '\0';
	return id;
}

void journal_init(struct journal *j)
{
	memset(j, 0, sizeof(*j));
	j->fd = -1;
	j->next_id = 1;
}

/* CRC-32 (IEEE), bit by bit: a journal line is short and written a few times a trial. */
static uint32_t crc32_of(const char *s, size_t n)
{
	uint32_t crc = 0xffffffffu;
	for (size_t i = 0; i < n; i++) {
		crc ^= (unsigned char)s[i];
		for (int k = 0; k < 8; k++)
			crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1)));
	}
	return ~crc;
}

/* Tabs, newlines and backslashes in a field are escaped: a line is always one line. */
static void escape(const char *s, char *out, size_t len)
{
	size_t o = 0;
	for (; *s && o + 3 < len; s++) {
		if (*s == '\t' || *s == '\n' || *s == '\\') {
			out[o++] = '\\';
			out[o++] = *s == '\t' ? 't' : *s == '\n' ? 'n' : '\\';
		} else {
			out[o++] = *s;
		}
	}
	out[o] = '\0';
}

static void unescape(const char *s, size_t n, char *out, size_t len)
{
	size_t o = 0;
	for (size_t i = 0; i < n && o + 1 < len; i++) {
		if (s[i] == '\\' && i + 1 < n) {
			i++;
			out[o++] = s[i] == 't' ? '\t' : s[i] == 'n' ? '\n' : s[i];
		} else {
			out[o++] = s[i];
		}
	}
	out[o] = '\0';
}

/* Test hook: $ZSWAPBENCH_TEST_KILL_AT_RECORD=N has the process SIGKILL itself right after its
 * Nth record is written, so a test can end a run at every step of its journal in turn. Only
 * in a build with the test hooks (TEST_HOOKS=1): a package's binary has no such variable. */
static void die_after_record_for_tests(void)
{
#ifdef ZSB_TEST_HOOKS
	static long written, at = -1;

	if (at < 0) {
		const char *env = getenv("ZSWAPBENCH_TEST_KILL_AT_RECORD");
		at = env ? strtol(env, NULL, 10) : 0;
	}
	if (at > 0 && ++written == at)
		raise(SIGKILL);
#endif
}

/* One record, checksummed and appended. A SIGKILL leaves the page cache intact, so only what
 * a power loss would leave behind needs the disk before the caller goes on: the swapfile, on
 * a filesystem that outlives the boot (durable). Cgroups, swap areas, zram and parameters are
 * gone with the power, and so is the need to undo them. */
static int write_record_sync(struct journal *j, const char *body, int durable)
{
	char line[3 * PATH_MAX];
	int n, ret;

	if (j->fd < 0)
		return 0;
	n = snprintf(line, sizeof(line), "%s\t#%08" PRIx32 "\n", body,
		     crc32_of(body, strlen(body)));
	if (n < 0 || (size_t)n >= sizeof(line))
		return -ENAMETOOLONG;
	ret = write_full(j->fd, line, (size_t)n);
	if (!ret && durable && fdatasync(j->fd) < 0)
		ret = -errno;
	if (!ret)
		die_after_record_for_tests();
	return ret;
}

static int write_record(struct journal *j, const char *body)
{
	return write_record_sync(j, body, 0);
}

static int write_header(struct journal *j)
{
	char body[160];
	snprintf(body, sizeof(body), "H\t%s\t%d\t%s\t%d", JOURNAL_MAGIC, JOURNAL_VERSION,
		 journal_this_boot(), (int)getpid());
	snprintf(j->boot_id, sizeof(j->boot_id), "%s", journal_this_boot());
	return write_record_sync(j, body, 1);
}

static struct undo *add_entry(struct journal *j)
{
	if (j->len == j->cap) {
		size_t cap = j->cap ? j->cap * 2 : 16;
		struct undo *grown = realloc(j->entries, cap * sizeof(*grown));
		if (!grown)
			return NULL;
		j->entries = grown;
		j->cap = cap;
	}
	memset(&j->entries[j->len], 0, sizeof(j->entries[0]));
	return &j->entries[j->len++];
}

static struct undo *find(struct journal *j, unsigned id)
{
	for (size_t i = j->len; i-- > 0;)
		if (j->entries[i].id == id)
			return &j->entries[i];
	return NULL;
}

size_t journal_pending(const struct journal *j)
{
	size_t n = 0;
	for (size_t i = 0; i < j->len; i++)
		n += j->entries[i].state != UNDO_UNDONE;
	return n;
}

/* "I id kind when path value wrote", each text escaped straight into the body, not into a
 * copy first: an escaped path's 8 KiB beside the body put journal_intend past the 16 KiB frame
 * limit. A smaller frame, not the heap or a static: nothing new to fail or to share where every
 * change is announced (no signal handler writes the journal: kernel/signals.c's sets a flag). */
static void intent_body(const struct undo *u, char *body, size_t len)
{
	const char *texts[] = { u->path, u->value, u->wrote };
	size_t n = (size_t)snprintf(body, len, "I\t%u\t%s\t%" PRId64, u->id, kind_names[u->kind],
				    u->when);

	for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]) && n + 1 < len; i++) {
		body[n++] = '\t';
		escape(texts[i], body + n, len - n);
		n += strlen(body + n);
	}
}

int journal_intend(struct journal *j, enum undo_kind kind, const char *path, const char *value,
		   const char *wrote)
{
	/* An escaped path (twice its length at most), the two values and the fields fit. */
	char body[3 * PATH_MAX];
	struct undo *u = add_entry(j);
	int ret;

	if (!u)
		return -ENOMEM;
	u->id = j->next_id++;
	u->kind = kind;
	u->state = UNDO_INTENT;
	u->when = (int64_t)time(NULL);
	snprintf(u->path, sizeof(u->path), "%s", path);
	snprintf(u->value, sizeof(u->value), "%s", value ? value : "");
	snprintf(u->wrote, sizeof(u->wrote), "%s", wrote ? wrote : "");
	intent_body(u, body, sizeof(body));
	ret = write_record_sync(j, body, kind == UNDO_UNLINK || kind == UNDO_RMTREE);
	if (ret) {
		j->len--; /* not announced, so the change must not be made */
		return ret;
	}
	return (int)(j->len - 1);
}

int journal_confirm(struct journal *j, int idx, const char *value, uint64_t ino, uint64_t dev)
{
	struct undo *u = &j->entries[idx];
	char body[640], evalue[512];

	u->state = UNDO_DONE;
	if (value)
		snprintf(u->value, sizeof(u->value), "%s", value);
	u->ino = ino;
	u->dev = dev;
	escape(u->value, evalue, sizeof(evalue));
	snprintf(body, sizeof(body), "C\t%u\t%s\t%" PRIu64 "\t%" PRIu64, u->id, evalue, ino, dev);
	return write_record_sync(j, body, u->kind == UNDO_UNLINK || u->kind == UNDO_RMTREE);
}

/* A cancel is as durable as its intent: after a power loss an intent that comes back without
 * it would be read as a change that may have been made, to someone else's object (EEXIST). */
int journal_cancel(struct journal *j, int idx)
{
	struct undo *u = &j->entries[idx];
	char body[32];

	u->state = UNDO_UNDONE;
	snprintf(body, sizeof(body), "U\t%u", u->id);
	return write_record_sync(j, body, u->kind == UNDO_UNLINK || u->kind == UNDO_RMTREE);
}

int journal_confirm_wrote(struct journal *j, int idx, const char *kept)
{
	struct undo *u = &j->entries[idx];
	char body[640], ekept[512];

	snprintf(u->wrote, sizeof(u->wrote), "%s", kept);
	escape(u->wrote, ekept, sizeof(ekept));
	snprintf(body, sizeof(body), "W\t%u\t%s", u->id, ekept);
	return write_record(j, body);
}

size_t journal_mark(const struct journal *j)
{
	return j->len;
}

/* The tab-separated fields of a line's body, in place. */
static size_t split_fields(char *body, char **f, size_t max)
{
	size_t n = 0;
	for (char *p = body; p && n < max; n++) {
		f[n] = p;
		p = strchr(p, '\t');
		if (p)
			*p++ = '\0';
	}
	return n;
}

static int kind_of(const char *name)
{
	for (int k = 0; k < UNDO_KIND_COUNT; k++)
		if (strcmp(kind_names[k], name) == 0)
			return k;
	return -1;
}

static int apply_intent(struct journal *j, char **f, size_t n)
{
	int kind = n == 7 ? kind_of(f[2]) : -1;
	struct undo *u;

	if (kind < 0 || !(u = add_entry(j)))
		return -EINVAL;
	u->id = (unsigned)strtoul(f[1], NULL, 10);
	u->kind = (enum undo_kind)kind;
	u->state = UNDO_INTENT;
	u->when = strtoll(f[3], NULL, 10);
	unescape(f[4], strlen(f[4]), u->path, sizeof(u->path));
	unescape(f[5], strlen(f[5]), u->value, sizeof(u->value));
	unescape(f[6], strlen(f[6]), u->wrote, sizeof(u->wrote));
	if (u->id >= j->next_id)
		j->next_id = u->id + 1;
	return 0;
}

/* A newer version's lines may mean what this one cannot undo, or undo wrongly: the whole file
 * is left to that version, untouched. */
static int apply_header(struct journal *j, char **f)
{
	char *end;
	unsigned long version = strtoul(f[2], &end, 10);

	if (*end || version == 0)
		return -EINVAL;
	j->version = (unsigned)(version < UINT_MAX ? version : UINT_MAX);
	if (version > JOURNAL_VERSION)
		return -EPROTONOSUPPORT;
	snprintf(j->boot_id, sizeof(j->boot_id), "%s", f[3]);
	return 0;
}

/* One checked record: H(eader), I(ntent), C(onfirmed), W(hat the kernel kept), U(ndone). */
static int apply_record(struct journal *j, char *body)
{
	char *f[8];
	size_t n = split_fields(body, f, 8);
	struct undo *u;

	if (n == 5 && strcmp(f[0], "H") == 0 && strcmp(f[1], JOURNAL_MAGIC) == 0)
		return apply_header(j, f);
	if (strcmp(f[0], "I") == 0)
		return apply_intent(j, f, n);
	u = n >= 2 ? find(j, (unsigned)strtoul(f[1], NULL, 10)) : NULL;
	if (!u ||
	    !((n == 5 && strcmp(f[0], "C") == 0) || (n == 2 && strcmp(f[0], "U") == 0) ||
	      (n == 3 && strcmp(f[0], "W") == 0)))
		return -EINVAL;
	if (f[0][0] == 'U') {
		u->state = UNDO_UNDONE;
		return 0;
	}
	if (f[0][0] == 'W') {
		unescape(f[2], strlen(f[2]), u->wrote, sizeof(u->wrote));
		return 0;
	}
	u->state = UNDO_DONE;
	unescape(f[2], strlen(f[2]), u->value, sizeof(u->value));
	u->ino = strtoull(f[3], NULL, 10);
	u->dev = strtoull(f[4], NULL, 10);
	return 0;
}

/* A line is taken only whole, without a NUL byte, with its checksum right. */
static int parse_line(struct journal *j, const char *line, size_t n)
{
	char body[3 * PATH_MAX];
	const char *hash = NULL;
	unsigned long crc;
	char *end;

	for (size_t i = n; i-- > 0;)
		if (line[i] == '#' && i > 0 && line[i - 1] == '\t') {
			hash = line + i;
			break;
		}
	if (!hash || memchr(line, '\0', n) || (size_t)(hash - line) >= sizeof(body))
		return -EINVAL;
	errno = 0;
	crc = strtoul(hash + 1, &end, 16);
	if (errno || end != line + n || hash + 1 == end ||
	    crc != crc32_of(line, (size_t)(hash - 1 - line)))
		return -EINVAL;
	memcpy(body, line, (size_t)(hash - 1 - line));
	body[hash - 1 - line] = '\0';
	return apply_record(j, body);
}

static void note(const struct journal *j, const char *fmt, unsigned a)
{
	char text[160];
	if (!j->on_note)
		return;
	snprintf(text, sizeof(text), fmt, a);
	j->on_note(text);
}

int journal_parse(struct journal *j, const char *text, size_t len)
{
	unsigned lineno = 0, good = 0;
	int ret;

	for (size_t at = 0; at < len;) {
		const char *nl = memchr(text + at, '\n', len - at);
		size_t n = nl ? (size_t)(nl - (text + at)) : len - at;
		lineno++;
		/* A last line without its newline was cut by a crash while it was written: its
		 * change was never made (intents come first). */
		if (!nl)
			break;
		if ((ret = parse_line(j, text + at, n)) == -EPROTONOSUPPORT)
			return ret;
		if (ret == 0) {
			good++;
		} else {
			j->damaged++;
			note(j, "journal line %u is damaged: skipped, the lines after it are kept",
			     lineno);
		}
		at += n + 1;
	}
	return good ? 0 : len ? -EBADMSG : 0;
}

static int slurp_fd(int fd, char **text, size_t *len)
{
	size_t cap = 16384;
	char *buf = malloc(cap);

	*len = 0;
	while (buf) {
		ssize_t n = read(fd, buf + *len, cap - *len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			if (n < 0) {
				free(buf);
				return -errno;
			}
			*text = buf;
			return 0;
		}
		*len += (size_t)n;
		if (*len == cap) {
			char *grown = realloc(buf, cap *= 2);
			if (!grown)
				free(buf);
			buf = grown;
		}
	}
	return -ENOMEM;
}

/* Nothing readable in a file that is not empty (a zero-filled block after a crash): moved
 * aside with a message, so a later run is never stuck behind it. */
static void move_aside(struct journal *j, const char *path)
{
	char aside[PATH_LEN], text[MSG_LEN];

	snprintf(aside, sizeof(aside), "%s.damaged-%lld", path, (long long)time(NULL));
	if (rename(path, aside) == 0 && j->on_note) {
		snprintf(text, sizeof(text), "%s held no readable line: moved aside to %s", path,
			 aside);
		j->on_note(text);
	}
}

/* A last line cut by a crash goes before anything is appended: glued to the next record it
 * would take that record down with it. */
static int drop_cut_line(int fd, const char *text, size_t len)
{
	size_t whole = len;

	while (whole > 0 && text[whole - 1] != '\n')
		whole--;
	if (whole == len || whole == 0)
		return 0;
	return ftruncate(fd, (off_t)whole) < 0 || fdatasync(fd) < 0 ? -errno : 0;
}

int journal_load(struct journal *j, const char *path)
{
	char *text = NULL;
	size_t len = 0;
	int fd = open(path, O_RDWR | O_APPEND | O_CLOEXEC | O_NOFOLLOW), ret;

	if (fd < 0)
		return -errno;
	ret = slurp_fd(fd, &text, &len);
	if (!ret)
		ret = journal_parse(j, text, len);
	if (!ret)
		ret = drop_cut_line(fd, text, len);
	free(text);
	if (ret == -EPROTONOSUPPORT) {
		close(fd);
		return ret;
	}
	if (ret == -EBADMSG) {
		close(fd);
		move_aside(j, path);
		journal_free(j);
		journal_init(j);
		return 0;
	}
	j->fd = fd;
	return ret;
}

int journal_create(struct journal *j, const char *path)
{
	struct journal old;
	int fd, ret;

	journal_init(&old);
	old.on_note = j->on_note;
	ret = journal_load(&old, path);
	if (ret == 0 && journal_pending(&old)) {
		close(old.fd);
		journal_free(&old);
		return -EEXIST;
	}
	if (old.fd >= 0)
		close(old.fd);
	j->version = old.version;
	journal_free(&old);
	if (ret && ret != -ENOENT)
		return ret;
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0600);
	if (fd < 0)
		return -errno;
	j->fd = fd;
	return write_header(j);
}

/* Once nothing is left to undo, the history goes: a crash between the two leaves an empty
 * file, which is nothing to undo either. */
static void compact(struct journal *j)
{
	char body[160];

	if (j->fd < 0 || journal_pending(j) || lseek(j->fd, 0, SEEK_END) < 4096)
		return;
	if (ftruncate(j->fd, 0) == 0) {
		snprintf(body, sizeof(body), "H\t%s\t%d\t%s\t%d", JOURNAL_MAGIC, JOURNAL_VERSION,
			 j->boot_id, (int)getpid());
		write_record(j, body);
	}
}

int journal_undone(struct journal *j, struct undo *u)
{
	char body[32];

	u->state = UNDO_UNDONE;
	snprintf(body, sizeof(body), "U\t%u", u->id);
	return write_record(j, body);
}

void journal_trim(struct journal *j, size_t mark)
{
	/* What is undone needs no memory; what failed stays for cleanup. */
	while (j->len > mark && j->entries[j->len - 1].state == UNDO_UNDONE)
		j->len--;
	compact(j);
}

const char *journal_file_mark(const struct journal *j, const char *file)
{
	for (size_t i = j->len; i-- > 0;) {
		const struct undo *u = &j->entries[i];
		if (u->kind == UNDO_UNLINK && u->state == UNDO_DONE && u->value[0] &&
		    strcmp(u->path, file) == 0)
			return u->value;
	}
	return NULL;
}

int journal_owns_device(const struct journal *j, const char *device)
{
	char zram[300];

	for (size_t i = 0; i < j->len; i++) {
		const struct undo *u = &j->entries[i];
		if (u->kind == UNDO_UNLINK && strcmp(u->path, device) == 0)
			return 1;
		snprintf(zram, sizeof(zram), "/dev/zram%s", u->value);
		if (u->kind == UNDO_ZRAM_REMOVE && strcmp(zram, device) == 0)
			return 1;
		if (u->kind == UNDO_ZRAM_RESET && strncmp(u->path, "/sys/block/", 11) == 0 &&
		    strncmp(device, "/dev/", 5) == 0 && strcmp(u->path + 11, device + 5) == 0)
			return 1;
	}
	return 0;
}

char *journal_error(const struct journal *j, const char *path, int err, char *buf, size_t len)
{
	if (err == -EPROTONOSUPPORT)
		snprintf(
			buf, len,
			"%s: written by a newer zswapbench (journal version %u; this one reads %d):"
			" left as it is for that version's cleanup",
			path, j->version, JOURNAL_VERSION);
	else
		snprintf(buf, len, "%s: %s", path, strerror(-err));
	return buf;
}

void journal_close(struct journal *j, const char *path)
{
	if (j->fd < 0)
		return;
	if (!journal_pending(j))
		unlink(path);
	close(j->fd);
	j->fd = -1;
}

void journal_free(struct journal *j)
{
	free(j->entries);
	j->entries = NULL;
	j->len = j->cap = 0;
}
