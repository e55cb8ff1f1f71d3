#include "runner/run/workdir.h"

#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/util.h"
#include "runner/base/command_words.h"
#include "runner/base/escape.h"
#include "runner/kernel/spawn.h"

extern char **environ;

int workdir_create(struct journal *j, const char *swapfile, const struct run_as *owner, char *path,
		   size_t len, char *why, size_t why_len)
{
	char dir[PATH_MAX], *parent;
	struct stat st;
	int idx, ret;

	snprintf(dir, sizeof(dir), "%s", swapfile);
	parent = dirname(dir);
	/* A swapfile in / would give "//zswapbench-PID.d" in every message. */
	snprintf(path, len, "%s/zswapbench-%d.d", strcmp(parent, "/") ? parent : "", (int)getpid());
	snprintf(why, why_len, "%s", path);
	if ((idx = journal_intend(j, UNDO_RMTREE, path, NULL, NULL)) < 0)
		return idx;
	/* 0700, then the command's user's: a server's socket in it (a preset's database) must be
	 * out of every other local user's reach, whatever the server's own modes and logins. */
	if (mkdir(path, 0700) < 0) {
		ret = -errno;
		journal_cancel(j, idx); /* EEXIST: someone else's */
		return ret;
	}
	if (stat(path, &st) < 0)
		return -errno;
	if ((ret = journal_confirm(j, idx, NULL, (uint64_t)st.st_ino, (uint64_t)st.st_dev)))
		return ret;
	/* After the confirmation: the undo knows it by its inode, which a chown keeps. */
	if (owner && chown(path, owner->uid, owner->gid) < 0)
		return -errno;
	return setenv("ZSWAPBENCH_WORKDIR", path, 1) < 0 ? -errno : 0;
}

static void to_terminal(void *escaped, const char *buf, size_t n)
{
	fwrite(buf, 1, n, escaped);
}

int workdir_command(const char *option, const char *command, const struct run_as *user,
		    const cpu_set_t *cpus, const char *path, char *why, size_t why_len)
{
	char text[COMMAND_TEXT_MAX + 1], *words[COMMAND_WORDS_MAX + 1], reason[256];
	/* It makes (or clears) the command's data, so it runs as the command does. Not in the
	 * cgroup: it is not measured. It dies with the runner: one left running would write into
	 * a folder cleanup removes, beside the next run. */
	struct child_setup c = { .user = user,
				 .no_new_privs = user != NULL,
				 .die_with = getpid(),
				 .dir = path,
				 .cpus = cpus };
	struct run_as_env env = { 0 };
	struct spawn_sink sink = { .write = to_terminal };
	int ret;

	if (!command[0])
		return 0;
	snprintf(text, sizeof(text), "%s", command);
	snprintf(why, why_len, "--%s '%s'", option, command);
	if (command_words(text, words, ARRAY_SIZE(words), reason, sizeof(reason)) < 0) {
		snprintf(why, why_len, "--%s '%s': %s", option, command, reason);
		return -EINVAL;
	}
	if (user && (ret = run_as_env_build(&env, user, environ)))
		return ret;
	c.envp = user ? env.vars : NULL;
	/* What it prints is shown, escaped: it runs as the --user, who must not command root's
	 * terminal (docs/security.md). */
	sink.arg = escape_open(stderr, ESCAPE_TEXT);
	ret = sink.arg ? spawn_wait_session(words, &c, &sink) : -errno;
	if (sink.arg)
		fclose(sink.arg);
	run_as_env_free(&env);
	if (ret > 0)
		snprintf(why, why_len, "--%s '%s' (exit status %d)", option, command, ret);
	return ret > 0 ? -EIO : ret;
}
