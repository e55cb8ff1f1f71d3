/* --user's environment: what a login would set from the passwd entry, and the few variables
 * that pass through, in a fixed order; nothing else of root's. */
#include <criterion/criterion.h>
#include <errno.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/util.h"
#include "runner/kernel/run_as.h"

static const struct run_as alice = {
	.name = "alice", .uid = 1000, .gid = 1000, .home = "/home/alice", .shell = "/bin/bash"
};

static void assert_env(const struct run_as_env *e, const char *const *want, size_t n)
{
	cr_assert_eq(e->n, n, "%zu variables, not %zu", e->n, n);
	for (size_t i = 0; i < n; i++)
		cr_assert_str_eq(e->vars[i], want[i]);
	cr_assert_null(e->vars[n], "NULL-terminated, as execve takes it");
}

Test(run_as, env_from_passwd_and_what_passes_through)
{
	char *root_env[] = { "PATH=/usr/local/sbin:/usr/sbin:/sbin:/root/bin",
			     "HOME=/root",
			     "USER=root",
			     "LOGNAME=root",
			     "SHELL=/bin/zsh",
			     "SUDO_UID=1000",
			     "SUDO_COMMAND=/usr/bin/zswapbench",
			     "LD_PRELOAD=/tmp/evil.so",
			     "http_proxy=http://proxy:3128",
			     "TERM=xterm-256color",
			     "LANG=de_DE.UTF-8",
			     "TZ=Europe/Berlin",
			     "LC_ALL=C.UTF-8",
			     "ZSWAPBENCH_WORKDIR=/var/tmp/zswapbench-42.d",
			     "ZSWAPBENCH_RUNDIR=/var/lib/zswapbench",
			     "LANGUAGE=de",
			     "TERMINFO=/root/.terminfo",
			     NULL };
	static const char *const want[] = {
		"PATH=" RUN_AS_PATH,   "HOME=/home/alice",
		"USER=alice",	       "LOGNAME=alice",
		"SHELL=/bin/bash",     "LANG=de_DE.UTF-8",
		"LC_ALL=C.UTF-8",      "TZ=Europe/Berlin",
		"TERM=xterm-256color", "ZSWAPBENCH_WORKDIR=/var/tmp/zswapbench-42.d"
	};
	struct run_as_env e;

	cr_assert_eq(run_as_env_build(&e, &alice, root_env), 0);
	assert_env(&e, want, ARRAY_SIZE(want));
	run_as_env_free(&e);
	cr_assert_eq(e.n, 0);
}

/* Nothing set: only the login's five; a name that only starts like one does not pass. */
Test(run_as, env_without_anything_to_pass)
{
	char *bare[] = { "LANGX=1", "TERM", "TZONE=UTC", "XLANG=C", NULL };
	static const char *const want[] = { "PATH=" RUN_AS_PATH, "HOME=/home/alice", "USER=alice",
					    "LOGNAME=alice", "SHELL=/bin/bash" };
	struct run_as_env e;

	cr_assert_eq(run_as_env_build(&e, &alice, bare), 0);
	assert_env(&e, want, ARRAY_SIZE(want));
	run_as_env_free(&e);
	cr_assert_eq(run_as_env_build(&e, &alice, NULL), 0);
	assert_env(&e, want, ARRAY_SIZE(want));
	run_as_env_free(&e);
}

/* An empty value is set, as it was: TZ= means UTC to the C library, not "unset". */
Test(run_as, env_keeps_an_empty_value)
{
	char *from[] = { "TZ=", NULL };
	static const char *const want[] = { "PATH=" RUN_AS_PATH, "HOME=/home/alice", "USER=alice",
					    "LOGNAME=alice",	 "SHELL=/bin/bash",  "TZ=" };
	struct run_as_env e;

	cr_assert_eq(run_as_env_build(&e, &alice, from), 0);
	assert_env(&e, want, ARRAY_SIZE(want));
	run_as_env_free(&e);
}

Test(run_as, lookup_reads_the_passwd_entry_and_groups)
{
	struct run_as u;

	cr_assert_eq(run_as_lookup(&u, "root"), 0);
	cr_assert_str_eq(u.name, "root");
	cr_assert_eq(u.uid, 0);
	cr_assert_eq(u.gid, 0);
	cr_assert_str_eq(u.home, "/root");
	cr_assert_geq(u.ngroups, 1);
	cr_assert_eq(u.groups[0], 0, "the passwd entry's group first, as initgroups has it");
	run_as_free(&u);
	cr_assert_eq(run_as_lookup(&u, "no-such-user-zsb"), -ENOENT);
}

/* An entry whose group is not its uid (Debian's sync is 4:65534): the gid and the groups come
 * from the passwd entry's group. */
Test(run_as, lookup_of_a_user_whose_group_is_not_its_uid)
{
	struct passwd *pw;
	struct run_as u;
	char name[64] = "";
	uid_t uid = 0;
	gid_t gid = 0;

	setpwent();
	while ((pw = getpwent()))
		if (pw->pw_uid != pw->pw_gid && pw->pw_uid != 0) {
			snprintf(name, sizeof(name), "%s", pw->pw_name);
			uid = pw->pw_uid;
			gid = pw->pw_gid;
			break;
		}
	endpwent();
	if (!name[0])
		cr_skip_test("no passwd entry whose uid is not its gid");
	cr_assert_eq(run_as_lookup(&u, name), 0);
	cr_assert_eq(u.uid, uid);
	cr_assert_eq(u.gid, gid, "%s", name);
	cr_assert_geq(u.ngroups, 1);
	cr_assert_eq(u.groups[0], gid, "the entry's group first");
	run_as_free(&u);
}
