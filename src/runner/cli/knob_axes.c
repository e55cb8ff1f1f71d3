#include "runner/cli/knob_axes.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

const struct knob_axis *knob_axes_find(const struct knob_axes *a, int id)
{
	for (unsigned i = 0; i < a->n; i++)
		if (a->v[i].id == id)
			return &a->v[i];
	return NULL;
}

void knob_axes_remove(struct knob_axes *a, int id)
{
	for (unsigned i = 0; i < a->n; i++)
		if (a->v[i].id == id) {
			memmove(&a->v[i], &a->v[i + 1], (a->n - i - 1) * sizeof(a->v[0]));
			a->n--;
			return;
		}
}

int knob_is_list(const char *value)
{
	return strchr(value, ',') != NULL;
}

static int seen(const struct knob_axis *x, const char *value)
{
	for (unsigned i = 0; i < x->n; i++)
		if (strcmp(x->values[i], value) == 0)
			return 1;
	return 0;
}

/* One item of the list (n bytes at text) into x, checked by the option's parser. */
static int add_value(struct knob_axis *x, const char *text, size_t n, knob_check_fn *check,
		     void *scope, char *why, size_t len)
{
	char value[KNOB_VALUE_LEN], reason[256];

	if (!n) {
		snprintf(why, len, "not a comma list of values (an empty one in it)");
		return -EINVAL;
	}
	if (n >= KNOB_VALUE_LEN) {
		snprintf(why, len, "'%.*s': longer than an axis's value may be (%d characters)",
			 (int)n, text, KNOB_VALUE_LEN - 1);
		return -EINVAL;
	}
	if (x->n == KNOB_VALUES_MAX) {
		snprintf(why, len, "more than %d values", KNOB_VALUES_MAX);
		return -EINVAL;
	}
	snprintf(value, sizeof(value), "%.*s", (int)n, text);
	if (seen(x, value)) {
		snprintf(why, len, "'%s' twice: each value is one cell", value);
		return -EINVAL;
	}
	if (check(scope, x->id, value, reason, sizeof(reason))) {
		snprintf(why, len, "'%s': %s", value, reason);
		return -EINVAL;
	}
	snprintf(x->values[x->n++], KNOB_VALUE_LEN, "%s", value);
	return 0;
}

int knob_axes_set(struct knob_axes *a, int id, const char *value, knob_check_fn *check, void *scope,
		  char *why, size_t len)
{
	struct knob_axis x = { .id = id };

	for (const char *at = value;; at++) {
		size_t n = strcspn(at, ",");
		if (add_value(&x, at, n, check, scope, why, len))
			return -EINVAL;
		at += n;
		if (!*at)
			break;
	}
	if (knob_axes_put(a, &x)) {
		snprintf(why, len,
			 "a sweep of more than %d settings besides swap, comp, jobs and limit",
			 KNOB_AXES_MAX);
		return -EINVAL;
	}
	return 0;
}

int knob_axes_put(struct knob_axes *a, const struct knob_axis *x)
{
	knob_axes_remove(a, x->id);
	if (a->n == KNOB_AXES_MAX)
		return -EINVAL;
	a->v[a->n++] = *x;
	return 0;
}

int knob_axes_merge(struct knob_axes *a, const struct knob_axes *over)
{
	for (unsigned i = 0; i < over->n; i++)
		if (knob_axes_put(a, &over->v[i]))
			return -EINVAL;
	return 0;
}

size_t knob_axes_combinations(const struct knob_axes *a)
{
	size_t n = 1;

	for (unsigned i = 0; i < a->n; i++)
		n *= a->v[i].n;
	return n;
}

void knob_axes_pick(const struct knob_axes *a, size_t k, unsigned *pick)
{
	for (unsigned i = a->n; i-- > 0;) {
		pick[i] = (unsigned)(k % a->v[i].n);
		k /= a->v[i].n;
	}
}
