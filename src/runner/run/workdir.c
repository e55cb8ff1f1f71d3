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
#include "runner/cli/option_parse.h"
#include "runner/kernel/spawn.h"

int workdir_create(struct journal *j, const char *swapfile, char *path, size_t len, char *why,
		   size_t why_len)
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
	if (mkdir(path, 0755) < 0) {
		ret = -errno;
		journal_cancel(j, idx); /* EEXIST: someone else's */
		return ret;
	}
	if (stat(path, &st) < 0)
		return -errno;
	if ((ret = journal_confirm(j, idx, NULL, (uint64_t)st.st_ino, (uint64_t)st.st_dev)))
		return ret;
	return setenv("ZSWAPBENCH_WORKDIR", path, 1) < 0 ? -errno : 0;
}

int workdir_setup(const struct config *cfg, const char *path, char *why, size_t why_len)
{
	char text[COMMAND_TEXT_MAX + 1], *words[COMMAND_WORDS_MAX + 1], cwd[PATH_MAX];
	int ret;

	if (!cfg->setup[0])
		return 0;
	snprintf(text, sizeof(text), "%s", cfg->setup);
	snprintf(why, why_len, "--setup '%s'", cfg->setup);
	if (command_split(text, words, ARRAY_SIZE(words)) < 0)
		return -EINVAL;
	if (!getcwd(cwd, sizeof(cwd)) || chdir(path) < 0)
		return -errno;
	ret = spawn_wait(words);
	if (chdir(cwd) < 0 && !ret)
		ret = -errno;
	if (ret > 0)
		snprintf(why, why_len, "--setup '%s' (exit status %d)", cfg->setup, ret);
	return ret > 0 ? -EIO : ret;
}
