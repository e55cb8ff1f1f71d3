#include "runner/result/group.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "runner/result/match.h"

int group_by_parse(const char *text, enum group_by *by)
{
	static const char *const names[] = { "file", "host", "kernel", "host,kernel" };

	for (size_t i = 0; i < ARRAY_SIZE(names); i++)
		if (strcmp(text, names[i]) == 0) {
			*by = (enum group_by)i;
			return 0;
		}
	if (strcmp(text, "kernel,host") == 0) {
		*by = GROUP_HOST_KERNEL;
		return 0;
	}
	return -EINVAL;
}

static void group_name(enum group_by by, const struct results *r, char *buf, size_t len)
{
	if (by == GROUP_HOST)
		snprintf(buf, len, "host %s", r->system.hostname);
	else if (by == GROUP_KERNEL)
		snprintf(buf, len, "kernel %s", r->system.kernel);
	else
		snprintf(buf, len, "host %s, kernel %s", r->system.hostname, r->system.kernel);
}

/* The trials of from appended to into, moved: from keeps none. Each keeps the run it came
 * from, the unit a comparison of groups tests. */
static int move_trials(struct result_cell *into, struct result_cell *from, unsigned run)
{
	for (size_t i = 0; i < from->ntrials; i++) {
		struct trial *t = cell_add_trial(into);
		if (!t)
			return -ENOMEM;
		*t = from->trials[i];
		t->index = (unsigned)into->ntrials; /* the pooled order */
		t->run = run;
	}
	free(from->trials);
	from->trials = NULL;
	from->ntrials = from->cap = 0;
	return 0;
}

/* A cell the group did not have: the whole cell moves, its label and configuration too. */
static int move_cell(struct results *into, struct result_cell *from, unsigned run)
{
	struct result_cell *c = results_add_cell(into);

	if (!c)
		return -ENOMEM;
	*c = *from;
	memset(from, 0, sizeof(*from));
	for (size_t i = 0; i < c->ntrials; i++)
		c->trials[i].run = run;
	return 0;
}

static struct result_group *group_of(struct result_groups *gs, const struct results *file,
				     int *fresh)
{
	char name[400];

	group_name(gs->by, file, name, sizeof(name));
	*fresh = 0;
	for (size_t i = 0; i < gs->n; i++)
		if (strcmp(gs->g[i].name, name) == 0)
			return &gs->g[i];
	if (gs->n == gs->cap) {
		size_t cap = gs->cap ? 2 * gs->cap : 8;
		struct result_group *grown = realloc(gs->g, cap * sizeof(*grown));
		if (!grown)
			return NULL;
		gs->g = grown;
		gs->cap = cap;
	}
	memset(&gs->g[gs->n], 0, sizeof(gs->g[0]));
	snprintf(gs->g[gs->n].name, sizeof(gs->g[0].name), "%s", name);
	*fresh = 1;
	return &gs->g[gs->n++];
}

int groups_add(struct result_groups *gs, struct results *file)
{
	int fresh, ret = 0;
	struct result_group *g = group_of(gs, file, &fresh);
	unsigned run;

	if (!g)
		return -ENOMEM;
	run = (unsigned)g->nfiles++;
	if (fresh) {
		/* The first file is the group: taken whole, the caller's copy emptied. */
		g->r = *file;
		memset(file, 0, sizeof(*file));
		return 0;
	}
	for (size_t i = 0; i < file->ncells && !ret; i++) {
		int j = match_cell(&g->r, file, &file->cells[i]);
		ret = j >= 0 ? move_trials(&g->r.cells[j], &file->cells[i], run)
			     : move_cell(&g->r, &file->cells[i], run);
	}
	return ret;
}

void groups_finish(struct result_groups *gs)
{
	for (size_t i = 0; i < gs->n; i++)
		for (size_t c = 0; c < gs->g[i].r.ncells; c++)
			cell_update_stats(&gs->g[i].r.cells[c]);
}

void groups_free(struct result_groups *gs)
{
	for (size_t i = 0; i < gs->n; i++)
		results_free(&gs->g[i].r);
	free(gs->g);
	gs->g = NULL;
	gs->n = gs->cap = 0;
}
