/* `zswapbench record`'s refusals, before it takes anything (commands/record.c): no --pid, a
 * --heat-interval longer than --duration or more samples than a profile holds, a process that is
 * not there or is zswapbench itself. Each test runs with a run directory and a lock folder that
 * cannot be made (under /dev/null) and an empty sysfs root: should a refusal not come, the
 * recording stops at the lock (exit 1), before it changes or reads anything of the machine. */
#include <criterion/criterion.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "runner/base/log.h"
#include "runner/cli/options.h"
#include "runner/commands/commands.h"
#include "runner/kernel/sysfs.h"
#include "runner/undo/runlock.h"
#include "tools.h"

#define NOWHERE "/dev/null/zsb-unit-record"

static char *tmp, output[256], said[4096];

static void fenced(void)
{
	tmp = temp_dir("zsb-unit-record");
	snprintf(output, sizeof(output), "%s/profile.json", tmp);
	setenv("ZSWAPBENCH_RUNDIR", NOWHERE, 1);
	runlock_set_dir(NOWHERE);
	sysfs_set_root(tmp);
}

static void unfenced(void)
{
	sysfs_set_root(NULL);
	runlock_set_dir(NULL);
	unsetenv("ZSWAPBENCH_RUNDIR");
	remove_dir(tmp);
}

TestSuite(record, .init = fenced, .fini = unfenced);

/* record with these words after "record -o OUTPUT": its exit status, what it said in said. */
static int record(const char *words)
{
	char line[1024], *argv[16], msg[512] = "", *save = NULL;
	char path[] = "/tmp/zsb-unit-record-said-XXXXXX";
	struct config cfg;
	int argc = 0, saved, fd, status;
	ssize_t n;

	snprintf(line, sizeof(line), "zswapbench record -o %s %s", output, words);
	for (char *w = strtok_r(line, " ", &save); w && argc < 15; w = strtok_r(NULL, " ", &save))
		argv[argc++] = w;
	argv[argc] = NULL;
	cr_assert_eq(options_parse(command_of("record"), argc - 1, argv + 1, &cfg, msg,
				   sizeof(msg)),
		     OPTIONS_RUN, "%s: %s", words, msg);
	fd = mkstemp(path);
	cr_assert_geq(fd, 0);
	unlink(path);
	fflush(stderr);
	saved = dup(2);
	dup2(fd, 2);
	status = record_run(&cfg);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	n = pread(fd, said, sizeof(said) - 1, 0);
	said[n > 0 ? n : 0] = '\0';
	close(fd);
	config_free(&cfg);
	cr_expect_eq(access(output, F_OK), -1, "%s: a profile written", words);
	return status;
}

static void refused(const char *words, const char *want)
{
	cr_expect_eq(record(words), EXIT_USAGE, "%s: %s", words, said);
	cr_expect_not_null(strstr(said, want), "%s: '%s' not in: %s", words, want, said);
}

/* Everything right but the process, which is zswapbench itself: told so. */
static void only_the_process_refused(const char *words)
{
	char line[256];

	snprintf(line, sizeof(line), "%s --pid %d", words, (int)getpid());
	refused(line, "record: --pid '");
	cr_expect_not_null(strstr(said, "no such process (besides zswapbench itself)"), "%s: %s",
			   line, said);
}

Test(record, without_a_pid)
{
	refused("--duration 10s", "record: --pid: give the process to record");
}

Test(record, an_interval_longer_than_the_duration)
{
	char line[128];

	snprintf(line, sizeof(line), "--pid %d --duration 1s --heat-interval 2s", (int)getpid());
	refused(line,
		"record: --heat-interval '2000 ms': from 1 to 4096 samples in --duration, not 1");
}

Test(record, an_interval_as_long_as_the_duration)
{
	only_the_process_refused("--duration 1s --heat-interval 1s");
}

/* 409.5 s every 100 ms: samples at 0, 0.1, ... 409.5 s, 4096 of them; 100 ms more is 4097. */
Test(record, at_most_the_samples_a_profile_holds)
{
	char line[128];

	only_the_process_refused("--duration 409500ms --heat-interval 100ms");
	snprintf(line, sizeof(line), "--pid %d --duration 409600ms --heat-interval 100ms",
		 (int)getpid());
	refused(line,
		"record: --heat-interval '100 ms': from 1 to 4096 samples in --duration, not 4097");
}

Test(record, a_process_that_is_not_there)
{
	char line[64];
	pid_t child = fork();
	int status;

	cr_assert_geq(child, 0);
	if (child == 0)
		_exit(0);
	cr_assert_eq(waitpid(child, &status, 0), child);
	snprintf(line, sizeof(line), "--pid %d", (int)child);
	refused(line, "no such process");
}

Test(record, zswapbench_itself)
{
	only_the_process_refused("--duration 10s");
}
