#include "tools.h"

#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "runner/result/json_read.h"
#include "fixture.h"

int have_tool(const char *name)
{
	char path[PATH_MAX];
	const char *dirs = getenv("PATH");

	for (const char *p = dirs ? dirs : ""; *p;) {
		const char *end = strchrnul(p, ':');
		snprintf(path, sizeof(path), "%.*s/%s", (int)(end - p), p, name);
		if (access(path, X_OK) == 0)
			return 1;
		p = *end ? end + 1 : end;
	}
	return 0;
}

int run_program(char *const argv[], char *out, size_t len, int with_stderr)
{
	int pfd[2], status;
	size_t have = 0;
	ssize_t got;
	pid_t pid;

	cr_assert_eq(pipe(pfd), 0);
	pid = fork();
	cr_assert_geq(pid, 0);
	if (pid == 0) {
		dup2(pfd[1], 1);
		dup2(with_stderr ? pfd[1] : open("/dev/null", O_WRONLY), 2);
		close(pfd[0]);
		execvp(argv[0], argv);
		_exit(127);
	}
	close(pfd[1]);
	while (out && have + 1 < len && (got = read(pfd[0], out + have, len - 1 - have)) > 0)
		have += (size_t)got;
	if (out)
		out[have] = '\0';
	close(pfd[0]);
	cr_assert_eq(waitpid(pid, &status, 0), pid);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

char *temp_dir(const char *prefix)
{
	char *dir = NULL;

	cr_assert_geq(asprintf(&dir, "/tmp/%s-XXXXXX", prefix), 0);
	cr_assert_not_null(mkdtemp(dir));
	return dir;
}

void remove_dir(char *dir)
{
	char *argv[] = { "rm", "-rf", dir, NULL };
	run_program(argv, NULL, 0, 0);
	free(dir);
}

void read_fixture(const char *name, struct results *r)
{
	char why[512] = "", path[PATH_MAX];
	snprintf(path, sizeof(path), FIXTURES "/results/%s", name);
	cr_assert_eq(results_read(path, r, why, sizeof(why)), 0, "%s: %s", path, why);
}

void scale_metric(struct results *r, enum metric_id m, double factor)
{
	for (size_t i = 0; i < r->ncells; i++) {
		for (size_t t = 0; t < r->cells[i].ntrials; t++)
			r->cells[i].trials[t].value[m] *= factor;
		cell_update_stats(&r->cells[i]);
	}
}

char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *text = NULL;
	size_t len = 0;

	cr_assert_not_null(f, "%s: %s", path, strerror(errno));
	cr_assert_geq(getdelim(&text, &len, '\0', f), 0);
	fclose(f);
	return text;
}

static int answered(int (*view)(const struct results *, const struct answer *,
				const struct report_opts *, FILE *),
		    const struct results *r, const struct report_opts *o, FILE *out)
{
	struct answer a;
	int ret = report_answer_of(r, o, &a);

	if (!ret)
		ret = view(r, &a, o, out);
	answer_free(&a);
	return ret;
}

int answer_verdict(const struct results *r, const struct report_opts *o, FILE *out)
{
	return answered(report_verdict, r, o, out);
}

int answer_sweep(const struct results *r, const struct report_opts *o, FILE *out)
{
	return answered(report_sweep, r, o, out);
}

char *nobodys_folder(const char *prefix, char **parent)
{
	char *dir = NULL;

	if (geteuid() != 0)
		cr_skip_test("another user's folder needs root");
	*parent = temp_dir(prefix);
	cr_assert_eq(chmod(*parent, 0755), 0);
	cr_assert_geq(asprintf(&dir, "%s/users", *parent), 0);
	cr_assert_eq(mkdir(dir, 0755), 0);
	cr_assert_eq(chown(dir, NOBODY, NOBODY), 0);
	return dir;
}

pid_t as_nobody_looping(void (*step)(void *), void *arg)
{
	pid_t pid = fork();

	cr_assert_geq(pid, 0);
	if (pid == 0) {
		/* After the uid change, which clears it: never left behind by a failed test. */
		if (setgid(NOBODY) || setuid(NOBODY) || prctl(PR_SET_PDEATHSIG, SIGKILL))
			_exit(1);
		for (;;)
			step(arg);
	}
	return pid;
}

void stop_child(pid_t pid)
{
	int status;

	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
	cr_assert(WIFSIGNALED(status), "the other user's process failed before it was stopped");
}

void plant_link(const char *target, const char *path)
{
	char tmp[PATH_MAX];

	snprintf(tmp, sizeof(tmp), "%s.planted", path);
	unlink(tmp);
	if (symlink(target, tmp) == 0)
		rename(tmp, path);
}
