/*
 * Result files pooled into groups, for a fleet's files (hundreds of them): every file of one
 * host, one kernel, or one host and kernel becomes one set whose cells hold the trials of all
 * its files' matching cells, each trial marked with the run (the file) it came from: a
 * comparison of groups tests their runs' medians, never the pooled trials, whose spread says
 * nothing of how runs differ. Files are added one at a time and their trials moved, not
 * copied: memory grows with the trials, not with the files' text.
 */
#ifndef ZSB_GROUP_H
#define ZSB_GROUP_H
#include <stddef.h>

#include "runner/result/results.h"

enum group_by {
	GROUP_FILE,
	GROUP_HOST,
	GROUP_KERNEL,
	GROUP_HOST_KERNEL
};

struct result_group {
	char name[400]; /* "kernel 6.12.48+deb13-amd64", "host a, kernel ..." */
	struct results r; /* the first file's, with every later file's trials added */
	size_t nfiles;
};

struct result_groups {
	enum group_by by;
	struct result_group *g;
	size_t n, cap;
};

/* "file", "host", "kernel", "host,kernel": -EINVAL for anything else. */
int group_by_parse(const char *text, enum group_by *by);
/* file's trials go to its group (a new one for a new host or kernel); file is left empty of
 * them, for results_free. A cell no earlier file of the group has becomes a new cell. */
int groups_add(struct result_groups *gs, struct results *file);
/* Statistics over the pooled trials; call once every file is in. */
void groups_finish(struct result_groups *gs);
void groups_free(struct result_groups *gs);

#endif
