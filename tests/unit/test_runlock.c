/* The run lock: in a folder of /run that only root can make, refused in a folder another user
 * could write, and held against a second taker. */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "runner/undo/runlock.h"
#include "tools.h"

static char *top;
static char lockdir[256];

static void make_top(void)
{
	char rd[300];

	top = temp_dir("zsb-runlock");
	snprintf(lockdir, sizeof(lockdir), "%s/lockdir", top);
	snprintf(rd, sizeof(rd), "%s/rundir", top);
	setenv("ZSWAPBENCH_RUNDIR", rd, 1);
	runlock_set_dir(lockdir);
}

static void drop_top(void)
{
	runlock_set_dir(NULL);
	unsetenv("ZSWAPBENCH_RUNDIR");
	remove_dir(top);
}

/* In /run, whose folders only root can make: not /run/lock, where any user can create it. */
Test(runlock, the_machine_s_lock_is_in_a_folder_of_run)
{
	struct stat st;
	int have_run = stat("/run", &st) == 0 && S_ISDIR(st.st_mode);

	cr_assert_str_eq(runlock_dir(), have_run ? "/run/zswapbench" : "/var/lib/zswapbench");
	cr_assert_str_eq(runlock_path(),
			 have_run ? "/run/zswapbench/lock" : "/var/lib/zswapbench/lock");
}

Test(runlock, taken_in_a_private_folder_it_makes, .init = make_top, .fini = drop_top)
{
	char why[512], text[32] = "", want[32];
	struct stat st;
	pid_t holder = 0;
	int fd;

	cr_assert_eq(runlock_acquire(&holder, why, sizeof(why)), 0, "%s", why);
	cr_assert_eq(stat(lockdir, &st), 0);
	cr_assert_eq(st.st_mode & 07777, 0700, "the folder only root's");
	cr_assert_eq(stat(runlock_path(), &st), 0);
	cr_assert_eq(st.st_mode & 07777, 0600);
	fd = open(runlock_path(), O_RDONLY);
	cr_assert_geq(fd, 0);
	cr_assert_gt(read(fd, text, sizeof(text) - 1), 0);
	close(fd);
	snprintf(want, sizeof(want), "%d\n", (int)getpid());
	cr_assert_str_eq(text, want, "the holder's PID written");
	cr_assert_eq(runlock_acquire(&holder, why, sizeof(why)), 0, "held already: kept");
}

Test(runlock, a_second_taker_is_told_who_holds_it, .init = make_top, .fini = drop_top)
{
	char why[512];
	pid_t holder = 0, child;
	int status, pipefd[2];
	char ready;

	cr_assert_eq(pipe(pipefd), 0);
	child = fork();
	if (child == 0) {
		char w[512];
		pid_t h;
		int ok = runlock_acquire(&h, w, sizeof(w)) == 0;
		ready = ok ? 'y' : 'n';
		(void)!write(pipefd[1], &ready, 1);
		pause();
		_exit(0);
	}
	cr_assert_eq(read(pipefd[0], &ready, 1), 1);
	cr_assert_eq(ready, 'y');
	cr_assert_eq(runlock_acquire(&holder, why, sizeof(why)), -EWOULDBLOCK);
	cr_assert_eq(holder, child);
	kill(child, SIGKILL);
	waitpid(child, &status, 0);
	cr_assert_eq(runlock_acquire(&holder, why, sizeof(why)), 0, "free once its holder died");
}

Test(runlock, a_folder_another_user_could_write_is_refused, .init = make_top, .fini = drop_top)
{
	char why[512], want[600], link[300];
	pid_t holder = 0;

	cr_assert_eq(mkdir(lockdir, 0703), 0);
	cr_assert_eq(chmod(lockdir, 0703), 0);
	cr_assert_eq(runlock_acquire(&holder, why, sizeof(why)), -EPERM);
	snprintf(want, sizeof(want),
		 "%s: writable by other users (mode 703): refusing to keep the run lock there",
		 lockdir);
	cr_assert_str_eq(why, want);
	cr_assert_eq(access(runlock_path(), F_OK), -1, "no lock file made there");

	cr_assert_eq(chmod(lockdir, 0700), 0);
	if (geteuid() == 0) {
		cr_assert_eq(chown(lockdir, 65534, 65534), 0);
		cr_assert_eq(runlock_acquire(&holder, why, sizeof(why)), -EPERM);
		cr_assert_not_null(strstr(why, "owned by uid 65534"), "%s", why);
		cr_assert_eq(chown(lockdir, 0, 0), 0);
	}
	cr_assert_eq(rmdir(lockdir), 0);
	snprintf(link, sizeof(link), "%s/elsewhere", top);
	cr_assert_eq(mkdir(link, 0700), 0);
	cr_assert_eq(symlink(link, lockdir), 0);
	cr_assert_eq(runlock_acquire(&holder, why, sizeof(why)), -EPERM, "a link not followed");
	cr_assert_not_null(strstr(why, "not a directory"), "%s", why);
}

Test(runlock, a_lock_file_that_is_a_link_is_not_followed, .init = make_top, .fini = drop_top)
{
	char why[512], victim[300];
	pid_t holder = 0;
	struct stat st;
	int fd;

	snprintf(victim, sizeof(victim), "%s/victim", top);
	fd = open(victim, O_WRONLY | O_CREAT, 0644);
	cr_assert_geq(fd, 0);
	cr_assert_eq(write(fd, "precious\n", 9), 9);
	close(fd);
	cr_assert_eq(mkdir(lockdir, 0700), 0);
	cr_assert_eq(symlink(victim, runlock_path()), 0);
	cr_assert_eq(runlock_acquire(&holder, why, sizeof(why)), -ELOOP);
	cr_assert_not_null(strstr(why, runlock_path()), "%s", why);
	cr_assert_eq(stat(victim, &st), 0);
	cr_assert_eq(st.st_size, 9, "the link's target untouched");
}
