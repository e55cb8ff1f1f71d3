/* --background (run/background.c) with a stand-in for the hogger: a script that speaks its
 * protocol, holds until killed when given --hold, or leaves early. It only holds a process:
 * what is said when it fills, dies, or never fills. */
#include <criterion/criterion.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "runner/run/background.h"
#include "tools.h"

static char *dir;
static char hogger[512];
static struct background bg;

/* The stand-in: "filled", then with --hold among its words it waits to be killed. */
static void stand_in(const char *body)
{
	FILE *f;

	snprintf(hogger, sizeof(hogger), "%s/hogger", dir);
	f = fopen(hogger, "w");
	cr_assert_not_null(f);
	fprintf(f, "#!/bin/sh\n%s\n", body);
	fclose(f);
	cr_assert_eq(chmod(hogger, 0755), 0);
}

#define FILLS "echo start 1 >&3; echo filled 4096 2 0 >&3; read -r go <&3"
#define HOLDS                                                                                      \
	FILLS "; for a in \"$@\"; do [ \"$a\" = --hold ] && exec sleep 30; done; echo done 3 >&3"

static void fresh(void)
{
	dir = temp_dir("zsb-unit-background");
	memset(&bg, 0, sizeof(bg));
}

static void gone(void)
{
	background_stop(&bg);
	remove_dir(dir);
}

TestSuite(background, .init = fresh, .fini = gone);

static void pause_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

Test(background, it_fills_and_holds_until_the_end)
{
	struct failure f = { 0 };

	stand_in(HOLDS);
	cr_assert_eq(background_start(&bg, hogger, 4096, "zero", &f), 0, "%s", f.what);
	pause_ms(300);
	cr_assert_eq(background_check(&bg, &f), 0, "it held on");
}

Test(background, one_that_leaves_before_its_fill_is_an_error)
{
	struct failure f = { 0 };

	stand_in("exit 0");
	cr_assert_eq(background_start(&bg, hogger, 1 << 20, "zero", &f), -ECHILD);
	cr_assert_str_eq(f.what, "--background 1M: the hogger did not fill it");
}

Test(background, killed_on_the_way_says_by_what)
{
	struct failure f = { 0 };

	stand_in(HOLDS);
	cr_assert_eq(background_start(&bg, hogger, 4096, "zero", &f), 0, "%s", f.what);
	kill(bg.w.jobs[0].pid, SIGKILL);
	for (int i = 0; i < 100 && background_check(&bg, &f) == 0; i++)
		pause_ms(20);
	cr_assert_eq(f.err, -ECHILD);
	cr_assert_str_eq(f.what,
			 "the --background hogger was killed by signal 9 (the OOM killer?)");
	cr_assert_eq(background_check(&bg, &f), 0, "said once");
}

Test(background, one_that_exits_says_its_status)
{
	struct failure f = { 0 };

	stand_in(FILLS "; exit 4");
	cr_assert_eq(background_start(&bg, hogger, 4096, "zero", &f), 0, "%s", f.what);
	for (int i = 0; i < 100 && background_check(&bg, &f) == 0; i++)
		pause_ms(20);
	cr_assert_str_eq(f.what, "the --background hogger exited with status 4");
}
