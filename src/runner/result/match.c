#include "runner/result/match.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "common/size.h"
#include "common/util.h"

static const char *const key_names[MK_COUNT] = {
	[MK_SWAP] = "swap",
	[MK_COMP] = "comp",
	[MK_JOBS] = "jobs",
	[MK_LIMIT] = "limit",
	[MK_LIMIT_MODE] = "limit-mode",
	[MK_DATA] = "data",
	[MK_ACCESS] = "access",
	[MK_ALLOC] = "alloc",
	[MK_TARGET] = "target",
	[MK_MODE] = "mode",
	[MK_KNOBS] = "knobs",
};

const char *match_key_names(void)
{
	static char list[MK_COUNT * 12];
	size_t at = 0;

	if (list[0])
		return list;
	for (int k = 0; k < MK_COUNT; k++)
		at += (size_t)snprintf(list + at, sizeof(list) - at, "%s%s", k ? "," : "",
				       key_names[k]);
	return list;
}

const char *match_key_name(enum match_key k)
{
	return key_names[k];
}

static int key_find(const char *name, size_t n)
{
	for (int k = 0; k < MK_COUNT; k++)
		if (strlen(key_names[k]) == n && strncmp(key_names[k], name, n) == 0)
			return k;
	return -1;
}

int match_keys_parse(const char *list, unsigned *mask, char *why, size_t len)
{
	*mask = 1u << MK_TARGET;
	for (const char *p = list;; p++) {
		size_t n = strcspn(p, ",");
		int k = key_find(p, n);
		if (k < 0 || (k != MK_TARGET && (*mask & (1u << k)))) {
			snprintf(why, len, "%s '%.*s' (the keys: %s)",
				 k < 0 ? "no key" : "a repeated key", (int)n, p, match_key_names());
			return -EINVAL;
		}
		*mask |= 1u << k;
		p += n;
		if (!*p)
			return 0;
	}
}

/* A cell's own data and access (axes of the run) in their keys, over the run's; its other
 * settings of its own as one text, in their order. */
static void cell_knobs_key(const struct result_cell *c, struct cell_key *k)
{
	size_t at = 0;

	for (unsigned i = 0; i < c->nknobs; i++) {
		const struct cell_knob *kn = &c->knobs[i];
		if (strcmp(kn->name, "data") == 0)
			snprintf(k->data, sizeof(k->data), "%s", kn->value);
		else if (strcmp(kn->name, "access") == 0)
			snprintf(k->access, sizeof(k->access), "%s", kn->value);
		else if (at < sizeof(k->knobs))
			at += (size_t)snprintf(k->knobs + at, sizeof(k->knobs) - at, "%s%s=%s",
					       at ? " " : "", kn->name, kn->value);
	}
}

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
	cell_knobs_key(c, k);
}

const char *cell_key_value(const struct cell_key *c, enum match_key k, char *buf, size_t len)
{
	const char *text[MK_COUNT] = {
		[MK_SWAP] = c->backend, [MK_COMP] = c->comp,	 [MK_LIMIT_MODE] = c->limit_mode,
		[MK_DATA] = c->data,	[MK_ACCESS] = c->access, [MK_TARGET] = c->target,
		[MK_MODE] = c->mode,	[MK_KNOBS] = c->knobs,
	};

	if (k == MK_JOBS)
		snprintf(buf, len, "%u", c->jobs);
	else if (k == MK_LIMIT || k == MK_ALLOC)
		size_format(k == MK_LIMIT ? c->limit : c->alloc, buf, len);
	else
		snprintf(buf, len, "%s", text[k][0] ? text[k] : "-");
	return buf;
}

int cell_key_equal_on(const struct cell_key *a, const struct cell_key *b, unsigned mask)
{
	char x[PATH_LEN], y[PATH_LEN];

	for (int k = 0; k < MK_COUNT; k++)
		if ((mask & (1u << k)) &&
		    strcmp(cell_key_value(a, (enum match_key)k, x, sizeof(x)),
			   cell_key_value(b, (enum match_key)k, y, sizeof(y))))
			return 0;
	return 1;
}

int cell_key_equal(const struct cell_key *a, const struct cell_key *b)
{
	return cell_key_equal_on(a, b, MATCH_ALL);
}

size_t cell_key_confounds(const struct cell_key *a, const struct cell_key *b, unsigned mask,
			  char *buf, size_t len)
{
	char x[PATH_LEN], y[PATH_LEN];
	size_t n = 0, at = 0;

	buf[0] = '\0';
	for (int k = 0; k < MK_COUNT; k++) {
		if ((mask & (1u << k)) || cell_key_equal_on(a, b, 1u << k))
			continue;
		cell_key_value(a, (enum match_key)k, x, sizeof(x));
		cell_key_value(b, (enum match_key)k, y, sizeof(y));
		if (at < len)
			at += (size_t)snprintf(buf + at, len - at, "%s%s %s -> %s", n ? ", " : "",
					       key_names[k], x, y);
		n++;
	}
	return n;
}

const char *cell_key_text(const struct cell_key *k, char *buf, size_t len)
{
	char limit[32], alloc[32];

	snprintf(buf, len, "limit %s%s%s, jobs %u, data %s, access %s, alloc %s%s%s%s%s%s%s",
		 size_format(k->limit, limit, sizeof(limit)),
		 strcmp(k->limit_mode, "max") && k->limit_mode[0] ? " " : "",
		 strcmp(k->limit_mode, "max") && k->limit_mode[0] ? k->limit_mode : "", k->jobs,
		 k->data[0] ? k->data : "-", k->access[0] ? k->access : "-",
		 size_format(k->alloc, alloc, sizeof(alloc)),
		 strcmp(k->target, "swap") ? ", target " : "",
		 strcmp(k->target, "swap") ? k->target : "", k->mode[0] ? " " : "", k->mode,
		 k->knobs[0] ? ", " : "", k->knobs);
	return buf;
}

int match_cell_on(const struct results *r, const struct results *other, const struct result_cell *c,
		  unsigned mask, size_t *count)
{
	struct cell_key want, have;
	size_t found = 0;
	int first = -1;

	cell_key_of(other, c, &want);
	for (size_t i = 0; i < r->ncells; i++) {
		cell_key_of(r, &r->cells[i], &have);
		if (cell_key_equal_on(&want, &have, mask) && !found++)
			first = (int)i;
	}
	if (count)
		*count = found;
	return first;
}

int match_cell(const struct results *r, const struct results *other, const struct result_cell *c)
{
	return match_cell_on(r, other, c, MATCH_ALL, NULL);
}
