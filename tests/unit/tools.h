/* What the tests that check generated files (plots, the HTML report) share: the programs a
 * user has, run as a user would, temporary folders, the fixture result files. */
#ifndef ZSB_TEST_TOOLS_H
#define ZSB_TEST_TOOLS_H
#include <stddef.h>
#include <sys/types.h>

#include "runner/report/report.h"
#include "runner/result/results.h"

/* Is name an executable in PATH? */
int have_tool(const char *name);
/* Runs argv; its stdout into out (NULL: thrown away), with its stderr when with_stderr, else
 * stderr to /dev/null. The exit status, or -1. */
int run_program(char *const argv[], char *out, size_t len, int with_stderr);
/* A new folder /tmp/PREFIX-XXXXXX (to free with remove_dir). */
char *temp_dir(const char *prefix);
void remove_dir(char *dir);
/* tests/fixtures/results/NAME into r. */
void read_fixture(const char *name, struct results *r);
/* Every trial's metric m times factor, in every cell, its statistics made again: a fixture
 * made faster or slower for a comparison. */
void scale_metric(struct results *r, enum metric_id m, double factor);
/* The verdict and a sweep's summary of r as report_print decides them: the answer, then its
 * view (report.h). */
int answer_verdict(const struct results *r, const struct report_opts *o, FILE *out);
int answer_sweep(const struct results *r, const struct report_opts *o, FILE *out);
/* A whole file as a string (to free). */
char *slurp(const char *path);

/* The user nobody, whom tests that are root make the other user on the machine. */
#define NOBODY 65534
/* A folder for nobody (mode 0755) in a new folder others can go through: its path, to free
 * with remove_dir(parent). Skips the test unless it is root. */
char *nobodys_folder(const char *prefix, char **parent);
/* A child process that is nobody, doing what the other user would, over and over, while the
 * test writes: its pid, for stop_child. */
pid_t as_nobody_looping(void (*step)(void *), void *arg);
void stop_child(pid_t pid);
/* Replaces path with a symbolic link to target, as the other user would (through a name of
 * its own, then rename). */
void plant_link(const char *target, const char *path);

#endif
