/* What is left in a cgroup of ours is killed before it is removed: through cgroup.kill where the
 * kernel has it, never by a PID read from cgroup.procs then (it may name another process by
 * the time it is signalled); by those PIDs where it has not (v1). A fake tree: the rmdir of a
 * fake cgroup fails, since its files are real files, and the test looks at what was done. */
#include <criterion/criterion.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "runner/kernel/sysfs.h"
#include "runner/undo/journal.h"
#include "runner/undo/rewind.h"
#include "tools.h"

#define CG "/sys/fs/cgroup/zswapbench-7-0-1"

static char *root;
static pid_t member;

static void put(const char *name, const char *text)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s%s/%s", root, CG, name);
	f = fopen(path, "w");
	cr_assert_not_null(f, "%s", path);
	fputs(text, f);
	fclose(f);
}

static const char *contents(const char *name)
{
	static char buf[64];
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s%s/%s", root, CG, name);
	buf[0] = '\0';
	if ((f = fopen(path, "r"))) {
		if (!fgets(buf, sizeof(buf), f))
			buf[0] = '\0';
		fclose(f);
	}
	return buf;
}

/* A fake cgroup whose cgroup.procs lists a real process, a child of the test's. */
static void cgroup_with_a_member(void)
{
	char path[512], pid[32];

	root = temp_dir("zsb-kill");
	for (const char *const *d =
		     (const char *const[]){ "/sys", "/sys/fs", "/sys/fs/cgroup", NULL };
	     *d; d++) {
		snprintf(path, sizeof(path), "%s%s", root, *d);
		cr_assert_eq(mkdir(path, 0755), 0, "%s", path);
	}
	snprintf(path, sizeof(path), "%s%s", root, CG);
	cr_assert_eq(mkdir(path, 0755), 0);
	sysfs_set_root(root);
	member = fork();
	cr_assert_geq(member, 0);
	if (member == 0) {
		pause();
		_exit(0);
	}
	snprintf(pid, sizeof(pid), "%d\n", (int)member);
	put("cgroup.procs", pid);
}

static void gone(void)
{
	kill(member, SIGKILL);
	waitpid(member, NULL, 0);
	sysfs_set_root(NULL);
	remove_dir(root);
}

static int removed_entry(void)
{
	struct journal j;
	struct undo u = { .kind = UNDO_RMDIR, .state = UNDO_DONE, .path = CG };
	char why[256] = "";
	int ret;

	journal_init(&j);
	ret = undo_entry(&j, &u, why, sizeof(why));
	journal_free(&j);
	return ret;
}

static int alive(pid_t pid)
{
	return waitpid(pid, NULL, WNOHANG) == 0;
}

Test(rewind_kill, through_cgroup_kill_where_the_kernel_has_it, .init = cgroup_with_a_member,
     .fini = gone)
{
	put("cgroup.kill", "");
	removed_entry();
	cr_assert_str_eq(contents("cgroup.kill"), "1");
	cr_assert(alive(member), "signalled by a PID read from cgroup.procs");
}

Test(rewind_kill, by_pid_where_there_is_no_cgroup_kill, .init = cgroup_with_a_member, .fini = gone)
{
	int status;

	removed_entry();
	cr_assert_eq(waitpid(member, &status, 0), member);
	cr_assert(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
}
