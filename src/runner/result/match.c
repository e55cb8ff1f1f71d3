#include "runner/result/match.h"

#include <stdio.h>
#include <string.h>

#include "common/size.h"

void cell_key_of(const struct results *r, const struct result_cell *c, struct cell_key *k)
{
	memset(k, 0, sizeof(*k));
	snprintf(k->backend, sizeof(k->backend), "%s", c->backend);
	snprintf(k->comp, sizeof(k->comp), "%s", c->comp);
	results_config_text(r, "limit-mode", k->limit_mode, sizeof(k->limit_mode));
	results_config_text(r, "data", k->data, sizeof(k->data));
	results_config_text(r, "access", k->access, sizeof(k->access));
	results_config_text(r, "target", k->target, sizeof(k->target));
	/* A file from before --target measured swap. */
	if (!k->target[0])
		snprintf(k->target, sizeof(k->target), "swap");
	snprintf(k->mode, sizeof(k->mode), "%s", c->mode);
	k->jobs = c->jobs;
	k->limit = c->limit;
	k->alloc = c->alloc;
}

int cell_key_equal(const struct cell_key *a, const struct cell_key *b)
{
	return strcmp(a->backend, b->backend) == 0 && strcmp(a->comp, b->comp) == 0 &&
		strcmp(a->limit_mode, b->limit_mode) == 0 && strcmp(a->data, b->data) == 0 &&
		strcmp(a->access, b->access) == 0 && a->jobs == b->jobs && a->limit == b->limit &&
		a->alloc == b->alloc && strcmp(a->target, b->target) == 0 &&
		strcmp(a->mode, b->mode) == 0;
}

const char *cell_key_text(const struct cell_key *k, char *buf, size_t len)
{
	char limit[32], alloc[32];

	snprintf(buf, len, "limit %s%s%s, jobs %u, data %s, access %s, alloc %s%s%s%s%s",
		 size_format(k->limit, limit, sizeof(limit)),
		 strcmp(k->limit_mode, "max") && k->limit_mode[0] ? " " : "",
		 strcmp(k->limit_mode, "max") && k->limit_mode[0] ? k->limit_mode : "", k->jobs,
		 k->data[0] ? k->data : "-", k->access[0] ? k->access : "-",
		 size_format(k->alloc, alloc, sizeof(alloc)),
		 strcmp(k->target, "swap") ? ", target " : "",
		 strcmp(k->target, "swap") ? k->target : "", k->mode[0] ? " " : "", k->mode);
	return buf;
}

int match_cell(const struct results *r, const struct results *other, const struct result_cell *c)
{
	struct cell_key want, have;

	cell_key_of(other, c, &want);
	for (size_t i = 0; i < r->ncells; i++) {
		cell_key_of(r, &r->cells[i], &have);
		if (cell_key_equal(&want, &have))
			return (int)i;
	}
	return -1;
}
